import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { AppDocument, BlueprintExample, CreatorApp, LandingPageInfo, PublicApp } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { rows } from '../../../platform/database/sql';
import { notFound, unauthorized } from '../../../platform/http/errors';
import { appStreamId, type Json } from '../domain/app-state';
import type { AppPricing } from '../domain/app-pricing';
import { canChangeApp, presentLandingPage } from '../domain/landing-page';
import { logHead, readUntil, subscribersReached } from '../../../platform/events/read-your-writes';
import { SharedReads } from '../../../platform/events/shared-reads';
import { STUDIO_PROJECTION } from '../domain/read-models';

export interface AppRow {
  app_id: string;
  owner_id: string;
  name: string;
  storefront_slug: string;
  app_slug: string;
  is_idea: boolean;
  prompt: string;
  app_idea: string | null;
  canvas_settings: Json | null;
  theme: CreatorApp['theme'];
  app_image: CreatorApp['appImage'];
  blueprint: Json | null;
  blueprint_version_id: string | null;
  landing_page: Json | null;
  landing_page_version_id: string | null;
  onboarding_flow: Json | null;
  onboarding_flow_version_id: string | null;
  /** The app's draft pricing (from the plans commerce has on sale for it). */
  pricing: AppPricing | null;
  published: {
    versions: Record<AppDocument, string | null>;
    landingPage: Json | null;
    blueprint: Json | null;
    onboardingFlow: Json | null;
    pricing?: AppPricing | null;
  } | null;
  published_at: Date | null;
  last_opened_at: Date | null;
  created_at: Date;
  updated_at: Date;
  build_run_id: string | null;
  build_status: CreatorApp['build']['status'];
  build_percent: number;
  build_step: string | null;
  build_error: string | null;
  has_unpublished_changes: boolean;
  version: number;
}

export interface VersionRow {
  version_id: string;
  number: number;
  content: Json;
  reason: 'edit' | 'restore' | 'ai-build' | 'ai-edit';
  restored_from: string | null;
  created_by: string;
  created_at: Date;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const landing = (page: Json | null | undefined) => presentLandingPage(page as LandingPageInfo | null) as LandingPageInfo | null;

/**
 * How long a read waits for the read model to show the app's latest change (normally milliseconds; on a
 * machine busy with other work the relay can lag seconds, and an app just created must not read as 404).
 */
const READ_YOUR_WRITES_MS = 10_000;
/** Lists wait less: a stalled relay must not make every dashboard load slow. */
const LIST_CATCH_UP_MS = 1_500;

/**
 * Reads of the creator studio's read models. Reads of one app wait (briefly) until the read model has
 * caught up with the app's stream, so a creator always sees their own last change.
 */
@Injectable()
export class CreatorAppsQueries {
  private readonly latest = new SharedReads<AppRow | null>();

  constructor(private readonly orm: Database) {}

  private get em() {
    return this.orm.em.fork();
  }

  /** The app row once it reflects the stream up to `version` (default: the whole stream). */
  async appRow(appId: string, version?: number): Promise<AppRow | null> {
    // the app as it is now: callers asking at once share one read (see SharedReads)
    if (version === undefined)
      return this.latest.read(appId, async (sent) => this.readRow(appId, await this.streamVersion(appId, sent)));
    return this.readRow(appId, version);
  }

  private async readRow(appId: string, target: number): Promise<AppRow | null> {
    if (target === 0) return null;
    const row = await readUntil(
      async () => (await rows<AppRow>(this.em, 'select * from creator_app where app_id = ?', [appId]))[0],
      (found) => Boolean(found && found.version >= target),
      READ_YOUR_WRITES_MS,
    );
    return row ?? null;
  }

  /** An app the caller may change (owner or admin); someone else's answers 404 like an unknown one. */
  async ownAppRow(principal: Principal | null, appId: string, version?: number): Promise<AppRow> {
    if (principal?.kind !== 'user') throw unauthorized();
    const row = await this.appRow(appId, version);
    if (!row || !canChangeApp(principal, { ownerId: row.owner_id })) throw notFound('No such app.');
    return row;
  }

  /** The app stream's version; `sent` is told when the query reaches the database (not while it waits for a connection). */
  private async streamVersion(appId: string, sent: () => void): Promise<number> {
    const { client, release } = await this.orm.checkout();
    try {
      sent();
      const { rows: found } = await client.query<{ v: number | null }>(
        'select max(stream_version) as v from domain_event where stream_id = $1',
        [appStreamId(appId)],
      );
      return found[0]?.v ?? 0;
    } finally {
      release();
    }
  }

  view(row: AppRow, withLandingPage = false): CreatorApp {
    return {
      appId: row.app_id,
      ownerId: row.owner_id,
      name: row.name,
      storefrontSlug: row.storefront_slug,
      appSlug: row.app_slug,
      isIdea: row.is_idea,
      prompt: row.prompt,
      appIdea: row.app_idea,
      canvasSettings: row.canvas_settings,
      theme: row.theme,
      appImage: row.app_image,
      isPublished: row.published_at !== null,
      publishedAt: iso(row.published_at),
      lastOpenedAt: iso(row.last_opened_at),
      createdAt: iso(row.created_at)!,
      updatedAt: iso(row.updated_at)!,
      build: {
        status: row.build_status,
        runId: row.build_run_id,
        percent: row.build_percent,
        step: row.build_step,
        error: row.build_error,
      },
      hasUnpublishedChanges: row.has_unpublished_changes,
      ...(withLandingPage ? { landingPageInfo: landing(row.landing_page) } : {}),
    };
  }

  /** A published app as anyone sees it; `draft` shows the drafts (its owner or an admin). */
  publicView(row: AppRow, { withLandingPage, draft }: { withLandingPage: boolean; draft: boolean }): PublicApp {
    return {
      appId: row.app_id,
      name: row.name,
      storefrontSlug: row.storefront_slug,
      appSlug: row.app_slug,
      appImage: row.app_image,
      theme: draft ? row.theme : ((row.published as { theme?: CreatorApp['theme'] } | null)?.theme ?? null),
      publishedAt: iso(row.published_at),
      ...(withLandingPage ? { landingPageInfo: landing(draft ? row.landing_page : row.published?.landingPage) } : {}),
    };
  }

  /**
   * Waits (briefly) until the studio projection has applied every event committed before this call,
   * so a list shows the caller's own latest changes (an app created a moment ago, its build state).
   */
  async caughtUp(timeoutMs = READ_YOUR_WRITES_MS): Promise<void> {
    const em = this.em;
    await subscribersReached(em, [STUDIO_PROJECTION], await logHead(em), timeoutMs);
  }

  /** The creator dashboard: most recently opened first, then newest. */
  async creatorApps(ownerId: string, { publishedOnly = false } = {}): Promise<AppRow[]> {
    await this.caughtUp(LIST_CATCH_UP_MS);
    return rows<AppRow>(
      this.em,
      `select * from creator_app where owner_id = ? ${publishedOnly ? 'and published_at is not null' : ''}
        order by last_opened_at desc nulls last, created_at desc, app_id limit 500`,
      [ownerId],
    );
  }

  async hasAny(ownerId: string): Promise<boolean> {
    await this.caughtUp(LIST_CATCH_UP_MS);
    return (await rows(this.em, 'select 1 from creator_app where owner_id = ? limit 1', [ownerId])).length > 0;
  }

  async allApps({ includeUnpublished }: { includeUnpublished: boolean }): Promise<AppRow[]> {
    return rows<AppRow>(
      this.em,
      `select * from creator_app ${includeUnpublished ? '' : 'where published_at is not null'}
        order by published_at desc nulls last, created_at desc, app_id limit 500`,
    );
  }

  async bySlug(storefrontSlug: string, appSlug: string): Promise<AppRow | null> {
    const [row] = await rows<AppRow>(this.em, 'select * from creator_app where storefront_slug = ? and app_slug = ?', [
      storefrontSlug,
      appSlug,
    ]);
    return row ?? null;
  }

  /** A published app for anyone; an unpublished one only for its owner or an admin (`draft`: they see drafts). */
  async visibleBySlug(principal: Principal | null, storefrontSlug: string, appSlug: string) {
    const row = await this.bySlug(storefrontSlug, appSlug);
    if (!row) throw notFound('No such app.');
    const draft = canChangeApp(principal, { ownerId: row.owner_id });
    if (!draft && row.published_at === null) throw notFound('No such app.');
    return { row, draft };
  }

  /** Every version of a document, newest first. */
  async versions(appId: string, document: AppDocument): Promise<VersionRow[]> {
    return rows<VersionRow>(
      this.em,
      `select version_id, number, content, reason, restored_from, created_by, created_at
         from creator_app_version where app_id = ? and document = ? order by number desc`,
      [appId, document],
    );
  }

  async userIdByEmail(email: string): Promise<string | null> {
    const [r] = await rows<{ user_id: string }>(this.em, 'select user_id from creator_profile where email = ? limit 1', [
      email.toLowerCase(),
    ]);
    return r?.user_id ?? null;
  }

  async examples(appId: string, type?: string): Promise<BlueprintExample[]> {
    const found = await rows<ExampleRow>(
      this.em,
      `select * from creator_blueprint_example where app_id = ? ${type ? 'and type = ?' : ''} order by created_at desc, example_id`,
      type ? [appId, type] : [appId],
    );
    return found.map(exampleView);
  }

  /** An example, once the read model shows its stream's latest event (read-your-writes), else null. */
  async example(exampleId: string): Promise<(BlueprintExample & { ownerId: string }) | null> {
    const [r] = await rows<{ v: number | null }>(
      this.em,
      'select max(stream_version) as v from domain_event where stream_id = ?',
      [`blueprint-example-${exampleId}`],
    );
    const target = r?.v ?? 0;
    if (target === 0) return null;
    const row = await readUntil(
      async () =>
        (await rows<ExampleRow>(this.em, 'select * from creator_blueprint_example where example_id = ?', [exampleId]))[0],
      (found) => Boolean(found && found.version >= target),
      READ_YOUR_WRITES_MS,
    );
    return row ? { ...exampleView(row), ownerId: row.owner_id } : null;
  }
}

interface ExampleRow {
  example_id: string;
  app_id: string;
  owner_id: string;
  title: string;
  content: string;
  type: string;
  created_at: Date;
  updated_at: Date;
  version: number;
}

const exampleView = (r: ExampleRow): BlueprintExample => ({
  exampleId: r.example_id,
  appId: r.app_id,
  title: r.title,
  content: r.content,
  type: r.type,
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
});
