import { ANALYTICS } from '@sparkhouse/contracts';
import { AnalyticsClient, ANALYTICS_API_KEY, type AnalyticsUpload } from './analytics-client';
import { routePattern, safeSearch } from './analytics';

function setup(send: jest.Mock = jest.fn().mockResolvedValue(undefined)) {
  const uploads: AnalyticsUpload[] = [];
  send.mockImplementation((upload: AnalyticsUpload) => {
    uploads.push(upload);
    return Promise.resolve();
  });
  const client = new AnalyticsClient({ send, deviceId: () => 'anon_device1234' });
  return { client, send, uploads };
}

describe('AnalyticsClient', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits until 30 events are queued, then uploads them in one batch', () => {
    const { client, uploads } = setup();
    for (let i = 0; i < ANALYTICS.uploadThreshold - 1; i++) client.track('Page Viewed', { i });
    expect(uploads).toHaveLength(0);

    client.track('Page Viewed', { i: 29 });
    expect(uploads).toHaveLength(1);
    expect(uploads[0].events).toHaveLength(30);
    expect(uploads[0]).toMatchObject({ api_key: ANALYTICS_API_KEY, v: 2 });
    expect(typeof uploads[0].upload_time).toBe('number');
    expect(uploads[0].events[0]).toMatchObject({ event_type: 'Page Viewed', device_id: 'anon_device1234' });
    expect(client.pending).toBe(0);
  });

  it('uploads a smaller queue after 30 s', async () => {
    const { client, uploads } = setup();
    client.track('Page Viewed');
    client.track('Page Viewed');
    jest.advanceTimersByTime(ANALYTICS.uploadPeriodMs - 1);
    expect(uploads).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(uploads).toHaveLength(1);
    expect(uploads[0].events).toHaveLength(2);
  });

  it('splits a flush into batches of at most 100 and keeps at most 1000 events', async () => {
    const send = jest.fn().mockRejectedValue(new Error('offline'));
    const client = new AnalyticsClient({ send });
    for (let i = 0; i < 1200; i++) client.track(`e${i}`);
    await jest.advanceTimersByTimeAsync(0);
    // Every upload failed, so events were kept, but never more than 1000 (the oldest go first).
    expect(client.pending).toBe(ANALYTICS.maxSavedEvents);

    const uploads: AnalyticsUpload[] = [];
    send.mockImplementation((upload: AnalyticsUpload) => {
      uploads.push(upload);
      return Promise.resolve();
    });
    await client.flush({ keepalive: true });
    expect(uploads.map((u) => u.events.length)).toEqual(Array(10).fill(100));
    expect(uploads.flatMap((u) => u.events).at(-1)?.event_type).toBe('e1199');
    expect(send).toHaveBeenLastCalledWith(expect.anything(), { keepalive: true });
    expect(client.pending).toBe(0);
  });

  it('drops a batch the collector refuses (4xx) and keeps one it could not take just now', async () => {
    const send = jest.fn().mockRejectedValue(Object.assign(new Error('checksum does not match the upload'), { status: 400 }));
    const client = new AnalyticsClient({ send });
    client.track('Page Viewed');
    await client.flush();
    // refused for good: sending it every period would only be refused again
    expect(client.pending).toBe(0);

    for (const status of [429, 503, 0]) {
      send.mockRejectedValueOnce(Object.assign(new Error('later'), { status }));
      client.track(`status ${status}`);
      await client.flush();
      expect(client.pending).toBe(1);
      send.mockResolvedValueOnce(undefined);
      await client.flush();
      expect(client.pending).toBe(0);
    }
  });

  it('sends an event again under its own id after a failed upload, so the collector counts it once', async () => {
    const uploads: AnalyticsUpload[] = [];
    const send = jest.fn((upload: AnalyticsUpload) => {
      uploads.push(upload);
      // the first upload's answer is lost (the collector may well have stored it)
      return uploads.length === 1 ? Promise.reject(Object.assign(new Error('offline'), { status: 0 })) : Promise.resolve();
    });
    const client = new AnalyticsClient({ send });
    client.track('Page Viewed', { path: '/a' });
    client.track('Page Viewed', { path: '/b' });
    await client.flush();
    client.track('Page Viewed', { path: '/c' });
    await client.flush();

    const [failed, again] = uploads;
    const ids = failed.events.map((e) => e.insert_id);
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id ?? ''))).toBe(true);
    expect(new Set(ids).size).toBe(2);
    expect(again.events.map((e) => e.insert_id).slice(0, 2)).toEqual(ids);
    expect(again.events[2].insert_id).not.toBe(ids[0]);
    expect(again.events[2].insert_id).not.toBe(ids[1]);
  });

  it("goes on in a session begun before it (the rendered page's arrival), unless that one timed out", () => {
    const begun = Date.now() - 60_000;
    const send = jest.fn().mockResolvedValue(undefined);
    const uploads: AnalyticsUpload[] = [];
    send.mockImplementation((upload: AnalyticsUpload) => (uploads.push(upload), Promise.resolve()));
    const client = new AnalyticsClient({ send, session: () => begun });
    client.track('Page Viewed', {});
    const stale = new AnalyticsClient({ send, session: () => Date.now() - ANALYTICS.sessionTimeoutMs - 1 });
    stale.track('Page Viewed', {});
    void client.flush();
    void stale.flush();
    expect(uploads.map((u) => u.events[0].session_id)).toEqual([begun, Date.now()]);
  });

  it('truncates long strings at 4096 characters', () => {
    const { client, uploads } = setup();
    client.track('Search', { query: 'q'.repeat(5000), nested: { text: 'n'.repeat(5000) } });
    void client.flush();
    const props = uploads[0].events[0].event_properties as { query: string; nested: { text: string } };
    expect(props.query).toHaveLength(ANALYTICS.maxStringLength);
    expect(props.nested.text).toHaveLength(ANALYTICS.maxStringLength);
  });

  it('never sends an auth code or state in a page view', () => {
    expect(safeSearch('?code=secret&state=s&view=top')).toBe('?code=redacted&state=redacted&view=top');
    expect(safeSearch('')).toBe('');
  });
});

describe('routePattern', () => {
  it('names the route a page view matched, so views group per route', () => {
    expect(routePattern('/classes/jazz-school/piano-101', { storefrontSlug: 'jazz-school', classSlug: 'piano-101' })).toBe(
      '/classes/:storefrontSlug/:classSlug',
    );
    expect(routePattern('/watch/a%20b-12', { titleAndId: 'a b-12' })).toBe('/watch/:titleAndId');
    expect(routePattern('/browse', {})).toBe('/browse');
    expect(routePattern('/no/such/page', { '*': 'no/such/page' })).toBe('*');
  });
});
