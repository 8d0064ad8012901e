import { QUEUES, type AlertRule, type AlertRuleFields, type StoredEvent, isEventOf } from '@sparkhouse/contracts';
import { badRequest } from '../../../platform/http/errors';

/** Stream of an alert rule's facts: saved, removed, fired, resolved. */
export const alertStream = (ruleId: string) => `alert-${ruleId}`;

/** Name of the alert_rule read model's projection (the console waits for it to read its own writes). */
export const ALERTS_PROJECTION = 'operations.alerts';

/** A rule's fields beyond what their schema checks: a known queue, a failure rate as a percentage. 400 otherwise. */
export function checkAlertRuleFields(fields: AlertRuleFields): void {
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
}

/** An alert rule as its stream tells it. */
export interface AlertState {
  removed: boolean;
  /** The last of AlertFired / AlertResolved was AlertFired. */
  firing: boolean;
}

/** Folds an alert rule's events onto its state (null: no event yet). */
export function foldAlert(events: readonly StoredEvent[], state: AlertState | null): AlertState | null {
  let s = state;
  for (const e of events) {
    s ??= { removed: false, firing: false };
    if (isEventOf(e, 'AlertRuleRemoved')) s = { ...s, removed: true };
    else if (isEventOf(e, 'AlertFired')) s = { ...s, firing: true };
    else if (isEventOf(e, 'AlertResolved')) s = { ...s, firing: false };
  }
  return s;
}

/** What a rule measures now, and whether its condition holds. */
export function conditionHolds(rule: Pick<AlertRule, 'threshold'>, value: number): boolean {
  return value > rule.threshold;
}

/** Whether a rule whose condition has held since `since` fires now (a backlog must last forMinutes). */
export function shouldFire(rule: Pick<AlertRule, 'kind' | 'forMinutes'>, since: Date, now: Date): boolean {
  return rule.kind === 'failure-rate' || now.getTime() - since.getTime() >= rule.forMinutes * 60_000;
}

export function describeAlert(rule: Pick<AlertRule, 'name' | 'kind' | 'queue' | 'threshold' | 'forMinutes'>, value: number) {
  const where = rule.queue ?? 'all queues';
  return rule.kind === 'backlog'
    ? `${rule.name}: ${value} jobs waiting in ${where} (over ${rule.threshold} for ${rule.forMinutes} min)`
    : `${rule.name}: ${value.toFixed(1)} % of runs failed in ${where} over ${rule.forMinutes} min (over ${rule.threshold} %)`;
}
