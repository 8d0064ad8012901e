import { Injectable } from '@nestjs/common';
import type { Db } from '../../../platform/database/database';
import {
  ClassEnrolled,
  JoinedWaitlist,
  ProductProgressRecorded,
  type EventPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { runsOfType, Subscribes, type Projection } from '../../../platform/events/subscribers';
import { rows, run, textArray } from '../../../platform/database/sql';

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

  async truncate(em: Db) {
    await run(em, 'truncate class_enrolment, waitlist_entry, product_progress');
  }

  /** Runs of progress (most of the log) in two statements; anything else one event at a time. */
  async handleBatch(em: Db, events: StoredEvent[]) {
    for (const { type, events: run } of runsOfType(events)) {
      if (type === ProductProgressRecorded.type && run.length > 1) await this.recordProgress(em, run);
      else for (const e of run) await this.handle(em, e);
    }
  }

  async handle(em: Db, e: StoredEvent) {
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

  /**
   * A run of progress events as `handle` applies them one by one (each adds its seconds unless its row
   * has already seen it), computed from the rows as they stand: one read, one write. Only this
   * projection writes product_progress, under its subscriber lock, so the rows cannot change between.
   */
  private async recordProgress(em: Db, events: StoredEvent[]) {
    const keyOf = (p: P<typeof ProductProgressRecorded>) => JSON.stringify([p.userId, p.productId, p.contentId]);
    const payloads = events.map((e) => e.payload as P<typeof ProductProgressRecorded>);
    const keys = [...new Map(payloads.map((p) => [keyOf(p), p])).values()];
    const current = await rows<{
      user_id: string;
      product_id: string;
      content_id: string;
      seconds_watched: number;
      last_position: string;
    }>(
      em,
      `select pp.user_id, pp.product_id, pp.content_id, pp.seconds_watched, pp.last_position::text
         from product_progress pp
         join unnest(?::text[], ?::text[], ?::text[]) k(user_id, product_id, content_id) using (user_id, product_id, content_id)`,
      [textArray(keys.map((k) => k.userId)), textArray(keys.map((k) => k.productId)), textArray(keys.map((k) => k.contentId))],
    );
    const rowsByKey = new Map<string, ProgressRow>();
    for (const r of current) {
      const key = JSON.stringify([r.user_id, r.product_id, r.content_id]);
      rowsByKey.set(key, { seconds: Number(r.seconds_watched), lastPosition: BigInt(r.last_position), changed: null });
    }
    for (const [i, e] of events.entries()) {
      const p = payloads[i];
      const key = keyOf(p);
      const row = rowsByKey.get(key);
      const position = BigInt(e.position);
      if (row && row.lastPosition >= position) continue;
      rowsByKey.set(key, {
        seconds: (row?.seconds ?? 0) + p.additionalSecondsWatched,
        lastPosition: position,
        changed: { p, at: e.metadata.occurredAt },
      });
    }
    const changed = [...rowsByKey.values()].filter((r): r is ProgressRow & { changed: object } => r.changed !== null);
    if (changed.length === 0) return;
    const column = <T>(pick: (r: (typeof changed)[number]) => T) => changed.map(pick);
    await run(
      em,
      `insert into product_progress as pp (user_id, product_id, content_id, percent_complete, seconds_watched,
                                           position_in_seconds, updated_at, last_position)
       select * from unnest(?::text[], ?::text[], ?::text[], ?::real[], ?::real[], ?::real[], ?::timestamptz[], ?::bigint[])
       on conflict (user_id, product_id, content_id) do update
         set percent_complete = excluded.percent_complete, seconds_watched = excluded.seconds_watched,
             position_in_seconds = excluded.position_in_seconds, updated_at = excluded.updated_at,
             last_position = excluded.last_position`,
      [
        textArray(column((r) => r.changed.p.userId)),
        textArray(column((r) => r.changed.p.productId)),
        textArray(column((r) => r.changed.p.contentId)),
        `{${column((r) => r.changed.p.percentComplete).join(',')}}`,
        `{${column((r) => r.seconds).join(',')}}`,
        `{${column((r) => r.changed.p.positionInSeconds).join(',')}}`,
        textArray(column((r) => String(r.changed.at))),
        `{${column((r) => r.lastPosition.toString()).join(',')}}`,
      ],
    );
  }
}

interface ProgressRow {
  seconds: number;
  lastPosition: bigint;
  /** The last event applied in this batch, when one was. */
  changed: { p: P<typeof ProductProgressRecorded>; at: string } | null;
}
