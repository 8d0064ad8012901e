import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { OnboardingPagesInfo, OnboardingUserState, PersonalizedPlanResult } from '@sparkhouse/contracts';
import { rows } from '../../../platform/database/sql';
import { logHead, subscribersReached } from '../../../platform/events/read-your-writes';
import { VISITORS_PROJECTION } from '../domain/read-models';

/** How long a visitor's read waits for the read model to show their own latest change. */
const READ_YOUR_WRITES_MS = 3_000;

export interface OnboardingStateRow {
  user_state: OnboardingUserState;
  pages_info: OnboardingPagesInfo;
  completed_at: Date | null;
  updated_at: Date;
}

export interface PlanRow {
  plan_id: string;
  run_id: string;
  status: 'queued' | 'running' | 'completed' | 'error';
  percent: number;
  step: string | null;
  plan: PersonalizedPlanResult | null;
  generated_by: string | null;
  error: string | null;
}

export interface TestFlowRow {
  test_flow_id: string;
  app_id: string;
  owner_id: string;
  title: string;
  steps: { pageId: string; answers: Record<string, unknown> }[];
  created_at: Date;
  updated_at: Date;
}

/** Reads of an app's visitors' read models, each by the visitor's own id. */
@Injectable()
export class AppVisitorsQueries {
  constructor(private readonly orm: Database) {}

  private get em() {
    return this.orm.em.fork();
  }

  /** Waits (briefly) until the projection has applied everything committed before this call. */
  private async caughtUp() {
    const em = this.em;
    await subscribersReached(em, [VISITORS_PROJECTION], await logHead(em), READ_YOUR_WRITES_MS);
  }

  async onboardingState(appId: string, visitorId: string): Promise<OnboardingStateRow | null> {
    await this.caughtUp();
    const [row] = await rows<OnboardingStateRow>(
      this.em,
      'select user_state, pages_info, completed_at, updated_at from app_visitor_onboarding where app_id = ? and visitor_id = ?',
      [appId, visitorId],
    );
    return row ?? null;
  }

  /** An app's test flows, oldest first. */
  async testFlows(appId: string): Promise<TestFlowRow[]> {
    await this.caughtUp();
    return rows<TestFlowRow>(this.em, 'select * from app_test_flow where app_id = ? order by created_at, test_flow_id', [appId]);
  }

  async testFlow(testFlowId: string): Promise<TestFlowRow | null> {
    await this.caughtUp();
    const [row] = await rows<TestFlowRow>(this.em, 'select * from app_test_flow where test_flow_id = ?', [testFlowId]);
    return row ?? null;
  }

  async latestPlan(appId: string, visitorId: string): Promise<PlanRow | null> {
    await this.caughtUp();
    const [row] = await rows<PlanRow>(
      this.em,
      `select plan_id, run_id, status, percent, step, plan, generated_by, error from app_visitor_plan
        where app_id = ? and visitor_id = ? order by requested_at desc, plan_id limit 1`,
      [appId, visitorId],
    );
    return row ?? null;
  }
}
