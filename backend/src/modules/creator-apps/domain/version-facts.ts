import { randomUUID } from 'node:crypto';
import { AppDocumentVersionAdded, type AppDocument, type NewEvent } from '@sparkhouse/contracts';
import type { AppState, Json } from './app-state';
import { appendVersion, type VersionChange } from './document-versions';

/** The AppDocumentVersionAdded fact of a change, or none when nothing changed. */
export function versionFacts(
  appId: string,
  document: AppDocument,
  change: VersionChange<Json>,
  runId: string | null,
): NewEvent[] {
  if (change.outcome === 'unchanged') return [];
  const v = change.version;
  return [
    {
      type: AppDocumentVersionAdded.type,
      payload: {
        appId,
        document,
        versionId: v.versionId,
        number: v.number,
        content: v.content,
        reason: v.reason,
        restoredFrom: v.restoredFrom ?? null,
        runId,
      },
    },
  ];
}

/** The versions a job's run wrote into an app's documents (by 'ai'), one fact per changed document. */
export function jobVersions(
  app: AppState,
  runId: string,
  docs: [AppDocument, Json][],
  reason: 'ai-build' | 'ai-edit',
  createdAt = new Date().toISOString(),
): NewEvent[] {
  return docs.flatMap(([document, content]) => {
    const change = appendVersion(app.histories[document], content, {
      versionId: randomUUID(),
      createdAt,
      createdBy: 'ai',
      reason,
    });
    return versionFacts(app.appId, document, change, runId);
  });
}
