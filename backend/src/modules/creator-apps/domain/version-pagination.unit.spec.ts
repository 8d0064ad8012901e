import { appendVersion, emptyHistory, restoreVersion, type VersionHistory } from './document-versions';
import { deepFreeze } from './json-values';
import { decodeVersionCursor, encodeVersionCursor, pageVersions, PaginationError, type VersionPage } from './version-pagination';

function historyOf(count: number): VersionHistory<{ n: number }> {
  let h = emptyHistory<{ n: number }>('blueprint');
  for (let i = 1; i <= count; i++) {
    h = appendVersion(h, { n: i }, { versionId: `v${i}`, createdAt: '2026-01-01T00:00:00Z', createdBy: 'c' }).history;
  }
  return deepFreeze(h);
}
const numbers = (p: VersionPage<{ n: number }>) => p.versions.map((v) => v.number);

describe('pageVersions', () => {
  it('pages newest first with the default limit of 20', () => {
    const page = pageVersions(historyOf(25).versions);
    expect(page.versions).toHaveLength(20);
    expect(numbers(page)[0]).toBe(25);
    expect(numbers(page)[19]).toBe(6);
    expect(page.hasMore).toBe(true);
    const last = pageVersions(historyOf(25).versions, { cursor: page.nextCursor });
    expect(numbers(last)).toEqual([5, 4, 3, 2, 1]);
    expect(last).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('at an exact page boundary the full last page says hasMore false (no empty extra page)', () => {
    const versions = historyOf(40).versions;
    const first = pageVersions(versions, { limit: 20 });
    expect(first.hasMore).toBe(true);
    const second = pageVersions(versions, { limit: 20, cursor: first.nextCursor });
    expect(numbers(second)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('one more than the limit still gets a second page', () => {
    const versions = historyOf(21).versions;
    const first = pageVersions(versions);
    expect(first.hasMore).toBe(true);
    expect(numbers(pageVersions(versions, { cursor: first.nextCursor }))).toEqual([1]);
  });

  it('walks every version exactly once across pages', () => {
    const versions = historyOf(7).versions;
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: VersionPage<{ n: number }> = pageVersions(versions, { limit: 3, cursor });
      seen.push(...numbers(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('does not skip or repeat when versions are added between pages', () => {
    const first = pageVersions(historyOf(5).versions, { limit: 2 });
    const grown = historyOf(8).versions; // 3 saves happened meanwhile
    expect(numbers(pageVersions(grown, { limit: 2, cursor: first.nextCursor }))).toEqual([3, 2]);
  });

  it('includes restore versions as ordinary entries', () => {
    const h = restoreVersion(historyOf(3), 'v1', { versionId: 'r', createdAt: 'x', createdBy: 'c' }).history;
    expect(pageVersions(h.versions, { limit: 1 }).versions[0]).toMatchObject({ versionId: 'r', restoredFrom: 'v1' });
  });

  it('answers an empty history with an empty last page', () => {
    expect(pageVersions([])).toEqual({ versions: [], nextCursor: null, hasMore: false });
  });

  it('caps the limit at 100 and rejects a limit that is not a positive integer', () => {
    expect(pageVersions(historyOf(120).versions, { limit: 500 }).versions).toHaveLength(100);
    expect(pageVersions(historyOf(120).versions, { limit: 100 }).versions).toHaveLength(100);
    for (const limit of [0, -1, 2.5, NaN]) {
      expect(() => pageVersions([], { limit })).toThrow(expect.objectContaining({ code: 'invalid-limit' }));
    }
  });

  it('treats a missing or empty cursor as the first page', () => {
    expect(numbers(pageVersions(historyOf(3).versions, { cursor: '' }))).toEqual([3, 2, 1]);
    expect(numbers(pageVersions(historyOf(3).versions, { cursor: null }))).toEqual([3, 2, 1]);
  });
});

describe('version cursor', () => {
  it('is base64url of the version number and round-trips', () => {
    expect(encodeVersionCursor(21)).toBe(Buffer.from('21').toString('base64url'));
    expect(decodeVersionCursor(encodeVersionCursor(123456))).toBe(123456);
  });

  it.each([
    ['not base64url', 'a+b/'],
    ['padding', `${encodeVersionCursor(1)}=`],
    ['not a number', Buffer.from('abc').toString('base64url')],
    ['zero', Buffer.from('0').toString('base64url')],
    ['negative', Buffer.from('-3').toString('base64url')],
    ['leading zero', Buffer.from('07').toString('base64url')],
    ['fraction', Buffer.from('1.5').toString('base64url')],
    ['too large', Buffer.from('99999999999999999999').toString('base64url')],
    ['raw number', '12'],
  ])('rejects a bad cursor (%s) with a typed error', (_why, cursor) => {
    expect(() => pageVersions(historyOf(3).versions, { cursor })).toThrow(PaginationError);
    expect(() => decodeVersionCursor(cursor)).toThrow(expect.objectContaining({ code: 'invalid-cursor' }));
  });
});
