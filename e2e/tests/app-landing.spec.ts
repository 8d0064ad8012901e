import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUp, type Account } from '../support/accounts';
import { buyCreatorPlan } from '../support/creator-plans';
import { writePdf, writePng } from '../support/media-fixtures';
import { STUCK_MS } from '../support/waits';

/** The session the frontend's auth store keeps in local storage (features/auth/auth-session.ts). */
const AUTH_SESSION_STORAGE_KEY = 'sparkhouse.auth.session';
const PROMPT = 'a 6-week couch to 5k running coach app';

interface BuiltApp {
  appId: string;
  name: string;
  storefrontSlug: string;
  appSlug: string;
}

/** A creator builds an app from a prompt (the worker's build), prices it ($9.99 / $79.99, 7-day trial) and publishes it. */
async function buildPriceAndPublish(request: APIRequestContext, creator: Account): Promise<BuiltApp> {
  const headers = { authorization: `Bearer ${creator.accessToken}` };
  const started = await request.post('/api/app-builder/buildApp', { headers, data: { prompt: PROMPT } });
  expect(started.ok(), await started.text()).toBe(true);
  const { appId } = (await started.json()).response as { appId: string };
  let built: (BuiltApp & { build: { status: string } }) | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/app-builder/getCreatorApps', { headers });
        const apps = (await res.json()).response.apps as (BuiltApp & { build: { status: string } })[];
        built = apps.find((a) => a.appId === appId);
        return built?.build.status;
      },
      { timeout: STUCK_MS },
    )
    .toBe('completed');
  const priced = await request.post('/api/payments/update-price-options', {
    headers,
    data: { appId, monthlyPrice: 999, annualPrice: 7999, trialDays: 7 },
  });
  expect(priced.ok(), await priced.text()).toBe(true);
  await buyCreatorPlan(request, creator.accessToken);
  const published = await request.post(`/api/apps/publishApp/${appId}`, { headers, data: {} });
  expect(published.ok(), await published.text()).toBe(true);
  return built!;
}

/** Full-page screenshots in both themes (transitions off, so neither is caught mid-fade). */
const shots = async (page: Page, name: string) => {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => document.documentElement.setAttribute('data-theme', s), scheme);
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`), fullPage: true });
  }
};

test.describe.configure({ mode: 'serial' });
let shared: { app: BuiltApp; creator: Account } | null = null;

test('a creator publishes an app built from a prompt: its landing page is live at an address made from its name', async ({
  browser,
  request,
}) => {
  test.setTimeout(4 * STUCK_MS);
  const creator = await signUp(request, { emailPrefix: 'landing-creator', firstName: 'Casey', lastName: 'Coach' });
  const app = await buildPriceAndPublish(request, creator);
  shared = { app, creator };
  // the address comes from the app's name (its build named it), not from the prompt's first words
  expect(app.appSlug).not.toContain('a-6-week');
  expect(app.appSlug).toBe(
    app.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
  );
  const address = `/apps/${app.storefrontSlug}/${app.appSlug}`;

  // the server's HTML: the page itself, its title, description, canonical URL and sharing tags
  const html = await (await request.get(address)).text();
  expect(html).toContain(`<title>${app.name} · Casey Coach · Sparkhouse</title>`);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+${address}">`));
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/api\/media\/app-images\/[^"]+"/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  expect(html).toContain('id="sparkhouse-state"');
  expect(html).toContain(`Choose your ${app.name} plan`);
  // the share picture of this publication is made by itself (the first answer may still carry the app image)
  await expect
    .poll(async () => /og:image" content="[^"]+\/share-[^"]+\.png"/.test(await (await request.get(address)).text()), {
      timeout: STUCK_MS,
    })
    .toBe(true);
  const share = /og:image" content="[^"]+(\/api\/media\/app-images\/share-[^"]+\.png)"/.exec(
    await (await request.get(address)).text(),
  )![1];
  const picture = await request.get(share);
  expect(picture.headers()['content-type']).toBe('image/png');

  // unknown and unpublished addresses are 404 pages
  expect((await request.get(`/apps/${app.storefrontSlug}/no-such-app`)).status()).toBe(404);
  const draft = await request.post('/api/app-builder/createApp', {
    headers: { authorization: `Bearer ${creator.accessToken}` },
    data: { name: 'Unfinished Idea' },
  });
  const unpublished = (await draft.json()).response.app as BuiltApp;
  expect((await request.get(`/apps/${unpublished.storefrontSlug}/${unpublished.appSlug}`)).status()).toBe(404);

  // with JavaScript off, a visitor still reads the page
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto(address);
  await expect(still.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(still.getByRole('link', { name: 'Start my 7-day free trial' }).first()).toBeVisible();
  await noScript.close();

  // its owner, signed in, sees the unpublished app's draft with a banner; nobody else does
  const ownerContext = await browser.newContext();
  await ownerContext.addInitScript(
    ([key, value]) => (globalThis as unknown as { localStorage: Storage }).localStorage.setItem(key, value),
    [AUTH_SESSION_STORAGE_KEY, JSON.stringify(creator.session)],
  );
  const owner = await ownerContext.newPage();
  await owner.goto(`/apps/${unpublished.storefrontSlug}/${unpublished.appSlug}`);
  await expect(owner.getByRole('status').filter({ hasText: 'Not live yet' })).toBeVisible({ timeout: STUCK_MS });
  await expect(owner.getByRole('heading', { level: 1, name: 'Unfinished Idea' })).toBeVisible();
  await ownerContext.close();
});

test('a visitor lands on the app, sees its plans (annual first, the trial), and its call to action opens the onboarding', async ({
  browser,
}) => {
  test.setTimeout(2 * STUCK_MS);
  expect(shared, 'runs after the creator journey above (serial)').not.toBeNull();
  const { app } = shared!;
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const analytics: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/data') analytics.push(r.postData() ?? '');
  });

  await page.goto(`/apps/${app.storefrontSlug}/${app.appSlug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(app.name).first()).toBeVisible();
  const plans = page.getByRole('group', { name: `${app.name} plans` }).getByRole('radio');
  await expect(plans).toHaveCount(2);
  await expect(plans.first()).toHaveAccessibleName(/Annual/);
  await expect(plans.first()).toBeChecked({ timeout: STUCK_MS });
  await expect(page.getByRole('region', { name: `Choose your ${app.name} plan` })).toContainText('$79.99 / year');
  await expect(page.getByRole('region', { name: `Choose your ${app.name} plan` })).toContainText('$9.99 / month');
  await expect(page.getByText('Try it free for 7 days')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Casey Coach' })).toHaveAttribute('href', `/creators/${app.storefrontSlug}`);
  await shots(page, 'landing-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shots(page, 'landing-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });

  // the landing view is recorded as the spec's "product landing" event, with the app's address
  // (leaving the page sends what is queued: the client loads after the first render, so ask until it has)
  await expect(plans.first()).toBeEnabled();
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
        return analytics.some((body) => body.includes('"product landing"'));
      },
      { timeout: STUCK_MS },
    )
    .toBe(true);
  const upload = analytics.find((body) => body.includes('"product landing"'))!;
  const event = (JSON.parse(upload).events as { event_type: string; event_properties: Record<string, string> }[]).find(
    (e) => e.event_type === 'product landing',
  )!;
  expect(event.event_properties).toMatchObject({ storefrontSlug: app.storefrontSlug, appSlug: app.appSlug, appId: app.appId });

  // monthly chosen, the call to action takes it to the onboarding
  await plans.nth(1).check();
  await page.getByTestId('landing-pricing-cta').click();
  await expect(page).toHaveURL(new RegExp(`/apps/${app.storefrontSlug}/${app.appSlug}/onboarding\\?plan=monthly$`));
  await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible({ timeout: STUCK_MS });
  expect(errors).toEqual([]);
  await context.close();
});

test("the creator's storefront and the creators page list the app; a renamed app's old link moves to its new address", async ({
  page,
  request,
}) => {
  test.setTimeout(2 * STUCK_MS);
  expect(shared, 'runs after the creator journey above (serial)').not.toBeNull();
  const { app, creator } = shared!;
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  const storefrontHtml = await (await request.get(`/creators/${app.storefrontSlug}`)).text();
  expect(storefrontHtml).toContain('<title>Casey Coach · Creator on Sparkhouse</title>');
  expect(storefrontHtml).toContain('<meta property="og:type" content="profile">');
  await page.goto(`/creators/${app.storefrontSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Casey Coach' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(app.name) })).toBeVisible();
  await shots(page, 'storefront-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shots(page, 'storefront-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('link', { name: new RegExp(app.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${app.storefrontSlug}/${app.appSlug}$`));

  await page.goto('/creators');
  await expect(page.getByRole('heading', { level: 1, name: 'Creators' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Casey Coach/ }).first()).toBeVisible();
  await shots(page, 'creators');
  expect((await request.get('/creators/nobody-here-at-all')).status()).toBe(404);

  // renamed: the old link answers 301 to the new address, which shows the new name
  const renamed = await request.post('/api/apps/updateApp', {
    headers: { authorization: `Bearer ${creator.accessToken}` },
    data: { appId: app.appId, name: 'Couch To 5K Club' },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  const oldLink = `/apps/${app.storefrontSlug}/${app.appSlug}`;
  await expect
    .poll(async () => (await request.get(oldLink, { maxRedirects: 0 })).headers()['location'], { timeout: STUCK_MS })
    .toBe(`/apps/${app.storefrontSlug}/couch-to-5k-club`);
  expect((await request.get(oldLink, { maxRedirects: 0 })).status()).toBe(301);
  await page.goto(oldLink);
  await expect(page).toHaveURL(new RegExp(`/apps/${app.storefrontSlug}/couch-to-5k-club$`));
  await expect(page.getByText('Couch To 5K Club').first()).toBeVisible();
  // the published page's name is the new one on the plan box too
  await expect(page.getByRole('heading', { name: 'Choose your Couch To 5K Club plan' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a creator moves their storefront to a new address: the old storefront and app links lead there', async ({
  browser,
  request,
}) => {
  test.setTimeout(2 * STUCK_MS);
  expect(shared, 'runs after the journeys above (serial)').not.toBeNull();
  const { app, creator } = shared!;
  const context = await browser.newContext();
  await context.addInitScript(
    ([key, value]) => (globalThis as unknown as { localStorage: Storage }).localStorage.setItem(key, value),
    [AUTH_SESSION_STORAGE_KEY, JSON.stringify(creator.session)],
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/dashboard/builder');
  const settings = page.getByRole('form', { name: 'Your storefront' });
  await expect(settings).toBeVisible({ timeout: STUCK_MS });
  const field = settings.getByLabel('Storefront address');
  await expect(field).toHaveValue(app.storefrontSlug);
  await field.fill('Not Valid!');
  await settings.getByRole('button', { name: 'Save storefront' }).click();
  await expect(settings.getByRole('alert')).toContainText('3 to 48 lower-case letters, digits and dashes');
  const next = `${app.storefrontSlug}-runs`;
  await field.fill(next);
  await settings.getByLabel('Bio').fill('I help new runners reach their first 5K.');
  await settings.getByRole('button', { name: 'Save storefront' }).click();
  await expect(settings.getByRole('status')).toContainText(`/creators/${next}`, { timeout: STUCK_MS });
  await settings.screenshot({ path: test.info().outputPath('storefront-settings.png') });

  await expect
    .poll(async () => (await request.get(`/creators/${app.storefrontSlug}`, { maxRedirects: 0 })).headers()['location'], {
      timeout: STUCK_MS,
    })
    .toBe(`/creators/${next}`);
  expect((await request.get(`/apps/${app.storefrontSlug}/couch-to-5k-club`, { maxRedirects: 0 })).headers()['location']).toBe(
    `/apps/${next}/couch-to-5k-club`,
  );
  await page.goto(`/creators/${app.storefrontSlug}`);
  await expect(page).toHaveURL(new RegExp(`/creators/${next}$`));
  await expect(page.getByText('I help new runners reach their first 5K.')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('a creator gives their storefront a photo: refusals in plain words, progress and preview, shown on the storefront and its share tags, removed', async ({
  browser,
  request,
}) => {
  test.setTimeout(2 * STUCK_MS);
  expect(shared, 'runs after the journeys above (serial)').not.toBeNull();
  const { app, creator } = shared!;
  const storefrontSlug = `${app.storefrontSlug}-runs`; // where the journey above moved it
  const files = test.info().outputPath('photo-files');
  fs.mkdirSync(files, { recursive: true });
  const photo = await writePng(files, 'casey.png', 1200, 800);
  const tiny = await writePng(files, 'tiny.png', 64, 64);
  const notes = writePdf(files, 'notes.pdf');

  const context = await browser.newContext();
  await context.addInitScript(
    ([key, value]) => (globalThis as unknown as { localStorage: Storage }).localStorage.setItem(key, value),
    [AUTH_SESSION_STORAGE_KEY, JSON.stringify(creator.session)],
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/dashboard/builder');
  const settings = page.getByRole('form', { name: 'Your storefront' });
  await expect(settings).toBeVisible({ timeout: STUCK_MS });
  const photoGroup = settings.getByRole('group', { name: 'Photo' });
  await expect(photoGroup.getByRole('button', { name: 'Upload a photo' })).toBeVisible();
  const chooser = photoGroup.getByLabel('Storefront photo');

  // not an image: refused in the browser, in the server's words
  await chooser.setInputFiles(notes);
  await expect(photoGroup.getByRole('alert')).toHaveText(
    'This kind of file is not supported: upload an image (JPEG, PNG, WebP, GIF, AVIF).',
  );
  // an image the server refuses (too small to show sharply): its 400 in its words
  await chooser.setInputFiles(tiny);
  await expect(photoGroup.getByRole('alert')).toHaveText(
    'The photo is too small: choose one at least 128 pixels wide and high.',
    {
      timeout: STUCK_MS,
    },
  );

  // a real photo: while it goes, its progress and the file's preview (the request is held until they are seen)
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/creators/storefrontPhoto', async (route) => {
    await held;
    await route.continue();
  });
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/creators/storefrontPhoto');
  await chooser.setInputFiles(photo);
  await expect(photoGroup.getByRole('progressbar', { name: 'Uploading your photo' })).toBeVisible();
  await expect(photoGroup.getByRole('img', { name: 'Your new photo, uploading' })).toHaveAttribute('src', /^blob:/);
  await expect(photoGroup.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
  release();
  const answer = await uploaded;
  expect(answer.status()).toBe(201);
  const { photoUrl } = (await answer.json()).response as { photoUrl: string };
  await expect(photoGroup.getByRole('status')).toHaveText('Photo saved. Your storefront shows it now.', { timeout: STUCK_MS });
  await expect(photoGroup.getByRole('alert')).toHaveCount(0);
  await expect(photoGroup.getByRole('img', { name: 'Your storefront photo' })).toHaveAttribute('src', photoUrl);
  await expect(photoGroup.getByRole('button', { name: 'Change photo' })).toBeVisible();
  await settings.screenshot({ path: test.info().outputPath('storefront-photo-settings.png') });

  // the storefront shows it, and a shared link's preview carries it
  await expect
    .poll(async () => /og:image" content="([^"]+)"/.exec(await (await request.get(`/creators/${storefrontSlug}`)).text())?.[1], {
      timeout: STUCK_MS,
    })
    .toMatch(new RegExp(`^https?://[^/]+${photoUrl.replace(/[.]/g, '\\.')}$`));
  const html = await (await request.get(`/creators/${storefrontSlug}`)).text();
  expect(html).toContain('<meta property="og:image:width" content="512">');
  const visitor = await browser.newPage();
  await visitor.goto(`/creators/${storefrontSlug}`);
  await expect(visitor.locator('img.creator-avatar').first()).toHaveAttribute('src', photoUrl);
  await expect
    .poll(() =>
      visitor
        .locator('img.creator-avatar')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(512);
  await visitor.screenshot({ path: test.info().outputPath('storefront-with-photo.png') });
  await visitor.close();

  // removed: gone from the settings and, once read again, from the storefront
  await photoGroup.getByRole('button', { name: 'Remove photo' }).click();
  await expect(photoGroup.getByRole('status')).toHaveText('Photo removed.', { timeout: STUCK_MS });
  await expect(photoGroup.getByRole('img', { name: 'Your storefront photo' })).toHaveCount(0);
  await expect(photoGroup.getByRole('button', { name: 'Upload a photo' })).toBeVisible();
  await expect
    .poll(
      async () => (await (await request.get(`/api/creators/storefront/${storefrontSlug}`)).json()).response.storefront.photoUrl,
      {
        timeout: STUCK_MS,
      },
    )
    .toBeNull();
  expect(errors).toEqual([]);
  await context.close();
});
