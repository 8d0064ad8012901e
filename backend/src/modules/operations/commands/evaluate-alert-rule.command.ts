import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AlertFired, AlertResolved, SERVER_EVENTS, type AlertRule, type NewEvent } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { Database } from '../../../platform/database/database';
import { rows, run } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { EmailOutbox } from '../../../platform/mail/email-outbox';
import { RealtimePublisher } from '../../../platform/realtime/realtime-publisher';
import { OperationsDirectory } from '../../identity';
import { alertStream, conditionHolds, describeAlert, shouldFire, type AlertState } from '../domain/alert-rules';
import { alertModel } from '../infra/streams';

/**
 * Evaluate one alert rule against what it measures now. Since when its condition holds is kept in
 * alert_watch, and firing or resolving is an event on the rule's stream, so both survive restarts. A
 * firing alert is pushed to connected operators and mailed to admins and operators through the email
 * outbox, in the same transaction as the event.
 */
export class EvaluateAlertRule {
  constructor(
    readonly rule: AlertRule,
    readonly value: number,
    readonly now: Date,
  ) {}
}

/** What the evaluation decides, given since when the condition has held (null: it does not hold now). */
export interface Evaluation {
  rule: AlertRule;
  value: number;
  since: Date | null;
  now: Date;
}

/**
 * Fires a rule whose condition has held long enough and that is not firing (as the read model and its
 * stream both tell), and resolves a firing one whose condition no longer holds; else nothing (another
 * round got there, say).
 */
export function decide(state: AlertState | null, { rule, value, since, now }: Evaluation): NewEvent[] {
  const holds = conditionHolds(rule, value);
  if (holds && rule.state !== 'firing' && since && shouldFire(rule, since, now)) {
    if (state?.firing) return []; // fired already (another round got there)
    const message = describeAlert(rule, value);
    return [{ type: AlertFired.type, payload: { ruleId: rule.id, value, message, conditionSince: since.toISOString() } }];
  }
  if (!holds && rule.state === 'firing' && state?.firing) {
    return [{ type: AlertResolved.type, payload: { ruleId: rule.id, value } }];
  }
  return [];
}

@CommandHandler(EvaluateAlertRule)
export class EvaluateAlertRuleHandler implements ICommandHandler<EvaluateAlertRule, void> {
  private readonly logger = new Logger('Alerts');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly publisher: RealtimePublisher,
    private readonly outbox: EmailOutbox,
    private readonly directory: OperationsDirectory,
  ) {}

  async execute({ rule, value, now }: EvaluateAlertRule): Promise<void> {
    const em = this.orm.em.fork();
    const holds = conditionHolds(rule, value);
    const [watch] = await rows<{ condition_since: Date | null }>(
      em,
      'select condition_since from alert_watch where rule_id = ?',
      [rule.id],
    );
    const since = holds ? (watch?.condition_since ? new Date(watch.condition_since) : now) : null;
    await run(
      em,
      `insert into alert_watch (rule_id, condition_since, last_value, evaluated_at) values (?, ?, ?, now())
       on conflict (rule_id) do update set condition_since = excluded.condition_since, last_value = excluded.last_value,
         evaluated_at = now()`,
      [rule.id, since, value],
    );
    const evaluation = { rule, value, since, now };
    if (holds && rule.state !== 'firing' && since && shouldFire(rule, since, now)) await this.fire(evaluation, since);
    else if (!holds && rule.state === 'firing') await this.resolve(evaluation);
  }

  private async fire(evaluation: Evaluation, since: Date) {
    const { rule, value } = evaluation;
    const recipients = await this.directory.staffEmails();
    const mails: string[] = [];
    const fired = await this.orm.em.fork().transactional(async (tem) => {
      const appended = await this.events.appendIf(tem, alertStream(rule.id), (stream) =>
        decide(alertModel.fold(null, stream), evaluation),
      );
      if (!appended?.some((e) => e.type === AlertFired.type)) return null;
      const message = describeAlert(rule, value);
      for (const to of recipients) {
        mails.push(
          await this.outbox.write(tem, {
            to,
            subject: `Sparkhouse alert: ${rule.name}`,
            text: `${message}\n\nSince ${since.toISOString()}. Open the operations console: ${this.config.PUBLIC_URL}/ops/alerts`,
            code: null,
          }),
        );
      }
      return message;
    });
    if (!fired) return;
    for (const id of mails) await this.outbox.deliver(id);
    this.publisher.toOperators(SERVER_EVENTS.opsAlert, {
      ruleId: rule.id,
      name: rule.name,
      state: 'firing',
      message: fired,
      value,
      at: new Date().toISOString(),
    });
    this.logger.warn({ rule: rule.name, value }, 'alert fired');
  }

  private async resolve(evaluation: Evaluation) {
    const { rule, value } = evaluation;
    const appended = await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.appendIf(tem, alertStream(rule.id), (stream) => decide(alertModel.fold(null, stream), evaluation)),
      );
    if (!appended?.some((e) => e.type === AlertResolved.type)) return;
    this.publisher.toOperators(SERVER_EVENTS.opsAlert, {
      ruleId: rule.id,
      name: rule.name,
      state: 'resolved',
      message: `${rule.name} is back to normal`,
      value,
      at: new Date().toISOString(),
    });
  }
}
