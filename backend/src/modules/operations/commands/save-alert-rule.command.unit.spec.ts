import type { AlertRuleFields, NewEvent } from '@sparkhouse/contracts';
import { deciderSpec } from '../../../test-support/decider-spec';
import { alertModel } from '../infra/streams';
import { decide } from './save-alert-rule.command';

const fields: AlertRuleFields = { name: 'Backlog', kind: 'backlog', queue: null, threshold: 10, forMinutes: 5, enabled: true };
const saved: NewEvent = { type: 'AlertRuleSaved', payload: { ruleId: 'r1', ...fields } };
const removed: NewEvent = { type: 'AlertRuleRemoved', payload: { ruleId: 'r1' } };

describe('SaveAlertRule decides', () => {
  const spec = deciderSpec(alertModel, decide);

  it('saves a new rule, and changes one that exists', () => {
    spec.given().when({ ruleId: 'r1', isNew: true, fields }).then([saved]);
    spec
      .given(saved)
      .when({ ruleId: 'r1', isNew: false, fields: { ...fields, threshold: 20 } })
      .then([{ type: 'AlertRuleSaved', payload: { ruleId: 'r1', ...fields, threshold: 20 } }]);
  });

  it('an unknown or removed rule is missing', () => {
    spec.given().when({ ruleId: 'r1', isNew: false, fields }).thenThrows('No such alert rule.');
    spec.given(saved, removed).when({ ruleId: 'r1', isNew: false, fields }).thenThrows('No such alert rule.');
  });

  it('refuses a queue that is not one, and a failure rate over 100 %', () => {
    spec
      .given()
      .when({ ruleId: 'r1', isNew: true, fields: { ...fields, queue: 'nope' } })
      .thenThrows(/queue must be a queue/);
    spec
      .given()
      .when({ ruleId: 'r1', isNew: true, fields: { ...fields, kind: 'failure-rate', threshold: 101 } })
      .thenThrows(/percentage/);
  });
});
