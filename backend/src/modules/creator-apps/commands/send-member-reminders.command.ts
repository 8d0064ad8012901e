import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ReminderItem } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import { EmailOutbox } from '../../../platform/mail/email-outbox';
import { unsubscribeToken } from '../domain/unsubscribe-token';
import { UnsubscribeSecret } from '../queries/unsubscribe-secret.query';

/**
 * Email a batch of due reminders and weekly summaries through the outbox. Each (kind, app, member,
 * period) is recorded in member_reminder_delivery in the same transaction as its email: a batch run
 * again (a worker killed mid-way, a round run twice) sends nothing twice, and loses nothing.
 */
export class SendMemberReminders {
  constructor(readonly items: readonly ReminderItem[]) {}
}

interface Recipient {
  app_id: string;
  member_id: string;
  email: string;
  first_name: string | null;
  app_name: string;
  storefront_slug: string;
  app_slug: string;
  phases_done: number;
  step_title: string | null;
  phase_count: number | null;
}

interface Week {
  app_id: string;
  member_id: string;
  sessions: number;
  active_days: number;
  check_ins: number;
  mood: number | null;
}

@CommandHandler(SendMemberReminders)
export class SendMemberRemindersHandler implements ICommandHandler<SendMemberReminders, { sent: number }> {
  constructor(
    private readonly orm: Database,
    private readonly outbox: EmailOutbox,
    private readonly secret: UnsubscribeSecret,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ items }: SendMemberReminders): Promise<{ sent: number }> {
    if (items.length === 0) return { sent: 0 };
    const secret = await this.secret.secret();
    const base = this.config.PUBLIC_URL.replace(/\/$/, '');
    const ids = await this.orm.em.fork().transactional(async (tem) => {
      const fresh = await rows<{ kind: 'daily' | 'weekly'; app_id: string; member_id: string; period: string }>(
        tem,
        `insert into member_reminder_delivery (kind, app_id, member_id, period)
          select * from unnest(?::text[], ?::text[], ?::text[], ?::text[])
          on conflict do nothing returning kind, app_id, member_id, period`,
        [items.map((i) => i.kind), items.map((i) => i.appId), items.map((i) => i.memberId), items.map((i) => i.period)],
      );
      if (fresh.length === 0) return [];
      const who = await rows<Recipient>(
        tem,
        `select t.app_id, t.member_id, c.email, c.first_name, a.name as app_name, a.storefront_slug, a.app_slug,
                coalesce(p.phases_done, 0) as phases_done,
                plan.plan -> 'plan' -> 'phases' -> coalesce(p.phases_done, 0) ->> 'title' as step_title,
                jsonb_array_length(plan.plan -> 'plan' -> 'phases') as phase_count
           from unnest(?::text[], ?::text[]) as t(app_id, member_id)
           join app_member_contact c on c.user_id = t.member_id
           join creator_app a on a.app_id::text = t.app_id
           left join app_member_progress p on p.app_id = t.app_id and p.member_id = t.member_id
           left join lateral (
             select v.plan from app_visitor_plan v
              where v.app_id::text = t.app_id and v.visitor_id = t.member_id and v.status = 'completed'
              order by v.requested_at desc limit 1) plan on true`,
        [fresh.map((f) => f.app_id), fresh.map((f) => f.member_id)],
      );
      const byMember = new Map(who.map((w) => [`${w.app_id}|${w.member_id}`, w]));
      const weekly = fresh.filter((f) => f.kind === 'weekly');
      const weeks = new Map<string, Week>();
      if (weekly.length > 0) {
        const found = await rows<Week>(
          tem,
          `select t.app_id, t.member_id,
                  coalesce(sum(d.sessions), 0)::int as sessions, count(d.local_date)::int as active_days,
                  coalesce(sum(d.check_ins), 0)::int as check_ins,
                  (select avg(mood)::float from app_member_checkin k where k.app_id = t.app_id and k.member_id = t.member_id
                     and k.local_date > t.period::date - 7 and k.local_date <= t.period::date) as mood
             from unnest(?::text[], ?::text[], ?::text[]) as t(app_id, member_id, period)
             left join app_member_day d on d.app_id = t.app_id and d.member_id = t.member_id
              and d.local_date > t.period::date - 7 and d.local_date <= t.period::date
            group by t.app_id, t.member_id, t.period`,
          [weekly.map((f) => f.app_id), weekly.map((f) => f.member_id), weekly.map((f) => f.period)],
        );
        for (const w of found) weeks.set(`${w.app_id}|${w.member_id}`, w);
      }
      const emails = fresh.flatMap((f) => {
        const r = byMember.get(`${f.app_id}|${f.member_id}`);
        if (!r) return [];
        const appUrl = `${base}/apps/${r.storefront_slug}/${r.app_slug}/app`;
        const token = unsubscribeToken(secret, f.app_id, f.member_id);
        const unsubscribe = `${base}/unsubscribe/reminders?token=${token}`;
        // RFC 8058: a mail client's own "Unsubscribe" POSTs List-Unsubscribe=One-Click to this address
        const headers = {
          'List-Unsubscribe': `<${base}/api/apps/member/unsubscribe?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        };
        const hello = `Hi ${r.first_name || 'there'},`;
        const footer = `\n\nOpen ${r.app_name}: ${appUrl}\n\nYou get this because you asked for reminders. Unsubscribe in one click: ${unsubscribe}`;
        if (f.kind === 'daily') {
          const step =
            r.step_title && r.phase_count
              ? `Today's step: phase ${Math.min(r.phases_done + 1, r.phase_count)} of ${r.phase_count}, "${r.step_title}".`
              : 'Your plan is waiting for today’s step.';
          return [
            {
              to: r.email,
              subject: `Time for today's step in ${r.app_name}`,
              text: `${hello}\n\n${step}${footer}`,
              code: null,
              headers,
            },
          ];
        }
        const w = weeks.get(`${f.app_id}|${f.member_id}`);
        const mood = w?.mood ? ` Your average mood was ${w.mood.toFixed(1)} out of 5.` : '';
        const text =
          `${hello}\n\nYour week in ${r.app_name}: ${w?.sessions ?? 0} sessions done, ${w?.check_ins ?? 0} check-ins, ` +
          `active on ${w?.active_days ?? 0} of 7 days.${mood} You are on phase ${Math.min(r.phases_done + 1, r.phase_count ?? 1)}` +
          `${r.phase_count ? ` of ${r.phase_count}` : ''}.${footer}`;
        return [{ to: r.email, subject: `Your week in ${r.app_name}`, text, code: null, headers }];
      });
      return this.outbox.writeMany(tem, emails);
    });
    for (const id of ids) await this.outbox.deliver(id);
    return { sent: ids.length };
  }
}
