import {
  AppBlueprintSchema,
  defaultOnboardingFlow,
  OnboardingFlowSchema,
  type AppBlueprint,
  type AppDocument,
  type OnboardingFlow,
} from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { badRequest } from '../../../platform/http/errors';
import { PaginationError, pageVersions } from '../domain/version-pagination';
import type { DocumentVersion } from '../domain/document-versions';
import type { Json } from '../domain/app-state';
import type { AppRow, CreatorAppsQueries, VersionRow } from '../queries/creator-apps.query';

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

/** A page of a document's versions, newest first, for the owner (or an admin); a bad cursor is a 400. */
export async function versionPage(
  apps: CreatorAppsQueries,
  principal: Principal | null,
  query: { appId: string; limit?: number; cursor?: string },
  document: AppDocument,
) {
  const row = await apps.ownAppRow(principal, query.appId);
  const all = await apps.versions(row.app_id, document);
  const byId = new Map(all.map((v) => [v.version_id, v]));
  try {
    // the pure paging rule works on version numbers; the page is answered from the read-model rows
    const page = pageVersions(
      all.map((v) => ({
        versionId: v.version_id,
        number: v.number,
        content: null,
        createdAt: '',
        createdBy: '',
        reason: v.reason,
      })),
      { cursor: query.cursor, limit: query.limit },
    );
    const versions = page.versions.map((v) => versionView(byId.get(v.versionId)!, row, document));
    return { versions, nextCursor: page.nextCursor, hasMore: page.hasMore };
  } catch (error) {
    if (error instanceof PaginationError) {
      throw badRequest(error.code === 'invalid-cursor' ? 'cursor must be a nextCursor from an earlier page' : error.message);
    }
    throw error;
  }
}

/**
 * The onboarding flow and blueprint a caller meets: the drafts for the owner (or an admin), the
 * published ones for anyone else; an app without a flow (or with one older than today's schema)
 * gets the default flow derived from its blueprint.
 */
export function appAsVisited(
  row: AppRow,
  draft: boolean,
): { flow: OnboardingFlow; versionId: string | null; isDefault: boolean; blueprint: AppBlueprint | null } {
  const stored = draft ? row.onboarding_flow : row.published?.onboardingFlow;
  const parsedBlueprint = AppBlueprintSchema.safeParse(draft ? row.blueprint : row.published?.blueprint);
  const blueprint = parsedBlueprint.success ? parsedBlueprint.data : null;
  const flow = stored ? OnboardingFlowSchema.safeParse(stored) : null;
  if (flow?.success) {
    const versionId = draft ? row.onboarding_flow_version_id : (row.published?.versions?.['onboarding-flow'] ?? null);
    return { flow: flow.data, versionId, isDefault: false, blueprint };
  }
  return { flow: defaultOnboardingFlow(row.name, blueprint), versionId: null, isDefault: true, blueprint };
}
