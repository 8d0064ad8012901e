import { run } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { ALERTS_PROJECTION } from '../domain/alert-rules';

/** The alert_rule read model: each rule's settings and whether it is firing. */
export const alertsProjection = defineProjection({
  name: ALERTS_PROJECTION,
  version: 1,
  tables: ['alert_rule'],
  on: {
    AlertRuleSaved: ({ payload: p, metadata }, tx) =>
      run(
        tx,
        `insert into alert_rule (rule_id, name, kind, queue, threshold, for_minutes, enabled, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (rule_id) do update set name = excluded.name, kind = excluded.kind, queue = excluded.queue,
           threshold = excluded.threshold, for_minutes = excluded.for_minutes, enabled = excluded.enabled,
           updated_at = excluded.updated_at,
           state = case when excluded.enabled then alert_rule.state else 'ok' end`,
        [p.ruleId, p.name, p.kind, p.queue, p.threshold, p.forMinutes, p.enabled, metadata.occurredAt],
      ),
    AlertRuleRemoved: ({ payload: p }, tx) => run(tx, 'delete from alert_rule where rule_id = ?', [p.ruleId]),
    AlertFired: ({ payload: p, metadata }, tx) =>
      run(tx, `update alert_rule set state = 'firing', since = ?, last_value = ?, last_fired_at = ? where rule_id = ?`, [
        p.conditionSince,
        p.value,
        metadata.occurredAt,
        p.ruleId,
      ]),
    AlertResolved: ({ payload: p }, tx) =>
      run(tx, `update alert_rule set state = 'ok', since = null, last_value = ? where rule_id = ?`, [p.value, p.ruleId]),
  },
});
