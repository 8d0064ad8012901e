import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { AlertFired, AlertResolved, QUEUES, SERVER_EVENTS, type AlertRule, type QueueName } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { rows, run } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { OneNodeRounds } from '../../../platform/jobs/one-node-rounds';
import { RedisConnections } from '../../../platform/jobs/redis-connections';
import { RealtimePublisher } from '../../../platform/realtime/realtime-publisher';
import { EmailOutbox } from '../../../platform/mail/email-outbox';
import { OperationsDirectory } from '../../identity';
import { alertStream, AlertRules } from '../commands/alert-rules';

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

/**
 * Evaluates the alert rules every ALERTS_EVALUATE_MS on one API node at a time (a Redis lock per
 * round). Since when a condition holds is kept in alert_watch, and firing or resolving is an event on
 * the rule's stream, so both survive restarts. A firing alert is pushed to connected operators and
 * mailed to admins and operators through the email outbox, in the same transaction as the event.
 */
@Injectable()
export class AlertEvaluator implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Alerts');
  private readonly rounds: OneNodeRounds;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly rules: AlertRules,
    private readonly queues: JobQueues,
    redis: RedisConnections,
    private readonly publisher: RealtimePublisher,
    private readonly outbox: EmailOutbox,
    private readonly directory: OperationsDirectory,
  ) {
    this.rounds = new OneNodeRounds(redis, {
      key: `${config.REDIS_PREFIX}:alerts:round`,
      everyMs: config.ALERTS_EVALUATE_MS,
      work: () => this.evaluateAll(new Date()),
      failed: (err) => this.logger.error({ err }, 'alert evaluation failed'),
    });
  }

  onApplicationBootstrap() {
    if (this.config.RUN_PROJECTIONS) this.rounds.start(); // API processes evaluate; workers do not
  }

  async onApplicationShutdown() {
    await this.rounds.stop();
  }

  /** One round over every enabled rule. */
  async evaluateAll(now: Date) {
    for (const rule of await this.rules.list()) {
      if (!rule.enabled) continue;
      const value = await this.measure(rule);
      await this.evaluate(rule, value, now);
    }
  }

  private async measure(rule: AlertRule): Promise<number> {
    const names = rule.queue ? [rule.queue as QueueName] : (Object.values(QUEUES) as QueueName[]);
    if (rule.kind === 'backlog') {
      const counts = await Promise.all(names.map((n) => this.queues.queue(n).getJobCounts('waiting', 'prioritized')));
      return counts.reduce((sum, c) => sum + (c.waiting ?? 0) + (c.prioritized ?? 0), 0);
    }
    const [r] = await rows<{ finished: number; failed: number }>(
      this.orm.em.fork(),
      `select count(*)::int as finished, count(*) filter (where status = 'failed')::int as failed from job_run
        where finished_at > now() - (? * interval '1 minute') and status in ('completed', 'failed')
          ${rule.queue ? 'and queue = ?' : ''}`,
      rule.queue ? [rule.forMinutes, rule.queue] : [rule.forMinutes],
    );
    return r.finished === 0 ? 0 : Math.round((r.failed / r.finished) * 1000) / 10;
  }

  private async evaluate(rule: AlertRule, value: number, now: Date) {
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
    if (holds && rule.state !== 'firing' && since && shouldFire(rule, since, now)) await this.fire(rule, value, since);
    else if (!holds && rule.state === 'firing') await this.resolve(rule, value);
  }

  private async fire(rule: AlertRule, value: number, since: Date) {
    const message = describeAlert(rule, value);
    const recipients = await this.directory.staffEmails();
    const mails: string[] = [];
    const appended = await this.orm.em.fork().transactional(async (tem) => {
      const events = await this.events.appendIf(tem, alertStream(rule.id), (stream) => {
        const last = [...stream].reverse().find((e) => e.type === AlertFired.type || e.type === AlertResolved.type);
        if (last?.type === AlertFired.type) return null; // fired already (another round got there)
        return [{ type: AlertFired.type, payload: { ruleId: rule.id, value, message, conditionSince: since.toISOString() } }];
      });
      if (!events) return null;
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
      return events;
    });
    if (!appended) return;
    for (const id of mails) await this.outbox.deliver(id);
    this.publisher.toOperators(SERVER_EVENTS.opsAlert, {
      ruleId: rule.id,
      name: rule.name,
      state: 'firing',
      message,
      value,
      at: new Date().toISOString(),
    });
    this.logger.warn({ rule: rule.name, value }, 'alert fired');
  }

  private async resolve(rule: AlertRule, value: number) {
    const appended = await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, alertStream(rule.id), (stream) => {
        const last = [...stream].reverse().find((e) => e.type === AlertFired.type || e.type === AlertResolved.type);
        if (last?.type !== AlertFired.type) return null;
        return [{ type: AlertResolved.type, payload: { ruleId: rule.id, value } }];
      }),
    );
    if (!appended) return;
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
