import type { AlertRule, NewEvent } from '@sparkhouse/contracts';
import { deciderSpec } from '../../../test-support/decider-spec';
import { alertModel } from '../infra/streams';
import { decide } from './evaluate-alert-rule.command';

const rule: AlertRule = {
  id: 'r1',
  name: 'Backlog',
  kind: 'backlog',
  queue: null,
  threshold: 10,
  forMinutes: 5,
  enabled: true,
  state: 'ok',
  since: null,
  lastValue: null,
  lastFiredAt: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const saved: NewEvent = {
  type: 'AlertRuleSaved',
  payload: { ruleId: 'r1', name: 'Backlog', kind: 'backlog', queue: null, threshold: 10, forMinutes: 5, enabled: true },
};
const since = new Date('2026-01-01T10:00:00.000Z');
const minutesLater = (m: number) => new Date(since.getTime() + m * 60_000);
const fired: NewEvent = {
  type: 'AlertFired',
  payload: {
    ruleId: 'r1',
    value: 12,
    message: 'Backlog: 12 jobs waiting in all queues (over 10 for 5 min)',
    conditionSince: since.toISOString(),
  },
};

describe('EvaluateAlertRule decides', () => {
  const spec = deciderSpec(alertModel, decide);

  it('fires a backlog that has lasted its minutes, once', () => {
    spec
      .given(saved)
      .when({ rule, value: 12, since, now: minutesLater(4) })
      .thenNothing();
    spec
      .given(saved)
      .when({ rule, value: 12, since, now: minutesLater(5) })
      .then([fired]);
    // the read model may still say ok while the stream has fired: another round got there
    spec
      .given(saved, fired)
      .when({ rule, value: 12, since, now: minutesLater(6) })
      .thenNothing();
  });

  it('resolves a firing rule whose condition no longer holds, and leaves the rest alone', () => {
    const firing = { ...rule, state: 'firing' as const };
    spec
      .given(saved, fired)
      .when({ rule: firing, value: 3, since: null, now: minutesLater(9) })
      .then([{ type: 'AlertResolved', payload: { ruleId: 'r1', value: 3 } }]);
    spec
      .given(saved, fired)
      .when({ rule: firing, value: 12, since, now: minutesLater(9) })
      .thenNothing();
    spec
      .given(saved)
      .when({ rule, value: 3, since: null, now: minutesLater(9) })
      .thenNothing();
  });
});
