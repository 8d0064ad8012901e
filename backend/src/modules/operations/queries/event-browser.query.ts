import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { ConsoleEvent } from '@sparkhouse/contracts';
import { rows } from '../../../platform/database/sql';
import { toStoredEvent, type EventRow } from '../../../platform/events/event-records';
import { redact } from '../domain/run-history';

export interface EventFilter {
  streamId?: string;
  type?: string;
  correlationId?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
}

/**
 * The event-log browser: newest first, keyset pages by position. Each filter has an index (stream,
 * type, correlation id); a time range is read through the BRIN index on recorded_at.
 */
@Injectable()
export class EventBrowser {
  constructor(private readonly orm: Database) {}

  async browse(f: EventFilter): Promise<{ events: ConsoleEvent[]; nextCursor: string | null }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => (where.push(sql), params.push(value));
    if (f.streamId) add('stream_id = ?', f.streamId);
    if (f.type) add('type = ?', f.type);
    if (f.correlationId) add(`(metadata->>'correlationId') = ?`, f.correlationId);
    if (f.from) add('recorded_at >= ?::timestamptz', f.from);
    if (f.to) add('recorded_at < ?::timestamptz', f.to);
    if (f.cursor) add('position < ?::bigint', f.cursor);
    const found = await rows<EventRow>(
      this.orm.em.fork(),
      `select position::text, event_id, stream_id, stream_version, type, schema_version, payload, metadata
         from domain_event ${where.length ? `where ${where.join(' and ')}` : ''}
        order by position desc limit ?`,
      [...params, f.limit + 1],
    );
    const page = found.slice(0, f.limit);
    return {
      events: page.map((row) => {
        let e;
        try {
          e = toStoredEvent(row);
        } catch {
          e = { ...row, streamId: row.stream_id, streamVersion: row.stream_version, schemaVersion: row.schema_version };
        }
        return {
          position: row.position,
          streamId: row.stream_id,
          streamVersion: row.stream_version,
          type: row.type,
          schemaVersion: e.schemaVersion,
          payload: redact(e.payload),
          metadata: row.metadata,
        };
      }),
      nextCursor: found.length > f.limit ? page[page.length - 1].position : null,
    };
  }
}
