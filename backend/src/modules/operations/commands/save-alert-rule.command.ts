import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AlertRuleSaved, type AlertRule, type AlertRuleFields, type NewEvent } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { notFound } from '../../../platform/http/errors';
import { alertStream, checkAlertRuleFields, type AlertState } from '../domain/alert-rules';
import { alertModel } from '../infra/streams';
import { AlertRuleQueries } from '../queries/alert-rules.query';

/** Create an alert rule (no ruleId) or change one; answers the rule as the console lists it. */
export class SaveAlertRule {
  constructor(
    readonly ruleId: string | null,
    readonly fields: AlertRuleFields,
  ) {}
}

/** A new rule is saved as given; an existing one only while it exists (not removed). Fields checked: 400. */
export function decide(
  state: AlertState | null,
  { ruleId, isNew, fields }: { ruleId: string; isNew: boolean; fields: AlertRuleFields },
): NewEvent<typeof AlertRuleSaved>[] {
  checkAlertRuleFields(fields);
  if (!isNew && (!state || state.removed)) throw notFound('No such alert rule.');
  return [{ type: AlertRuleSaved.type, payload: { ruleId, ...fields } }];
}

@CommandHandler(SaveAlertRule)
export class SaveAlertRuleHandler implements ICommandHandler<SaveAlertRule, AlertRule> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly rules: AlertRuleQueries,
  ) {}

  async execute(c: SaveAlertRule): Promise<AlertRule> {
    const isNew = c.ruleId === null;
    const ruleId = c.ruleId ?? randomUUID();
    // fields are checked before the stream is read
    checkAlertRuleFields(c.fields);
    const appended = await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.appendIf(tem, alertStream(ruleId), (stream) =>
          decide(alertModel.fold(null, stream), { ruleId, isNew, fields: c.fields }),
        ),
      );
    await this.rules.reached(appended?.[appended.length - 1]?.position);
    const rule = await this.rules.one(ruleId);
    if (!rule) throw new Error('the alert rule read model did not catch up');
    return rule;
  }
}
