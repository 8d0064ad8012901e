import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { appVisitors, PLAN_DEFAULTS, type CallResponse, type OnboardingAnswer, type SimulatedFlow } from '@sparkhouse/contracts';
import { ownerIdOf, type Principal } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { badRequest, notFound, unauthorized } from '../../../platform/http/errors';
import { CompleteOnboarding } from '../commands/complete-onboarding.command';
import { RequestPersonalizedPlan, type PlanRequestAnswer } from '../commands/request-personalized-plan.command';
import { SaveOnboardingUserState } from '../commands/save-onboarding-user-state.command';
import { type VisitedApp } from '../domain/visitors';
import { CreateTestFlow } from '../commands/create-test-flow.command';
import { DeleteTestFlow } from '../commands/delete-test-flow.command';
import { NO_SUCH_TEST_FLOW } from '../domain/test-flows';
import { UpdateTestFlow } from '../commands/update-test-flow.command';
import { AppVisitorsQueries, type TestFlowRow } from '../queries/app-visitors.query';
import { CreatorAppsQueries, type AppRow } from '../queries/creator-apps.query';
import { testingVisitorId } from '../domain/visitors';
import { appAsVisited } from './views';

const principal = (): Principal | null => requestContext.current()?.principal ?? null;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const testFlowView = (r: TestFlowRow) => ({
  testFlowId: r.test_flow_id,
  appId: r.app_id,
  title: r.title,
  steps: r.steps as { pageId: string; answers: Record<string, OnboardingAnswer> }[],
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
});

/** A creator asked to test the published flow of an app never published. */
export const NOT_PUBLISHED_YET = 'This app is not published yet: only its draft can be tested.';

/** Spec 8: a plan's failure reads as status 'error'; its reason is kept for the page. */
const PLAN_FAILED = 'Failed to check plan status';

/**
 * The calls an app's visitors make (spec 7 Apps area): their onboarding state, completing it, and
 * their personalized plan. The visitor is the caller: a member's user id or an anonymous anon_ id;
 * nobody reaches another visitor's data.
 */
@Controller()
export class AppVisitorsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly apps: CreatorAppsQueries,
    private readonly visitors: AppVisitorsQueries,
  ) {}

  @Endpoint(appVisitors.saveOnboardingUserState)
  async saveOnboardingUserState(@Input() { params, body }: CallInput<typeof appVisitors.saveOnboardingUserState>) {
    const { app, visitorId } = await this.visit(params);
    await this.commands.execute(new SaveOnboardingUserState(app, visitorId, body.userState, body.pagesInfo));
    return this.state(app.appId, visitorId);
  }

  @Endpoint(appVisitors.getOnboardingUserState)
  async getOnboardingUserState(@Input() { params }: CallInput<typeof appVisitors.getOnboardingUserState>) {
    const { app, visitorId } = await this.visit(params);
    return this.state(app.appId, visitorId);
  }

  @Endpoint(appVisitors.completeOnboarding)
  async completeOnboarding(@Input() { params, body }: CallInput<typeof appVisitors.completeOnboarding>) {
    const { app, visitorId } = await this.visit(params);
    await this.commands.execute(new CompleteOnboarding(app, visitorId, body.finalUserState, body.pagesInfo));
    return this.state(app.appId, visitorId);
  }

  @Endpoint(appVisitors.createPersonalizedPlan)
  async createPersonalizedPlan(@Input() { params, body }: CallInput<typeof appVisitors.createPersonalizedPlan>) {
    const { app, visitorId } = await this.visit(params);
    const answer: PlanRequestAnswer = await this.commands.execute(
      new RequestPersonalizedPlan(app, visitorId, body.userState, body.forceRegenerate === true),
    );
    const plan = answer.reused ? await this.visitors.latestPlan(app.appId, visitorId) : null;
    return { ...answer, status: plan?.plan_id === answer.planId ? plan.status : 'queued' };
  }

  @Endpoint(appVisitors.checkPlanStatus)
  async checkPlanStatus(@Input() { params }: CallInput<typeof appVisitors.checkPlanStatus>) {
    const { app, visitorId } = await this.visit(params);
    // one visitor never reads another's plan: someone else's id answers like an unknown one
    if (params.userId !== visitorId) throw notFound('No plan for this visitor.');
    return this.planStatus(app.appId, visitorId);
  }

  // ---------------------------------------------------------------- the creator testing their app

  @Endpoint(appVisitors.saveOnboardingUserStateForTesting)
  async saveOnboardingUserStateForTesting(
    @Input() { params, body }: CallInput<typeof appVisitors.saveOnboardingUserStateForTesting>,
  ) {
    const { app, visitorId } = await this.test(await this.ownBySlug(params), body.testingStepId, body.flow);
    await this.commands.execute(new SaveOnboardingUserState(app, visitorId, body.userState, body.pagesInfo, body.testingStepId));
    return this.state(app.appId, visitorId);
  }

  @Endpoint(appVisitors.getOnboardingUserStateForTesting)
  async getOnboardingUserStateForTesting(
    @Input() { params, query }: CallInput<typeof appVisitors.getOnboardingUserStateForTesting>,
  ) {
    const { app, visitorId } = await this.test(await this.ownBySlug(params), query.testingStepId);
    return this.state(app.appId, visitorId);
  }

  @Endpoint(appVisitors.createPersonalizedPlanForTesting)
  async createPersonalizedPlanForTesting(
    @Input() { params, body }: CallInput<typeof appVisitors.createPersonalizedPlanForTesting>,
  ) {
    const flow = body.flow ?? 'draft';
    const { app, visitorId, userId } = await this.test(await this.ownBySlug(params), body.testingStepId, flow);
    // the creator follows their test's plan being made, on their own socket; the run is recorded as simulator items
    const answer: PlanRequestAnswer = await this.commands.execute(
      new RequestPersonalizedPlan(app, visitorId, body.userState, body.forceRegenerate === true, body.testingStepId, userId, {
        ownerId: userId,
        flow,
      }),
    );
    const plan = answer.reused ? await this.visitors.latestPlan(app.appId, visitorId) : null;
    return { ...answer, status: plan?.plan_id === answer.planId ? plan.status : 'queued' };
  }

  @Endpoint(appVisitors.checkPlanStatusForTesting)
  async checkPlanStatusForTesting(@Input() { params, query }: CallInput<typeof appVisitors.checkPlanStatusForTesting>) {
    const { app, visitorId, userId } = await this.test(await this.ownBySlug(params), query.testingStepId);
    if (params.userId !== userId) throw notFound('No plan for this visitor.');
    return this.planStatus(app.appId, visitorId);
  }

  @Endpoint(appVisitors.getTestingOnboardingInfo)
  async getTestingOnboardingInfo(@Input() { query }: CallInput<typeof appVisitors.getTestingOnboardingInfo>) {
    const { app, visitorId } = await this.test(await this.apps.ownAppRow(principal(), query.appId), query.testingStepId);
    return this.testingInfo(app.appId, visitorId, query.testingStepId);
  }

  @Endpoint(appVisitors.saveTestingOnboardingInfo)
  async saveTestingOnboardingInfo(@Input() { body }: CallInput<typeof appVisitors.saveTestingOnboardingInfo>) {
    const { app, visitorId } = await this.test(await this.apps.ownAppRow(principal(), body.appId), body.testingStepId, body.flow);
    await this.commands.execute(new SaveOnboardingUserState(app, visitorId, body.userState, body.pagesInfo, body.testingStepId));
    return this.testingInfo(app.appId, visitorId, body.testingStepId);
  }

  // ---------------------------------------------------------------- test flows

  @Endpoint(appVisitors.createTestFlow)
  async createTestFlow(@Input() { body }: CallInput<typeof appVisitors.createTestFlow>) {
    const { testFlowId } = await this.commands.execute(new CreateTestFlow(principal(), body.appId, body.title));
    return { testFlow: await this.ownTestFlow(testFlowId) };
  }

  @Endpoint(appVisitors.getTestFlows)
  async getTestFlows(@Input() { query }: CallInput<typeof appVisitors.getTestFlows>) {
    const row = await this.apps.ownAppRow(principal(), query.appId);
    return { testFlows: (await this.visitors.testFlows(row.app_id)).map(testFlowView) };
  }

  @Endpoint(appVisitors.updateTestFlow)
  async updateTestFlow(@Input() { params, body }: CallInput<typeof appVisitors.updateTestFlow>) {
    await this.commands.execute(new UpdateTestFlow(principal(), params.id, body));
    return { testFlow: await this.ownTestFlow(params.id) };
  }

  @Endpoint(appVisitors.deleteTestFlow)
  async deleteTestFlow(@Input() { params }: CallInput<typeof appVisitors.deleteTestFlow>) {
    await this.commands.execute(new DeleteTestFlow(principal(), params.id));
    return { testFlowId: params.id, deleted: true };
  }

  // ---------------------------------------------------------------- helpers

  private async ownTestFlow(testFlowId: string) {
    const row = await this.visitors.testFlow(testFlowId);
    if (!row) throw notFound(NO_SUCH_TEST_FLOW);
    return testFlowView(row);
  }

  /** An app of the caller's (or any, for an admin) by its address; someone else's answers 404. */
  private async ownBySlug(params: { storefrontSlug: string; appSlug: string }): Promise<AppRow> {
    const who = principal();
    if (who?.kind !== 'user') throw unauthorized();
    const { row, draft } = await this.apps.visibleBySlug(who, params.storefrontSlug, params.appSlug);
    if (!draft) throw notFound('No such app.');
    return row;
  }

  /** The creator as the visitor of their own app (its draft, or what is published), for one testing step. */
  private async test(row: AppRow, testingStepId: string, version: SimulatedFlow = 'draft') {
    const who = principal();
    if (who?.kind !== 'user') throw unauthorized();
    if (version === 'published' && row.published_at === null) throw badRequest(NOT_PUBLISHED_YET);
    const { flow, blueprint } = appAsVisited(row, version === 'draft');
    return {
      app: { appId: row.app_id, name: row.name, flow, blueprint } as VisitedApp,
      visitorId: testingVisitorId(who.id, testingStepId),
      userId: who.id,
    };
  }

  private async testingInfo(appId: string, visitorId: string, testingStepId: string) {
    const [state, plan] = await Promise.all([this.state(appId, visitorId), this.visitors.latestPlan(appId, visitorId)]);
    return {
      ...state,
      testingStepId,
      plan: plan ? { planId: plan.plan_id, runId: plan.run_id, status: plan.status } : null,
    } as CallResponse<typeof appVisitors.getTestingOnboardingInfo>;
  }

  private async planStatus(appId: string, visitorId: string) {
    const row = await this.visitors.latestPlan(appId, visitorId);
    if (!row) throw notFound('No plan for this visitor yet: create one first.');
    const result = row.status === 'completed' ? row.plan : null;
    return {
      planId: row.plan_id,
      runId: row.run_id,
      status: row.status,
      percent: row.percent,
      step: row.step,
      plan: result?.plan ?? null,
      totalPhaseCount: result?.totalPhaseCount ?? PLAN_DEFAULTS.totalPhaseCount,
      programLengthWeeks: result?.programLengthWeeks ?? PLAN_DEFAULTS.programLengthWeeks,
      targetDate: result?.targetDate ?? null,
      timeToTargetLabel: result?.timeToTargetLabel ?? PLAN_DEFAULTS.timeToTargetLabel,
      timeToTargetDescription: result?.timeToTargetDescription ?? PLAN_DEFAULTS.timeToTargetDescription,
      generatedBy: row.generated_by,
      error: row.status === 'error' ? (row.error ? `${PLAN_FAILED}: ${row.error}` : PLAN_FAILED) : null,
    } as CallResponse<typeof appVisitors.checkPlanStatus>;
  }

  /** The app as this caller meets it (published, or the drafts for its owner) and the caller's visitor id. */
  private async visit(params: { storefrontSlug: string; appSlug: string }): Promise<{ app: VisitedApp; visitorId: string }> {
    const who = principal();
    const visitorId = ownerIdOf(who);
    if (!visitorId) throw unauthorized();
    const { row, draft } = await this.apps.visibleBySlug(who, params.storefrontSlug, params.appSlug);
    const { flow, blueprint } = appAsVisited(row, draft);
    return { app: { appId: row.app_id, name: row.name, flow, blueprint }, visitorId };
  }

  private async state(appId: string, visitorId: string) {
    const row = await this.visitors.onboardingState(appId, visitorId);
    return {
      appId,
      userState: row?.user_state ?? null,
      pagesInfo: row?.pages_info ?? null,
      completed: Boolean(row?.completed_at),
      completedAt: iso(row?.completed_at ?? null),
      updatedAt: iso(row?.updated_at ?? null),
    } as CallResponse<typeof appVisitors.getOnboardingUserState>;
  }
}
