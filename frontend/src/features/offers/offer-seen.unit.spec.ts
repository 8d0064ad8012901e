import {
  createLastSeenThrottle,
  LAST_SEEN_SAVE_THROTTLE_MS,
  lastSeenPayload,
  offerCookieNames,
  OFFER_COOKIE_MAX_AGE_SECONDS,
  parseCookies,
  pickSeen,
  readSeenFromCookies,
  seenCookieStrings,
  shouldSaveLastSeen,
} from './offer-seen';

const record = { expirationDateSeen: '2026-12-31T00:00:00.000Z', lastSeenCurrentOffer: 1_800_000_000_000 };

describe('offer seen cookies', () => {
  it('are named <offerKey>ExpirationDateSeen and <offerKey>LastSeenCurrentOffer', () => {
    expect(offerCookieNames('blackFriday')).toEqual({
      expirationDateSeen: 'blackFridayExpirationDateSeen',
      lastSeenCurrentOffer: 'blackFridayLastSeenCurrentOffer',
    });
  });

  it('are written on path / and outlive the cool-down', () => {
    const [exp, last] = seenCookieStrings('bf', record);
    expect(exp).toBe(
      `bfExpirationDateSeen=2026-12-31T00%3A00%3A00.000Z; path=/; max-age=${OFFER_COOKIE_MAX_AGE_SECONDS}; samesite=lax`,
    );
    expect(last.startsWith('bfLastSeenCurrentOffer=1800000000000; path=/;')).toBe(true);
    expect(OFFER_COOKIE_MAX_AGE_SECONDS * 1000).toBeGreaterThan(22464e5);
  });

  it('round-trip through a cookie header', () => {
    const header = seenCookieStrings('bf', record)
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(readSeenFromCookies(`other=1; ${header}`, 'bf')).toEqual({
      expirationDateSeen: record.expirationDateSeen,
      lastSeenCurrentOffer: '1800000000000',
    });
    expect(readSeenFromCookies('', 'bf')).toEqual({ expirationDateSeen: null, lastSeenCurrentOffer: null });
  });

  it('parse tolerates junk and bad encodings, first value wins', () => {
    const c = parseCookies('a=1; =x; novalue; b=%E0%A4%A; a=2; c=x=y');
    expect(c.get('a')).toBe('1');
    expect(c.get('b')).toBe('%E0%A4%A');
    expect(c.get('c')).toBe('x=y');
    expect(c.has('novalue')).toBe(false);
  });
});

describe('pickSeen: cookies or user record', () => {
  const older = { expirationDateSeen: 'A', lastSeenCurrentOffer: 100 };
  const newer = { expirationDateSeen: 'B', lastSeenCurrentOffer: '200' };
  it('takes the most recently seen complete record', () => {
    expect(pickSeen(older, newer)).toBe(newer);
    expect(pickSeen(newer, older)).toBe(newer);
  });
  it('falls back to whichever is complete, else nothing', () => {
    expect(pickSeen({ expirationDateSeen: null, lastSeenCurrentOffer: 999 }, older)).toBe(older);
    expect(pickSeen(older, null)).toBe(older);
    expect(pickSeen(older, { expirationDateSeen: 'x', lastSeenCurrentOffer: 'bad' })).toBe(older);
    expect(pickSeen(undefined, { expirationDateSeen: '', lastSeenCurrentOffer: 1 })).toEqual({});
  });
});

describe('saving last seen to the server', () => {
  it('builds the /saveLastSeenOfferInfo body', () => {
    expect(lastSeenPayload('bf', record)).toEqual({
      offer_key: 'bf',
      exp_date_seen: record.expirationDateSeen,
      offer_last_seen: record.lastSeenCurrentOffer,
    });
  });

  it('is throttled to once per 5 minutes', () => {
    expect(LAST_SEEN_SAVE_THROTTLE_MS).toBe(300_000);
    expect(shouldSaveLastSeen(undefined, 0)).toBe(true);
    expect(shouldSaveLastSeen(1000, 1000 + LAST_SEEN_SAVE_THROTTLE_MS - 1)).toBe(false);
    expect(shouldSaveLastSeen(1000, 1000 + LAST_SEEN_SAVE_THROTTLE_MS)).toBe(true);
  });

  it('the throttle keeps a window per offer and can be reset', () => {
    const t = createLastSeenThrottle();
    expect(t.tryAcquire('a', 0)).toBe(true);
    expect(t.tryAcquire('a', LAST_SEEN_SAVE_THROTTLE_MS - 1)).toBe(false);
    expect(t.tryAcquire('b', 1)).toBe(true);
    // A refused attempt does not move the window.
    expect(t.tryAcquire('a', LAST_SEEN_SAVE_THROTTLE_MS)).toBe(true);
    t.reset('a');
    expect(t.tryAcquire('a', LAST_SEEN_SAVE_THROTTLE_MS + 1)).toBe(true);
    t.reset();
    expect(t.tryAcquire('b', 2)).toBe(true);
  });
});
