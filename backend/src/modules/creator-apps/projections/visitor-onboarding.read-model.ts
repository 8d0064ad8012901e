import type { Db } from '../../../platform/database/database';
import { rows, run } from '../../../platform/database/sql';
import type { ProjectionHandlers } from '../../../platform/events/define-projection';

const json = (v: unknown) => JSON.stringify(v);

/** A linked anonymous id's facts belong to its member (a fact may be delivered again after the link). */
export async function visitorOf(tx: Db, visitorId: string): Promise<string> {
  if (!visitorId.startsWith('anon_')) return visitorId;
  const [link] = await rows<{ user_id: string }>(tx, 'select user_id from app_visitor_link where anonymous_id = ?', [visitorId]);
  return link?.user_id ?? visitorId;
}

/**
 * app_visitor_onboarding: each visitor's answers, place and completion (the newest fact wins).
 * app_visitor_link: the anonymous ids that signed up or in; when one does, its answers and plans
 * become the member's, unless the member's own answers are newer.
 */
export const visitorOnboarding: ProjectionHandlers<'OnboardingUserStateSaved' | 'OnboardingCompleted' | 'AnonymousIdLinked'> = {
  OnboardingUserStateSaved: async ({ payload: p, metadata: { occurredAt: at } }, tx) =>
    run(
      tx,
      `insert into app_visitor_onboarding (app_id, visitor_id, user_state, pages_info, updated_at, testing_step_id)
       values (?, ?, ?::jsonb, ?::jsonb, ?, ?)
       on conflict (app_id, visitor_id) do update
         set user_state = excluded.user_state, pages_info = excluded.pages_info, updated_at = excluded.updated_at
         where excluded.updated_at >= app_visitor_onboarding.updated_at`,
      [p.appId, await visitorOf(tx, p.visitorId), json(p.userState), json(p.pagesInfo), at, p.testingStepId ?? null],
    ),
  OnboardingCompleted: async ({ payload: p, metadata: { occurredAt: at } }, tx) =>
    run(
      tx,
      `insert into app_visitor_onboarding (app_id, visitor_id, user_state, pages_info, completed_at, updated_at, testing_step_id)
       values (?, ?, ?::jsonb, ?::jsonb, ?, ?, ?)
       on conflict (app_id, visitor_id) do update
         set user_state = excluded.user_state, pages_info = excluded.pages_info,
             completed_at = coalesce(app_visitor_onboarding.completed_at, excluded.completed_at), updated_at = excluded.updated_at
         where excluded.updated_at >= app_visitor_onboarding.updated_at`,
      [p.appId, await visitorOf(tx, p.visitorId), json(p.finalUserState), json(p.pagesInfo), at, at, p.testingStepId ?? null],
    ),
  AnonymousIdLinked: async ({ payload: p }, tx) => {
    await run(tx, 'insert into app_visitor_link (anonymous_id, user_id) values (?, ?) on conflict do nothing', [
      p.anonymousId,
      p.userId,
    ]);
    // the anonymous answers become the member's, unless the member's own are newer
    await run(
      tx,
      `insert into app_visitor_onboarding (app_id, visitor_id, user_state, pages_info, completed_at, updated_at, testing_step_id)
       select app_id, ?, user_state, pages_info, completed_at, updated_at, testing_step_id from app_visitor_onboarding where visitor_id = ?
       on conflict (app_id, visitor_id) do update
         set user_state = excluded.user_state, pages_info = excluded.pages_info,
             completed_at = coalesce(excluded.completed_at, app_visitor_onboarding.completed_at), updated_at = excluded.updated_at
         where excluded.updated_at > app_visitor_onboarding.updated_at`,
      [p.userId, p.anonymousId],
    );
    await run(tx, 'delete from app_visitor_onboarding where visitor_id = ?', [p.anonymousId]);
    // and so do their plans
    return run(tx, 'update app_visitor_plan set visitor_id = ? where visitor_id = ?', [p.userId, p.anonymousId]);
  },
};
