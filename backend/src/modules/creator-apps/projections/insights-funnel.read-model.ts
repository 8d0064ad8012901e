import type { DomainEvent } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import { jsonRecords, rows, run } from '../../../platform/database/sql';
import type { BatchHandlers, ProjectionHandlers } from '../../../platform/events/define-projection';
import { pageOf } from '../domain/insights';
import { PLAN_JOB } from '../domain/visitors';

/*
 * The Insights' funnel: app_insights_visitor holds when each visitor (of each app) first reached each
 * step; app_insights_day counts, per app and UTC day, the visitors who reached a step that day (a step
 * is counted when its column goes from null to a time, so an event delivered again counts nothing).
 * app_insights_page: the onboarding pages visitors reached and the one they stopped on.
 */

export type Stage = 'viewed' | 'started' | 'completed' | 'planReady' | 'account' | 'trial' | 'paid';

/** Each step's column on the visitor row and its counter on the day row. */
const STAGES: Record<Stage, readonly [column: string, counter: string]> = {
  viewed: ['viewed_at', 'visitors'],
  started: ['started_at', 'started'],
  completed: ['completed_at', 'completed'],
  planReady: ['plan_ready_at', 'plan_ready'],
  account: ['account_at', 'accounts'],
  trial: ['trial_at', 'trials'],
  paid: ['paid_at', 'paid'],
};

export type DayCounter =
  'views' | 'visitors' | 'started' | 'completed' | 'plan_ready' | 'accounts' | 'trials' | 'paid' | 'churned' | 'revenue_cents';

/** Adds n to one of the app's counters of the (UTC) day of `at`. */
export const countOnDay = (tx: Db, appId: string, at: string, counter: DayCounter, n = 1) =>
  run(
    tx,
    `insert into app_insights_day (app_id, day, ${counter}) values (?, (?::timestamptz at time zone 'UTC')::date, ?)
     on conflict (app_id, day) do update set ${counter} = app_insights_day.${counter} + excluded.${counter}`,
    [appId, at, n],
  );

/** The visitor reached a step at `at`: recorded and counted the first time only. */
export async function reach(tx: Db, appId: string, visitorId: string, stage: Stage, at: string): Promise<boolean> {
  const [column, counter] = STAGES[stage];
  const first = await rows(
    tx,
    `insert into app_insights_visitor (app_id, visitor_id, ${column}) values (?, ?, ?)
     on conflict (app_id, visitor_id) do update set ${column} = excluded.${column} where app_insights_visitor.${column} is null
     returning 1 as first`,
    [appId, visitorId, at],
  );
  if (first.length === 0) return false;
  await countOnDay(tx, appId, at, counter as DayCounter);
  return true;
}

/** A linked anonymous id's facts are its member's (an event may be delivered again after the link). */
export async function insightsVisitor(tx: Db, visitorId: string): Promise<string> {
  if (!visitorId.startsWith('anon_')) return visitorId;
  const [link] = await rows<{ user_id: string }>(tx, 'select user_id from app_insights_link where anonymous_id = ?', [visitorId]);
  return link?.user_id ?? visitorId;
}

const moveStopped = (tx: Db, appId: string, pageId: string, n: number) =>
  run(tx, 'update app_insights_page set stopped = greatest(0, stopped + ?) where app_id = ? and page_id = ?', [n, appId, pageId]);

/** The visitor is on a page: reached once per visitor; unless finished, it is where they stopped so far. */
async function onPage(
  tx: Db,
  appId: string,
  visitorId: string,
  page: { pageId: string; position: number },
  at: string,
  stops: boolean,
) {
  const fresh = await rows(
    tx,
    'insert into app_insights_visitor_page (app_id, visitor_id, page_id) values (?, ?, ?) on conflict do nothing returning 1 as fresh',
    [appId, visitorId, page.pageId],
  );
  await run(
    tx,
    `insert into app_insights_page (app_id, page_id, position, reached) values (?, ?, ?, ?)
     on conflict (app_id, page_id) do update
       set reached = app_insights_page.reached + excluded.reached, position = least(app_insights_page.position, excluded.position)`,
    [appId, page.pageId, page.position, fresh.length],
  );
  if (!stops) return;
  const [moved] = await rows<{ old: string | null; moved: number }>(
    tx,
    `with old as (select page_id from app_insights_visitor where app_id = ? and visitor_id = ?),
          upd as (update app_insights_visitor set page_id = ?, page_at = ?
                   where app_id = ? and visitor_id = ? and completed_at is null and (page_at is null or page_at < ?::timestamptz)
                   returning 1)
     select (select page_id from old) as old, (select count(*)::int from upd) as moved`,
    [appId, visitorId, page.pageId, at, appId, visitorId, at],
  );
  if (!moved || moved.moved === 0 || moved.old === page.pageId) return;
  if (moved.old !== null) await moveStopped(tx, appId, moved.old, -1);
  await moveStopped(tx, appId, page.pageId, 1);
}

/** An address of the app (the newest fact about an address wins). */
export const rememberAddress = (tx: Db, appId: string, storefrontSlug: string, appSlug: string) =>
  run(
    tx,
    `insert into app_insights_address (storefront_slug, app_slug, app_id) values (?, ?, ?)
     on conflict (storefront_slug, app_slug) do update set app_id = excluded.app_id`,
    [storefrontSlug, appSlug, appId],
  );

/** Landing views, a run at a time: each view counted once (by event id), each visitor's first view a landing visitor. */
async function landingViews(events: DomainEvent<'AppLandingViewed'>[], tx: Db) {
  const views = events.map((e) => ({
    event_id: e.eventId,
    storefront_slug: e.payload.storefrontSlug,
    app_slug: e.payload.appSlug,
    app_id: e.payload.appId ?? null,
    visitor_id: e.payload.visitorId,
    at: e.payload.viewedAt,
  }));
  const viewed = jsonRecords(
    'event_id uuid, storefront_slug text, app_slug text, app_id text, visitor_id text, at timestamptz',
    views,
  );
  await run(
    tx,
    'create temporary table if not exists insights_views (app_id text, visitor_id text, at timestamptz) on commit delete rows',
  );
  await run(tx, 'delete from insights_views'); // an earlier run of the same transaction
  await run(
    tx,
    `with v as (select * from ${viewed.sql} r),
          fresh as (insert into app_insights_view (event_id) select event_id from v on conflict do nothing returning event_id)
     insert into insights_views (app_id, visitor_id, at)
     select coalesce(a.app_id, ad.app_id), coalesce(l.user_id, v.visitor_id), v.at
       from v join fresh using (event_id)
       left join app_insights_app a on a.app_id = v.app_id
       left join app_insights_address ad on ad.storefront_slug = v.storefront_slug and ad.app_slug = v.app_slug
       left join app_insights_link l on l.anonymous_id = v.visitor_id
      where coalesce(a.app_id, ad.app_id) is not null`,
    [viewed.param],
  );
  await run(
    tx,
    `insert into app_insights_day (app_id, day, views)
     select app_id, (at at time zone 'UTC')::date, count(*) from insights_views group by 1, 2
     on conflict (app_id, day) do update set views = app_insights_day.views + excluded.views`,
  );
  await run(
    tx,
    `with first as (
       insert into app_insights_visitor (app_id, visitor_id, viewed_at)
       select app_id, visitor_id, min(at) from insights_views where visitor_id is not null group by 1, 2
       on conflict (app_id, visitor_id) do update set viewed_at = excluded.viewed_at where app_insights_visitor.viewed_at is null
       returning app_id, viewed_at)
     insert into app_insights_day (app_id, day, visitors)
     select app_id, (viewed_at at time zone 'UTC')::date, count(*) from first group by 1, 2
     on conflict (app_id, day) do update set visitors = app_insights_day.visitors + excluded.visitors`,
  );
}

type FunnelEvent =
  | 'AppCreated'
  | 'AppAddressChanged'
  | 'AppLandingViewed'
  | 'OnboardingUserStateSaved'
  | 'OnboardingCompleted'
  | 'PersonalizedPlanRequested'
  | 'JobCompleted'
  | 'AnonymousIdLinked';

/** Landing views arrive in long runs (every visitor of every app): a run is one set of statements. */
export const insightsFunnelBatch: BatchHandlers<FunnelEvent> = { AppLandingViewed: landingViews };

export const insightsFunnel: ProjectionHandlers<FunnelEvent> = {
  AppCreated: async ({ payload: p }, tx) => {
    await run(
      tx,
      `insert into app_insights_app (app_id, owner_id, storefront_slug, app_slug) values (?, ?, ?, ?) on conflict do nothing`,
      [p.appId, p.ownerId, p.storefrontSlug, p.appSlug],
    );
    await rememberAddress(tx, p.appId, p.storefrontSlug, p.appSlug);
  },
  // the earlier address keeps answering (301): views and plans filed under either are the app's
  AppAddressChanged: async ({ payload: p }, tx) => {
    await rememberAddress(tx, p.appId, p.previousStorefrontSlug, p.previousAppSlug);
    await rememberAddress(tx, p.appId, p.storefrontSlug, p.appSlug);
  },
  AppLandingViewed: (e, tx) => landingViews([e], tx),
  OnboardingUserStateSaved: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
    if (p.testingStepId) return; // the creator testing their app
    const visitor = await insightsVisitor(tx, p.visitorId);
    await reach(tx, p.appId, visitor, 'started', at);
    if (!visitor.startsWith('anon_')) await reach(tx, p.appId, visitor, 'account', at);
    const page = pageOf(p.pagesInfo);
    if (page) await onPage(tx, p.appId, visitor, page, at, true);
  },
  OnboardingCompleted: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
    if (p.testingStepId) return;
    const visitor = await insightsVisitor(tx, p.visitorId);
    await reach(tx, p.appId, visitor, 'started', at);
    if (!visitor.startsWith('anon_')) await reach(tx, p.appId, visitor, 'account', at);
    const page = pageOf(p.pagesInfo);
    if (page) await onPage(tx, p.appId, visitor, page, at, false);
    const [done] = await rows<{ page_id: string | null }>(
      tx,
      `update app_insights_visitor set completed_at = ? where app_id = ? and visitor_id = ? and completed_at is null returning page_id`,
      [at, p.appId, visitor],
    );
    if (!done) return;
    await countOnDay(tx, p.appId, at, 'completed');
    if (done.page_id) await moveStopped(tx, p.appId, done.page_id, -1);
  },
  PersonalizedPlanRequested: async ({ payload: p }, tx) => {
    if (p.testingStepId) return;
    await run(tx, 'insert into app_insights_plan_run (run_id, app_id, visitor_id) values (?, ?, ?) on conflict do nothing', [
      p.runId,
      p.appId,
      await insightsVisitor(tx, p.visitorId),
    ]);
  },
  JobCompleted: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
    if (p.name !== PLAN_JOB) return;
    const [plan] = await rows<{ app_id: string; visitor_id: string }>(
      tx,
      'select app_id, visitor_id from app_insights_plan_run where run_id = ?',
      [p.runId],
    );
    if (plan) await reach(tx, plan.app_id, await insightsVisitor(tx, plan.visitor_id), 'planReady', at);
  },
  AnonymousIdLinked: async ({ payload: p, metadata: { occurredAt: at } }, tx) => {
    await run(tx, 'insert into app_insights_link (anonymous_id, user_id) values (?, ?) on conflict do nothing', [
      p.anonymousId,
      p.userId,
    ]);
    const apps = await rows<{ app_id: string }>(tx, 'select app_id from app_insights_visitor where visitor_id = ?', [
      p.anonymousId,
    ]);
    if (apps.length === 0) return;
    // the anonymous visitor's steps become the member's (the earlier time of each wins)
    await run(
      tx,
      `with moved as (delete from app_insights_visitor where visitor_id = ? returning *)
       insert into app_insights_visitor (app_id, visitor_id, viewed_at, started_at, completed_at, plan_ready_at, account_at, trial_at,
                                         paid_at, page_id, page_at)
       select app_id, ?, viewed_at, started_at, completed_at, plan_ready_at, account_at, trial_at, paid_at, page_id, page_at from moved
       on conflict (app_id, visitor_id) do update set
         viewed_at = least(app_insights_visitor.viewed_at, excluded.viewed_at),
         started_at = least(app_insights_visitor.started_at, excluded.started_at),
         completed_at = least(app_insights_visitor.completed_at, excluded.completed_at),
         plan_ready_at = least(app_insights_visitor.plan_ready_at, excluded.plan_ready_at),
         account_at = least(app_insights_visitor.account_at, excluded.account_at),
         trial_at = least(app_insights_visitor.trial_at, excluded.trial_at),
         paid_at = least(app_insights_visitor.paid_at, excluded.paid_at),
         page_id = case when excluded.page_at > coalesce(app_insights_visitor.page_at, '-infinity') then excluded.page_id
                        else app_insights_visitor.page_id end,
         page_at = greatest(app_insights_visitor.page_at, excluded.page_at)`,
      [p.anonymousId, p.userId],
    );
    await run(
      tx,
      `with moved as (delete from app_insights_visitor_page where visitor_id = ? returning app_id, page_id)
       insert into app_insights_visitor_page (app_id, visitor_id, page_id) select app_id, ?, page_id from moved on conflict do nothing`,
      [p.anonymousId, p.userId],
    );
    for (const { app_id } of apps) await reach(tx, app_id, p.userId, 'account', at);
  },
};
