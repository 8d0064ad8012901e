import { defineProjection } from '../../../platform/events/define-projection';
import { INSIGHTS_PROJECTION } from '../domain/read-models';
import { PLAN_JOB } from '../domain/visitors';
import { insightsFunnel, insightsFunnelBatch } from './insights-funnel.read-model';
import { insightsMembers } from './insights-members.read-model';

/**
 * The creator's Insights: the funnel (landing visitors, onboarding started and completed, plan ready,
 * account, trial, paid) per app and day, the onboarding pages reached and stopped on
 * (insights-funnel.read-model.ts), and subscriptions, revenue and check-ins (insights-members.read-model.ts).
 * A function of the events alone (times from the events), counting each step once per visitor, so a
 * replay from the start of the log rebuilds it identically and a re-delivered event counts nothing: a
 * report added later covers the app's whole past.
 */
export const appInsightsProjection = defineProjection({
  name: INSIGHTS_PROJECTION,
  version: 2, // 2: every address of an app (app_insights_address)
  tables: [
    'app_insights_app',
    'app_insights_address',
    'app_insights_day',
    'app_insights_visitor',
    'app_insights_view',
    'app_insights_page',
    'app_insights_visitor_page',
    'app_insights_link',
    'app_insights_plan_run',
    'app_insights_price',
    'app_insights_subscription',
    'app_insights_invoice',
    'app_insights_check_in',
  ],
  // of the job lifecycle, only plans made
  accepts: (e) => e.type !== 'JobCompleted' || e.payload.name === PLAN_JOB,
  on: { ...insightsFunnel, ...insightsMembers },
  batch: insightsFunnelBatch,
});
