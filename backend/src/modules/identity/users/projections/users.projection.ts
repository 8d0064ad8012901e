import { Injectable } from '@nestjs/common';
import type { Db } from '../../../../platform/database/database';
import {
  AnonymousIdLinked,
  ClassEnrolled,
  CreatorAccessChanged,
  EmailCollected,
  MembershipStatusChanged,
  StripeCustomerRecorded,
  OfferSeenRecorded,
  ProgramInfoSaved,
  UserProfileCreated,
  VipStatusChanged,
  type EventPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { Subscribes, type Projection } from '../../../../platform/events/subscribers';
import { evolve } from '../domain/user-profile';
import { loadProfileRow, rowToState, saveProfileRow } from '../infra/user-profile-rows';

type P<D> = EventPayload<D>;

/**
 * The users read models: user_profile (folded with the same `evolve` the write side decides with),
 * user_program_info, user_anonymous_link and email_lead. Rebuildable from the log at any time.
 */
@Subscribes()
@Injectable()
export class UsersProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'users.profiles';
  // v2: enrolments (the catalogue's ClassEnrolled) for User.classesEnrolled; v3: is_creator
  readonly version = 3;
  readonly handles = [
    UserProfileCreated.type,
    VipStatusChanged.type,
    CreatorAccessChanged.type,
    OfferSeenRecorded.type,
    ProgramInfoSaved.type,
    AnonymousIdLinked.type,
    EmailCollected.type,
    ClassEnrolled.type,
    MembershipStatusChanged.type,
    StripeCustomerRecorded.type,
  ];

  async truncate(em: Db) {
    await this.sql(em, 'truncate user_profile, user_program_info, user_anonymous_link, email_lead, user_class_enrolment');
  }

  async handle(em: Db, e: StoredEvent) {
    if (e.type === AnonymousIdLinked.type) return this.link(em, e);
    if (e.type === EmailCollected.type) return this.lead(em, e.payload as P<typeof EmailCollected>);
    if (e.type === ClassEnrolled.type) return this.enrolment(em, e.payload as P<typeof ClassEnrolled>);
    if (e.type === ProgramInfoSaved.type) await this.programInfo(em, e.payload as P<typeof ProgramInfoSaved>);
    const userId = (e.payload as { userId: string }).userId;
    const row = await loadProfileRow(em, userId);
    const next = evolve(row ? rowToState(row) : null, e);
    // a redelivered event (at or below the row's version) must not move the version back
    if (next && (!row || e.streamVersion > row.version)) await saveProfileRow(em, next);
  }

  /** Another module's fact, kept here so a user's view needs no call across modules. */
  private enrolment(em: Db, p: P<typeof ClassEnrolled>) {
    return this.sql(
      em,
      `insert into user_class_enrolment (user_id, class_slug, product_id, class_start_date, class_end_date)
       values (?, ?, ?, ?, ?)
       on conflict (user_id, class_slug) do update set product_id = excluded.product_id,
         class_start_date = excluded.class_start_date, class_end_date = excluded.class_end_date`,
      [p.userId, p.classSlug, p.productId, p.classStartDate, p.classEndDate],
    );
  }

  private programInfo(em: Db, p: P<typeof ProgramInfoSaved>) {
    return this.sql(
      em,
      `insert into user_program_info (user_id, slug, program_info, saved_at) values (?, ?, ?::jsonb, ?)
       on conflict (user_id, slug) do update set program_info = excluded.program_info, saved_at = excluded.saved_at`,
      [p.userId, p.slug, JSON.stringify(p.programInfo), p.savedAt],
    );
  }

  private link(em: Db, e: StoredEvent) {
    const p = e.payload as P<typeof AnonymousIdLinked>;
    return this.sql(
      em,
      `insert into user_anonymous_link (anonymous_id, user_id, via, storefront_slug, app_slug, linked_at)
       values (?, ?, ?, ?, ?, ?) on conflict (anonymous_id) do nothing`,
      [p.anonymousId, p.userId, p.via, p.storefrontSlug, p.appSlug, e.metadata.occurredAt],
    );
  }

  private lead(em: Db, p: P<typeof EmailCollected>) {
    const classes = p.classInterestedIn ? [p.classInterestedIn] : [];
    return this.sql(
      em,
      `insert into email_lead (email, classes_interested_in, tags, times_collected, first_collected_at, last_collected_at)
       values (?, ?::jsonb, ?::jsonb, 1, ?, ?)
       on conflict (email) do update set
         classes_interested_in = (select coalesce(jsonb_agg(distinct v), '[]') from jsonb_array_elements_text(
           email_lead.classes_interested_in || excluded.classes_interested_in) v),
         tags = (select coalesce(jsonb_agg(distinct v), '[]') from jsonb_array_elements_text(email_lead.tags || excluded.tags) v),
         times_collected = email_lead.times_collected + 1,
         last_collected_at = excluded.last_collected_at`,
      [p.email, JSON.stringify(classes), JSON.stringify(p.extraTags), p.collectedAt, p.collectedAt],
    );
  }

  private async sql(em: Db, query: string, params: unknown[] = []) {
    await em.getConnection().execute(query, params, 'run', em.getTransactionContext());
  }
}
