import {
  appendVersion,
  current,
  emptyHistory,
  restoreVersion,
  VersionHistoryError,
  type VersionHistory,
} from './document-versions';
import { deepFreeze } from './json-values';

type Flow = { title: string; steps: string[] };
const meta = (n: number, by = 'creator-1') => ({ versionId: `v${n}`, createdAt: `2026-03-0${n}T10:00:00.000Z`, createdBy: by });

/** v1 → v2 → v3, deep-frozen so any in-place write by the code under test throws. */
function threeVersions(): VersionHistory<Flow> {
  let h = emptyHistory<Flow>('onboarding-flow');
  h = appendVersion(h, { title: 'one', steps: ['a'] }, { ...meta(1), reason: 'ai-build' }).history;
  h = appendVersion(h, { title: 'two', steps: ['a', 'b'] }, meta(2)).history;
  h = appendVersion(h, { title: 'three', steps: ['a', 'b', 'c'] }, { ...meta(3), reason: 'ai-edit' }).history;
  return deepFreeze(h);
}

describe('appendVersion', () => {
  it('numbers versions in order and makes the last one current', () => {
    const h = threeVersions();
    expect(h.versions.map((v) => [v.versionId, v.number, v.reason])).toEqual([
      ['v1', 1, 'ai-build'],
      ['v2', 2, 'edit'],
      ['v3', 3, 'ai-edit'],
    ]);
    expect(current(h)?.content.title).toBe('three');
    expect(current(emptyHistory('blueprint'))).toBeUndefined();
  });

  it('returns a new history and leaves the old one as it was', () => {
    const before = threeVersions();
    const { history, outcome } = appendVersion(before, { title: 'four', steps: [] }, meta(4));
    expect(outcome).toBe('appended');
    expect(before.versions).toHaveLength(3);
    expect(history.versions).toHaveLength(4);
    expect(history.versions.slice(0, 3)).toEqual(before.versions);
  });

  it('is a no-op, answered as unchanged, when the content equals the current one in another key order', () => {
    const before = threeVersions();
    const result = appendVersion(before, { steps: ['a', 'b', 'c'], title: 'three' }, meta(4));
    expect(result.outcome).toBe('unchanged');
    expect(result.history).toBe(before);
    expect(result.version.versionId).toBe('v3');
  });

  it('stores a private frozen copy: mutating the saved object later changes nothing', () => {
    const draft = { title: 'draft', steps: ['x'] };
    const { history } = appendVersion(emptyHistory<Flow>('onboarding-flow'), draft, meta(1));
    draft.steps.push('sneaky');
    expect(current(history)!.content.steps).toEqual(['x']);
    expect(Object.isFrozen(current(history)!.content.steps)).toBe(true);
  });

  it('rejects a version id already in the history', () => {
    expect(() => appendVersion(threeVersions(), { title: 'x', steps: [] }, meta(2))).toThrow(VersionHistoryError);
  });
});

describe('restoreVersion', () => {
  it('appends a new version copying the chosen one and records restoredFrom', () => {
    const before = threeVersions();
    const { history, version, outcome } = restoreVersion(before, 'v1', meta(4, 'creator-2'));
    expect(outcome).toBe('appended');
    expect(version).toMatchObject({ versionId: 'v4', number: 4, reason: 'restore', restoredFrom: 'v1', createdBy: 'creator-2' });
    expect(version.content).toEqual({ title: 'one', steps: ['a'] });
    expect(current(history)).toBe(version);
  });

  it('never rewrites history: earlier versions keep their content, ids and order', () => {
    const before = threeVersions();
    const snapshot = structuredClone(before.versions);
    const { history } = restoreVersion(before, 'v1', meta(4));
    expect(history.versions.slice(0, 3)).toEqual(snapshot);
    expect(before.versions).toEqual(snapshot);
    expect(history.versions.map((v) => v.versionId)).toEqual(['v1', 'v2', 'v3', 'v4']);
  });

  it('restoring twice appends twice, and a restore can itself be undone', () => {
    let h = threeVersions();
    h = restoreVersion(h, 'v1', meta(4)).history;
    h = restoreVersion(h, 'v2', meta(5)).history;
    h = restoreVersion(h, 'v3', meta(6)).history; // back to where we started
    expect(h.versions.map((v) => v.restoredFrom ?? '-')).toEqual(['-', '-', '-', 'v1', 'v2', 'v3']);
    expect(current(h)!.content).toEqual({ title: 'three', steps: ['a', 'b', 'c'] });
    expect(h.versions.map((v) => v.number)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('restoring the same older version twice in a row appends once', () => {
    const once = restoreVersion(threeVersions(), 'v1', meta(4)).history;
    const twice = restoreVersion(once, 'v1', meta(5));
    expect(twice.outcome).toBe('unchanged');
    expect(twice.history).toBe(once);
  });

  it('restoring the current version is a no-op', () => {
    const before = threeVersions();
    const result = restoreVersion(before, 'v3', meta(4));
    expect(result.outcome).toBe('unchanged');
    expect(result.history).toBe(before);
  });

  it('restoring an older version whose content is already current is a no-op too', () => {
    let h = threeVersions();
    h = restoreVersion(h, 'v1', meta(4)).history; // v4 == v1
    const result = restoreVersion(h, 'v1', meta(5));
    expect(result.outcome).toBe('unchanged');
    expect(restoreVersion(h, 'v4', meta(5)).outcome).toBe('unchanged');
  });

  it('throws a typed error for an unknown version id, also on an empty history', () => {
    const attempt = () => restoreVersion(threeVersions(), 'nope', meta(4));
    expect(attempt).toThrow(VersionHistoryError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'unknown-version', versionId: 'nope' }));
    expect(() => restoreVersion(emptyHistory('landing-page'), 'v1', meta(1))).toThrow(VersionHistoryError);
  });

  it('keeps the document kind', () => {
    const h = restoreVersion(threeVersions(), 'v1', meta(4)).history;
    expect(h.kind).toBe('onboarding-flow');
  });
});
