import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminAccount } from '../support/console';
import { pricedPublishedApp } from '../support/member-app';
import { STUCK_MS } from '../support/waits';

/**
 * A page the API rendered starts the app late (theme-init.js: after its first paint, on the first input
 * or after 3 s), and a landing page's most common visitor leaves before that. The page carries the
 * events the app records on arrival (its page view, the landing's "product landing") and sends them
 * itself when it is left before the app recorded them: the operations console's page views and the
 * creator's Insights count that visitor once, under the device id the app then goes on with; a visitor
 * who stays is recorded by the app, once, and the page sends nothing.
 */

const ROUTE = '/apps/:storefrontSlug/:appSlug';

interface Upload {
  events: { event_type: string; device_id?: string; insert_id?: string; event_properties?: Record<string, unknown> }[];
  checksum?: string;
}

test('a visitor who leaves a rendered landing page before the app started is counted once; one who stays, once by the app', async ({
  browser,
  request,
}) => {
  test.setTimeout(3 * STUCK_MS);
  const { app, creator } = await pricedPublishedApp(request, 'Arrival Counter');
  const admin = await adminAccount(request);
  const landingPath = `/apps/${app.storefrontSlug}/${app.appSlug}`;

  const pageViews = async (r: APIRequestContext) => {
    const res = await r.get('/api/operations/analytics/page-views?days=1', {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { routes } = (await res.json()).response as { routes: { route: string; total: number }[] };
    return routes.find((r) => r.route === ROUTE)?.total ?? 0;
  };
  const landing = async () => {
    const res = await request.get(`/api/app-builder/getAppInsights?appId=${app.appId}&days=7`, {
      headers: { authorization: `Bearer ${creator.accessToken}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { funnel } = (await res.json()).response as { funnel: { views: number; visitors: number } };
    return { views: funnel.views, visitors: funnel.visitors };
  };
  const viewsBefore = await pageViews(request);
  // the creator's Insights and the console's page views, read together (a miscount shows in which)
  const counted = async () => ({ landing: await landing(), pageViews: (await pageViews(request)) - viewsBefore });

  // the page comes with its arrival events, as the app would record them
  const html = await (await request.get(landingPath)).text();
  const block = html.match(/<script type="application\/json" id="sparkhouse-arrival">(.*?)<\/script>/);
  expect(block, 'the arrival block').not.toBeNull();
  expect(JSON.parse(block![1]).events).toEqual([
    { event_type: 'Page Viewed', event_properties: { route: ROUTE } },
    {
      event_type: 'product landing',
      event_properties: { storefrontSlug: app.storefrontSlug, appSlug: app.appSlug, appId: app.appId },
    },
  ]);

  // the storefront's and a class page's too (a class page has no screen event of its own)
  const arrivalOf = async (path: string) => {
    const page = await (await request.get(path)).text();
    return JSON.parse(page.match(/<script type="application\/json" id="sparkhouse-arrival">(.*?)<\/script>/)![1]).events;
  };
  expect(await arrivalOf(`/creators/${app.storefrontSlug}`)).toEqual([
    { event_type: 'Page Viewed', event_properties: { route: '/creators/:storefrontSlug' } },
    { event_type: 'creator storefront', event_properties: { storefrontSlug: app.storefrontSlug } },
  ]);
  const { products } = await (await request.get('/api/getMostPopularProducts?isForHomepage=true&limit=1')).json();
  expect(await arrivalOf(`/classes/${products[0].storefrontSlug}/${products[0].classSlug}`)).toEqual([
    { event_type: 'Page Viewed', event_properties: { route: '/classes/:storefrontSlug/:classSlug' } },
  ]);

  const context = await browser.newContext();
  const page = await context.newPage();
  const uploads = uploadsOf(page);
  const deviceIdOf = async () =>
    (await context.storageState()).origins.flatMap((o) => o.localStorage).find((item) => item.name === 'sparkhouse.anonymousId')
      ?.value ?? null;

  // 1. the app held back (its scripts never come): the visitor reads the landing page and leaves
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(landingPath, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.locator('#sparkhouse-arrival').getAttribute('data-taken')).toBeNull();
  expect(await deviceIdOf(), 'no id before the visitor leaves').toBeNull();
  await page.goto('about:blank');

  await expect.poll(counted, { timeout: STUCK_MS }).toEqual({ landing: { views: 1, visitors: 1 }, pageViews: 1 });
  const bounced = await deviceIdOf();
  expect(bounced).toMatch(/^anon_[A-Za-z0-9_-]{21}$/);

  // 2. the same visitor comes back and stays: the app starts and records the arrival itself
  await page.unroute(/\/assets\/.*\.js$/);
  uploads.length = 0;
  await page.goto(landingPath);
  const arrival = page.locator('#sparkhouse-arrival');
  await expect.poll(() => taken(page), { timeout: STUCK_MS }).toEqual(['0', '1']);
  // hidden now, the page sends nothing: the app's own upload carries each event once
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
        return uploads.flatMap((u) => u.events).filter((e) => e.event_type === 'product landing').length;
      },
      { timeout: STUCK_MS },
    )
    .toBe(1);
  expect(await arrival.getAttribute('data-sent')).toBeNull();
  const events = uploads.flatMap((u) => u.events);
  expect(events.filter((e) => e.event_type === 'Page Viewed' && e.event_properties?.route === ROUTE)).toHaveLength(1);
  // the app's client (its uploads carry a checksum), with the id the page made when the visitor bounced
  expect(uploads.every((u) => typeof u.checksum === 'string')).toBe(true);
  // each event with its own id: sent again after a failed upload, the collector would count it once
  expect(new Set(events.map((e) => e.insert_id)).size).toBe(events.length);
  expect(events.every((e) => /^[0-9a-f]{32}$/.test(e.insert_id ?? ''))).toBe(true);
  expect(new Set(events.map((e) => e.device_id))).toEqual(new Set([bounced]));
  await page.goto('about:blank');

  await expect.poll(counted, { timeout: STUCK_MS }).toEqual({ landing: { views: 2, visitors: 1 }, pageViews: 2 });
  await context.close();
});

/** The visitor switched away (a phone's other app) before the app started: the page sends on hiding, the app later not again. */
test('a landing page hidden before the app started sends its arrival then, and the app, starting later, records it not again', async ({
  page,
  request,
}) => {
  test.setTimeout(2 * STUCK_MS);
  const { app } = await pricedPublishedApp(request, 'Arrival Hidden');
  const uploads = uploadsOf(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/apps/${app.storefrontSlug}/${app.appSlug}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await hide(page);
  await expect.poll(() => uploads.length).toBe(1);
  expect(uploads[0].events.map((e) => e.event_type)).toEqual(['Page Viewed', 'product landing']);
  expect(uploads[0].events.every((e) => /^[0-9a-f]{32}$/.test(e.insert_id ?? ''))).toBe(true);
  await expect(page.locator('#sparkhouse-arrival')).toHaveAttribute('data-sent', '0 1');

  // back, the app starts and takes the page over; what it would record on arrival was sent already
  release();
  await expect.poll(() => taken(page), { timeout: STUCK_MS }).toEqual(['0', '1']);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await page.getByRole('link', { name: 'Cora Coach' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/creators/${app.storefrontSlug}$`));
  // the next page's view is the app's: its upload carries it, and no second landing view
  await expect
    .poll(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      return uploads.flatMap((u) => u.events).filter((e) => e.event_type === 'Page Viewed').length;
    })
    .toBe(2);
  expect(uploads.flatMap((u) => u.events).filter((e) => e.event_type === 'product landing')).toHaveLength(1);
});

/**
 * A link kept from before a rename, followed inside the app: the landing page learns from its answer that
 * the app lives at another address and moves there. The visit is one page view, the new address's, under
 * the app's title, not one for each address the page passed through.
 */
test('an app address that moved, reached inside the app, counts one page view: the new address, under its title', async ({
  page,
  request,
}) => {
  test.setTimeout(2 * STUCK_MS);
  const { app, creator } = await pricedPublishedApp(request, 'Moving Counter');
  const renamed = await request.post('/api/apps/updateApp', {
    headers: { authorization: `Bearer ${creator.accessToken}` },
    data: { appId: app.appId, name: 'Moved Counter' },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  const oldPath = `/apps/${app.storefrontSlug}/${app.appSlug}`;
  const movedTo = async () => (await request.get(oldPath, { maxRedirects: 0 })).headers()['location'] ?? '';
  await expect.poll(movedTo, { timeout: STUCK_MS }).not.toBe('');
  const newPath = await movedTo();
  expect(newPath).not.toBe(oldPath);

  const uploads = uploadsOf(page);
  const views = () => uploads.flatMap((u) => u.events).filter((e) => e.event_type === 'Page Viewed');
  const flushed = async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    return views().map((e) => e.event_properties?.path);
  };

  // the creator's storefront, the app started on it (it took the page's arrival events over)
  const storefrontPath = `/creators/${app.storefrontSlug}`;
  await page.goto(storefrontPath);
  await expect.poll(() => taken(page), { timeout: STUCK_MS }).toEqual(['0', '1']);
  await expect.poll(flushed, { timeout: STUCK_MS }).toEqual([storefrontPath]);

  // the old address, navigated to inside the app (as a link of the app would)
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, oldPath);
  await expect(page).toHaveURL(new RegExp(`${newPath}$`), { timeout: STUCK_MS });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Moved Counter');
  await expect.poll(flushed, { timeout: STUCK_MS }).toEqual([storefrontPath, newPath]);
  const landingView = views()[1].event_properties;
  expect(landingView).toMatchObject({ route: ROUTE, title: 'Moved Counter · Cora Coach · Sparkhouse' });
  expect(await page.title()).toBe('Moved Counter · Cora Coach · Sparkhouse');
});

/** The analytics uploads the page sends (POST /api/data), as they are sent. */
function uploadsOf(page: Page): Upload[] {
  const uploads: Upload[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/data')
      uploads.push(JSON.parse(r.postData() ?? '{}') as Upload);
  });
  return uploads;
}

/** The page hidden as a phone hides it when its visitor switches to another app. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });
}

/** The arrival events the app recorded itself (their indexes, in the order of the page's block). */
async function taken(page: Page) {
  const marks = await page.locator('#sparkhouse-arrival').getAttribute('data-taken');
  return (marks ?? '').split(' ').filter(Boolean).sort();
}
