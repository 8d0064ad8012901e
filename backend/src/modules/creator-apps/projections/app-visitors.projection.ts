import { isEventOf } from '@sparkhouse/contracts';
import { defineProjection } from '../../../platform/events/define-projection';
import { VISITORS_PROJECTION } from '../domain/read-models';
import { PLAN_JOB } from '../domain/visitors';
import { testFlows } from './test-flows.read-model';
import { visitorOnboarding } from './visitor-onboarding.read-model';
import { visitorPlans } from './visitor-plans.read-model';

/**
 * An app's visitors: their onboarding (visitor-onboarding.read-model.ts) and plans
 * (visitor-plans.read-model.ts), and the creators' test flows (test-flows.read-model.ts). When an
 * anonymous visitor signs up or in (AnonymousIdLinked), their rows become the member's. A creator's
 * tests of their app have testing_step_id set: apart from live visitors (their own visitor id), never
 * counted. A function of the events alone (times from the events), so a replay rebuilds it identically.
 */
export const appVisitorsProjection = defineProjection({
  name: VISITORS_PROJECTION,
  version: 1,
  tables: ['app_visitor_onboarding', 'app_visitor_plan', 'app_test_flow', 'app_visitor_link'],
  // of the job lifecycle, only plan runs' (facts written before jobs named themselves are all taken)
  accepts: (e) =>
    !isEventOf(e, 'JobStarted', 'JobProgressed', 'JobCompleted', 'JobFailed') ||
    e.payload.name === undefined ||
    e.payload.name === PLAN_JOB,
  on: { ...visitorOnboarding, ...visitorPlans, ...testFlows },
});
