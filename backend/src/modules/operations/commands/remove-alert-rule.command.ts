import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AlertRuleRemoved, type NewEvent } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { notFound } from '../../../platform/http/errors';
import { alertStream, type AlertState } from '../domain/alert-rules';
import { alertModel } from '../infra/streams';
import { AlertRuleQueries } from '../queries/alert-rules.query';

/** Remove an alert rule (for good: its id is never used again). */
export class RemoveAlertRule {
  constructor(readonly ruleId: string) {}
}

/** A rule that exists is removed; an unknown or removed one: 404. */
export function decide(state: AlertState | null, { ruleId }: RemoveAlertRule): NewEvent<typeof AlertRuleRemoved>[] {
  if (!state || state.removed) throw notFound('No such alert rule.');
  return [{ type: AlertRuleRemoved.type, payload: { ruleId } }];
}

@CommandHandler(RemoveAlertRule)
export class RemoveAlertRuleHandler implements ICommandHandler<RemoveAlertRule, void> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly rules: AlertRuleQueries,
  ) {}

  async execute(c: RemoveAlertRule): Promise<void> {
    const appended = await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.appendIf(tem, alertStream(c.ruleId), (stream) => decide(alertModel.fold(null, stream), c)),
      );
    await this.rules.reached(appended?.[appended.length - 1]?.position);
  }
}
