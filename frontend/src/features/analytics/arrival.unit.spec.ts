import fs from 'node:fs';
import path from 'node:path';
import { ARRIVAL_EVENTS_ELEMENT_ID, type ArrivalEvents } from '@sparkhouse/contracts/server-render';
import { anonymousIdSchema } from '@sparkhouse/contracts';
import { ANONYMOUS_ID_STORAGE_KEY, getAnonymousId } from '../../api/anonymous-id';
import { arrivalEvents, arrivalSession, PAGE_VIEWED, sentOnArrival } from './arrival';

const LANDING = { storefrontSlug: 'casey', appSlug: 'stride', appId: 'app-1' };
const ROUTE = '/apps/:storefrontSlug/:appSlug';

/** The page as the API rendered it: its arrival block in the body. */
function renderedPage(
  arrival: ArrivalEvents | null = arrivalEvents(ROUTE, { event_type: 'product landing', event_properties: LANDING }),
) {
  document.body.innerHTML = '<div id="root"></div>';
  if (!arrival) return null;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = ARRIVAL_EVENTS_ELEMENT_ID;
  block.textContent = JSON.stringify(arrival);
  document.body.append(block);
  return block;
}

const LOADER = fs.readFileSync(path.resolve(__dirname, '../../../public/theme-init.js'), 'utf8');

describe('the arrival events of a rendered page', () => {
  let fetchMock: jest.Mock;
  const uploads = () => fetchMock.mock.calls.map(([url, init]) => ({ url, init, body: JSON.parse(init.body as string) }));
  const hide = () => window.dispatchEvent(new Event('pagehide'));

  beforeEach(() => {
    fetchMock = jest.fn(() => Promise.resolve(new Response('{}')));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    localStorage.clear();
    document.title = 'Stride · Casey · Sparkhouse';
  });

  it('name the page view by its route and the screen event, with the call and key the app uploads with', () => {
    expect(arrivalEvents(ROUTE, null)).toEqual({
      url: '/api/data',
      api_key: 'sparkhouse-web',
      redact: ['code', 'state', 'token', 'access_token', 'id_token'],
      events: [{ event_type: PAGE_VIEWED, event_properties: { route: ROUTE } }],
    });
    expect(arrivalEvents(ROUTE, { event_type: 'product landing', event_properties: LANDING }).events).toHaveLength(2);
  });

  it('are sent by the page when it is hidden before the app recorded them, once, as the app would, with a device id the app then uses', () => {
    const block = renderedPage()!;
    window.history.replaceState(null, '', '/apps/casey/stride?utm_source=mail&code=secret');
    // the loader's own listeners, as on a page (each test's listeners stay: a block of the last test only is read)
    new Function(LOADER)();
    hide();
    document.dispatchEvent(new Event('visibilitychange')); // still visible in jsdom: nothing more
    hide();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [{ url, init, body }] = uploads();
    expect(url).toBe('/api/data');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const device = localStorage.getItem(ANONYMOUS_ID_STORAGE_KEY)!;
    expect(anonymousIdSchema.safeParse(device).success).toBe(true);
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Non-Auth-User-Id': device });
    expect(body).toMatchObject({ api_key: 'sparkhouse-web', v: 2 });
    expect(body.events).toEqual([
      {
        event_type: 'Page Viewed',
        time: expect.any(Number),
        session_id: expect.any(Number),
        device_id: device,
        event_properties: {
          path: '/apps/casey/stride',
          route: ROUTE,
          search: '?utm_source=mail&code=redacted',
          title: 'Stride · Casey · Sparkhouse',
        },
        insert_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
      expect.objectContaining({ event_type: 'product landing', device_id: device, event_properties: LANDING }),
    ]);
    expect(body.events[1].insert_id).toMatch(/^[0-9a-f]{32}$/);
    expect(body.events[1].insert_id).not.toBe(body.events[0].insert_id);
    expect(block.getAttribute('data-sent')).toBe('0 1');
    // the app, starting later (back from the back-forward cache), records neither again, nor its own id
    expect(getAnonymousId()).toBe(device);
    expect(sentOnArrival(PAGE_VIEWED, { path: '/apps/casey/stride', route: ROUTE })).toBe(true);
    expect(sentOnArrival('product landing', LANDING)).toBe(true);
    // and a later view of the same route is the app's own
    expect(sentOnArrival(PAGE_VIEWED, { path: '/apps/casey/stride', route: ROUTE })).toBe(false);
  });

  it('are left to the app once it recorded them; the page sends only those it did not', () => {
    const block = renderedPage()!;
    localStorage.setItem(ANONYMOUS_ID_STORAGE_KEY, 'anon_known-visitor-1');
    new Function(LOADER)();
    expect(sentOnArrival(PAGE_VIEWED, { path: '/apps/casey/stride', route: ROUTE, title: 'x' })).toBe(false);
    expect(block.getAttribute('data-taken')).toBe('0');
    // another landing's event is not this page's
    expect(sentOnArrival('product landing', { ...LANDING, appId: 'app-2' })).toBe(false);
    hide();
    expect(uploads()).toHaveLength(1);
    expect(uploads()[0].body.events).toEqual([
      expect.objectContaining({ event_type: 'product landing', device_id: 'anon_known-visitor-1' }),
    ]);
    expect(uploads()[0].init.headers).toMatchObject({ 'X-Non-Auth-User-Id': 'anon_known-visitor-1' });
    expect(sentOnArrival('product landing', LANDING)).toBe(true);
    expect(block.getAttribute('data-taken')).toBe('0 1');
    // the app goes on in the session the page's events went out in
    expect(arrivalSession()).toBe(uploads()[0].body.events[0].session_id);

    // all taken by the app: the page sends nothing
    fetchMock.mockClear();
    const next = renderedPage()!;
    sentOnArrival(PAGE_VIEWED, { route: ROUTE });
    sentOnArrival('product landing', LANDING);
    hide();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(next.getAttribute('data-sent')).toBeNull();
    expect(arrivalSession()).toBeNull();
  });

  it('are none on a page the browser rendered: the app records all of its events', () => {
    renderedPage(null);
    expect(sentOnArrival(PAGE_VIEWED, { route: ROUTE })).toBe(false);
    hide();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
