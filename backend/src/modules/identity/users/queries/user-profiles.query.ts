import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/database/database';
import { EventStore } from '../../../../platform/events/event-store';
import { foldUserStream, programInfoIn, type UserProfileState, type UserStreamEvent } from '../domain/user-profile';
import { loadProfileRow, rowToState } from '../infra/user-profile-rows';
import { userStreamId } from '../infra/user-streams';

/**
 * Reads of the users read models. A user reads their own writes: when the projection has not yet
 * caught up with the user's stream (the row's version is behind it), the answer is folded from the
 * stream itself with the same rules.
 */
@Injectable()
export class UserProfileQueries {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async profile(userId: string): Promise<UserProfileState | null> {
    const em = this.orm.em.fork();
    const [row, latest] = await Promise.all([loadProfileRow(em, userId), this.latestVersion(userId)]);
    if (row && row.version >= latest) return rowToState(row);
    if (latest === 0) return null;
    return foldUserStream(await this.stream(userId));
  }

  /** User.classesEnrolled: classSlug -> its dates. */
  async classesEnrolled(userId: string): Promise<Record<string, { classStartDate: string; classEndDate: string }>> {
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ class_slug: string; class_start_date: Date; class_end_date: Date }[]>(
        'select class_slug, class_start_date, class_end_date from user_class_enrolment where user_id = ? order by class_start_date',
        [userId],
      );
    return Object.fromEntries(
      rows.map((r) => [
        r.class_slug,
        { classStartDate: new Date(r.class_start_date).toISOString(), classEndDate: new Date(r.class_end_date).toISOString() },
      ]),
    );
  }

  /**
   * A profile's email, or one an identity account holds without a profile yet (a sign-up whose email was
   * never confirmed): its owner logs in, and confirms, rather than signing up again.
   */
  async emailExists(email: string): Promise<boolean> {
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute('select 1 from user_profile where email = ? union all select 1 from identity_account where email = ? limit 1', [
        email,
        email,
      ]);
    return rows.length > 0;
  }

  async programInfo(userId: string, slug: string): Promise<Record<string, unknown> | null> {
    const em = this.orm.em.fork();
    const [row, latest] = await Promise.all([loadProfileRow(em, userId), this.latestVersion(userId)]);
    if (!row || row.version < latest) return programInfoIn(await this.stream(userId), slug);
    const [saved] = await em
      .getConnection()
      .execute<{ program_info: Record<string, unknown> }[]>(
        'select program_info from user_program_info where user_id = ? and slug = ?',
        [userId, slug],
      );
    return saved?.program_info ?? null;
  }

  private async latestVersion(userId: string): Promise<number> {
    const [r] = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ v: number | null }[]>('select max(stream_version) as v from domain_event where stream_id = ?', [
        userStreamId(userId),
      ]);
    return r?.v ?? 0;
  }

  private stream(userId: string): Promise<UserStreamEvent[]> {
    return this.events.readStream(this.orm.em.fork(), userStreamId(userId));
  }
}
