import { eventually } from '../../../test-support';
import { useCreatorApi } from '../../../test-support/creator-api';

/**
 * getAppInsights and its CSV export: the app's creator (or an admin) only — another creator's app and an
 * unknown one answer 404 alike, an anonymous caller 401, a bad range 400 with the reason; the CSV has a
 * header row and one row a day, the landing views posted to the collector counted on today's.
 */
describe('Insights API: ownership, validation and the CSV export', () => {
  const api = useCreatorApi();
  const owner = { as: 'insights-api-owner' };
  const stranger = { as: 'insights-api-stranger' };
  const today = new Date().toISOString().slice(0, 10);

  const csv = async (query: string, who?: { as: string }) => {
    const res = await fetch(`${api.base}/api/app-builder/getAppInsightsCsv?${query}`, { headers: await api.identity(who) });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      text: await res.text(),
    };
  };

  it('answers the owner only, refuses bad input clearly, and exports the days as CSV', async () => {
    const app = (await api.post('/app-builder/createApp', { name: 'Insights Api' }, owner)).body.response.app;
    const events = ['anon_visitor-one11', 'anon_visitor-two22', 'anon_visitor-one11'].map((device_id) => ({
      event_type: 'product landing',
      time: Date.now(),
      device_id,
      event_properties: { storefrontSlug: app.storefrontSlug, appSlug: app.appSlug },
    }));
    expect((await api.post('/data', { api_key: 'sparkhouse-web', events, v: 2, upload_time: Date.now() })).status).toBe(200);

    const q = `appId=${app.appId}&days=7`;
    const mine = await eventually(async () => {
      const r = await api.get(`/app-builder/getAppInsights?${q}`, owner);
      return r.status === 200 && r.body.response.funnel.views === 3 ? r.body.response : null;
    });
    expect(mine).toMatchObject({ appId: app.appId, days: 7, to: today, funnel: { views: 3, visitors: 2, started: 0 } });
    // an admin may read it too
    expect((await api.get(`/app-builder/getAppInsights?${q}`, { as: 'insights-admin', admin: true })).status).toBe(200);

    // someone else's app reads as an unknown one; no caller, no report
    const theirs = await api.get(`/app-builder/getAppInsights?${q}`, stranger);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ status: 'error', error: 'No such app.' });
    expect((await api.get(`/app-builder/getAppInsights?appId=${crypto.randomUUID()}`, owner)).status).toBe(404);
    expect((await api.get(`/app-builder/getAppInsights?${q}`)).status).toBe(401);
    expect((await csv(q, stranger)).status).toBe(404);
    expect((await csv(q)).status).toBe(401);

    const badDays = await api.get(`/app-builder/getAppInsights?appId=${app.appId}&days=12`, owner);
    expect(badDays.status).toBe(400);
    expect(JSON.stringify(badDays.body)).toContain('days must be one of 7, 30, 90, 365');
    const badId = await api.get('/app-builder/getAppInsights?appId=not-an-id', owner);
    expect(badId.status).toBe(400);
    expect(JSON.stringify(badId.body)).toContain('must be an app id');

    const file = await csv(q, owner);
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^text\/csv/);
    expect(file.disposition).toMatch(
      new RegExp(`attachment; filename="insights-${app.appSlug}-\\d{4}-\\d{2}-\\d{2}-${today}\\.csv"`),
    );
    const lines = file.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('day,views,visitors,started,completed,planReady,accounts,trials,paid,churned,revenueInCents,checkIns');
    expect(lines).toHaveLength(8);
    expect(lines[7]).toBe(`${today},3,2,0,0,0,0,0,0,0,0,0`);
  });
});
