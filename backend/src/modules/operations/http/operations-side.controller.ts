import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { operations } from '@sparkhouse/contracts';
import { rows } from '../../../platform/database/sql';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { conflict, notFound } from '../../../platform/http/errors';
import { WebhookDeliveries } from '../../commerce';
import { EmailOutbox } from '../../../platform/mail/email-outbox';
import { OperationsDirectory } from '../../identity';
import { RemoveAlertRule } from '../commands/remove-alert-rule.command';
import { SaveAlertRule } from '../commands/save-alert-rule.command';
import { AlertRuleQueries } from '../queries/alert-rules.query';

/**
 * The operations side of the product: alert rules, the email outbox, Stripe webhook deliveries,
 * analytics page views, and who may use the console.
 */
@Controller()
export class OperationsSideController {
  constructor(
    private readonly orm: Database,
    private readonly alerts: AlertRuleQueries,
    private readonly commands: CommandBus,
    private readonly outbox: EmailOutbox,
    private readonly webhooks: WebhookDeliveries,
    private readonly directory: OperationsDirectory,
  ) {}

  @Endpoint(operations.listAlertRules)
  async listAlerts() {
    return { rules: await this.alerts.list() };
  }

  @Endpoint(operations.createAlertRule)
  createAlert(@Input() { body }: CallInput<typeof operations.createAlertRule>) {
    return this.commands.execute(new SaveAlertRule(null, body));
  }

  @Endpoint(operations.updateAlertRule)
  updateAlert(@Input() { params, body }: CallInput<typeof operations.updateAlertRule>) {
    return this.commands.execute(new SaveAlertRule(params.ruleId, body));
  }

  @Endpoint(operations.deleteAlertRule)
  async deleteAlert(@Input() { params }: CallInput<typeof operations.deleteAlertRule>) {
    await this.commands.execute(new RemoveAlertRule(params.ruleId));
    return { ruleId: params.ruleId, removed: true as const };
  }

  @Endpoint(operations.listOutboxEmails)
  async emails(@Input() { query }: CallInput<typeof operations.listOutboxEmails>) {
    const found = await this.outbox.list({ state: query.state, to: query.to, before: query.cursor, limit: query.limit + 1 });
    const page = found.slice(0, query.limit);
    return {
      emails: page,
      nextCursor: found.length > query.limit ? page[page.length - 1].id : null,
      smtpConfigured: this.outbox.smtpConfigured,
    };
  }

  @Endpoint(operations.retryOutboxEmail)
  async retryEmail(@Input() { params }: CallInput<typeof operations.retryOutboxEmail>) {
    const email = await this.outbox.one(params.id);
    if (!email) throw notFound('No such email.');
    if (email.state === 'sent') throw conflict('This email was sent already.');
    if (!this.outbox.smtpConfigured) throw conflict('No SMTP server is configured (SMTP_URL): the email stays in the outbox.');
    await this.outbox.deliver(params.id);
    return (await this.outbox.one(params.id))!;
  }

  @Endpoint(operations.listWebhookDeliveries)
  async webhookDeliveries(@Input() { query }: CallInput<typeof operations.listWebhookDeliveries>) {
    const found = await this.webhooks.list({
      outcome: query.outcome,
      eventId: query.eventId,
      before: query.cursor,
      limit: query.limit + 1,
    });
    const page = found.slice(0, query.limit);
    return { deliveries: page, nextCursor: found.length > query.limit ? page[page.length - 1].id : null };
  }

  @Endpoint(operations.getPageViews)
  async pageViews(@Input() { query }: CallInput<typeof operations.getPageViews>) {
    const found = await rows<{ day: string; route: string; views: number }>(
      this.orm.em.fork(),
      `select to_char(date_trunc('day', occurred_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
              coalesce(properties->>'route', properties->>'path', '(unknown)') as route, count(*)::int as views
         from analytics_event
        where event_type = 'Page Viewed' and occurred_at >= (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') - (? - 1) * interval '1 day'
        group by 1, 2`,
      [query.days],
    );
    const days = Array.from({ length: query.days }, (_, i) => {
      const d = new Date();
      d.setUTCHours(0, 0, 0, 0);
      d.setUTCDate(d.getUTCDate() - (query.days - 1 - i));
      return d.toISOString().slice(0, 10);
    });
    const byRoute = new Map<string, number[]>();
    for (const r of found) {
      const perDay = byRoute.get(r.route) ?? days.map(() => 0);
      const i = days.indexOf(r.day);
      if (i >= 0) perDay[i] += r.views;
      byRoute.set(r.route, perDay);
    }
    const routes = [...byRoute.entries()]
      .map(([route, perDay]) => ({ route, perDay, total: perDay.reduce((a, b) => a + b, 0) }))
      .sort((a, b) => b.total - a.total || a.route.localeCompare(b.route));
    return { days, routes, totalEvents: routes.reduce((a, r) => a + r.total, 0) };
  }

  @Endpoint(operations.listConsoleMembers)
  async members() {
    return { members: await this.directory.members() };
  }

  @Endpoint(operations.setConsoleRole)
  async setRole(@Input() { body }: CallInput<typeof operations.setConsoleRole>) {
    const changed = await this.directory.setRole(body.email, body.role);
    if (!changed) throw notFound('No account has that email.');
    return changed;
  }
}
