import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ClassEnrolled,
  JoinedWaitlist,
  ProductProgressRecorded,
  type EventPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { Subscribes, type Projection } from '../../../platform/events/subscribers';
import { run } from '../../../platform/database/sql';

type P<D> = EventPayload<D>;

/**
 * What learners did: class enrolments, waitlist entries and watching progress. Progress sums the
 * seconds watched; each row remembers the last event applied, so a re-fed event adds nothing.
 */
@Subscribes()
@Injectable()
export class LearningProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'catalogue.learning';
  readonly version = 1;
  readonly handles = [ClassEnrolled.type, JoinedWaitlist.type, ProductProgressRecorded.type];

  async truncate(em: EntityManager) {
    await run(em, 'truncate class_enrolment, waitlist_entry, product_progress');
  }

  async handle(em: EntityManager, e: StoredEvent) {
    const at = e.metadata.occurredAt;
    switch (e.type) {
      case ClassEnrolled.type: {
        const p = e.payload as P<typeof ClassEnrolled>;
        return run(
          em,
          `insert into class_enrolment (user_id, product_id, class_slug, class_start_date, class_end_date) values (?, ?, ?, ?, ?)
           on conflict (user_id, product_id) do update
             set class_slug = excluded.class_slug, class_start_date = excluded.class_start_date, class_end_date = excluded.class_end_date`,
          [p.userId, p.productId, p.classSlug, p.classStartDate, p.classEndDate],
        );
      }
      case JoinedWaitlist.type: {
        const p = e.payload as P<typeof JoinedWaitlist>;
        return run(
          em,
          `insert into waitlist_entry (product_id, email, class_slug, user_id, first_name, source, joined_at)
           values (?, ?, ?, ?, ?, ?, ?) on conflict (product_id, email) do nothing`,
          [p.productId, p.email, p.classSlug, p.userId, p.firstName, p.source, at],
        );
      }
      case ProductProgressRecorded.type: {
        const p = e.payload as P<typeof ProductProgressRecorded>;
        return run(
          em,
          `insert into product_progress as pp (user_id, product_id, content_id, percent_complete, seconds_watched,
                                               position_in_seconds, updated_at, last_position)
           values (?, ?, ?, ?, ?, ?, ?, ?::bigint)
           on conflict (user_id, product_id, content_id) do update
             set percent_complete = excluded.percent_complete,
                 seconds_watched = pp.seconds_watched + excluded.seconds_watched,
                 position_in_seconds = excluded.position_in_seconds,
                 updated_at = excluded.updated_at,
                 last_position = excluded.last_position
           where pp.last_position < excluded.last_position`,
          [
            p.userId,
            p.productId,
            p.contentId,
            p.percentComplete,
            p.additionalSecondsWatched,
            p.positionInSeconds,
            at,
            e.position,
          ],
        );
      }
    }
  }
}
