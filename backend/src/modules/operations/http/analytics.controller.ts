import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Database } from '../../../platform/database/database';
import { ANALYTICS, operations } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { rows } from '../../../platform/database/sql';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { badRequest } from '../../../platform/http/errors';
import { EventStore } from '../../../platform/events/event-store';
import { landingViews, PRODUCT_LANDING_EVENT } from '../domain/landing-views';

type Upload = CallInput<typeof operations.recordAnalytics>['body'];

/** The checksum an upload carries: SHA-256 (hex) of version, API key, the events' JSON and the upload time. */
export const uploadChecksum = (u: Pick<Upload, 'v' | 'api_key' | 'events' | 'upload_time'>) =>
  createHash('sha256')
    .update(`${u.v ?? ''}${u.api_key}${JSON.stringify(u.events)}${u.upload_time ?? ''}`)
    .digest('hex');

/**
 * The analytics collector (the spec's POST /data: API key, events, version, upload time, checksum).
 * Telemetry, not domain state: rows go straight into analytics_event rather than through the event
 * log — except views of an app's landing page ("product landing" with {storefrontSlug, appSlug}), also
 * appended as AppLandingViewed facts in the same transaction, which the creator's Insights count. An
 * unknown API key or a checksum that does not match is refused. An upload that arrives twice (a retry
 * after a lost answer) is counted once, and so is an event sent again in another upload (the client's
 * retry after a failed one: same insert_id, same device).
 */
@Controller()
export class AnalyticsController {
  private readonly keys: string[];

  constructor(
    private readonly orm: Database,
    private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keys = config.ANALYTICS_API_KEYS.split(',')
      .map((k) => k.trim())
      .filter(Boolean);
  }

  @Endpoint(operations.recordAnalytics)
  async record(@Input() { body }: CallInput<typeof operations.recordAnalytics>, @Req() req: Request) {
    if (!this.keys.includes(body.api_key)) {
      throw badRequest('Invalid API key', [{ path: 'body.api_key', message: 'api_key is not a key of this collector' }]);
    }
    // over the upload as sent (already checked above): the parsed copy has its keys in the schema's order
    const checksum = uploadChecksum(req.body as Upload);
    if (body.checksum !== undefined && !sameText(body.checksum.toLowerCase(), checksum)) {
      throw badRequest('checksum does not match the upload', [{ path: 'body.checksum', message: 'checksum does not match' }]);
    }
    const events = body.events.map((e) => ({
      event_type: e.event_type,
      occurred_at: new Date(e.time).toISOString(),
      user_id: e.user_id ?? null,
      device_id: e.device_id ?? null,
      session_id: e.session_id ?? null,
      properties: trimProperties(e.event_properties ?? {}),
      insert_id: e.insert_id ?? null,
    }));
    const ingested = await this.orm.em.fork().transactional(async (tem) => {
      const fresh = await rows(
        tem,
        'insert into analytics_upload (api_key, checksum, events) values (?, ?, ?) on conflict do nothing returning checksum',
        [body.api_key, checksum, events.length],
      );
      if (fresh.length === 0) return 0;
      // an event stored already under its id (sent again in another upload) is left out, here and in the log
      const [stored] = await rows<{ ingested: number; landings: StoredEvent[] }>(
        tem,
        `with stored as (
           insert into analytics_event (event_type, occurred_at, user_id, device_id, session_id, properties, insert_id)
           select event_type, occurred_at, user_id, device_id, session_id, properties, insert_id
             from jsonb_to_recordset(?::jsonb) as r(event_type text, occurred_at timestamptz, user_id text, device_id text,
                                                    session_id bigint, properties jsonb, insert_id text)
           on conflict ((coalesce(device_id, user_id, '')), insert_id) where insert_id is not null do nothing
           returning event_type, occurred_at, user_id, device_id, properties)
         select (select count(*)::int from stored) as ingested,
                coalesce((select json_agg(s) from stored s where s.event_type = ?), '[]') as landings`,
        [JSON.stringify(events), PRODUCT_LANDING_EVENT],
      );
      const landings = stored.landings.map((e) => ({ ...e, occurred_at: new Date(e.occurred_at).toISOString() }));
      for (const [stream, views] of landingViews(landings)) await this.eventStore.append(tem, stream, views);
      return stored.ingested;
    });
    return { code: 200 as const, events_ingested: ingested };
  }
}

/** An event as stored (its time as PostgreSQL writes it in JSON). */
interface StoredEvent {
  event_type: string;
  occurred_at: string;
  user_id: string | null;
  device_id: string | null;
  properties: Record<string, unknown>;
}

function sameText(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function trimProperties(props: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(props).slice(0, ANALYTICS.maxPropertiesPerEvent);
  return Object.fromEntries(
    entries.map(([k, v]) => [k.slice(0, 200), typeof v === 'string' ? v.slice(0, ANALYTICS.maxStringLength) : v]),
  );
}
