import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../api';
import { Button, useToast } from '../../../ui';
import { ErrorState, LoadingState } from '../../catalogue';
import type { DraftStatus } from './useVersionDraft';
import { VersionHistory, type VersionRow } from './VersionHistory';

/** Said when a new version (a restore, an AI edit) arrives while the editor holds unsaved edits. */
export const NEWER_VERSION_TEXT = 'A newer version arrived — keep editing your draft or load the new version.';

/** The draft is kept; the creator chooses between it and the version that just arrived. */
export function NewerVersionNotice({ draft }: { draft: DraftStatus }) {
  if (!draft.newerArrived) return null;
  return (
    <div className="callout draft-notice" role="status">
      <p>{NEWER_VERSION_TEXT}</p>
      <div className="row">
        <Button size="small" variant="secondary" onClick={draft.keepDraft}>
          Keep editing my draft
        </Button>
        <Button size="small" variant="transparent" onClick={draft.loadNewer}>
          Load the new version
        </Button>
      </div>
    </div>
  );
}

/** An editor's save bar: save (only with edits), discard, and whether the draft is saved. */
export function DraftSaveBar({ draft, label, saving }: { draft: DraftStatus; label: string; saving: boolean }) {
  return (
    <div className="editor-form__actions">
      <Button type="submit" loading={saving} disabled={!draft.dirty}>
        {label}
      </Button>
      {draft.dirty && (
        <Button variant="transparent" onClick={draft.discard}>
          Discard changes
        </Button>
      )}
      <span className="muted" aria-live="polite">
        {draft.dirty ? 'Unsaved edits' : 'Saved'}
      </span>
    </div>
  );
}

interface VersionsQueryState {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * A document's version history, loaded, with Restore: a restore adds a new version and says which;
 * one restore at a time.
 */
export function RestorableVersions({
  noun,
  headingId,
  query,
  versions,
  currentVersionId,
  restore,
  footer,
}: {
  /** What the versions are of, in a sentence: "blueprint", "landing page". */
  noun: string;
  headingId: string;
  query: VersionsQueryState;
  versions: readonly VersionRow[];
  currentVersionId: string | null;
  restore: (
    versionId: string,
    handlers: { onSuccess: (r: { version: { number: number } }) => void; onError: (e: Error) => void; onSettled: () => void },
  ) => void;
  footer?: ReactNode;
}) {
  const toast = useToast();
  const [restoringId, setRestoringId] = useState<string | null>(null);
  if (query.isPending) return <LoadingState label={`Loading ${noun} versions`} />;
  if (query.isError)
    return <ErrorState title={`Could not load ${noun} versions`} error={query.error} onRetry={() => void query.refetch()} />;
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} versions`;
  return (
    <VersionHistory
      title={title}
      headingId={headingId}
      versions={versions}
      currentVersionId={currentVersionId ?? versions[0]?.versionId ?? null}
      restoringId={restoringId}
      onRestore={(versionId) => {
        setRestoringId(versionId);
        restore(versionId, {
          onSuccess: ({ version }) => toast.show({ kind: 'success', message: `Restored as version ${version.number}.` }),
          onError: (e) => toast.show({ kind: 'error', title: 'Could not restore', message: errorMessage(e) }),
          onSettled: () => setRestoringId(null),
        });
      }}
      footer={footer}
    />
  );
}

/** "Show older versions" under a paged version history, while there are older pages to load. */
export function OlderVersionsButton({
  pages,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button variant="secondary" size="small" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
      Show older versions
    </Button>
  );
}
