import type { DomainEvent } from '@sparkhouse/contracts';
import type { Db } from '../../../../platform/database/database';
import { run } from '../../../../platform/database/sql';
import { defineProjection } from '../../../../platform/events/define-projection';
import { evolve } from '../domain/user-profile';
import { loadProfileRow, rowToState, saveProfileRow } from '../infra/user-profile-rows';

type ProfileFact =
  | 'UserProfileCreated'
  | 'VipStatusChanged'
  | 'CreatorAccessChanged'
  | 'OfferSeenRecorded'
  | 'ProgramInfoSaved'
  | 'MembershipStatusChanged'
  | 'StripeCustomerRecorded';

/** user_profile: folded with the same `evolve` the write side decides with. */
async function profile(e: DomainEvent<ProfileFact>, tx: Db) {
  const row = await loadProfileRow(tx, e.payload.userId);
  const next = evolve(row ? rowToState(row) : null, e);
  // a redelivered event (at or below the row's version) must not move the version back
  if (next && (!row || e.streamVersion > row.version)) await saveProfileRow(tx, next);
}

/** user_program_info: the latest program info saved per user and program slug. */
const programInfo = ({ payload: p }: DomainEvent<'ProgramInfoSaved'>, tx: Db) =>
  run(
    tx,
    `insert into user_program_info (user_id, slug, program_info, saved_at) values (?, ?, ?::jsonb, ?)
     on conflict (user_id, slug) do update set program_info = excluded.program_info, saved_at = excluded.saved_at`,
    [p.userId, p.slug, JSON.stringify(p.programInfo), p.savedAt],
  );

/**
 * The users read models, rebuildable from the log at any time: user_profile, user_program_info,
 * user_anonymous_link (anonymous visitor ids linked to users), email_lead (emails collected) and
 * user_class_enrolment (the catalogue's enrolments, kept here so a user's view needs no call across modules).
 */
export const usersProjection = defineProjection({
  name: 'users.profiles',
  // v2: enrolments (the catalogue's ClassEnrolled) for User.classesEnrolled; v3: is_creator
  version: 3,
  tables: ['user_profile', 'user_program_info', 'user_anonymous_link', 'email_lead', 'user_class_enrolment'],
  on: {
    UserProfileCreated: profile,
    VipStatusChanged: profile,
    CreatorAccessChanged: profile,
    OfferSeenRecorded: profile,
    MembershipStatusChanged: profile,
    StripeCustomerRecorded: profile,
    ProgramInfoSaved: async (e, tx) => {
      await programInfo(e, tx);
      await profile(e, tx);
    },
    AnonymousIdLinked: ({ payload: p, metadata }, tx) =>
      run(
        tx,
        `insert into user_anonymous_link (anonymous_id, user_id, via, storefront_slug, app_slug, linked_at)
         values (?, ?, ?, ?, ?, ?) on conflict (anonymous_id) do nothing`,
        [p.anonymousId, p.userId, p.via, p.storefrontSlug, p.appSlug, metadata.occurredAt],
      ),
    EmailCollected: ({ payload: p }, tx) =>
      run(
        tx,
        `insert into email_lead (email, classes_interested_in, tags, times_collected, first_collected_at, last_collected_at)
         values (?, ?::jsonb, ?::jsonb, 1, ?, ?)
         on conflict (email) do update set
           classes_interested_in = (select coalesce(jsonb_agg(distinct v), '[]') from jsonb_array_elements_text(
             email_lead.classes_interested_in || excluded.classes_interested_in) v),
           tags = (select coalesce(jsonb_agg(distinct v), '[]') from jsonb_array_elements_text(email_lead.tags || excluded.tags) v),
           times_collected = email_lead.times_collected + 1,
           last_collected_at = excluded.last_collected_at`,
        [
          p.email,
          JSON.stringify(p.classInterestedIn ? [p.classInterestedIn] : []),
          JSON.stringify(p.extraTags),
          p.collectedAt,
          p.collectedAt,
        ],
      ),
    ClassEnrolled: ({ payload: p }, tx) =>
      run(
        tx,
        `insert into user_class_enrolment (user_id, class_slug, product_id, class_start_date, class_end_date)
         values (?, ?, ?, ?, ?)
         on conflict (user_id, class_slug) do update set product_id = excluded.product_id,
           class_start_date = excluded.class_start_date, class_end_date = excluded.class_end_date`,
        [p.userId, p.classSlug, p.productId, p.classStartDate, p.classEndDate],
      ),
  },
});
