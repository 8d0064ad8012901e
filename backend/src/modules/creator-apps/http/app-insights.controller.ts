import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { appInsights } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { insightsCsv } from '../domain/insights';
import { AppInsightsQueries } from '../queries/app-insights.query';
import { CreatorAppsQueries } from '../queries/creator-apps.query';

const principal = (): Principal | null => requestContext.current()?.principal ?? null;
const DEFAULT_DAYS = 30;

/**
 * The builder's Insights tab (issue 29): an app's report and its CSV export. The app's creator (or an
 * admin) only: another creator's app answers 404 like an unknown one, an anonymous caller 401.
 */
@Controller()
export class AppInsightsController {
  constructor(
    private readonly apps: CreatorAppsQueries,
    private readonly insights: AppInsightsQueries,
  ) {}

  @Endpoint(appInsights.getAppInsights)
  async getAppInsights(@Input() { query }: CallInput<typeof appInsights.getAppInsights>) {
    const app = await this.apps.ownAppRow(principal(), query.appId);
    return this.insights.report(app.app_id, query.days ?? DEFAULT_DAYS);
  }

  @Endpoint(appInsights.getAppInsightsCsv)
  async getAppInsightsCsv(
    @Input() { query }: CallInput<typeof appInsights.getAppInsightsCsv>,
    @Res({ passthrough: true }) res: Response,
  ) {
    const app = await this.apps.ownAppRow(principal(), query.appId);
    const report = await this.insights.report(app.app_id, query.days ?? DEFAULT_DAYS);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="insights-${app.app_slug}-${report.from}-${report.to}.csv"`);
    return insightsCsv(report);
  }
}
