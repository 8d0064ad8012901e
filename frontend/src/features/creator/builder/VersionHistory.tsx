import type { ReactNode } from 'react';
import { Button, TagChip } from '../../../ui';
import { formatRelativeTime } from '../../format';

export interface VersionRow {
  versionId: string;
  number: number;
  createdAt: string;
  reason: 'edit' | 'restore' | 'ai-build' | 'ai-edit';
  restoredFrom: string | null;
  isPublished: boolean;
}

const REASON: Record<VersionRow['reason'], string> = {
  edit: 'Edited',
  restore: 'Restored',
  'ai-build': 'Built by AI',
  'ai-edit': 'Edited by AI',
};

export function versionDescription(version: VersionRow, all: readonly VersionRow[]): string {
  if (version.reason === 'restore' && version.restoredFrom) {
    const from = all.find((v) => v.versionId === version.restoredFrom);
    return from ? `Restored version ${from.number}` : REASON.restore;
  }
  return REASON[version.reason];
}

/**
 * A document's versions, newest first: who made each one and when, which one is current and which
 * is published, and Restore on the others (a restore adds a new version; history is never rewritten).
 */
export function VersionHistory({
  title,
  versions,
  currentVersionId,
  restoringId,
  onRestore,
  footer,
  headingId,
}: {
  title: string;
  versions: readonly VersionRow[];
  currentVersionId: string | null;
  restoringId: string | null;
  onRestore: (versionId: string) => void;
  footer?: ReactNode;
  headingId: string;
}) {
  const now = new Date();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {versions.length === 0 ? (
        <p className="muted">No versions yet. Saving creates the first one.</p>
      ) : (
        <ol className="version-list" aria-label={title}>
          {versions.map((version) => {
            const current = version.versionId === currentVersionId;
            return (
              <li key={version.versionId} className="version-list__item">
                <div className="version-list__main">
                  <span className="version-list__title">Version {version.number}</span>
                  <span className="version-list__when">
                    {versionDescription(version, versions)} ·{' '}
                    <time dateTime={version.createdAt}>{formatRelativeTime(version.createdAt, now)}</time>
                  </span>
                </div>
                <div className="row">
                  {current && <TagChip tone="primary">Current</TagChip>}
                  {version.isPublished && <TagChip tone="success">Published</TagChip>}
                  {!current && (
                    <Button
                      variant="secondary"
                      size="small"
                      loading={restoringId === version.versionId}
                      disabled={restoringId !== null && restoringId !== version.versionId}
                      aria-label={`Restore version ${version.number}`}
                      onClick={() => onRestore(version.versionId)}
                    >
                      Restore
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {footer}
    </section>
  );
}
