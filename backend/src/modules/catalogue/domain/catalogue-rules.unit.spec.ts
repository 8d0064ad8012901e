import { hasActiveClass, hasAnyClass, isClassActive } from './class-enrolment';
import { listableCollections } from './collections';
import { isOwned, ownedProductIds, ownsProduct } from './ownership';
import { productPercentComplete } from './product-progress';
import { normaliseSearch, toPrefixTsQuery } from './search-text';

describe('active class (spec 4)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const past = { classStartDate: '2026-01-01T00:00:00Z', classEndDate: '2026-06-01T00:00:00Z' };
  const current = { classStartDate: '2026-11-01T00:00:00Z', classEndDate: '2026-12-01T00:00:00Z' };
  const endsNow = { classStartDate: '2026-11-01T00:00:00Z', classEndDate: now.toISOString() };

  it('is active while the end date is not yet past', () => {
    expect(isClassActive(current, now)).toBe(true);
    expect(isClassActive(endsNow, now)).toBe(true);
    expect(isClassActive(past, now)).toBe(false);
  });

  it('needs at least one class not yet ended', () => {
    expect(hasActiveClass([past, current], now)).toBe(true);
    expect(hasActiveClass([past], now)).toBe(false);
    expect(hasActiveClass([], now)).toBe(false);
  });

  it('has-any-class is true for any enrolment, ended or not', () => {
    expect(hasAnyClass([past])).toBe(true);
    expect(hasAnyClass([])).toBe(false);
  });
});

describe('collection list (spec 3)', () => {
  it('leaves the schools out and keeps the order', () => {
    const all = [
      { slug: 'a', programType: 'collection' },
      { slug: 'music', programType: 'school' },
      { slug: 'b', programType: 'series' },
    ];
    expect(listableCollections(all).map((c) => c.slug)).toEqual(['a', 'b']);
  });
});

describe('ownership (spec 3)', () => {
  const refunded = { productId: 'p1', refundedInfo: { refundedAt: '2026-11-01T00:00:00Z', reason: null } };
  const bought = { productId: 'p2', refundedInfo: null };

  it('counts a refunded purchase as not owned', () => {
    expect(isOwned(refunded)).toBe(false);
    expect(isOwned(bought)).toBe(true);
    expect(ownsProduct([refunded, bought], 'p1')).toBe(false);
    expect(ownsProduct([refunded, bought], 'p2')).toBe(true);
    expect(ownsProduct([], 'p2')).toBe(false);
  });

  it('owns a product bought again after a refund', () => {
    expect(ownsProduct([refunded, { productId: 'p1', refundedInfo: null }], 'p1')).toBe(true);
    expect([...ownedProductIds([refunded, bought])]).toEqual(['p2']);
  });
});

describe('product percent complete', () => {
  const contents = [
    { contentId: 'c1', durationSeconds: 300 },
    { contentId: 'c2', durationSeconds: 100 },
  ];
  it('weights contents by duration and counts unwatched ones as 0', () => {
    expect(productPercentComplete(contents, [{ contentId: 'c1', percentComplete: 100 }])).toBe(75);
    expect(productPercentComplete(contents, [])).toBe(0);
  });
  it('uses equal weights without durations', () => {
    const zero = contents.map((c) => ({ ...c, durationSeconds: 0 }));
    expect(productPercentComplete(zero, [{ contentId: 'c2', percentComplete: 50 }])).toBe(25);
  });
});

describe('search text', () => {
  it('makes every word required and the last a prefix, dropping tsquery syntax', () => {
    expect(toPrefixTsQuery('Jazz pia')).toBe('jazz & pia:*');
    expect(toPrefixTsQuery("piano') | !x & <-> y")).toBe('piano & x & y:*');
    expect(toPrefixTsQuery('  ---  ')).toBeNull();
    expect(toPrefixTsQuery(undefined)).toBeNull();
    expect(normaliseSearch('  Jazz   Piano ')).toBe('jazz piano');
  });
});
