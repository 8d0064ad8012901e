import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { CallResponse, creatorApps } from '@sparkhouse/contracts';
import { isAdmin, type Principal } from '../../../platform/auth/principal';
import { APP_CONFIG, developmentTools, type AppConfig } from '../../../platform/config/config';
import { rows } from '../../../platform/database/sql';
import { logHead, subscribersReached } from '../../../platform/events/read-your-writes';
import { planCounts, publishAccess, type CreatorPlan, type PublishAccess } from '../domain/publish-access';
import { checkUnpublishedChanges, type AppContent } from '../domain/unpublished-changes';
import { whatGoesLive } from '../domain/what-goes-live';
import { visitorContent } from '../domain/visitor-view';
import type { AppRow } from './creator-apps.query';
import { draftsOf } from './unpublished-changes.query';
import { CREATOR_PLANS_PROJECTION } from '../domain/read-models';

/** How long the publish check waits for a plan bought a moment ago (its webhook recorded) to reach the read model. */
const PLAN_CATCH_UP_MS = 3_000;

/** Publishing: whether a caller may publish an app, and what would go live. */
@Injectable()
export class PublishingQueries {
  private readonly paymentsOn: boolean;

  constructor(
    private readonly orm: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.paymentsOn = Boolean(config.STRIPE_SECRET_KEY) || developmentTools(config).stripeEmulator;
  }

  /** A creator's creator-platform plans; when none counts yet, once more after the read model caught up with the log. */
  async plansOf(userId: string): Promise<CreatorPlan[]> {
    const read = () =>
      rows<{ tier_slug: string | null; status: string }>(
        this.orm.em.fork(),
        'select tier_slug, status from creator_platform_subscription where user_id = ? order by started_at desc',
        [userId],
      );
    let found = await read();
    if (!found.some((p) => planCounts(p.status))) {
      const em = this.orm.em.fork();
      await subscribersReached(em, [CREATOR_PLANS_PROJECTION], await logHead(em), PLAN_CATCH_UP_MS);
      found = await read();
    }
    return found.map((p) => ({ tierSlug: p.tier_slug, status: p.status }));
  }

  /** Whether `principal` may publish an app owned by `ownerId`. */
  async access(principal: Principal, ownerId: string): Promise<PublishAccess> {
    return publishAccess({
      byAdmin: isAdmin(principal),
      paymentsOn: this.paymentsOn,
      plans: await this.plansOf(ownerId),
    });
  }

  /** What goes live: every part as draft against live, field by field, and the publish access. */
  async preview(principal: Principal, row: AppRow): Promise<CallResponse<typeof creatorApps.getPublishPreview>> {
    const drafts = draftsOf(row);
    const published = row.published as AppContent | null;
    return {
      appId: row.app_id,
      isPublished: row.published_at !== null,
      publishedAt: row.published_at === null ? null : new Date(row.published_at).toISOString(),
      hasUnpublishedChanges: checkUnpublishedChanges(drafts, published).hasUnpublishedChanges,
      documents: whatGoesLive(drafts, published),
      publishing: await this.access(principal, row.owner_id),
      visitorView: { live: published ? visitorContent(published) : null, draft: visitorContent(drafts) },
    };
  }
}
