import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { OneNodeRounds } from '../../../platform/jobs/one-node-rounds';
import { RedisConnections } from '../../../platform/jobs/redis-connections';
import { EvaluateAlertRule } from '../commands/evaluate-alert-rule.command';
import { AlertMeasures } from '../queries/alert-measures.query';
import { AlertRuleQueries } from '../queries/alert-rules.query';

/**
 * A reaction to the clock, not to an event: every ALERTS_EVALUATE_MS, on one API node at a time (a
 * Redis lock per round), each enabled alert rule is measured and evaluated (EvaluateAlertRule fires or
 * resolves it).
 */
@Injectable()
export class AlertEvaluation implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Alerts');
  private readonly rounds: OneNodeRounds;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rules: AlertRuleQueries,
    private readonly measures: AlertMeasures,
    private readonly commands: CommandBus,
    redis: RedisConnections,
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
      const value = await this.measures.measure(rule);
      await this.commands.execute(new EvaluateAlertRule(rule, value, now));
    }
  }
}
