import { deepFreeze, frozenCopy, stableEqual } from './json-values';

describe('stableEqual', () => {
  it('ignores key order at every depth', () => {
    expect(stableEqual({ a: 1, b: { x: [1, { p: 1, q: 2 }], y: 'y' } }, { b: { y: 'y', x: [1, { q: 2, p: 1 }] }, a: 1 })).toBe(
      true,
    );
  });

  it('keeps array order significant', () => {
    expect(stableEqual([1, 2], [2, 1])).toBe(false);
    expect(stableEqual({ steps: ['a', 'b'] }, { steps: ['a', 'b', 'c'] })).toBe(false);
  });

  it('tells apart values that JSON.stringify-with-sorted-keys shortcuts confuse', () => {
    expect(stableEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(stableEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(stableEqual({ a: '1' }, { a: 1 })).toBe(false);
    expect(stableEqual([], {})).toBe(false);
    expect(stableEqual(null, {})).toBe(false);
    expect(stableEqual(null, undefined)).toBe(false);
    expect(stableEqual(0, -0)).toBe(false);
    expect(stableEqual(NaN, NaN)).toBe(true);
  });

  it('treats a key holding undefined as absent, as stored JSON does', () => {
    expect(stableEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(stableEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
  });

  it('compares dates by instant', () => {
    expect(stableEqual(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00.000Z'))).toBe(true);
    expect(stableEqual(new Date(0), new Date(1))).toBe(false);
    expect(stableEqual(new Date(0), {})).toBe(false);
  });
});

describe('deepFreeze / frozenCopy', () => {
  it('freezes nested objects and arrays', () => {
    const v = deepFreeze({ a: { b: [1, { c: 2 }] } });
    expect(Object.isFrozen(v.a)).toBe(true);
    expect(Object.isFrozen(v.a.b[1])).toBe(true);
  });

  it('copies before freezing, so the caller keeps a mutable original and cannot reach the copy', () => {
    const original = { steps: [{ title: 'one' }] };
    const copy = frozenCopy(original);
    original.steps[0].title = 'changed';
    expect(copy.steps[0].title).toBe('one');
    expect(Object.isFrozen(original)).toBe(false);
  });
});
