import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database, type Db } from '../../../platform/database/database';
import {
  isEventOf,
  PersonalizedPlanRequested,
  PLAN_DEFAULTS,
  SimulatorItemRecorded,
  type DomainEvent,
  type OnboardingUserState,
  type SimulatedFlow,
} from '@sparkhouse/contracts';
import { rows, run } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { badRequest } from '../../../platform/http/errors';
import { JobRequests } from '../../../platform/jobs/job-requests';
import { answersItem, simulatorRunStreamId } from '../domain/simulator-items';
import { answersInWords, planTargetDate, stateProblem, visitorStreamId, type VisitedApp } from '../domain/visitors';

export type { VisitedApp };

export interface PlanRequestAnswer {
  planId: string;
  runId: string;
  /** An earlier plan (completed or still being made) answered instead of a new one. */
  reused: boolean;
}

/**
 * Ask for a visitor's personalized plan ('app-visitors.personalized-plan'). Without forceRegenerate,
 * the visitor's latest plan is reused unless it failed. One visitor's requests for one app queue up
 * on a lock, so two at once make one plan, not two.
 */
export class RequestPersonalizedPlan {
  constructor(
    readonly app: VisitedApp,
    readonly visitorId: string,
    readonly userState: OnboardingUserState,
    readonly forceRegenerate: boolean,
    readonly testingStepId?: string,
    /** Who follows the job's progress: the visitor, or the creator testing their app. */
    readonly jobOwnerId: string = visitorId,
    /** A creator's simulator run: its answers (and later its plan) are recorded as simulator items. */
    readonly simulation?: { ownerId: string; flow: SimulatedFlow },
  ) {}
}

@CommandHandler(RequestPersonalizedPlan)
export class RequestPersonalizedPlanHandler implements ICommandHandler<RequestPersonalizedPlan, PlanRequestAnswer> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly jobs: JobRequests,
  ) {}

  async execute({
    app,
    visitorId,
    userState,
    forceRegenerate,
    testingStepId,
    jobOwnerId,
    simulation,
  }: RequestPersonalizedPlan): Promise<PlanRequestAnswer> {
    const problem = stateProblem(app.flow, userState, { currentPageId: null, completedPageIds: [] });
    if (problem) throw badRequest(problem);
    return this.orm.em.fork().transactional(async (tem) => {
      const stream = visitorStreamId(app.appId, visitorId);
      await run(tem, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`plan:${stream}`]);
      if (!forceRegenerate) {
        const earlier = await this.latestPlan(tem, app.appId, visitorId, stream);
        if (earlier && earlier.status !== 'error') return { planId: earlier.planId, runId: earlier.runId, reused: true };
      }
      const planId = randomUUID();
      const runId = randomUUID();
      const inWords = answersInWords(app.flow, userState.answers);
      await this.events.append(tem, stream, [
        {
          type: PersonalizedPlanRequested.type,
          payload: { appId: app.appId, visitorId, planId, runId, forceRegenerate, ...(testingStepId ? { testingStepId } : {}) },
        },
      ]);
      if (simulation && testingStepId) {
        const run = { appId: app.appId, ...simulation, testingStepId, planId, runId };
        await this.events.append(
          tem,
          simulatorRunStreamId(runId),
          [{ type: SimulatorItemRecorded.type, payload: answersItem(run, randomUUID(), userState.answers, inWords) }],
          { expectedVersion: 0 },
        );
      }
      // JobRequested last: the dispatcher enqueues it once all of the above has committed
      await this.jobs.request(
        tem,
        'app-visitors.personalized-plan',
        { ownerId: jobOwnerId },
        {
          planId,
          appId: app.appId,
          appName: app.name.slice(0, 60),
          ...(app.blueprint ? { blueprint: app.blueprint } : {}),
          answers: inWords,
          expectedPhaseCount: PLAN_DEFAULTS.totalPhaseCount,
          programLengthWeeks: PLAN_DEFAULTS.programLengthWeeks,
          targetDate: planTargetDate(app.flow, userState.answers, new Date(), PLAN_DEFAULTS.programLengthWeeks),
        },
        runId,
      );
      return { planId, runId, reused: false };
    });
  }

  /**
   * The visitor's latest plan: from their stream (a request the read model may not show yet), else
   * from the read model (which also holds plans made before an anonymous visitor signed up).
   */
  private async latestPlan(tem: Db, appId: string, visitorId: string, stream: string) {
    const requested = (await this.events.readStream(tem, stream)).filter((e): e is DomainEvent<'PersonalizedPlanRequested'> =>
      isEventOf(e, 'PersonalizedPlanRequested'),
    );
    const [known] = await rows<{ plan_id: string; run_id: string; status: string }>(
      tem,
      `select plan_id, run_id, status from app_visitor_plan where app_id = ? and visitor_id = ?
        order by requested_at desc, plan_id limit 1`,
      [appId, visitorId],
    );
    const last = requested[requested.length - 1]?.payload;
    if (last) {
      // requested, and not yet in the read model: it is the newest
      const [shown] = await rows(tem, 'select 1 from app_visitor_plan where plan_id = ?', [last.planId]);
      if (!shown) return { planId: last.planId, runId: last.runId, status: 'queued' };
    }
    return known ? { planId: known.plan_id, runId: known.run_id, status: known.status } : null;
  }
}
