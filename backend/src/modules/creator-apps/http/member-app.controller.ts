import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  isValidPhase,
  memberApp,
  MEMBERSHIP_ENDED,
  NOT_A_MEMBER,
  PLAN_DEFAULTS,
  REMINDER_TIMES,
  type MemberHome,
} from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { badRequest, forbidden, notFound, unauthorized } from '../../../platform/http/errors';
import { CompletePhase } from '../commands/complete-phase.command';
import { CompleteSession } from '../commands/complete-session.command';
import { ReorderAppLessons } from '../commands/reorder-app-lessons.command';
import { MarkAppLesson } from '../commands/mark-app-lesson.command';
import { RecordCheckIn } from '../commands/record-check-in.command';
import { SaveLessonProgress } from '../commands/save-lesson-progress.command';
import { SaveReminderSettings } from '../commands/save-reminder-settings.command';
import { localDateIn, sessionsTarget, slotFromAnswers, streakOf, type MemberPlan } from '../domain/member-program';
import { readUnsubscribeToken } from '../domain/unsubscribe-token';
import { AppVisitorsQueries } from '../queries/app-visitors.query';
import { CreatorAppsQueries, type AppRow } from '../queries/creator-apps.query';
import { MemberAppQueries } from '../queries/member-app.query';
import { UnsubscribeSecret } from '../queries/unsubscribe-secret.query';

const principal = (): Principal | null => requestContext.current()?.principal ?? null;
const timeZone = () => requestContext.current()?.timeZone ?? 'UTC';
const THEME_KEYS = ['primary', 'primaryColor', 'accent', 'accentColor'];
const DEFAULT_THEME = '#2F8370';
const CHECK_INS_ON_HOME_DAYS = 30;
const DAY_MS = 86_400_000;

interface Visit {
  row: AppRow;
  userId: string;
}

/**
 * The member app's calls (/apps/member/...): the member's Today, their plan phase by phase, check-ins,
 * lessons and reminder settings; and the creator marking lessons. Members (active or trial) act; a lapsed
 * member reads their history; anyone else reads nothing personal. Every call is about the caller only.
 */
@Controller()
export class MemberAppController {
  constructor(
    private readonly commands: CommandBus,
    private readonly apps: CreatorAppsQueries,
    private readonly visitors: AppVisitorsQueries,
    private readonly members: MemberAppQueries,
    private readonly unsubscribeSecret: UnsubscribeSecret,
  ) {}

  @Endpoint(memberApp.getMemberHome)
  async getMemberHome(@Input() { params }: CallInput<typeof memberApp.getMemberHome>) {
    const visit = await this.visit(params);
    await this.members.caughtUp();
    const { state } = await this.members.access(visit.row.app_id, visit.userId);
    if (state === 'member' && (await this.members.reminders(visit.row.app_id, visit.userId)) === null) {
      // the member's first visit: the reminder time they chose in the onboarding, in their time zone
      const onboarding = await this.visitors.onboardingState(visit.row.app_id, visit.userId);
      const chosen = slotFromAnswers(onboarding?.user_state?.answers ?? {});
      await this.commands.execute(
        new SaveReminderSettings(visit.row.app_id, visit.userId, chosen.slot, true, timeZone(), 'onboarding'),
      );
      await this.members.caughtUp();
    }
    return this.home(visit);
  }

  @Endpoint(memberApp.completeSession)
  async completeSession(@Input() { params, body }: CallInput<typeof memberApp.completeSession>) {
    const visit = await this.memberVisit(params);
    const plan = await this.memberPlan(visit);
    const { applied } = await this.commands.execute(new CompleteSession(this.act(visit, body.clientId), plan, body.phaseId));
    await this.members.caughtUp();
    return { applied, home: await this.home(visit) };
  }

  @Endpoint(memberApp.completePhase)
  async completePhase(@Input() { params, body }: CallInput<typeof memberApp.completePhase>) {
    const visit = await this.memberVisit(params);
    const plan = await this.memberPlan(visit);
    const { applied } = await this.commands.execute(new CompletePhase(this.act(visit, body.clientId), plan, body.phaseId));
    await this.members.caughtUp();
    return { applied, home: await this.home(visit) };
  }

  @Endpoint(memberApp.checkIn)
  async checkIn(@Input() { params, body }: CallInput<typeof memberApp.checkIn>) {
    const visit = await this.memberVisit(params);
    const { applied } = await this.commands.execute(
      new RecordCheckIn(this.act(visit, body.clientId), body.mood, body.effort, body.note ?? null),
    );
    await this.members.caughtUp();
    return { applied, home: await this.home(visit) };
  }

  @Endpoint(memberApp.getCheckIns)
  async getCheckIns(@Input() { params, query }: CallInput<typeof memberApp.getCheckIns>) {
    const visit = await this.visit(params);
    await this.members.caughtUp();
    const { state } = await this.members.access(visit.row.app_id, visit.userId);
    if (state === 'none') throw forbidden(NOT_A_MEMBER);
    const since = new Date(Date.now() - ((query.days ?? 90) - 1) * DAY_MS);
    return { checkIns: await this.members.checkIns(visit.row.app_id, visit.userId, localDateIn(timeZone(), since)) };
  }

  @Endpoint(memberApp.saveReminderSettings)
  async saveReminderSettings(@Input() { params, body }: CallInput<typeof memberApp.saveReminderSettings>) {
    const visit = await this.memberVisit(params);
    await this.commands.execute(
      new SaveReminderSettings(visit.row.app_id, visit.userId, body.slot, body.weeklySummary, timeZone(), 'settings'),
    );
    await this.members.caughtUp();
    return this.reminderView(await this.members.reminders(visit.row.app_id, visit.userId));
  }

  @Endpoint(memberApp.unsubscribeReminders)
  async unsubscribeReminders(@Input() { query }: CallInput<typeof memberApp.unsubscribeReminders>) {
    const who = readUnsubscribeToken(query.token, await this.unsubscribeSecret.secret());
    if (!who) throw badRequest('This unsubscribe link is not valid.');
    const row = await this.apps.appRow(who.appId);
    if (!row) throw badRequest('This unsubscribe link is not valid.');
    await this.members.caughtUp();
    const now = await this.members.reminders(who.appId, who.memberId);
    await this.commands.execute(
      new SaveReminderSettings(who.appId, who.memberId, null, false, now?.timeZone ?? 'UTC', 'unsubscribe-link'),
    );
    return { appName: row.name, unsubscribed: true };
  }

  @Endpoint(memberApp.saveLessonProgress)
  async saveLessonProgress(@Input() { params, body }: CallInput<typeof memberApp.saveLessonProgress>) {
    const visit = await this.memberVisit(params);
    const lesson = (await this.members.appLessons(visit.row.app_id)).find((l) => l.mediaId === body.mediaId);
    if (!lesson) throw notFound('No such lesson in this app.');
    await this.commands.execute(
      new SaveLessonProgress(
        visit.row.app_id,
        visit.userId,
        body.mediaId,
        `phase-${lesson.phaseNumber}`,
        body.positionInSeconds,
        body.percentComplete,
        body.additionalSecondsWatched,
      ),
    );
    return { mediaId: body.mediaId, positionInSeconds: body.positionInSeconds, percentComplete: body.percentComplete };
  }

  @Endpoint(memberApp.getMemberAppManifest)
  async getMemberAppManifest(@Input() { params }: CallInput<typeof memberApp.getMemberAppManifest>) {
    const { row } = await this.apps.visibleBySlug(principal(), params.storefrontSlug, params.appSlug);
    const base = `/apps/${row.storefront_slug}/${row.app_slug}`;
    const image = row.app_image;
    return {
      name: row.name,
      short_name: row.name.slice(0, 12),
      start_url: `${base}/app`,
      scope: `${base}/`,
      display: 'standalone' as const,
      background_color: '#ffffff',
      theme_color: this.themeColor(row),
      icons: image
        ? [
            {
              src: image.url,
              sizes: `${image.width}x${image.height}`,
              type: image.url.endsWith('.jpg') ? 'image/jpeg' : 'image/png',
              purpose: 'any',
            },
          ]
        : [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    };
  }

  // ---------------------------------------------------------------- the creator's lessons

  @Endpoint(memberApp.getAppLessons)
  async getAppLessons(@Input() { query }: CallInput<typeof memberApp.getAppLessons>) {
    const row = await this.apps.ownAppRow(principal(), query.appId);
    return { lessons: await this.members.appLessons(row.app_id) };
  }

  @Endpoint(memberApp.markAppLesson)
  async markAppLesson(@Input() { body }: CallInput<typeof memberApp.markAppLesson>) {
    const row = await this.apps.ownAppRow(principal(), body.appId);
    const medium = await this.members.medium(row.app_id, body.mediaId);
    if (!medium) throw notFound('No such media in this app.');
    if (medium.type !== 'video' && medium.type !== 'audio' && medium.type !== 'pdf')
      throw badRequest('Only a video, an audio or a PDF can be a lesson.');
    const named = typeof medium.metadata.title === 'string' ? medium.metadata.title : null;
    const title =
      body.title || named || `${medium.type === 'pdf' ? 'PDF' : medium.type[0].toUpperCase() + medium.type.slice(1)} lesson`;
    await this.commands.execute(new MarkAppLesson(row.app_id, body.mediaId, medium.type, body.phaseNumber, title));
    return { lessons: await this.members.appLessons(row.app_id) };
  }

  @Endpoint(memberApp.reorderAppLessons)
  async reorderAppLessons(@Input() { body }: CallInput<typeof memberApp.reorderAppLessons>) {
    const row = await this.apps.ownAppRow(principal(), body.appId);
    await this.commands.execute(new ReorderAppLessons(row.app_id, body.phaseNumber, body.mediaIds));
    return { lessons: await this.members.appLessons(row.app_id) };
  }

  // ---------------------------------------------------------------- helpers

  private act(visit: Visit, clientId: string) {
    const tz = timeZone();
    return { appId: visit.row.app_id, memberId: visit.userId, clientId, localDate: localDateIn(tz), timeZone: tz };
  }

  /** The published app (or the owner's own) and the signed-in caller. */
  private async visit(params: { storefrontSlug: string; appSlug: string }): Promise<Visit> {
    const who = principal();
    if (who?.kind !== 'user') throw unauthorized();
    const { row } = await this.apps.visibleBySlug(who, params.storefrontSlug, params.appSlug);
    return { row, userId: who.id };
  }

  /** A caller who may act: an active or trial member (403 otherwise, saying why). */
  private async memberVisit(params: { storefrontSlug: string; appSlug: string }): Promise<Visit> {
    const visit = await this.visit(params);
    await this.members.caughtUp();
    const { state } = await this.members.access(visit.row.app_id, visit.userId);
    if (state === 'lapsed') throw forbidden(MEMBERSHIP_ENDED);
    if (state === 'none') throw forbidden(NOT_A_MEMBER);
    return visit;
  }

  private async memberPlan(visit: Visit): Promise<MemberPlan> {
    const plan = await this.visitors.latestPlan(visit.row.app_id, visit.userId);
    if (!plan || plan.status !== 'completed' || !plan.plan) throw badRequest('Your plan is not ready yet.');
    return { planId: plan.plan_id, phaseIds: plan.plan.plan.phases.filter(isValidPhase).map((p) => p.id!) };
  }

  private themeColor(row: AppRow): string {
    const colour = THEME_KEYS.map((k) => row.theme?.[k]).find(
      (v): v is string => typeof v === 'string' && /^#[0-9a-f]{3,8}$/i.test(v),
    );
    return colour ?? DEFAULT_THEME;
  }

  private reminderView(r: { slot: MemberHome['reminders']['slot']; weeklySummary: boolean; timeZone: string } | null) {
    return {
      slot: r?.slot ?? null,
      weeklySummary: r?.weeklySummary ?? false,
      timeZone: r?.timeZone ?? timeZone(),
      time: r?.slot ? REMINDER_TIMES[r.slot] : null,
    };
  }

  private async home({ row, userId }: Visit): Promise<MemberHome> {
    const appId = row.app_id;
    const tz = timeZone();
    const today = localDateIn(tz);
    const app = {
      appId,
      name: row.name,
      storefrontSlug: row.storefront_slug,
      appSlug: row.app_slug,
      imageUrl: row.app_image?.url ?? null,
      themeColor: this.themeColor(row),
    };
    const access = await this.members.access(appId, userId);
    const accessView = {
      state: access.state,
      subscription: access.row
        ? {
            subscriptionId: access.row.subscription_id,
            status: access.row.status,
            planDisplayName: access.row.plan_display_name,
            trialEnd: access.row.trial_end ? new Date(access.row.trial_end).toISOString() : null,
            currentPeriodEnd: access.row.current_period_end ? new Date(access.row.current_period_end).toISOString() : null,
            cancelAtPeriodEnd: access.row.cancel_at_period_end,
            canceledAt: access.row.canceled_at ? new Date(access.row.canceled_at).toISOString() : null,
          }
        : null,
    };
    const empty = {
      phasesDone: 0,
      phaseCount: 0,
      percent: 0,
      sessionsDone: 0,
      streak: 0,
      doneToday: false,
      checkedInToday: false,
      completed: false,
    };
    // not a member: the paywall, nothing personal
    if (access.state === 'none')
      return {
        app,
        access: accessView,
        today,
        plan: null,
        progress: empty,
        checkIns: [],
        lessons: [],
        reminders: this.reminderView(null),
      };

    const [planRow, progress, phaseRows, days, checkIns, lessons, reminders] = await Promise.all([
      this.visitors.latestPlan(appId, userId),
      this.members.progress(appId, userId),
      this.members.phases(appId, userId),
      this.members.activeDays(appId, userId),
      this.members.checkIns(appId, userId, localDateIn(tz, new Date(Date.now() - (CHECK_INS_ON_HOME_DAYS - 1) * DAY_MS))),
      this.members.lessons(appId, userId),
      this.members.reminders(appId, userId),
    ]);
    const result = planRow?.status === 'completed' ? planRow.plan : null;
    const valid = (result?.plan.phases ?? []).filter(isValidPhase);
    const weeks = result?.programLengthWeeks ?? PLAN_DEFAULTS.programLengthWeeks;
    const target = sessionsTarget(weeks, Math.max(1, valid.length));
    const phases = valid.map((p, i) => ({
      phaseId: p.id!,
      number: i + 1,
      title: p.title!,
      description: p.description ?? null,
      when: p.when ?? null,
      state: (i < progress.phases_done ? 'done' : i === progress.phases_done ? 'current' : 'upcoming') as
        'done' | 'current' | 'upcoming',
      sessionsDone: phaseRows.get(p.id!)?.sessionsDone ?? 0,
      sessionsTarget: target,
    }));
    const activeDays = new Set(days.map((d) => d.date));
    const todayRow = days.find((d) => d.date === today);
    const phasesDone = Math.min(progress.phases_done, phases.length);
    return {
      app,
      access: accessView,
      today,
      plan: planRow
        ? {
            planId: planRow.plan_id,
            status: planRow.status,
            title: result?.plan.title ?? null,
            summary: result?.plan.summary ?? null,
            targetDate: result?.targetDate ?? null,
            timeToTargetLabel: result?.timeToTargetLabel ?? PLAN_DEFAULTS.timeToTargetLabel,
            phases,
          }
        : null,
      progress: {
        phasesDone,
        phaseCount: phases.length,
        percent: phases.length === 0 ? 0 : Math.round((phasesDone / phases.length) * 1000) / 10,
        sessionsDone: progress.sessions_done,
        streak: streakOf(activeDays, today),
        doneToday: (todayRow?.sessions ?? 0) > 0,
        checkedInToday: (todayRow?.checkIns ?? 0) > 0,
        completed: phases.length > 0 && phasesDone >= phases.length,
      },
      checkIns,
      lessons,
      reminders: this.reminderView(reminders),
    };
  }
}
