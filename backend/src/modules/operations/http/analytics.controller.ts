import { Controller } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { ANALYTICS, operations } from '@sparkhouse/contracts';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';

/**
 * Analytics intake (page views and product events). Telemetry, not domain state: rows go straight
 * into analytics_event rather than through the event log.
 */
@Controller()
export class AnalyticsController {
  constructor(private readonly orm: MikroORM) {}

  @Endpoint(operations.recordAnalytics)
  async record(@Input() { body }: CallInput<typeof operations.recordAnalytics>) {
    const rows = body.events.map((e) => ({
      event_type: e.event_type,
      occurred_at: new Date(e.time).toISOString(),
      user_id: e.user_id ?? null,
      device_id: e.device_id ?? null,
      session_id: e.session_id ?? null,
      properties: trimProperties(e.event_properties ?? {}),
    }));
    await this.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into analytics_event (event_type, occurred_at, user_id, device_id, session_id, properties)
       select event_type, occurred_at, user_id, device_id, session_id, properties
         from jsonb_to_recordset(?::jsonb) as r(event_type text, occurred_at timestamptz, user_id text, device_id text,
                                                session_id bigint, properties jsonb)`,
        [JSON.stringify(rows)],
      );
    return { code: 200 as const, events_ingested: rows.length };
  }
}

function trimProperties(props: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(props).slice(0, ANALYTICS.maxPropertiesPerEvent);
  return Object.fromEntries(
    entries.map(([k, v]) => [k.slice(0, 200), typeof v === 'string' ? v.slice(0, ANALYTICS.maxStringLength) : v]),
  );
}
