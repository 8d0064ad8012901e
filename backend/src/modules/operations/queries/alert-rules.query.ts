import { Injectable } from '@nestjs/common';
import type { AlertRule } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import { subscribersReached } from '../../../platform/events/read-your-writes';
import { ALERTS_PROJECTION } from '../domain/alert-rules';

const READ_OWN_WRITE_MS = 5000;

interface RuleRow {
  rule_id: string;
  name: string;
  kind: AlertRule['kind'];
  queue: string | null;
  threshold: number;
  for_minutes: number;
  enabled: boolean;
  state: 'ok' | 'firing';
  since: Date | null;
  last_value: number | null;
  last_fired_at: Date | null;
  updated_at: Date;
  condition_since: Date | null;
  watch_value: number | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Alert rules from the alert_rule read model, with what the evaluator last measured (alert_watch). */
@Injectable()
export class AlertRuleQueries {
  constructor(private readonly orm: Database) {}

  async list(): Promise<AlertRule[]> {
    const found = await rows<RuleRow>(
      this.orm.em.fork(),
      `select r.*, w.condition_since, w.last_value as watch_value
         from alert_rule r left join alert_watch w on w.rule_id = r.rule_id order by r.name, r.rule_id`,
    );
    return found.map(toRule);
  }

  async one(ruleId: string): Promise<AlertRule | null> {
    return (await this.list()).find((r) => r.id === ruleId) ?? null;
  }

  /** The caller reads its own write: wait (bounded) for the read model to reach the event at `position`. */
  async reached(position: string | undefined): Promise<void> {
    if (position) await subscribersReached(this.orm.em.fork(), [ALERTS_PROJECTION], position, READ_OWN_WRITE_MS);
  }
}

function toRule(r: RuleRow): AlertRule {
  const pending = r.state !== 'firing' && r.enabled && r.condition_since !== null;
  return {
    id: r.rule_id,
    name: r.name,
    kind: r.kind,
    queue: r.queue,
    threshold: r.threshold,
    forMinutes: r.for_minutes,
    enabled: r.enabled,
    state: r.state === 'firing' ? 'firing' : pending ? 'pending' : 'ok',
    since: r.state === 'firing' ? iso(r.since) : pending ? iso(r.condition_since) : null,
    lastValue: r.watch_value ?? r.last_value,
    lastFiredAt: iso(r.last_fired_at),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
