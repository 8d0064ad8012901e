import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccessTokens } from '../../../platform/auth/access-tokens';
import { Database } from '../../../platform/database/database';
import { createTestDatabase, startApi, testConfig } from '../../../test-support';
import { uploadChecksum } from './analytics.controller';

describe('analytics collector and the page-view summary (real PostgreSQL)', () => {
  let app: NestExpressApplication;
  let base: string;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let viewer: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app, baseUrl: base } = await startApi(testConfig(db.url)));
    viewer = await app.get(AccessTokens).sign({ sub: randomUUID(), 'cognito:groups': ['operations-viewer'] });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const upload = (body: unknown) =>
    fetch(`${base}/api/data`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const pageViews = async () =>
    (
      await (
        await fetch(`${base}/api/operations/analytics/page-views?days=7`, { headers: { authorization: `Bearer ${viewer}` } })
      ).json()
    ).response;

  const view = (route: string, path: string, time = Date.now()) => ({
    event_type: 'Page Viewed',
    time,
    device_id: 'anon_device_0001',
    session_id: 1,
    event_properties: { route, path },
  });

  it('stores an upload once, checks its key and checksum, and sums page views per route per day', async () => {
    const events = [
      view('/classes/:storefrontSlug/:classSlug', '/classes/a/b'),
      view('/classes/:storefrontSlug/:classSlug', '/classes/c/d'),
      view('/browse', '/browse'),
      view('/browse', '/browse', Date.now() - 24 * 3600 * 1000),
    ];
    const body = { api_key: 'sparkhouse-web', events, v: 2, upload_time: Date.now() };
    const signed = { ...body, checksum: uploadChecksum(body) };
    const first = await upload(signed);
    expect(await first.json()).toEqual({ code: 200, events_ingested: 4 });
    // the same upload again (its answer was lost): accepted, counted once
    expect(await (await upload(signed)).json()).toEqual({ code: 200, events_ingested: 0 });

    expect((await upload({ ...signed, checksum: 'f'.repeat(64) })).status).toBe(400);
    const wrongKey = await upload({ ...body, api_key: 'someone-else' });
    expect(wrongKey.status).toBe(400);
    expect((await wrongKey.json()).message).toBe('Invalid API key');

    // the web app's events, with their keys in its own order, and a field this collector does not keep
    // (an SDK's `platform`): the checksum covers the events as sent
    const fromBrowser = {
      api_key: 'sparkhouse-web',
      events: [
        {
          event_type: 'Page Viewed',
          time: Date.now(),
          session_id: 7,
          device_id: 'anon_device_0002',
          event_properties: { title: 'Sparkhouse', path: '/', route: '/' },
          platform: 'Web',
        },
      ],
      v: 2,
      upload_time: Date.now(),
    };
    const browserUpload = await upload({ ...fromBrowser, checksum: uploadChecksum(fromBrowser) });
    expect(await browserUpload.json()).toEqual({ code: 200, events_ingested: 1 });

    const summary = await pageViews();
    expect(summary.days).toHaveLength(7);
    expect(summary.totalEvents).toBe(5);
    // most viewed first; equal totals by route
    expect(summary.routes).toEqual([
      { route: '/browse', total: 2, perDay: [0, 0, 0, 0, 0, 1, 1] },
      { route: '/classes/:storefrontSlug/:classSlug', total: 2, perDay: [0, 0, 0, 0, 0, 0, 2] },
      { route: '/', total: 1, perDay: [0, 0, 0, 0, 0, 0, 1] },
    ]);
  });

  it('counts an event sent again in another upload once, per device: stored once, its landing view appended once', async () => {
    const landing = (deviceId: string, insertId?: string) => ({
      event_type: 'product landing',
      time: Date.now(),
      device_id: deviceId,
      session_id: 3,
      event_properties: { storefrontSlug: 'resent', appSlug: 'twice' },
      ...(insertId ? { insert_id: insertId } : {}),
    });
    const sent = async (events: ReturnType<typeof landing>[]) => {
      const body = { api_key: 'sparkhouse-web', events, v: 2, upload_time: Date.now() };
      return (await (await upload({ ...body, checksum: uploadChecksum(body) })).json()) as { events_ingested: number };
    };
    const stored = async () => {
      const [row] = await app
        .get(Database)
        .em.fork()
        .getConnection()
        .execute<{ events: string; views: string }[]>(
          `select (select count(*) from analytics_event where properties->>'appSlug' = 'twice')::text as events,
                  (select count(*) from domain_event where stream_id = 'app-landing-resent-twice')::text as views`,
        );
      return { events: Number(row.events), views: Number(row.views) };
    };

    const first = landing('anon_device_0003', 'e1');
    expect(await sent([first, landing('anon_device_0003', 'e2')])).toEqual({ code: 200, events_ingested: 2 });
    // the first upload's answer was lost: the client sends its events again, in an upload of its own
    // (another upload time, another checksum), with one new event and one repeated within the upload
    expect(await sent([first, landing('anon_device_0003', 'e3'), landing('anon_device_0003', 'e3')])).toEqual({
      code: 200,
      events_ingested: 1,
    });
    expect(await stored()).toEqual({ events: 3, views: 3 });

    // an id is the device's own: another device's event with the same id counts; one without an id always does
    expect(await sent([landing('anon_device_0004', 'e1'), landing('anon_device_0004'), landing('anon_device_0004')])).toEqual({
      code: 200,
      events_ingested: 3,
    });
    expect(await stored()).toEqual({ events: 6, views: 6 });

    const tooLong = await upload({ api_key: 'sparkhouse-web', events: [landing('anon_device_0005', 'x'.repeat(129))] });
    expect(tooLong.status).toBe(400);
    expect(await stored()).toEqual({ events: 6, views: 6 });
  });
});
