import type { AppDocument } from '@sparkhouse/contracts';
import type { DocumentVersion } from '../domain/document-versions';
import type { Json } from '../domain/app-state';
import type { AppRow, VersionRow } from '../queries/creator-apps.queries';

/** A version as the calls answer it; isPublished says whether publishing made it live. */
export function versionView(v: VersionRow, app: Pick<AppRow, 'published'>, document: AppDocument) {
  return {
    versionId: v.version_id,
    number: v.number,
    content: v.content,
    createdAt: new Date(v.created_at).toISOString(),
    createdBy: v.created_by,
    reason: v.reason,
    restoredFrom: v.restored_from,
    isPublished: app.published?.versions?.[document] === v.version_id,
  };
}

/** The same, for a version a command just decided (before any read model shows it). */
export function decidedVersionView(v: DocumentVersion<Json>, app: Pick<AppRow, 'published'>, document: AppDocument) {
  return {
    versionId: v.versionId,
    number: v.number,
    content: v.content,
    createdAt: v.createdAt,
    createdBy: v.createdBy,
    reason: v.reason,
    restoredFrom: v.restoredFrom ?? null,
    isPublished: app.published?.versions?.[document] === v.versionId,
  };
}
