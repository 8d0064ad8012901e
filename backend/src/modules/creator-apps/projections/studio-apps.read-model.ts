import type { Db } from '../../../platform/database/database';
import { rows, run } from '../../../platform/database/sql';
import type { ProjectionHandlers } from '../../../platform/events/define-projection';
import { pricingOf } from '../domain/app-pricing';
import { checkUnpublishedChanges, type AppContent } from '../domain/unpublished-changes';

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** App ids are UUIDs; plans of anything else (the membership, the creator platform) have no app row. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DOCUMENT_COLUMNS = {
  blueprint: ['blueprint', 'blueprint_version_id'],
  'landing-page': ['landing_page', 'landing_page_version_id'],
  'onboarding-flow': ['onboarding_flow', 'onboarding_flow_version_id'],
} as const;

/** Events that change what the unpublished-changes flag compares. */
export const CONTENT_EVENTS = new Set<string>([
  'AppDetailsChanged',
  'AppThemeChanged',
  'AppDocumentVersionAdded',
  'AppPublished',
]);

/** Compares the app's drafts with what is published (the dashboard's unpublished-changes flag). */
export async function refreshUnpublishedFlag(tx: Db, appId: string) {
  const [row] = await rows<{
    blueprint: unknown;
    landing_page: AppContent['landingPage'];
    onboarding_flow: unknown;
    pricing: AppContent['pricing'];
    theme: unknown;
    canvas_settings: unknown;
    published: AppContent | null;
  }>(
    tx,
    'select blueprint, landing_page, onboarding_flow, pricing, theme, canvas_settings, published from creator_app where app_id = ?',
    [appId],
  );
  if (!row) return;
  const drafts: AppContent = {
    blueprint: row.blueprint,
    landingPage: row.landing_page,
    onboardingFlow: row.onboarding_flow,
    pricing: row.pricing,
    theme: row.theme,
    canvasSettings: row.canvas_settings,
  };
  const { hasUnpublishedChanges } = checkUnpublishedChanges(drafts, row.published);
  await run(tx, 'update creator_app set has_unpublished_changes = ? where app_id = ?', [hasUnpublishedChanges, appId]);
}

/**
 * creator_app (each app with its drafts, published state, image and last opening) and
 * creator_app_version (every document version). The pricing comes from commerce's PriceOptionsDefined;
 * what it is when the app is published goes live with it.
 */
export const studioApps: ProjectionHandlers<
  | 'AppCreated'
  | 'AppDetailsChanged'
  | 'AppIsIdeaChanged'
  | 'AppThemeChanged'
  | 'AppOpened'
  | 'AppDocumentVersionAdded'
  | 'AppImageGenerated'
  | 'AppPublished'
  | 'AppAddressChanged'
  | 'AppShareImageGenerated'
  | 'PriceOptionsDefined'
> = {
  AppCreated: ({ payload: p, metadata: { occurredAt: at }, streamVersion }, tx) =>
    run(
      tx,
      `insert into creator_app (app_id, owner_id, name, storefront_slug, app_slug, address_storefront_slug, address_app_slug,
                                is_idea, prompt, created_at, updated_at, version)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (app_id) do nothing`,
      [
        p.appId,
        p.ownerId,
        p.name,
        p.storefrontSlug,
        p.appSlug,
        p.storefrontSlug,
        p.appSlug,
        p.isIdea,
        p.prompt,
        at,
        at,
        streamVersion,
      ],
    ),
  AppDetailsChanged: ({ payload: p }, tx) =>
    run(
      tx,
      `update creator_app set name = coalesce(?, name),
              app_idea = case when ? then ? else app_idea end,
              canvas_settings = case when ? then ?::jsonb else canvas_settings end
        where app_id = ?`,
      [
        p.name ?? null,
        p.appIdea !== undefined,
        p.appIdea ?? null,
        p.canvasSettings !== undefined,
        json(p.canvasSettings),
        p.appId,
      ],
    ),
  AppIsIdeaChanged: ({ payload: p }, tx) => run(tx, 'update creator_app set is_idea = ? where app_id = ?', [p.isIdea, p.appId]),
  AppThemeChanged: ({ payload: p }, tx) =>
    run(tx, 'update creator_app set theme = ?::jsonb where app_id = ?', [json(p.theme), p.appId]),
  AppOpened: ({ payload: p }, tx) =>
    run(tx, 'update creator_app set last_opened_at = greatest(last_opened_at, ?::timestamptz) where app_id = ?', [
      p.openedAt,
      p.appId,
    ]),
  AppDocumentVersionAdded: async ({ payload: p, metadata: { occurredAt: at, actor } }, tx) => {
    await run(
      tx,
      `insert into creator_app_version (version_id, app_id, document, number, content, reason, restored_from, run_id, created_by, created_at)
       values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?) on conflict (version_id) do nothing`,
      [p.versionId, p.appId, p.document, p.number, json(p.content), p.reason, p.restoredFrom, p.runId, actor, at],
    );
    const [content, versionId] = DOCUMENT_COLUMNS[p.document];
    return run(tx, `update creator_app set ${content} = ?::jsonb, ${versionId} = ? where app_id = ?`, [
      json(p.content),
      p.versionId,
      p.appId,
    ]);
  },
  AppImageGenerated: ({ payload: p }, tx) => {
    const image = { url: p.url, width: p.width, height: p.height, generatedBy: p.generatedBy };
    return run(tx, 'update creator_app set app_image = ?::jsonb where app_id = ?', [json(image), p.appId]);
  },
  AppPublished: async ({ payload: p }, tx) => {
    const ids = Object.values(p.versions).filter((v): v is string => v !== null);
    const found = await rows<{ document: keyof typeof DOCUMENT_COLUMNS; content: unknown }>(
      tx,
      `select document, content from creator_app_version where version_id in (select x::uuid from jsonb_array_elements_text(?::jsonb) x)`,
      [JSON.stringify(ids)],
    );
    const content = (d: string) => found.find((r) => r.document === d)?.content ?? null;
    // the pricing as it is when the app is published goes live with it (commerce copies its plans alike)
    const [app] = await rows<{ pricing: unknown }>(tx, 'select pricing from creator_app where app_id = ?', [p.appId]);
    const published = {
      versions: p.versions,
      blueprint: content('blueprint'),
      landingPage: content('landing-page'),
      onboardingFlow: content('onboarding-flow'),
      pricing: app?.pricing ?? null,
      theme: p.theme,
      canvasSettings: p.canvasSettings,
    };
    return run(tx, 'update creator_app set published = ?::jsonb, published_at = ? where app_id = ?', [
      json(published),
      p.publishedAt,
      p.appId,
    ]);
  },
  AppAddressChanged: ({ payload: p }, tx) =>
    run(
      tx,
      `update creator_app set address_storefront_slug = ?, address_app_slug = ?,
              storefront_slug = case when ? then ? else storefront_slug end,
              app_slug = case when ? then ? else app_slug end
        where app_id = ?`,
      [p.storefrontSlug, p.appSlug, p.rekeyed, p.storefrontSlug, p.rekeyed, p.appSlug, p.appId],
    ),
  AppShareImageGenerated: ({ payload: p }, tx) =>
    run(tx, 'update creator_app set share_image = ?::jsonb where app_id = ?', [
      json({ url: p.url, width: p.width, height: p.height, publishedAt: p.publishedAt }),
      p.appId,
    ]),
  PriceOptionsDefined: async ({ payload: p }, tx) => {
    if (!p.appId || !UUID.test(p.appId)) return;
    await run(tx, 'update creator_app set pricing = ?::jsonb where app_id = ?', [json(pricingOf(p.options)), p.appId]);
    await refreshUnpublishedFlag(tx, p.appId);
  },
};
