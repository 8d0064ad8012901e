import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eventually } from '../../../test-support';
import { blueprint, buildResult, landingPage, useCreatorApi, type As } from '../../../test-support/creator-api';

// the web app's shell, as `vite build` makes it (no server bundle here: pages go out with their head tags only)
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-pages-'));
fs.mkdirSync(path.join(dist, 'dist'));
fs.writeFileSync(
  path.join(dist, 'dist', 'index.html'),
  '<!doctype html><html><head><meta name="description" content="Sparkhouse generic." /><title>Sparkhouse</title>' +
    '<!-- page-hints --></head><body><div id="root"></div></body></html>',
);
const media = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-media-'));

/**
 * The public pages of creators' work: an app's landing page and a creator's storefront by their
 * addresses (live prices, the owner's draft, 404s), the tags link previews read, the share picture
 * made once per publication, and addresses people keep (a name's slug, renames and storefront moves
 * answering with a 301).
 */
describe('public pages: landing page, storefront, creators, addresses', () => {
  const api = useCreatorApi({ FRONTEND_DIST: path.join(dist, 'dist'), MEDIA_DIR: media });
  const casey: As = { as: 'casey-coach' };

  const published = async (name: string, who = casey) => {
    const created = await api.post('/app-builder/createApp', { name }, who);
    expect(created.status).toBe(201);
    const app = created.body.response.app as { appId: string; storefrontSlug: string; appSlug: string };
    await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: blueprint(name) }, who);
    const page = {
      ...landingPage('Your first 5K in six weeks'),
      hero: { ...landingPage('x').hero, title: 'Your first 5K in six weeks' },
    };
    page.sections = [
      { kind: 'features', title: 'What you get', body: 'Plans, tips and check-ins.' },
      { kind: 'testimonial', title: 'Loved by runners', body: '“I ran my first 5K.”' },
      { kind: 'faq', title: 'Questions', body: 'Before you start.', items: ['Can I cancel anytime? Yes, in two taps.'] } as never,
    ];
    expect((await api.post('/apps/saveAppLandingPageInfo', { appId: app.appId, landingPageInfo: page }, who)).status).toBe(200);
    const priced = await api.post(
      '/payments/update-price-options',
      { appId: app.appId, monthlyPrice: 999, annualPrice: 7999, trialDays: 7 },
      who,
    );
    expect(priced.status).toBe(200);
    await api.grantCreatorPlan(who.as!);
    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, who)).status).toBe(200);
    return app;
  };
  const landing = (address: string, who?: As) => api.get(`/apps/landing/${address}`, who);
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;

  it('the creators page before any creator published: the page (200), not indexed', async () => {
    expect((await api.get('/creators/list')).body.response.creators).toEqual([]);
    const list = await api.page('/creators');
    expect(list.status).toBe(200);
    expect(list.html).toContain('<title>Creators · Sparkhouse</title>');
    expect(list.html).toContain('<meta name="robots" content="noindex">');
  });

  it('a new app takes its slug from its name, unique in the storefront', async () => {
    const first = (await api.post('/app-builder/createApp', { name: '5K Running Coach' }, casey)).body.response.app;
    const second = (await api.post('/app-builder/createApp', { name: '5k running coach!' }, casey)).body.response.app;
    expect(first.appSlug).toBe('5k-running-coach');
    expect(second.appSlug).toBe('5k-running-coach-2');
    expect(second.storefrontSlug).toBe(first.storefrontSlug);
  });

  it('an app built from a prompt moves to the slug of the name its build gives it; the prompt slug answers 301', async () => {
    const started = await api.post('/app-builder/buildApp', { prompt: 'a 6-week couch to 5k running coach app' }, casey);
    expect(started.status).toBe(202);
    const { appId, runId } = started.body.response;
    const before = (await api.get('/app-builder/getCreatorApps', casey)).body.response.apps.find(
      (a: { appId: string }) => a.appId === appId,
    );
    expect(before.appSlug).toBe('a-6-week-couch-to-5k-running');
    await api.worker.complete(runId, buildResult('Couch To 5K'));
    const after = await eventually(async () => {
      const app = (await api.get('/app-builder/getCreatorApps', casey)).body.response.apps.find(
        (a: { appId: string }) => a.appId === appId,
      );
      return app.name === 'Couch To 5K Coach' && app;
    });
    // never published: its key moves with it, so its plans and onboarding use the readable address too
    expect(after.appSlug).toBe('couch-to-5k-coach');
    // the owner reaches the draft at the new address and by the old one (which names the new one)
    const draft = await landing(`${after.storefrontSlug}/a-6-week-couch-to-5k-running`, casey);
    expect(draft.status).toBe(200);
    expect(draft.body.response.landing).toMatchObject({ appSlug: 'couch-to-5k-coach', isLive: false });
    // nobody else learns of it before it is published, by either address
    expect((await api.page(`/apps/${after.storefrontSlug}/a-6-week-couch-to-5k-running`)).status).toBe(404);
    await api.grantCreatorPlan(casey.as!);
    expect((await api.post(`/apps/publishApp/${appId}`, {}, casey)).status).toBe(200);
    expect(await api.page(`/apps/${after.storefrontSlug}/a-6-week-couch-to-5k-running`)).toMatchObject({
      status: 301,
      location: `/apps/${after.storefrontSlug}/couch-to-5k-coach`,
    });
    expect((await landing(`${after.storefrontSlug}/couch-to-5k-coach`)).body.response.landing).toMatchObject({
      name: 'Couch To 5K Coach',
      onboardingPath: `/apps/${after.storefrontSlug}/couch-to-5k-coach/onboarding`,
    });
  });

  it('serves a published app at its address: landing page, live prices (annual, trial), tags, share picture', async () => {
    const app = await published('Stride Coach');
    const address = `${app.storefrontSlug}/${app.appSlug}`;
    const answer = await landing(address);
    expect(answer.status).toBe(200);
    expect(answer.body.response.landing).toMatchObject({
      name: 'Stride Coach',
      storefrontSlug: app.storefrontSlug,
      appSlug: 'stride-coach',
      isLive: true,
      onboardingPath: `/apps/${address}/onboarding`,
      pricing: { monthlyPrice: 999, annualPrice: 7999, trialDays: 7, currency: 'USD' },
      landingPage: { hero: { title: 'Your first 5K in six weeks' } },
      creator: { name: expect.any(String), storefrontSlug: app.storefrontSlug },
    });

    // the share picture is made once for the publication: 1200x630 PNG
    const shareImage = await eventually(async () => (await landing(address)).body.response.landing.shareImage);
    expect(shareImage).toMatchObject({
      width: 1200,
      height: 630,
      url: expect.stringMatching(/^\/api\/media\/app-images\/share-/),
    });
    const png = await api.bytes(shareImage.url);
    expect(png.status).toBe(200);
    expect(png.type).toBe('image/png');
    expect(await sharp(png.body).metadata()).toMatchObject({ width: 1200, height: 630, format: 'png' });
    const made = async () =>
      (
        await api.orm.em
          .fork()
          .getConnection()
          .execute<{ n: number }[]>(
            `select count(*)::int as n from domain_event where type = 'AppShareImageGenerated' and payload->>'appId' = ?`,
            [app.appId],
          )
      )[0]!.n;
    expect(await made()).toBe(1);

    const page = await api.page(`/apps/${address}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Stride Coach · ');
    expect(page.html).toContain(`<link rel="canonical" href="http://localhost:3000/apps/${address}">`);
    expect(meta(page.html, 'og:title')).toMatch(/^Stride Coach · /);
    expect(meta(page.html, 'description')).toBe('A coach in your pocket');
    expect(page.html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(page.html, 'og:image')).toBe(`http://localhost:3000${shareImage.url}`);
    expect(meta(page.html, 'og:image:width')).toBe('1200');
    expect(meta(page.html, 'twitter:card')).toBe('summary_large_image');

    // publishing again makes a picture for the new publication, and only one
    await api.post('/apps/updateAppTheme/' + app.appId, { theme: { primary: '#2F8370' } }, casey);
    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, casey)).status).toBe(200);
    const second = await eventually(async () => {
      const next = (await landing(address)).body.response.landing.shareImage;
      return next && next.url !== shareImage.url && next;
    });
    expect(second.url).not.toBe(shareImage.url);
    expect(await made()).toBe(2);
  });

  it('unknown and unpublished apps answer 404 (the not-found page); the owner sees the draft', async () => {
    const created = (await api.post('/app-builder/createApp', { name: 'Secret Draft' }, casey)).body.response.app;
    const address = `${created.storefrontSlug}/${created.appSlug}`;
    expect((await landing(address)).status).toBe(404);
    expect((await landing(address, { as: 'stranger' })).status).toBe(404);
    expect((await landing(address, casey)).body.response.landing).toMatchObject({ isLive: false, name: 'Secret Draft' });
    for (const p of [`/apps/${address}`, '/apps/nobody/nothing', '/creators/nobody-at-all']) {
      const page = await api.page(p);
      expect(page.status).toBe(404);
      expect(page.html).toContain('<title>Page not found · Sparkhouse</title>');
      expect(page.html).not.toContain('og:title');
    }
    expect((await landing('nobody/nothing')).status).toBe(404);
  });

  it('renaming an app moves it to a new address; the old one answers 301, API calls by it name the new one', async () => {
    const app = await published('Tempo Runs', { as: 'rena' });
    const old = `/apps/${app.storefrontSlug}/${app.appSlug}`;
    const renamed = await api.post('/apps/updateApp', { appId: app.appId, name: 'Tempo Run Club' }, { as: 'rena' });
    expect(renamed.status).toBe(200);
    const now = `/apps/${app.storefrontSlug}/tempo-run-club`;
    await eventually(async () => (await api.page(now)).status === 200);
    const moved = await api.page(`${old}?utm_source=newsletter`);
    expect(moved.status).toBe(301);
    expect(moved.location).toBe(`${now}?utm_source=newsletter`);
    expect((await landing(old.slice('/apps/'.length))).body.response.landing).toMatchObject({
      appSlug: 'tempo-run-club',
      name: 'Tempo Run Club',
      // its plans and members stay filed under its key: the onboarding keeps its address
      onboardingPath: `${old}/onboarding`,
    });
    // the new address's onboarding leads to the app's onboarding
    const onboarding = await api.page(`${now}/onboarding`);
    expect(onboarding.status).toBe(301);
    expect(onboarding.location).toBe(`${old}/onboarding`);
    expect((await api.page(`${old}/onboarding`)).status).toBe(200);
    // the plan box and checkout line read the new name
    await eventually(async () => {
      const res = await api.get(`/payments/payment-options${old.slice('/apps'.length)}`);
      expect(res.status).toBe(200);
      expect(res.body.response.selectPlanText).toBe('Choose your Tempo Run Club plan');
      return true;
    });
    // renaming back gives the app its first address again
    await api.post('/apps/updateApp', { appId: app.appId, name: 'Tempo Runs' }, { as: 'rena' });
    await eventually(async () => (await api.page(old)).status === 200);
    expect((await api.page(now)).location).toBe(old);
  });

  it("a creator's storefront and the creators page; a new storefront slug moves it and its apps (301s)", async () => {
    const app = await published('Hill Sprints', { as: 'store-owner' });
    const storefront = await api.get(`/creators/storefront/${app.storefrontSlug}`);
    expect(storefront.status).toBe(200);
    expect(storefront.body.response.storefront).toMatchObject({
      storefrontSlug: app.storefrontSlug,
      apps: [{ name: 'Hill Sprints', appSlug: 'hill-sprints' }],
      classes: [],
    });
    const page = await api.page(`/creators/${app.storefrontSlug}`);
    expect(page.status).toBe(200);
    expect(meta(page.html, 'og:type')).toBe('profile');
    expect(page.html).toContain(`<link rel="canonical" href="http://localhost:3000/creators/${app.storefrontSlug}">`);

    const creators = await api.get('/creators/list');
    expect(creators.body.response.creators).toContainEqual(
      expect.objectContaining({ storefrontSlug: app.storefrontSlug, appCount: 1, appNames: ['Hill Sprints'] }),
    );
    const list = await api.page('/creators');
    expect(list.status).toBe(200);
    expect(list.html).toContain('<title>Creators · Sparkhouse</title>');
    expect(list.html).not.toContain('noindex');

    // bad input and someone else's slug change nothing
    const bad = await api.post('/creators/updateStorefront', { storefrontSlug: 'No Spaces!' }, { as: 'store-owner' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('lower-case letters, digits and dashes');
    expect((await api.post('/creators/updateStorefront', { storefrontSlug: 'x' }, {})).status).toBe(401);
    const taken = await api.post('/creators/updateStorefront', { storefrontSlug: 'casey-coach' }, { as: 'store-owner' });
    expect(taken.status).toBe(409);

    const moved = await api.post(
      '/creators/updateStorefront',
      { storefrontSlug: 'hill-coach', bio: 'I coach hill runners.' },
      { as: 'store-owner' },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.response.storefrontSlug).toBe('hill-coach');
    await eventually(async () => (await api.page('/creators/hill-coach')).status === 200);
    expect(await api.page(`/creators/${app.storefrontSlug}`)).toMatchObject({ status: 301, location: '/creators/hill-coach' });
    expect(await api.page(`/apps/${app.storefrontSlug}/hill-sprints`)).toMatchObject({
      status: 301,
      location: '/apps/hill-coach/hill-sprints',
    });
    expect((await api.get('/creators/storefront/hill-coach')).body.response.storefront).toMatchObject({
      bio: 'I coach hill runners.',
      apps: [{ storefrontSlug: 'hill-coach', appSlug: 'hill-sprints' }],
    });
    expect((await api.get('/creators/myStorefront', { as: 'store-owner' })).body.response.storefront).toEqual({
      storefrontSlug: 'hill-coach',
      bio: 'I coach hill runners.',
      photoUrl: null,
    });
    expect((await api.get('/creators/myStorefront')).status).toBe(401);
    expect((await api.get('/creators/myStorefront', { as: 'no-apps-yet' })).body.response.storefront.storefrontSlug).toBeNull();
    // the old slug stays theirs: nobody else can take it and show other apps at the old links
    expect(
      (await api.post('/creators/updateStorefront', { storefrontSlug: app.storefrontSlug }, { as: 'someone-else' })).status,
    ).toBe(409);
    // a storefront with nothing published is not a page
    await api.post('/app-builder/createApp', { name: 'Nothing Live' }, { as: 'empty-creator' });
    const empty = (await api.get('/app-builder/getCreatorApps', { as: 'empty-creator' })).body.response.apps[0];
    expect((await api.get(`/creators/storefront/${empty.storefrontSlug}`)).status).toBe(404);
    expect((await api.page(`/creators/${empty.storefrontSlug}`)).status).toBe(404);
  });
});
