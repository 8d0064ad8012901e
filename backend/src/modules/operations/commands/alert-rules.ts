import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { AlertRuleRemoved, AlertRuleSaved, QUEUES, type AlertRule, type AlertRuleFields } from '@sparkhouse/contracts';
import { rows } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { subscribersReached } from '../../../platform/events/read-your-writes';
import { badRequest, notFound } from '../../../platform/http/errors';

export const alertStream = (ruleId: string) => `alert-${ruleId}`;
const PROJECTION = 'operations.alerts';
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

/** Alert rules: saved and removed as events on the rule's stream; read from the alert_rule read model. */
@Injectable()
export class AlertRules {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

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

  async create(fields: AlertRuleFields): Promise<AlertRule> {
    return this.save(randomUUID(), fields, true);
  }

  async update(ruleId: string, fields: AlertRuleFields): Promise<AlertRule> {
    return this.save(ruleId, fields, false);
  }

  async remove(ruleId: string): Promise<void> {
    const appended = await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, alertStream(ruleId), (stream) => {
        if (stream.length === 0 || stream.some((e) => e.type === AlertRuleRemoved.type)) throw notFound('No such alert rule.');
        return [{ type: AlertRuleRemoved.type, payload: { ruleId } }];
      }),
    );
    await this.caughtUp(appended?.[appended.length - 1]?.position);
  }

  private async save(ruleId: string, fields: AlertRuleFields, isNew: boolean): Promise<AlertRule> {
    if (fields.queue !== null && !(Object.values(QUEUES) as string[]).includes(fields.queue)) {
      throw badRequest('queue must be a queue of contracts/jobs, or null for every queue', [
        { path: 'body.queue', message: 'queue is not a known queue' },
      ]);
    }
    if (fields.kind === 'failure-rate' && fields.threshold > 100) {
      throw badRequest('threshold of a failure rate is a percentage (0-100)', [
        { path: 'body.threshold', message: 'threshold must be at most 100' },
      ]);
    }
    const appended = await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, alertStream(ruleId), (stream) => {
        if (!isNew && (stream.length === 0 || stream.some((e) => e.type === AlertRuleRemoved.type))) {
          throw notFound('No such alert rule.');
        }
        return [{ type: AlertRuleSaved.type, payload: { ruleId, ...fields } }];
      }),
    );
    await this.caughtUp(appended?.[appended.length - 1]?.position);
    const rule = await this.one(ruleId);
    if (!rule) throw new Error('the alert rule read model did not catch up');
    return rule;
  }

  /** The caller reads its own write: wait (bounded) for the read model to reach it. */
  private async caughtUp(position: string | undefined) {
    if (position) await subscribersReached(this.orm.em.fork(), [PROJECTION], position, READ_OWN_WRITE_MS);
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
