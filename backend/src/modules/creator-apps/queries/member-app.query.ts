import { Injectable } from '@nestjs/common';
import type { ReminderSlot } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import { logHead, subscribersReached } from '../../../platform/events/read-your-writes';
import { MediaUrls } from '../../../platform/media/media-urls';
import { MEMBERS_PROJECTION, VISITORS_PROJECTION } from '../domain/read-models';

const READ_YOUR_WRITES_MS = 3_000;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const day = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export interface MemberAccessRow {
  subscription_id: string;
  status: string;
  plan_display_name: string;
  trial_end: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
}

export type AccessState = 'member' | 'lapsed' | 'none';

/** Spec 4: active, or trial days remaining with the trial not expired. */
export function accessOf(row: MemberAccessRow | undefined, now = Date.now()): AccessState {
  if (!row) return 'none';
  if (row.status === 'active') return 'member';
  if (row.status === 'trialing' && row.trial_end !== null && new Date(row.trial_end).getTime() > now) return 'member';
  return 'lapsed';
}

export interface CheckInView {
  clientId: string;
  localDate: string;
  mood: number;
  effort: number;
  note: string | null;
  at: string;
}

/** Reads of the member app's read models, each about one member (the caller) of one app. */
@Injectable()
export class MemberAppQueries {
  constructor(
    private readonly orm: Database,
    private readonly urls: MediaUrls,
  ) {}

  private get em() {
    return this.orm.em.fork();
  }

  /** Waits (briefly) until the member app's read models show everything committed before this call. */
  async caughtUp() {
    const em = this.em;
    await subscribersReached(em, [MEMBERS_PROJECTION, VISITORS_PROJECTION], await logHead(em), READ_YOUR_WRITES_MS);
  }

  /** The member's subscriptions to the app: the one giving access first, else the latest. */
  async access(appId: string, userId: string): Promise<{ state: AccessState; row: MemberAccessRow | null }> {
    const found = await rows<MemberAccessRow>(
      this.em,
      `select subscription_id, status, plan_display_name, trial_end, current_period_end, cancel_at_period_end, canceled_at
         from app_member_access where app_id = ? and user_id = ? order by started_at desc`,
      [appId, userId],
    );
    const giving = found.find((r) => accessOf(r) === 'member');
    const row = giving ?? found[0];
    return { state: accessOf(row), row: row ?? null };
  }

  async progress(appId: string, memberId: string) {
    const [row] = await rows<{ phases_done: number; sessions_in_phase: number; sessions_done: number }>(
      this.em,
      'select phases_done, sessions_in_phase, sessions_done from app_member_progress where app_id = ? and member_id = ?',
      [appId, memberId],
    );
    return row ?? { phases_done: 0, sessions_in_phase: 0, sessions_done: 0 };
  }

  async phases(appId: string, memberId: string): Promise<Map<string, { sessionsDone: number; completed: boolean }>> {
    const found = await rows<{ phase_id: string; sessions_done: number; completed_at: Date | null }>(
      this.em,
      'select phase_id, sessions_done, completed_at from app_member_phase where app_id = ? and member_id = ?',
      [appId, memberId],
    );
    return new Map(found.map((r) => [r.phase_id, { sessionsDone: r.sessions_done, completed: r.completed_at !== null }]));
  }

  /** The member's days with a session or a check-in (for the streak), the last `days` of them. */
  async activeDays(appId: string, memberId: string, days = 400): Promise<{ date: string; sessions: number; checkIns: number }[]> {
    const found = await rows<{ local_date: Date | string; sessions: number; check_ins: number }>(
      this.em,
      `select local_date, sessions, check_ins from app_member_day where app_id = ? and member_id = ?
        order by local_date desc limit ?`,
      [appId, memberId, days],
    );
    return found.map((r) => ({ date: day(r.local_date), sessions: r.sessions, checkIns: r.check_ins }));
  }

  async checkIns(appId: string, memberId: string, sinceDate: string): Promise<CheckInView[]> {
    const found = await rows<{
      client_id: string;
      local_date: Date | string;
      mood: number;
      effort: number;
      note: string | null;
      at: Date;
    }>(
      this.em,
      `select client_id, local_date, mood, effort, note, at from app_member_checkin
        where app_id = ? and member_id = ? and local_date >= ?::date order by at desc, client_id limit 1000`,
      [appId, memberId, sinceDate],
    );
    return found.map((r) => ({
      clientId: r.client_id,
      localDate: day(r.local_date),
      mood: r.mood,
      effort: r.effort,
      note: r.note,
      at: iso(r.at)!,
    }));
  }

  async reminders(
    appId: string,
    memberId: string,
  ): Promise<{ slot: ReminderSlot | null; weeklySummary: boolean; timeZone: string } | null> {
    const [row] = await rows<{ slot: ReminderSlot | null; weekly_summary: boolean; time_zone: string }>(
      this.em,
      'select slot, weekly_summary, time_zone from app_member_reminder where app_id = ? and member_id = ?',
      [appId, memberId],
    );
    return row ? { slot: row.slot, weeklySummary: row.weekly_summary, timeZone: row.time_zone } : null;
  }

  /** The app's lessons with the member's place in each, by phase; files answer freshly signed URLs. */
  async lessons(appId: string, memberId: string | null) {
    const found = await rows<{
      media_id: string;
      phase_number: number;
      title: string;
      media_type: 'video' | 'audio' | 'pdf';
      storage_key: string | null;
      external_url: string | null;
      thumbnail_key: string | null;
      thumbnail_url: string | null;
      position_in_seconds: number | null;
      percent_complete: number | null;
    }>(
      this.em,
      `select l.media_id, l.phase_number, l.title, l.media_type, m.storage_key, m.external_url, m.thumbnail_key, m.thumbnail_url,
              p.position_in_seconds, p.percent_complete
         from app_lesson l
         join app_media m on m.media_id::text = l.media_id
         left join app_member_lesson_progress p on p.app_id = l.app_id and p.media_id = l.media_id and p.member_id = ?
        where l.app_id = ? order by l.phase_number, l.position, l.marked_at, l.media_id`,
      [memberId ?? '', appId],
    );
    const link = (key: string | null, url: string | null) => (key !== null ? this.urls.sign(key) : url);
    return found.map((r) => ({
      mediaId: r.media_id,
      phaseNumber: r.phase_number,
      title: r.title,
      mediaType: r.media_type,
      url: link(r.storage_key, r.external_url) ?? '',
      thumbnailUrl: link(r.thumbnail_key, r.thumbnail_url),
      positionInSeconds: Number(r.position_in_seconds ?? 0),
      percentComplete: Number(r.percent_complete ?? 0),
    }));
  }

  /** The app's lessons as the creator sees them. */
  async appLessons(appId: string) {
    await this.caughtUp();
    const found = await rows<{ media_id: string; phase_number: number; title: string; media_type: 'video' | 'audio' | 'pdf' }>(
      this.em,
      'select media_id, phase_number, title, media_type from app_lesson where app_id = ? order by phase_number, position, marked_at, media_id',
      [appId],
    );
    return found.map((r) => ({ mediaId: r.media_id, phaseNumber: r.phase_number, title: r.title, mediaType: r.media_type }));
  }

  /** A medium of the app's library (for marking it a lesson). */
  async medium(appId: string, mediaId: string): Promise<{ type: string; metadata: Record<string, unknown> } | null> {
    const [row] = await rows<{ type: string; metadata: Record<string, unknown> }>(
      this.em,
      'select type, metadata from app_media where app_id::text = ? and media_id::text = ?',
      [appId, mediaId],
    );
    return row ?? null;
  }

  async contact(userId: string): Promise<{ email: string; first_name: string | null } | null> {
    const [row] = await rows<{ email: string; first_name: string | null }>(
      this.em,
      'select email, first_name from app_member_contact where user_id = ?',
      [userId],
    );
    return row ?? null;
  }
}
