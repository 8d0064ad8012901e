import type { NewEvent } from '@sparkhouse/contracts';
import { deciderSpec } from '../../../test-support/decider-spec';
import { alertModel } from '../infra/streams';
import { decide, RemoveAlertRule } from './remove-alert-rule.command';

const saved: NewEvent = {
  type: 'AlertRuleSaved',
  payload: { ruleId: 'r1', name: 'Backlog', kind: 'backlog', queue: null, threshold: 10, forMinutes: 5, enabled: true },
};
const removed: NewEvent = { type: 'AlertRuleRemoved', payload: { ruleId: 'r1' } };

describe('RemoveAlertRule decides', () => {
  const spec = deciderSpec(alertModel, decide);

  it('removes a rule that exists, once', () => {
    spec.given(saved).when(new RemoveAlertRule('r1')).then([removed]);
    spec.given(saved, removed).when(new RemoveAlertRule('r1')).thenThrows('No such alert rule.');
    spec.given().when(new RemoveAlertRule('r1')).thenThrows('No such alert rule.');
  });
});
