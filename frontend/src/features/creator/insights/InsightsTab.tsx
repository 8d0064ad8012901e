import { INSIGHTS_RANGES, type AppInsights } from '@sparkhouse/contracts';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../api';
import { Button, useToast } from '../../../ui';
import { EmptyState, ErrorState, LoadingState } from '../../catalogue';
import { formatCents } from '../../format';
import { DayChart, type DaySeries } from './DayChart';
import { downloadInsightsCsv, useAppInsights } from './insights.queries';
import { funnelBars, isEmptyReport, percent } from './insights-view';
import './insights.css';

const COLORS = {
  visitors: '#5b6cff',
  started: '#8a63d2',
  completed: '#2f8370',
  planReady: '#1d9bd1',
  accounts: '#d39b00',
  trials: '#e07b39',
  paid: '#c2417a',
  churned: '#eb5757',
  checkIns: '#2f8370',
  revenue: '#5b6cff',
};

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="insights-kpi">
      <dt>{label}</dt>
      <dd>
        <span className="insights-kpi__value">{value}</span>
        {hint && <span className="insights-kpi__hint">{hint}</span>}
      </dd>
    </div>
  );
}

function Funnel({ report }: { report: AppInsights }) {
  const bars = funnelBars(report.funnel);
  return (
    <section className="insights-card" aria-labelledby="insights-funnel">
      <h3 id="insights-funnel">Funnel</h3>
      <p className="insights-card__note">
        {report.funnel.views} landing page views in the last {report.days} days. Each step counts a visitor once, on the day they
        reached it.
      </p>
      <ol className="insights-funnel" aria-label="Funnel steps">
        {bars.map((b) => (
          <li key={b.step} className="insights-funnel__step" data-step={b.step}>
            <span className="insights-funnel__label">{b.label}</span>
            <span className="insights-funnel__track" aria-hidden="true">
              <span
                className="insights-funnel__bar"
                style={{ width: `${Math.max(b.count > 0 ? 2 : 0, b.ofFirst * 100)}%`, background: COLORS[b.step] }}
              />
            </span>
            <span className="insights-funnel__count">{b.count}</span>
            <span className="insights-funnel__rate" title="of the step before">
              {b.fromPrevious === null ? '' : percent(b.fromPrevious)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Pages({ pages }: { pages: AppInsights['pages'] }) {
  return (
    <section className="insights-card" aria-labelledby="insights-pages">
      <h3 id="insights-pages">Drop-off per onboarding page</h3>
      {pages.length === 0 ? (
        <p className="insights-card__note">No visitor has started the onboarding yet.</p>
      ) : (
        <div className="insights-table-wrap" tabIndex={0} role="region" aria-label="Table of pages reached and stopped on">
          <table className="insights-table">
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Reached</th>
                <th scope="col">Stopped</th>
                <th scope="col">Drop-off</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p.pageId} data-page={p.pageId}>
                  <th scope="row">{p.pageId}</th>
                  <td>{p.reached}</td>
                  <td>{p.stopped}</td>
                  <td>
                    <span className="insights-dropoff">
                      <span className="insights-dropoff__bar" style={{ width: `${p.dropOff * 100}%` }} aria-hidden="true" />
                      {percent(p.dropOff)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Cohorts({ report }: { report: AppInsights }) {
  const { cohorts } = report.checkIns;
  const weeks = Math.max(0, ...cohorts.map((c) => c.retention.length));
  return (
    <section className="insights-card" aria-labelledby="insights-retention">
      <h3 id="insights-retention">Weekly retention by sign-up cohort</h3>
      <p className="insights-card__note">
        Share of each week&apos;s new members who checked in during their week 0, 1, 2… Check-in rate, last 7 days:{' '}
        <strong>{percent(report.checkIns.rate7d)}</strong> of member-days · {report.checkIns.inRange} check-ins in the range.
      </p>
      {cohorts.length === 0 ? (
        <p className="insights-card__note">No members in the last 12 weeks yet.</p>
      ) : (
        <div className="insights-table-wrap" tabIndex={0} role="region" aria-label="Table of cohorts by week">
          <table className="insights-table insights-table--cohorts">
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col">Members</th>
                {Array.from({ length: weeks }, (_, k) => (
                  <th scope="col" key={k}>
                    W{k}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {cohorts.map((c) => (
                <tr key={c.week}>
                  <th scope="row">{c.week}</th>
                  <td>{c.members}</td>
                  {Array.from({ length: weeks }, (_, k) => (
                    <td
                      key={k}
                      className="insights-cohort-cell"
                      style={
                        k < c.retention.length ? { ['--share' as string]: `${Math.round(c.retention[k] * 100)}%` } : undefined
                      }
                    >
                      {k < c.retention.length ? percent(c.retention[k]) : ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Report({ report }: { report: AppInsights }) {
  const days = useMemo(() => report.byDay.map((d) => d.day), [report]);
  const funnelSeries = useMemo<DaySeries[]>(
    () =>
      funnelBars(report.funnel).map((b) => ({
        label: b.label,
        color: COLORS[b.step],
        values: report.byDay.map((d) => d[b.step]),
      })),
    [report],
  );
  const memberSeries = useMemo<DaySeries[]>(
    () => [
      { label: 'Trials', color: COLORS.trials, values: report.byDay.map((d) => d.trials) },
      { label: 'Paid', color: COLORS.paid, values: report.byDay.map((d) => d.paid) },
      { label: 'Churned', color: COLORS.churned, values: report.byDay.map((d) => d.churned) },
      { label: 'Check-ins', color: COLORS.checkIns, values: report.byDay.map((d) => d.checkIns) },
    ],
    [report],
  );
  const revenueSeries = useMemo<DaySeries[]>(
    () => [{ label: 'Collected', color: COLORS.revenue, values: report.byDay.map((d) => d.revenueInCents) }],
    [report],
  );
  const m = report.members;
  const r = report.revenue;
  return (
    <>
      <dl className="insights-kpis">
        <Kpi label="Landing visitors" value={String(report.funnel.visitors)} hint={`${report.funnel.views} views`} />
        <Kpi label="Members" value={String(m.current)} hint={`${m.paying} paying · ${m.trialing} in trial`} />
        <Kpi
          label="Trial conversion"
          value={percent(m.trialsStarted ? m.conversionRate : null)}
          hint={`${m.conversions} of ${m.trialsStarted} trials`}
        />
        <Kpi label="Churn" value={percent(m.churnRate)} hint={`${m.churnedInRange} canceled in range · ${m.churned} ever`} />
        <Kpi
          label="Monthly revenue"
          value={formatCents(r.mrrInCents)}
          hint={`${formatCents(r.monthlyPlansInCents)} monthly + ${formatCents(r.annualPlansNormalisedInCents)} annual ÷ 12`}
        />
        <Kpi label="Collected" value={formatCents(r.collectedInRangeInCents)} hint={`last ${report.days} days`} />
      </dl>
      <div className="insights-grid">
        <Funnel report={report} />
        <Pages pages={report.pages} />
      </div>
      <div className="insights-charts">
        <DayChart
          title="Funnel by day"
          description={`from ${report.from} to ${report.to}: ${funnelBars(report.funnel)
            .map((b) => `${b.label} ${b.count}`)
            .join(', ')}`}
          days={days}
          series={funnelSeries}
        />
        <DayChart
          title="Members by day"
          description={`trials ${report.funnel.trials}, paid ${report.funnel.paid}, churned ${m.churnedInRange}, check-ins ${report.checkIns.inRange}`}
          days={days}
          series={memberSeries}
        />
        <DayChart
          title="Revenue collected by day"
          description={`${formatCents(r.collectedInRangeInCents)} in total`}
          days={days}
          series={revenueSeries}
          format={formatCents}
          minTop={100}
        />
      </div>
      <Cohorts report={report} />
    </>
  );
}

/**
 * The builder's Insights tab: the funnel from landing page to paid by day, drop-off per onboarding page,
 * members, conversions, churn, check-ins with weekly retention by cohort, and revenue — over 7 to 365
 * days, with a CSV export of the days.
 */
export default function InsightsTab({ appId }: { appId: string }) {
  const [days, setDays] = useState<number>(30);
  const insights = useAppInsights(appId, days);
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadInsightsCsv(appId, days);
    } catch (error) {
      toast.show({ kind: 'error', title: 'Could not export the CSV', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="insights">
      <div className="insights__bar">
        <h2 className="insights__title">Insights</h2>
        <div className="insights__range" role="group" aria-label="Period">
          {INSIGHTS_RANGES.map((d) => (
            <button key={d} type="button" className="insights__range-option" aria-pressed={days === d} onClick={() => setDays(d)}>
              {d === 365 ? '1 year' : `${d} days`}
            </button>
          ))}
        </div>
        <Button variant="secondary" size="small" onClick={() => void exportCsv()} disabled={exporting || !insights.data}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      {insights.isPending ? (
        <LoadingState label="Loading the numbers" />
      ) : insights.isError ? (
        <ErrorState error={insights.error} onRetry={() => void insights.refetch()} title="Could not load the Insights" />
      ) : isEmptyReport(insights.data) ? (
        <EmptyState title="No visitors yet">
          <p>
            Once your app is published and people open its landing page, you will see here how many start the onboarding, get
            their plan, start a trial and pay — day by day.
          </p>
        </EmptyState>
      ) : (
        <Report report={insights.data} />
      )}
    </div>
  );
}
