import { Injectable } from '@nestjs/common';
import type { Db } from '../../../platform/database/database';
import {
  AnonymousIdLinked,
  JobCompleted,
  JobFailed,
  JobProgressed,
  JobStarted,
  OnboardingCompleted,
  OnboardingUserStateSaved,
  PersonalizedPlanRequested,
  TestFlowCreated,
  TestFlowDeleted,
  TestFlowUpdated,
  type EventPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { rows, run } from '../../../platform/database/sql';
import { Subscribes, type Projection } from '../../../platform/events/subscribers';

type P<D> = EventPayload<D>;
const json = (v: unknown) => JSON.stringify(v);

export const VISITORS_PROJECTION = 'creator-apps.visitors';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PLAN_JOB = 'app-visitors.personalized-plan';

/**
 * An app's visitors: app_visitor_onboarding (each visitor's answers, place and completion) and
 * app_visitor_plan (their plans, with the plan job's status, progress and result). When an anonymous
 * visitor signs up or in (AnonymousIdLinked), their rows become the member's. app_test_flow holds
 * the creators' test flows. A creator's tests of
 * their app have testing_step_id set: apart from live visitors (their own visitor id), never counted. A function of the
 * events alone (times from the events), so a replay rebuilds it identically.
 */
@Subscribes()
@Injectable()
export class AppVisitorsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = VISITORS_PROJECTION;
  readonly version = 1;
  readonly handles = [
    OnboardingUserStateSaved.type,
    OnboardingCompleted.type,
    PersonalizedPlanRequested.type,
    AnonymousIdLinked.type,
    JobStarted.type,
    JobProgressed.type,
    JobCompleted.type,
    JobFailed.type,
    TestFlowCreated.type,
    TestFlowUpdated.type,
    TestFlowDeleted.type,
  ];

  /** A linked anonymous id's facts belong to its member (a fact may be delivered again after the link). */
  private async visitorOf(em: Db, visitorId: string): Promise<string> {
    if (!visitorId.startsWith('anon_')) return visitorId;
    const [link] = await rows<{ user_id: string }>(em, 'select user_id from app_visitor_link where anonymous_id = ?', [
      visitorId,
    ]);
    return link?.user_id ?? visitorId;
  }

  async truncate(em: Db) {
    await run(em, 'truncate app_visitor_onboarding, app_visitor_plan, app_test_flow, app_visitor_link');
  }

  /** Of the job lifecycle, only plan runs' (facts written before jobs named themselves are all taken). */
  accepts(e: StoredEvent) {
    const name = e.type.startsWith('Job') ? (e.payload as { name?: string }).name : undefined;
    return name === undefined || name === PLAN_JOB;
  }

  async handle(em: Db, e: StoredEvent) {
    const at = e.metadata.occurredAt;
    // plan runs have uuid ids; other jobs' runs never match a plan row
    if (e.type.startsWith('Job') && !UUID.test((e.payload as { runId: string }).runId)) return;
    switch (e.type) {
      case OnboardingUserStateSaved.type: {
        const p = { ...(e.payload as P<typeof OnboardingUserStateSaved>) };
        p.visitorId = await this.visitorOf(em, p.visitorId);
        return run(
          em,
          `insert into app_visitor_onboarding (app_id, visitor_id, user_state, pages_info, updated_at, testing_step_id)
           values (?, ?, ?::jsonb, ?::jsonb, ?, ?)
           on conflict (app_id, visitor_id) do update
             set user_state = excluded.user_state, pages_info = excluded.pages_info, updated_at = excluded.updated_at
             where excluded.updated_at >= app_visitor_onboarding.updated_at`,
          [p.appId, p.visitorId, json(p.userState), json(p.pagesInfo), at, p.testingStepId ?? null],
        );
      }
      case OnboardingCompleted.type: {
        const p = { ...(e.payload as P<typeof OnboardingCompleted>) };
        p.visitorId = await this.visitorOf(em, p.visitorId);
        return run(
          em,
          `insert into app_visitor_onboarding (app_id, visitor_id, user_state, pages_info, completed_at, updated_at, testing_step_id)
           values (?, ?, ?::jsonb, ?::jsonb, ?, ?, ?)
           on conflict (app_id, visitor_id) do update
             set user_state = excluded.user_state, pages_info = excluded.pages_info,
                 completed_at = coalesce(app_visitor_onboarding.completed_at, excluded.completed_at), updated_at = excluded.updated_at
             where excluded.updated_at >= app_visitor_onboarding.updated_at`,
          [p.appId, p.visitorId, json(p.finalUserState), json(p.pagesInfo), at, at, p.testingStepId ?? null],
        );
      }
      case PersonalizedPlanRequested.type: {
        const p = { ...(e.payload as P<typeof PersonalizedPlanRequested>) };
        p.visitorId = await this.visitorOf(em, p.visitorId);
        return run(
          em,
          `insert into app_visitor_plan (plan_id, app_id, visitor_id, run_id, status, requested_at, testing_step_id)
           values (?, ?, ?, ?, 'queued', ?, ?) on conflict (plan_id) do nothing`,
          [p.planId, p.appId, p.visitorId, p.runId, at, p.testingStepId ?? null],
        );
      }
      case AnonymousIdLinked.type: {
        const p = e.payload as P<typeof AnonymousIdLinked>;
        await run(em, 'insert into app_visitor_link (anonymous_id, user_id) values (?, ?) on conflict do nothing', [
          p.anonymousId,
          p.userId,
        ]);
        // the anonymous answers become the member's, unless the member's own are newer
        await run(
          em,
          `insert into app_visitor_onboarding (app_id, visitor_id, user_state, pages_info, completed_at, updated_at, testing_step_id)
           select app_id, ?, user_state, pages_info, completed_at, updated_at, testing_step_id from app_visitor_onboarding where visitor_id = ?
           on conflict (app_id, visitor_id) do update
             set user_state = excluded.user_state, pages_info = excluded.pages_info,
                 completed_at = coalesce(excluded.completed_at, app_visitor_onboarding.completed_at), updated_at = excluded.updated_at
             where excluded.updated_at > app_visitor_onboarding.updated_at`,
          [p.userId, p.anonymousId],
        );
        await run(em, 'delete from app_visitor_onboarding where visitor_id = ?', [p.anonymousId]);
        return run(em, 'update app_visitor_plan set visitor_id = ? where visitor_id = ?', [p.userId, p.anonymousId]);
      }
      case TestFlowCreated.type: {
        const p = e.payload as P<typeof TestFlowCreated>;
        return run(
          em,
          `insert into app_test_flow (test_flow_id, app_id, owner_id, title, created_at, updated_at, version)
           values (?, ?, ?, ?, ?, ?, ?) on conflict (test_flow_id) do nothing`,
          [p.testFlowId, p.appId, p.ownerId, p.title, at, at, e.streamVersion],
        );
      }
      case TestFlowUpdated.type: {
        const p = e.payload as P<typeof TestFlowUpdated>;
        return run(
          em,
          `update app_test_flow set title = coalesce(?, title), steps = coalesce(?::jsonb, steps), updated_at = ?, version = ?
            where test_flow_id = ? and version < ?`,
          [p.title ?? null, p.steps ? json(p.steps) : null, at, e.streamVersion, p.testFlowId, e.streamVersion],
        );
      }
      case TestFlowDeleted.type:
        return run(em, 'delete from app_test_flow where test_flow_id = ?', [(e.payload as P<typeof TestFlowDeleted>).testFlowId]);
      // the plan job's lifecycle (other jobs' runs match no plan row)
      case JobStarted.type:
        return run(em, `update app_visitor_plan set status = 'running' where run_id = ? and status = 'queued'`, [
          (e.payload as P<typeof JobStarted>).runId,
        ]);
      case JobProgressed.type: {
        const p = e.payload as P<typeof JobProgressed>;
        return run(
          em,
          `update app_visitor_plan set status = 'running', percent = ?, step = ? where run_id = ? and status in ('queued', 'running')`,
          [Math.round(p.percent), p.step, p.runId],
        );
      }
      case JobCompleted.type: {
        const p = e.payload as P<typeof JobCompleted>;
        if (p.name !== PLAN_JOB) return;
        const result = p.result as { generatedBy?: string } | null;
        return run(
          em,
          `update app_visitor_plan set status = 'completed', percent = 100, plan = ?::jsonb, generated_by = ?, error = null, finished_at = ?
            where run_id = ?`,
          [json(p.result), result?.generatedBy ?? null, at, p.runId],
        );
      }
      case JobFailed.type: {
        const p = e.payload as P<typeof JobFailed>;
        if (p.name !== PLAN_JOB) return;
        return run(
          em,
          `update app_visitor_plan set status = 'error', error = ?, finished_at = ? where run_id = ? and status <> 'completed'`,
          [p.reason, at, p.runId],
        );
      }
    }
  }
}
