import { useCallback, useState } from 'react';

interface DraftState<D> {
  /** The stored version the draft is measured against ("Saved" when they match). */
  base: D;
  baseKey: string;
  draft: D;
  /** The stored version last seen, so each arrival is looked at once. */
  seenKey: string;
  /** A newer stored version that arrived while the draft held unsaved edits. */
  newer: D | null;
}

export interface VersionDraft<D> {
  draft: D;
  setDraft: (update: D | ((current: D) => D)) => void;
  /** The draft differs from the version it is measured against. */
  dirty: boolean;
  /** A newer version arrived while the draft held unsaved edits: the draft is kept until the creator chooses. */
  newerArrived: boolean;
  /** Drop the draft and edit the newer version. */
  loadNewer: () => void;
  /** Keep the draft, measured from now on against the newer version (saving it makes the next version). */
  keepDraft: () => void;
  /** Drop the edits: back to the stored version (the newer one, when one is waiting). */
  discard: () => void;
}

/** JSON with every object's keys sorted: the same content gives the same text whatever order its keys came in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** What the save bar and the newer-version notice need of a draft, whatever it holds. */
export type DraftStatus = Omit<VersionDraft<unknown>, 'draft' | 'setDraft'>;

/**
 * An editor's draft over a stored, versioned document. A new stored version (a restore, an AI edit,
 * a build, a save) replaces a draft without edits; a draft with unsaved edits is never dropped:
 * `newerArrived` says so, and the creator loads the new version or keeps editing.
 * `serialise` gives the draft's identity (two drafts with the same text are the same content).
 */
export function useVersionDraft<D>(stored: D, serialise: (draft: D) => string): VersionDraft<D> {
  const storedKey = serialise(stored);
  const [state, setState] = useState<DraftState<D>>(() => ({
    base: stored,
    baseKey: storedKey,
    draft: stored,
    seenKey: storedKey,
    newer: null,
  }));

  let current = state;
  if (storedKey !== state.seenKey) {
    const draftKey = serialise(state.draft);
    if (draftKey === state.baseKey || draftKey === storedKey) {
      // nothing would be lost (no edits, or the new version is this draft, e.g. just saved): take it
      current = { base: stored, baseKey: storedKey, draft: stored, seenKey: storedKey, newer: null };
    } else if (storedKey === state.baseKey) {
      // back to the version the draft started from: nothing newer to offer
      current = { ...state, seenKey: storedKey, newer: null };
    } else {
      current = { ...state, seenKey: storedKey, newer: stored };
    }
    // adjusting state while rendering (React's pattern for state derived from props): re-renders at once
    setState(current);
  }

  const setDraft = useCallback(
    (update: D | ((d: D) => D)) =>
      setState((s) => ({ ...s, draft: typeof update === 'function' ? (update as (d: D) => D)(s.draft) : update })),
    [],
  );
  const loadNewer = useCallback(
    () => setState((s) => (s.newer === null ? s : { ...s, base: s.newer, baseKey: s.seenKey, draft: s.newer, newer: null })),
    [],
  );
  const keepDraft = useCallback(
    () => setState((s) => (s.newer === null ? s : { ...s, base: s.newer, baseKey: s.seenKey, newer: null })),
    [],
  );
  const discard = useCallback(
    // with a newer version waiting, discarding the edits means taking it
    () =>
      setState((s) =>
        s.newer === null ? { ...s, draft: s.base } : { ...s, base: s.newer, baseKey: s.seenKey, draft: s.newer, newer: null },
      ),
    [],
  );

  return {
    draft: current.draft,
    setDraft,
    dirty: serialise(current.draft) !== current.baseKey,
    newerArrived: current.newer !== null,
    loadNewer,
    keepDraft,
    discard,
  };
}
