import { frozenCopy, stableEqual } from './json-values';

/**
 * Versioned creator documents (spec 3 "Version history", spec 4 "versions can be restored").
 * History is append-only: a restore adds a new version copying an older one, so what a creator saw
 * at any point stays reproducible and a restore can itself be undone.
 */
export type DocumentKind = 'blueprint' | 'landing-page' | 'onboarding-flow';
export type VersionReason = 'edit' | 'restore' | 'ai-build' | 'ai-edit';

export interface DocumentVersion<C = unknown> {
  readonly versionId: string;
  /** 1, 2, 3… in append order; never reused, so it can anchor a page cursor. */
  readonly number: number;
  readonly content: C;
  /** ISO-8601 instant. */
  readonly createdAt: string;
  readonly createdBy: string;
  readonly reason: VersionReason;
  /** Set on a restore: the version whose content was copied. */
  readonly restoredFrom?: string;
}

export interface VersionHistory<C = unknown> {
  readonly kind: DocumentKind;
  /** Oldest first; the last one is current. */
  readonly versions: readonly DocumentVersion<C>[];
}

/** Ids and clocks are injected so the rules stay pure and deterministic. */
export interface VersionMeta {
  readonly versionId: string;
  readonly createdAt: string;
  readonly createdBy: string;
}

export interface AppendMeta extends VersionMeta {
  /** 'restore' is reserved for restoreVersion, which records restoredFrom. */
  readonly reason?: Exclude<VersionReason, 'restore'>;
}

export type VersionChange<C> =
  | { readonly outcome: 'appended'; readonly history: VersionHistory<C>; readonly version: DocumentVersion<C> }
  | { readonly outcome: 'unchanged'; readonly history: VersionHistory<C>; readonly version: DocumentVersion<C> };

export type VersionErrorCode = 'unknown-version' | 'duplicate-version-id';

export class VersionHistoryError extends Error {
  constructor(
    readonly code: VersionErrorCode,
    readonly versionId: string,
  ) {
    super(code === 'unknown-version' ? `Unknown version ${versionId}` : `Version id ${versionId} already used`);
    this.name = 'VersionHistoryError';
  }
}

export const emptyHistory = <C>(kind: DocumentKind): VersionHistory<C> => Object.freeze({ kind, versions: Object.freeze([]) });

export const current = <C>(history: VersionHistory<C>): DocumentVersion<C> | undefined =>
  history.versions[history.versions.length - 1];

export const findVersion = <C>(history: VersionHistory<C>, versionId: string): DocumentVersion<C> | undefined =>
  history.versions.find((v) => v.versionId === versionId);

function push<C>(
  history: VersionHistory<C>,
  content: C,
  meta: VersionMeta,
  reason: VersionReason,
  restoredFrom?: string,
): VersionChange<C> {
  // a reused id would make restore and cursors ambiguous
  if (findVersion(history, meta.versionId)) throw new VersionHistoryError('duplicate-version-id', meta.versionId);
  const last = current(history);
  const version: DocumentVersion<C> = frozenCopy({
    versionId: meta.versionId,
    number: (last?.number ?? 0) + 1,
    content,
    createdAt: meta.createdAt,
    createdBy: meta.createdBy,
    reason,
    ...(restoredFrom === undefined ? {} : { restoredFrom }),
  });
  // the earlier version objects are shared, not copied: they are frozen and never change
  const next = Object.freeze({ kind: history.kind, versions: Object.freeze([...history.versions, version]) });
  return { outcome: 'appended', history: next, version };
}

/** Saves new content. Saving what is already current appends nothing (no empty versions in the list). */
export function appendVersion<C>(history: VersionHistory<C>, content: C, meta: AppendMeta): VersionChange<C> {
  const last = current(history);
  if (last && stableEqual(last.content, content)) return { outcome: 'unchanged', history, version: last };
  return push(history, content, meta, meta.reason ?? 'edit');
}

/**
 * Restores an earlier version by appending a copy of it. Restoring content that is already current
 * (including the current version itself) is a no-op. Throws VersionHistoryError('unknown-version').
 */
export function restoreVersion<C>(history: VersionHistory<C>, versionId: string, meta: VersionMeta): VersionChange<C> {
  const chosen = findVersion(history, versionId);
  if (!chosen) throw new VersionHistoryError('unknown-version', versionId);
  const last = current(history)!;
  if (stableEqual(last.content, chosen.content)) return { outcome: 'unchanged', history, version: last };
  return push(history, chosen.content, meta, 'restore', chosen.versionId);
}
