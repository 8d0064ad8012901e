import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { SubscriptionStarted, type EventPayload } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { rows } from '../../../platform/database/sql';
import { eventually } from '../../../test-support';
import { useCreatorApi, type As } from '../../../test-support/creator-api';
import { SendMemberReminders } from '../commands/send-member-reminders.command';
import { memberStreamId } from '../domain/member-program';
import { MemberRemindersQueries } from '../queries/member-reminders.query';

const FLOW = {
  pages: [
    {
      id: 'goal',
      title: 'Your goal',
      questions: [
        { id: 'distance', prompt: 'Which distance?', kind: 'single', options: ['5k', '10k'] },
        {
          id: 'reminder-time',
          prompt: 'When should we nudge you?',
          kind: 'single',
          options: ['Morning', 'Midday', 'Evening', 'No reminders'],
        },
      ],
    },
  ],
};

const PHASES = [
  { id: 'base', title: 'Find your base' },
  { id: 'build', title: 'Build up' },
  { id: 'race', title: 'Race week' },
];

const planResult = {
  plan: { title: 'Your 10k plan', summary: 'Three phases to race day.', phases: PHASES },
  totalPhaseCount: 3,
  programLengthWeeks: 3,
  targetDate: '2027-01-01',
  timeToTargetLabel: 'Time to Race Day',
  timeToTargetDescription: 'Until the race.',
  regenerations: 0,
  generatedBy: 'local-generator',
};

/**
 * The member app's calls end to end (issue 29): access by the spec's rules (member, lapsed, none),
 * sessions and phases in order, check-ins applied once per client id (an offline queue replayed), bad
 * input refused with nothing changed, one member never reading another's data, lessons, and the
 * reminders: due in the member's time zone, emailed once however often a batch runs, and unsubscribed
 * with the link of the email.
 */
describe('the member app', () => {
  const api = useCreatorApi();
  const owner: As = { as: 'ma-owner' };
  const member: As = { as: 'ma-member' };
  const second: As = { as: 'ma-second' };
  const lapsed: As = { as: 'ma-lapsed' };
  const visitor: As = { as: 'ma-visitor' };
  const app = { appId: '', path: '' };
  const m = (call: string) => `/apps/member/${app.path}/${call}`;

  async function subscribe(userId: string, status: string, trialEnd: string | null) {
    const subscriptionId = `sub_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const payload: EventPayload<typeof SubscriptionStarted> = {
      subscriptionId,
      userId,
      customerId: `cus_${userId}`,
      storefrontSlug: app.path.split('/')[0],
      appSlug: app.path.split('/')[1],
      appId: app.appId,
      priceOptionId: 'annual',
      planDisplayName: 'Annual',
      tierSlug: null,
      status,
      trialEnd,
      currentPeriodEnd: trialEnd,
      startedAt: new Date().toISOString(),
    };
    await api.orm.em
      .fork()
      .transactional((tem) =>
        new EventStore().append(tem, `subscription-${subscriptionId}`, [{ type: SubscriptionStarted.type, payload }]),
      );
  }

  async function onboard(who: As, reminder: string) {
    const userState = { answers: { distance: '10k', 'reminder-time': reminder } };
    const pagesInfo = { currentPageId: 'goal', completedPageIds: ['goal'] };
    expect((await api.post(`/apps/completeOnboarding/${app.path}`, { finalUserState: userState, pagesInfo }, who)).status).toBe(
      200,
    );
    const plan = await api.post(`/apps/createPersonalizedPlan/${app.path}`, { userState }, who);
    expect(plan.status).toBe(202);
    await api.worker.complete(plan.body.response.runId, planResult);
  }

  beforeAll(async () => {
    const created = (await api.post('/app-builder/createApp', { name: 'Stride Coach' }, owner)).body.response.app;
    Object.assign(app, { appId: created.appId, path: `${created.storefrontSlug}/${created.appSlug}` });
    expect((await api.post('/apps/saveAppOnboardingFlowV2', { appId: app.appId, onboardingFlow: FLOW }, owner)).status).toBe(200);
    await api.grantCreatorPlan('ma-owner');
    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, owner)).status).toBe(200);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await subscribe('ma-member', 'trialing', inAWeek);
    await subscribe('ma-second', 'active', null);
    await subscribe('ma-lapsed', 'canceled', null);
    await onboard(member, 'Evening');
    await onboard(second, 'Morning');
    await onboard(lapsed, 'Midday');
    // the contact the reminders are sent to: the profile identity records at sign-up
    for (const id of ['ma-member', 'ma-second', 'ma-lapsed']) {
      await api.orm.em.fork().transactional((tem) =>
        new EventStore().append(tem, `user-${id}`, [
          {
            type: 'UserProfileCreated',
            payload: {
              userId: id,
              email: `${id}@example.com`,
              firstName: id.split('-')[1],
              lastName: 'Runner',
              isSocialSignIn: false,
              socialProvider: null,
              signUpDate: new Date().toISOString(),
            },
          },
        ]),
      );
    }
  });

  it('a member (trial) opens Today on the first phase, with the reminder time chosen in the onboarding', async () => {
    const home = await api.get(m('home'), member);
    expect(home.status).toBe(200);
    const h = home.body.response;
    expect(h.access).toMatchObject({ state: 'member', subscription: { status: 'trialing', planDisplayName: 'Annual' } });
    expect(h.plan.phases.map((p: { phaseId: string; state: string }) => [p.phaseId, p.state])).toEqual([
      ['base', 'current'],
      ['build', 'upcoming'],
      ['race', 'upcoming'],
    ]);
    expect(h.progress).toMatchObject({ phasesDone: 0, phaseCount: 3, streak: 0, doneToday: false, checkedInToday: false });
    expect(h.reminders).toEqual({ slot: 'evening', weeklySummary: true, timeZone: 'UTC', time: '19:00' });
  });

  it('a visitor who is not a member gets the paywall: no personal data, and every action 403', async () => {
    const home = (await api.get(m('home'), visitor)).body.response;
    expect(home.access).toEqual({ state: 'none', subscription: null });
    expect(home.plan).toBeNull();
    expect(home.checkIns).toEqual([]);
    const refused = await api.post(m('checkIn'), { clientId: randomUUID(), mood: 3, effort: 3 }, visitor);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Become a member to use this app.');
    expect((await api.get(m('checkIns'), visitor)).status).toBe(403);
    expect((await api.get(m('home'), {})).status).toBe(401);
  });

  it('a lapsed member reads their history but cannot act, and is told to renew', async () => {
    const home = (await api.get(m('home'), lapsed)).body.response;
    expect(home.access.state).toBe('lapsed');
    expect(home.plan.phases).toHaveLength(3);
    expect((await api.get(m('checkIns'), lapsed)).status).toBe(200);
    const refused = await api.post(m('completeSession'), { clientId: randomUUID(), phaseId: 'base' }, lapsed);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Your membership has ended: renew it to keep going.');
  });

  it('a check-in sent twice with one client id (an offline queue replayed) is applied once', async () => {
    const clientId = randomUUID();
    const before = await api.streamLength(memberStreamId(app.appId, 'ma-member'));
    const first = await api.post(m('checkIn'), { clientId, mood: 4, effort: 3, note: ' Felt good ' }, member);
    expect(first.status).toBe(201);
    expect(first.body.response.applied).toBe(true);
    const again = await api.post(m('checkIn'), { clientId, mood: 4, effort: 3, note: ' Felt good ' }, member);
    expect(again.status).toBe(201);
    expect(again.body.response.applied).toBe(false);
    expect(await api.streamLength(memberStreamId(app.appId, 'ma-member'))).toBe(before + 1);
    const list = (await api.get(m('checkIns'), member)).body.response.checkIns;
    expect(list).toEqual([expect.objectContaining({ clientId, mood: 4, effort: 3, note: 'Felt good' })]);
    expect(again.body.response.home.progress).toMatchObject({ checkedInToday: true, streak: 1 });
  });

  it('bad input is refused with a clear message and changes nothing', async () => {
    const before = await api.totalEvents();
    const mood = await api.post(m('checkIn'), { clientId: randomUUID(), mood: 7, effort: 3 }, member);
    expect(mood.status).toBe(400);
    expect(JSON.stringify(mood.body)).toContain('Mood must be from 1 to 5.');
    const id = await api.post(m('checkIn'), { clientId: 'not-a-uuid', mood: 3, effort: 3 }, member);
    expect(id.status).toBe(400);
    expect(JSON.stringify(id.body)).toContain('clientId must be a uuid');
    const note = await api.post(m('checkIn'), { clientId: randomUUID(), mood: 3, effort: 3, note: 'x'.repeat(501) }, member);
    expect(note.status).toBe(400);
    const slot = await api.post(m('reminders'), { slot: 'night', weeklySummary: true }, member);
    expect(slot.status).toBe(400);
    expect(await api.totalEvents()).toBe(before);
  });

  it('sessions and phases go in order; a replayed "done" is applied once; moving on opens the next phase', async () => {
    const wrong = await api.post(m('completeSession'), { clientId: randomUUID(), phaseId: 'build' }, member);
    expect(wrong.status).toBe(409);
    const clientId = randomUUID();
    const done = await api.post(m('completeSession'), { clientId, phaseId: 'base' }, member);
    expect(done.body.response.applied).toBe(true);
    expect((await api.post(m('completeSession'), { clientId, phaseId: 'base' }, member)).body.response.applied).toBe(false);
    const moved = await api.post(m('completePhase'), { clientId: randomUUID(), phaseId: 'base' }, member);
    expect(moved.status).toBe(200);
    const h = moved.body.response.home;
    expect(h.plan.phases.map((p: { state: string; sessionsDone: number }) => [p.state, p.sessionsDone])).toEqual([
      ['done', 1],
      ['current', 0],
      ['upcoming', 0],
    ]);
    expect(h.progress).toMatchObject({ phasesDone: 1, sessionsDone: 1, doneToday: true, streak: 1, percent: 33.3 });
  });

  it('one member never sees another’s check-ins or progress', async () => {
    const mine = await api.post(m('checkIn'), { clientId: randomUUID(), mood: 2, effort: 5 }, second);
    expect(mine.status).toBe(201);
    const theirs = (await api.get(m('checkIns'), second)).body.response.checkIns;
    expect(theirs.map((c: { mood: number }) => c.mood)).toEqual([2]);
    const home = (await api.get(m('home'), second)).body.response;
    expect(home.progress).toMatchObject({ phasesDone: 0, sessionsDone: 0 });
    expect((await api.get(m('checkIns'), member)).body.response.checkIns.map((c: { mood: number }) => c.mood)).toEqual([4]);
  });

  it('the creator marks a video of the library as a lesson; members play it and resume where they stopped', async () => {
    const saved = await api.post(
      '/app-builder/saveAppMedia',
      { appId: app.appId, type: 'video', url: 'https://videos.example.com/warm-up.mp4', metadata: { title: 'Warm-up' } },
      owner,
    );
    expect(saved.status).toBe(200);
    const mediaId = saved.body.response.media.mediaId;
    expect((await api.post('/app-builder/markAppLesson', { appId: app.appId, mediaId, phaseNumber: 1 }, member)).status).toBe(
      404,
    );
    const marked = await api.post('/app-builder/markAppLesson', { appId: app.appId, mediaId, phaseNumber: 1 }, owner);
    expect(marked.status).toBe(200);
    expect(marked.body.response.lessons).toEqual([{ mediaId, phaseNumber: 1, title: 'Warm-up', mediaType: 'video' }]);
    const progress = await api.post(
      m('lessonProgress'),
      { mediaId, positionInSeconds: 42, percentComplete: 35, additionalSecondsWatched: 42 },
      member,
    );
    expect(progress.status).toBe(200);
    const home = (await api.get(m('home'), member)).body.response;
    expect(home.lessons).toEqual([
      expect.objectContaining({ mediaId, title: 'Warm-up', positionInSeconds: 42, percentComplete: 35 }),
    ]);
    // another member starts from the beginning
    expect((await api.get(m('home'), second)).body.response.lessons[0].positionInSeconds).toBe(0);
  });

  it('the creator orders the lessons of a phase; members see them in that order, a later one goes last', async () => {
    const save = async (title: string, type = 'audio') =>
      (
        await api.post(
          '/app-builder/saveAppMedia',
          {
            appId: app.appId,
            type,
            url: `https://videos.example.com/${title}.${type === 'audio' ? 'mp3' : 'mp4'}`,
            metadata: { title },
          },
          owner,
        )
      ).body.response.media.mediaId as string;
    const [first] = (await api.get(`/app-builder/getAppLessons?appId=${app.appId}`, owner)).body.response.lessons;
    const breathing = await save('Breathing');
    const stretch = await save('Stretch', 'video');
    for (const mediaId of [breathing, stretch])
      expect((await api.post('/app-builder/markAppLesson', { appId: app.appId, mediaId, phaseNumber: 1 }, owner)).status).toBe(
        200,
      );
    const titles = async () =>
      ((await api.get(m('home'), member)).body.response.lessons as { title: string }[]).map((l) => l.title);
    expect(await titles()).toEqual(['Warm-up', 'Breathing', 'Stretch']);

    const order = [stretch, first.mediaId, breathing];
    const body = { appId: app.appId, phaseNumber: 1, mediaIds: order };
    expect((await api.post('/app-builder/reorderAppLessons', body, member)).status).toBe(404);
    const missing = await api.post('/app-builder/reorderAppLessons', { ...body, mediaIds: [stretch, breathing] }, owner);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('List every lesson of the phase once, in the new order: reload the lessons and try again.');
    expect((await api.post('/app-builder/reorderAppLessons', { ...body, phaseNumber: 0 }, owner)).status).toBe(400);
    const done = await api.post('/app-builder/reorderAppLessons', body, owner);
    expect(done.status).toBe(200);
    expect(done.body.response.lessons.map((l: { mediaId: string }) => l.mediaId)).toEqual(order);
    expect(await titles()).toEqual(['Stretch', 'Warm-up', 'Breathing']);

    // moved to phase 2 and back: last of phase 1; the others keep their order
    await api.post('/app-builder/markAppLesson', { appId: app.appId, mediaId: stretch, phaseNumber: 2 }, owner);
    expect(await titles()).toEqual(['Warm-up', 'Breathing', 'Stretch']);
    await api.post('/app-builder/markAppLesson', { appId: app.appId, mediaId: stretch, phaseNumber: 1 }, owner);
    expect(await titles()).toEqual(['Warm-up', 'Breathing', 'Stretch']);
    // a new title keeps the place
    await api.post(
      '/app-builder/markAppLesson',
      { appId: app.appId, mediaId: first.mediaId, phaseNumber: 1, title: 'Warm-up jog' },
      owner,
    );
    expect(await titles()).toEqual(['Warm-up jog', 'Breathing', 'Stretch']);
    for (const mediaId of [breathing, stretch])
      expect((await api.post('/app-builder/markAppLesson', { appId: app.appId, mediaId, phaseNumber: null }, owner)).status).toBe(
        200,
      );
    await api.post(
      '/app-builder/markAppLesson',
      { appId: app.appId, mediaId: first.mediaId, phaseNumber: 1, title: 'Warm-up' },
      owner,
    );
  });

  it('reminders fall due at the member’s slot in their time zone, are emailed once, and one click unsubscribes', async () => {
    const due = api.app.get(MemberRemindersQueries);
    // the member chose Evening (19:00) in UTC; the second Morning (08:00); the lapsed member gets none
    // the next 19:00 UTC (within the member's trial)
    const at = new Date(Date.now() + 86_400_000);
    at.setUTCHours(19, 0, 0, 0);
    const day = at.toISOString().slice(0, 10);
    const evening = await due.due(at, 1);
    expect(evening).toEqual([{ kind: 'daily', appId: app.appId, memberId: 'ma-member', period: day }]);
    expect((await due.due(new Date(at.getTime() - 7 * 3_600_000), 1)).map((d) => d.memberId)).toEqual([]);
    expect((await due.due(new Date(at.getTime() - 11 * 3_600_000), 1)).map((d) => d.memberId)).toEqual(['ma-second']);
    const commands = api.app.get(CommandBus);
    const first: { sent: number } = await commands.execute(new SendMemberReminders(evening));
    const again: { sent: number } = await commands.execute(new SendMemberReminders(evening));
    expect([first.sent, again.sent]).toEqual([1, 0]);
    const mails = await rows<{ subject: string; text: string; headers: Record<string, string> }>(
      api.orm.em.fork(),
      `select subject, text, headers from email_outbox where to_address = 'ma-member@example.com' and subject like 'Time for%'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Time for today's step in Stride Coach");
    expect(mails[0].text).toContain('phase 2 of 3, "Build up"');

    const token = /unsubscribe\/reminders\?token=(\S+)/.exec(mails[0].text)![1];
    // RFC 8058: the same signed link in List-Unsubscribe, for the mail client's own one-click button
    expect(mails[0].headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/apps/member/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect((await api.post(`/apps/member/unsubscribe?token=${token.slice(0, -2)}xx`, {}, {})).status).toBe(400);
    const off = await api.post(`/apps/member/unsubscribe?token=${token}`, {}, {});
    expect(off.status).toBe(200);
    expect(off.body.response).toEqual({ appName: 'Stride Coach', unsubscribed: true });
    await eventually(async () => (await due.due(new Date(at.getTime() + 86_400_000), 1)).length === 0);
    expect((await api.get(m('home'), member)).body.response.reminders).toMatchObject({ slot: null, weeklySummary: false });
  });

  it('a mail client’s one-click unsubscribe (RFC 8058: a form POST to List-Unsubscribe, no cookies) turns reminders off', async () => {
    const due = api.app.get(MemberRemindersQueries);
    const at = new Date(Date.now() + 86_400_000);
    at.setUTCHours(8, 0, 0, 0);
    const morning = await due.due(at, 1);
    expect(morning.map((d) => d.memberId)).toEqual(['ma-second']);
    await api.app.get(CommandBus).execute(new SendMemberReminders(morning));
    const [mail] = await rows<{ headers: Record<string, string> }>(
      api.orm.em.fork(),
      `select headers from email_outbox where to_address = 'ma-second@example.com' and subject like 'Time for%'`,
    );
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = new URL(/^<(.+)>$/.exec(mail.headers['List-Unsubscribe'])![1]);
    expect(link.protocol + link.host).toBe('http:localhost:3000');
    const oneClick = (search: string) =>
      fetch(`${api.base}${link.pathname}${search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const forged = await oneClick(link.search.replace(/.{2}$/, 'xx'));
    expect(forged.status).toBe(400);
    expect(await due.due(at, 1)).toHaveLength(1);
    const answer = await oneClick(link.search);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { response: unknown }).response).toEqual({ appName: 'Stride Coach', unsubscribed: true });
    await eventually(async () => (await due.due(at, 1)).length === 0);
    expect((await api.get(m('home'), second)).body.response.reminders).toMatchObject({ slot: null, weeklySummary: false });
    // a second click (a client retrying) is answered the same
    expect((await oneClick(link.search)).status).toBe(200);
  });
});
