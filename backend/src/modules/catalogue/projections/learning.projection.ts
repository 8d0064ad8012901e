import type { Db } from '../../../platform/database/database';
import { eventsInHand, type EventRows } from '../../../platform/events/event-rows';
import { defineProjection } from '../../../platform/events/define-projection';
import { run } from '../../../platform/database/sql';

/**
 * A run of progress events as the handler applies them one by one, folded per row in one statement: an
 * event counts when its position is past the row's last one and past every event before it in the run
 * (a row that has seen it, or a re-fed event, adds nothing); seconds are summed in the column's own
 * type (real), in order, starting from the row's, as one update after another would; the other columns
 * come from the last event that counted. Only this projection writes product_progress, under its
 * subscriber lock, so the rows read here cannot change before the write.
 *
 * One sort does it all (a rebuild folds 100,000 events in one run): the events ordered by row and then
 * by log order; the seconds summed as they come (a running sum, the row's own seconds added to the first
 * event that counts: ((row + s1) + s2) + ..., the order a sum of the row's and then each event's would
 * take), and the last event that counts of each row carries the result. The row keys are compared in
 * the "C" collation: the same rows (equality is bytewise either way), sorted without the locale.
 */
function recordProgress(tx: Db, events: EventRows) {
  return run(
    tx,
    `with ev as (
       select e.payload->>'userId' collate "C" as user_id, e.payload->>'productId' collate "C" as product_id,
              e.payload->>'contentId' collate "C" as content_id, e.payload, e.metadata, e.position, e.n
         from (${events.sql}) e
     ),
     seen as (
       select ev.*, pp.seconds_watched as row_seconds, pp.last_position as row_last,
              max(ev.position) over (partition by ev.user_id, ev.product_id, ev.content_id order by ev.n
                                     rows between unbounded preceding and 1 preceding) as before
         from ev left join product_progress pp using (user_id, product_id, content_id)
     ),
     counted as (
       select seen.*, row_number() over w as nth, lead(n) over w as next_n,
              (payload->>'additionalSecondsWatched')::real as seconds
         from seen
        where greatest(row_last, before) is null or position > greatest(row_last, before)
       window w as (partition by user_id, product_id, content_id order by n)
     ),
     summed as (
       select counted.*,
              sum(case when nth = 1 and row_seconds is not null then coalesce(row_seconds + seconds, row_seconds)
                       else seconds end)
                over (partition by user_id, product_id, content_id order by n rows between unbounded preceding and current row)
                as seconds_now
         from counted
     )
     insert into product_progress as pp (user_id, product_id, content_id, percent_complete, seconds_watched,
                                         position_in_seconds, updated_at, last_position)
     select c.user_id, c.product_id, c.content_id, (c.payload->>'percentComplete')::real, c.seconds_now,
            (c.payload->>'positionInSeconds')::real, (c.metadata->>'occurredAt')::timestamptz, c.position
       from summed c
      where c.next_n is null
     on conflict (user_id, product_id, content_id) do update
       set percent_complete = excluded.percent_complete, seconds_watched = excluded.seconds_watched,
           position_in_seconds = excluded.position_in_seconds, updated_at = excluded.updated_at,
           last_position = excluded.last_position`,
    [...events.params],
  );
}

/**
 * What learners did: class enrolments, waitlist entries and watching progress. Progress sums the
 * seconds watched; each row remembers the last event applied, so a re-fed event adds nothing. Runs of
 * progress (most of the log) take one statement; a rebuild reads them in the database.
 */
export const learningProjection = defineProjection({
  name: 'catalogue.learning',
  version: 1,
  tables: ['class_enrolment', 'waitlist_entry', 'product_progress'],
  // a member's progress, newest first (the statements here find rows by key)
  queryIndexes: ['product_progress_user_idx'],
  on: {
    ClassEnrolled: ({ payload: p }, tx) =>
      run(
        tx,
        `insert into class_enrolment (user_id, product_id, class_slug, class_start_date, class_end_date) values (?, ?, ?, ?, ?)
         on conflict (user_id, product_id) do update
           set class_slug = excluded.class_slug, class_start_date = excluded.class_start_date, class_end_date = excluded.class_end_date`,
        [p.userId, p.productId, p.classSlug, p.classStartDate, p.classEndDate],
      ),
    JoinedWaitlist: ({ payload: p, metadata }, tx) =>
      run(
        tx,
        `insert into waitlist_entry (product_id, email, class_slug, user_id, first_name, source, joined_at)
         values (?, ?, ?, ?, ?, ?, ?) on conflict (product_id, email) do nothing`,
        [p.productId, p.email, p.classSlug, p.userId, p.firstName, p.source, metadata.occurredAt],
      ),
    ProductProgressRecorded: ({ payload: p, metadata, position }, tx) =>
      run(
        tx,
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
          metadata.occurredAt,
          position,
        ],
      ),
  },
  batch: { ProductProgressRecorded: (events, tx) => recordProgress(tx, eventsInHand(events)) },
  setBased: { types: ['ProductProgressRecorded'], apply: (tx, _type, rows) => recordProgress(tx, rows) },
});
