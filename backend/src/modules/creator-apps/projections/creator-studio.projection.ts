import { Injectable } from '@nestjs/common';
import type { Db } from '../../../platform/database/database';
import {
  AppBuildRequested,
  AppBuildResultRejected,
  AppBuildResultStored,
  AppCreated,
  AppDetailsChanged,
  AppDocumentVersionAdded,
  AppImageGenerated,
  AppIsIdeaChanged,
  AppOpened,
  AppPublished,
  AppThemeChanged,
  BlueprintExampleSaved,
  BlueprintExampleUpdated,
  BrainstormIdeasStored,
  BrainstormRequested,
  JobAttemptFailed,
  JobCanceled,
  JobFailed,
  JobProgressed,
  JobRequeued,
  JobStarted,
  LandingPageEditRequested,
  PriceOptionsDefined,
  UserProfileCreated,
  type EventPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { rows, run } from '../../../platform/database/sql';
import { Subscribes, type Projection } from '../../../platform/events/subscribers';
import { pricingOf } from '../domain/app-pricing';
import { checkUnpublishedChanges, type AppContent } from '../domain/unpublished-changes';

type P<D> = EventPayload<D>;
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** The projection's name: its checkpoint says how far the studio read models are. */
export const STUDIO_PROJECTION = 'creator-apps.studio';

/** The jobs whose runs the studio shows (an app's build, a brainstorm). */
const STUDIO_JOBS = new Set<string>(['creator-apps.build-app', 'creator-apps.brainstorm']);

/** Events that change what the unpublished-changes flag compares. */
const CONTENT_EVENTS = new Set<string>([
  AppDetailsChanged.type,
  AppThemeChanged.type,
  AppDocumentVersionAdded.type,
  AppPublished.type,
]);

/** App ids are UUIDs; plans of anything else (the membership, the creator platform) have no app row. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DOCUMENT_COLUMNS = {
  blueprint: ['blueprint', 'blueprint_version_id'],
  'landing-page': ['landing_page', 'landing_page_version_id'],
  'onboarding-flow': ['onboarding_flow', 'onboarding_flow_version_id'],
} as const;

/**
 * The creator studio's read models: creator_app (each app with its drafts, published state, image,
 * last opened, its latest build's state from the job lifecycle, and the unpublished-changes flag:
 * the creator dashboard), creator_app_version (every document version), creator_blueprint_example,
 * creator_brainstorm, and creator_profile (names and emails for the admin look-ups). Everything is a
 * function of the events alone (times come from the events), so a replay rebuilds it identically.
 */
@Subscribes()
@Injectable()
export class CreatorStudioProjection implements Projection {
  readonly kind = 'projection';
  readonly name = STUDIO_PROJECTION;
  // 2: creator_app.pricing and the published pricing (from commerce's PriceOptionsDefined)
  readonly version = 2;
  readonly handles = [
    AppCreated.type,
    AppDetailsChanged.type,
    AppIsIdeaChanged.type,
    AppThemeChanged.type,
    AppOpened.type,
    AppDocumentVersionAdded.type,
    AppImageGenerated.type,
    AppBuildRequested.type,
    LandingPageEditRequested.type,
    AppBuildResultStored.type,
    AppBuildResultRejected.type,
    AppPublished.type,
    PriceOptionsDefined.type,
    BlueprintExampleSaved.type,
    BlueprintExampleUpdated.type,
    BrainstormRequested.type,
    BrainstormIdeasStored.type,
    UserProfileCreated.type,
    JobStarted.type,
    JobProgressed.type,
    JobAttemptFailed.type,
    JobRequeued.type,
    JobFailed.type,
    JobCanceled.type,
  ];

  async truncate(em: Db) {
    await run(em, 'truncate creator_app, creator_app_version, creator_blueprint_example, creator_brainstorm, creator_profile');
  }

  /** Of the job lifecycle, only builds' and brainstorms' (facts written before jobs named themselves are all taken). */
  accepts(e: StoredEvent) {
    const name = e.type.startsWith('Job') ? (e.payload as { name?: string }).name : undefined;
    return name === undefined || STUDIO_JOBS.has(name);
  }

  async handle(em: Db, e: StoredEvent) {
    await this.apply(em, e);
    if (e.streamId.startsWith('app-')) {
      const appId = (e.payload as { appId: string }).appId;
      if (e.type !== AppCreated.type) {
        await run(em, 'update creator_app set version = ?, updated_at = ? where app_id = ? and version < ?', [
          e.streamVersion,
          e.metadata.occurredAt,
          appId,
          e.streamVersion,
        ]);
      }
      if (CONTENT_EVENTS.has(e.type)) await this.refreshUnpublishedFlag(em, appId);
    }
    if (e.type === PriceOptionsDefined.type) {
      const appId = (e.payload as P<typeof PriceOptionsDefined>).appId;
      if (appId && UUID.test(appId)) await this.refreshUnpublishedFlag(em, appId);
    }
  }

  private async apply(em: Db, e: StoredEvent) {
    const at = e.metadata.occurredAt;
    switch (e.type) {
      case AppCreated.type: {
        const p = e.payload as P<typeof AppCreated>;
        return run(
          em,
          `insert into creator_app (app_id, owner_id, name, storefront_slug, app_slug, is_idea, prompt, created_at, updated_at, version)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (app_id) do nothing`,
          [p.appId, p.ownerId, p.name, p.storefrontSlug, p.appSlug, p.isIdea, p.prompt, at, at, e.streamVersion],
        );
      }
      case AppDetailsChanged.type: {
        const p = e.payload as P<typeof AppDetailsChanged>;
        return run(
          em,
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
        );
      }
      case AppIsIdeaChanged.type: {
        const p = e.payload as P<typeof AppIsIdeaChanged>;
        return run(em, 'update creator_app set is_idea = ? where app_id = ?', [p.isIdea, p.appId]);
      }
      case AppThemeChanged.type: {
        const p = e.payload as P<typeof AppThemeChanged>;
        return run(em, 'update creator_app set theme = ?::jsonb where app_id = ?', [json(p.theme), p.appId]);
      }
      case AppOpened.type: {
        const p = e.payload as P<typeof AppOpened>;
        return run(em, 'update creator_app set last_opened_at = greatest(last_opened_at, ?::timestamptz) where app_id = ?', [
          p.openedAt,
          p.appId,
        ]);
      }
      case AppDocumentVersionAdded.type: {
        const p = e.payload as P<typeof AppDocumentVersionAdded>;
        await run(
          em,
          `insert into creator_app_version (version_id, app_id, document, number, content, reason, restored_from, run_id, created_by, created_at)
           values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?) on conflict (version_id) do nothing`,
          [p.versionId, p.appId, p.document, p.number, json(p.content), p.reason, p.restoredFrom, p.runId, e.metadata.actor, at],
        );
        const [content, versionId] = DOCUMENT_COLUMNS[p.document];
        return run(em, `update creator_app set ${content} = ?::jsonb, ${versionId} = ? where app_id = ?`, [
          json(p.content),
          p.versionId,
          p.appId,
        ]);
      }
      case AppImageGenerated.type: {
        const p = e.payload as P<typeof AppImageGenerated>;
        const image = { url: p.url, width: p.width, height: p.height, generatedBy: p.generatedBy };
        return run(em, 'update creator_app set app_image = ?::jsonb where app_id = ?', [json(image), p.appId]);
      }
      case AppBuildRequested.type: {
        const p = e.payload as P<typeof AppBuildRequested>;
        return run(
          em,
          `update creator_app set build_run_id = ?, build_status = 'queued', build_percent = 0, build_step = null, build_error = null
            where app_id = ?`,
          [p.runId, p.appId],
        );
      }
      case AppBuildResultStored.type: {
        const p = e.payload as P<typeof AppBuildResultStored>;
        return run(
          em,
          `update creator_app set build_status = 'completed', build_percent = 100, build_error = null
            where app_id = ? and build_run_id = ?`,
          [p.appId, p.runId],
        );
      }
      case AppBuildResultRejected.type: {
        const p = e.payload as P<typeof AppBuildResultRejected>;
        return run(em, `update creator_app set build_status = 'failed', build_error = ? where app_id = ? and build_run_id = ?`, [
          p.reason,
          p.appId,
          p.runId,
        ]);
      }
      case AppPublished.type: {
        const p = e.payload as P<typeof AppPublished>;
        const ids = Object.values(p.versions).filter((v): v is string => v !== null);
        const found = await rows<{ document: keyof typeof DOCUMENT_COLUMNS; content: unknown }>(
          em,
          `select document, content from creator_app_version where version_id in (select x::uuid from jsonb_array_elements_text(?::jsonb) x)`,
          [JSON.stringify(ids)],
        );
        const content = (d: string) => found.find((r) => r.document === d)?.content ?? null;
        // the pricing as it is when the app is published goes live with it (commerce copies its plans alike)
        const [app] = await rows<{ pricing: unknown }>(em, 'select pricing from creator_app where app_id = ?', [p.appId]);
        const published = {
          versions: p.versions,
          blueprint: content('blueprint'),
          landingPage: content('landing-page'),
          onboardingFlow: content('onboarding-flow'),
          pricing: app?.pricing ?? null,
          theme: p.theme,
          canvasSettings: p.canvasSettings,
        };
        return run(em, 'update creator_app set published = ?::jsonb, published_at = ? where app_id = ?', [
          json(published),
          p.publishedAt,
          p.appId,
        ]);
      }
      case PriceOptionsDefined.type: {
        const p = e.payload as P<typeof PriceOptionsDefined>;
        if (!p.appId || !UUID.test(p.appId)) return;
        return run(em, 'update creator_app set pricing = ?::jsonb where app_id = ?', [json(pricingOf(p.options)), p.appId]);
      }
      case BlueprintExampleSaved.type: {
        const p = e.payload as P<typeof BlueprintExampleSaved>;
        return run(
          em,
          `insert into creator_blueprint_example (example_id, app_id, owner_id, title, content, type, created_at, updated_at, version)
           select ?, ?, coalesce((select owner_id from creator_app where app_id = ?), ''), ?, ?, ?, ?, ?, ?
           on conflict (example_id) do nothing`,
          [p.exampleId, p.appId, p.appId, p.title, p.content, p.type, at, at, e.streamVersion],
        );
      }
      case BlueprintExampleUpdated.type: {
        const p = e.payload as P<typeof BlueprintExampleUpdated>;
        return run(
          em,
          `update creator_blueprint_example set title = coalesce(?, title), content = coalesce(?, content), updated_at = ?, version = ?
            where example_id = ? and version < ?`,
          [p.title ?? null, p.content ?? null, at, e.streamVersion, p.exampleId, e.streamVersion],
        );
      }
      case BrainstormRequested.type: {
        const p = e.payload as P<typeof BrainstormRequested>;
        return run(
          em,
          `insert into creator_brainstorm (brainstorm_id, owner_id, prompt, run_id, status, created_at)
           values (?, ?, ?, ?, 'queued', ?) on conflict (brainstorm_id) do nothing`,
          [p.brainstormId, p.ownerId, p.prompt, p.runId, at],
        );
      }
      case BrainstormIdeasStored.type: {
        const p = e.payload as P<typeof BrainstormIdeasStored>;
        return run(
          em,
          `update creator_brainstorm set status = 'completed', ideas = ?::jsonb, generated_by = ?, error = null where brainstorm_id = ?`,
          [json(p.ideas), p.generatedBy, p.brainstormId],
        );
      }
      case UserProfileCreated.type: {
        const p = e.payload as P<typeof UserProfileCreated>;
        return run(
          em,
          `insert into creator_profile (user_id, email, first_name, last_name) values (?, ?, ?, ?)
           on conflict (user_id) do update set email = excluded.email, first_name = excluded.first_name, last_name = excluded.last_name`,
          [p.userId, p.email.toLowerCase(), p.firstName, p.lastName],
        );
      }
      // the job lifecycle of builds (by the app's latest build run) and brainstorms (by their run)
      case JobStarted.type:
        return this.jobState(em, (e.payload as P<typeof JobStarted>).runId, 'running', { error: null });
      case JobProgressed.type: {
        const p = e.payload as P<typeof JobProgressed>;
        return run(
          em,
          `update creator_app set build_percent = ?, build_step = ? where build_run_id = ? and build_status in ('queued', 'running')`,
          [p.percent, p.step, p.runId],
        );
      }
      case JobAttemptFailed.type: {
        const p = e.payload as P<typeof JobAttemptFailed>;
        return this.jobState(em, p.runId, 'queued', { error: p.reason });
      }
      case JobRequeued.type:
        return this.jobState(em, (e.payload as P<typeof JobRequeued>).runId, 'queued', {});
      case JobFailed.type: {
        const p = e.payload as P<typeof JobFailed>;
        return this.jobState(em, p.runId, 'failed', { error: p.reason });
      }
      case JobCanceled.type: {
        const p = e.payload as P<typeof JobCanceled>;
        return this.jobState(em, p.runId, 'canceled', { error: p.reason });
      }
    }
  }

  /** Moves a build or brainstorm run to a status, only while it has not finished. */
  private async jobState(em: Db, runId: string, status: string, { error }: { error?: string | null }) {
    const keepError = error === undefined;
    await run(
      em,
      `update creator_app set build_status = ?, build_error = case when ? then build_error else ? end
        where build_run_id = ? and build_status in ('queued', 'running')`,
      [status, keepError, error ?? null, runId],
    );
    await run(
      em,
      `update creator_brainstorm set status = ?, error = case when ? then error else ? end
        where run_id = ? and status in ('queued', 'running')`,
      [status, keepError, error ?? null, runId],
    );
  }

  private async refreshUnpublishedFlag(em: Db, appId: string) {
    const [row] = await rows<{
      blueprint: unknown;
      landing_page: AppContent['landingPage'];
      onboarding_flow: unknown;
      pricing: AppContent['pricing'];
      theme: unknown;
      canvas_settings: unknown;
      published: AppContent | null;
    }>(
      em,
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
    await run(em, 'update creator_app set has_unpublished_changes = ? where app_id = ?', [hasUnpublishedChanges, appId]);
  }
}
