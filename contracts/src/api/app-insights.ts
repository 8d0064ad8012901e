// The creator's Insights (issue 29): an app's funnel by day, drop-off per onboarding page, members,
// trials, conversions and churn, check-ins and weekly retention by sign-up cohort, and revenue. All read
// from the creator-apps.insights projection (built from the event log). The app's creator (or an admin)
// only: another creator's app answers 404 like an unknown one, an anonymous caller 401.
import { z } from 'zod';
import { defineCall } from '../http';
import { appIdField } from './creator-apps-schemas';
import { appInsightsSchema, insightsDaysField } from './app-insights-schemas';

const mod = 'creator-apps';

export const getAppInsights = defineCall({
  id: 'getAppInsights',
  module: mod,
  method: 'GET',
  path: '/app-builder/getAppInsights',
  access: 'user',
  style: 'envelope',
  summary:
    "Your app's Insights over the last `days` (7, 30, 90 or 365; default 30): the funnel by day (landing visitors, " +
    'onboarding started and completed, plan ready, account, trial, paid), drop-off per onboarding page, members, ' +
    'conversions and churn, check-ins and weekly retention by sign-up cohort, revenue (annual plans normalised to monthly).',
  query: z.object({ appId: appIdField, days: insightsDaysField }),
  response: appInsightsSchema,
});

export const getAppInsightsCsv = defineCall({
  id: 'getAppInsightsCsv',
  module: mod,
  method: 'GET',
  path: '/app-builder/getAppInsightsCsv',
  access: 'user',
  style: 'legacy',
  summary:
    "Your app's Insights by day as CSV (text/csv, one row a day: views, the funnel's steps, churned, revenue, " +
    'check-ins), over the last `days` (default 30).',
  query: z.object({ appId: appIdField, days: insightsDaysField }),
  response: z.string(),
});
