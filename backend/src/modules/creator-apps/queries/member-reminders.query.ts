import { Injectable } from '@nestjs/common';
import type { ReminderItem } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import { dueSlots, ROUND_LOOKBACK_MINUTES } from '../domain/reminder-schedule';

/** Who is due a reminder or a weekly summary in a round: members (active or trial) whose slot's local time has come. */
@Injectable()
export class MemberRemindersQueries {
  constructor(private readonly orm: Database) {}

  async due(minute: Date, lookbackMinutes = ROUND_LOOKBACK_MINUTES): Promise<ReminderItem[]> {
    const em = this.orm.em.fork();
    const zones = await rows<{ time_zone: string }>(em, 'select distinct time_zone from app_member_reminder');
    const slots = dueSlots(
      zones.map((z) => z.time_zone),
      minute,
      lookbackMinutes,
    );
    if (slots.length === 0) return [];
    const daily = slots.filter((s) => s.slot !== 'weekly');
    const weekly = slots.filter((s) => s.slot === 'weekly');
    const found = await rows<{ kind: 'daily' | 'weekly'; app_id: string; member_id: string; period: string }>(
      em,
      `with due (kind, time_zone, slot, period) as (
         select 'daily', d.tz, d.slot, d.p from unnest(?::text[], ?::text[], ?::text[]) as d(tz, slot, p)
         union all select 'weekly', w.tz, null::text, w.p from unnest(?::text[], ?::text[]) as w(tz, p)
       )
       select d.kind, r.app_id, r.member_id, d.period
         from due d
         join app_member_reminder r on r.time_zone = d.time_zone
          and (case when d.kind = 'daily' then r.slot = d.slot else r.weekly_summary end)
        where exists (
          select 1 from app_member_access x where x.app_id = r.app_id and x.user_id = r.member_id
             and (x.status = 'active' or (x.status = 'trialing' and x.trial_end > ?)))`,
      [
        daily.map((s) => s.timeZone),
        daily.map((s) => s.slot),
        daily.map((s) => s.period),
        weekly.map((s) => s.timeZone),
        weekly.map((s) => s.period),
        minute.toISOString(),
      ],
    );
    return found.map((r) => ({ kind: r.kind, appId: r.app_id, memberId: r.member_id, period: r.period }));
  }
}
