import { Injectable } from '@nestjs/common';
import type { Db } from '../../../platform/database/database';
import {
  AlertFired,
  AlertResolved,
  AlertRuleRemoved,
  AlertRuleSaved,
  type EventPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { run } from '../../../platform/database/sql';
import { Subscribes, type Projection } from '../../../platform/events/subscribers';

/** The alert_rule read model: each rule's settings and whether it is firing. */
@Subscribes()
@Injectable()
export class AlertsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'operations.alerts';
  readonly version = 1;
  readonly tables = ['alert_rule'];
  readonly handles = [AlertRuleSaved.type, AlertRuleRemoved.type, AlertFired.type, AlertResolved.type];

  async truncate(em: Db) {
    await run(em, 'truncate alert_rule');
  }

  async handle(em: Db, e: StoredEvent) {
    const at = e.metadata.occurredAt;
    switch (e.type) {
      case AlertRuleSaved.type: {
        const p = e.payload as EventPayload<typeof AlertRuleSaved>;
        return run(
          em,
          `insert into alert_rule (rule_id, name, kind, queue, threshold, for_minutes, enabled, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?)
           on conflict (rule_id) do update set name = excluded.name, kind = excluded.kind, queue = excluded.queue,
             threshold = excluded.threshold, for_minutes = excluded.for_minutes, enabled = excluded.enabled,
             updated_at = excluded.updated_at,
             state = case when excluded.enabled then alert_rule.state else 'ok' end`,
          [p.ruleId, p.name, p.kind, p.queue, p.threshold, p.forMinutes, p.enabled, at],
        );
      }
      case AlertRuleRemoved.type:
        return run(em, 'delete from alert_rule where rule_id = ?', [(e.payload as { ruleId: string }).ruleId]);
      case AlertFired.type: {
        const p = e.payload as EventPayload<typeof AlertFired>;
        return run(em, `update alert_rule set state = 'firing', since = ?, last_value = ?, last_fired_at = ? where rule_id = ?`, [
          p.conditionSince,
          p.value,
          at,
          p.ruleId,
        ]);
      }
      case AlertResolved.type: {
        const p = e.payload as EventPayload<typeof AlertResolved>;
        return run(em, `update alert_rule set state = 'ok', since = null, last_value = ? where rule_id = ?`, [p.value, p.ruleId]);
      }
    }
  }
}
