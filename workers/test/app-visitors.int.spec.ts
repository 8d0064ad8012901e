import { io } from 'socket.io-client';
import { AccessTokens } from '@sparkhouse/backend';
import { eventually, grantCreatorPlan, runningFlow } from '@sparkhouse/backend/test-support';
import { countValidPhases, REALTIME, SERVER_EVENTS, type JobProgressMessage } from '@sparkhouse/contracts';
import { startStack, type TestSocket } from './stack';

/** Who calls: a signed-in user id, an anonymous visitor's anon_ id, or nobody at all. */
type Who = { user: string } | { anon: string } | 'nobody';

const FLOW = runningFlow();
const ANSWERS = { distance: '10k', days: ['Mon', 'Sat'], km: 12, race: '2031-05-04' };

/**
 * An app's visitors end to end with the real worker: anonymous onboarding state (resumable, private
 * to each visitor), completion with per-kind validation, the personalized plan made by the worker and
 * pushed live to its visitor only, reuse and forceRegenerate, and the anonymous data linked on sign-in.
 */
describe("an app's visitors: onboarding state and personalized plans, run by the real worker", () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  const tokens = new Map<string, string>();
  let path = '';
  let draftPath = '';

  beforeAll(async () => {
    stack = await startStack();
    const owner = { user: 'visitors-owner' };
    const app = (await call('POST', '/app-builder/createApp', owner, { name: 'Stride Coach' })).body.response.app;
    path = `${app.storefrontSlug}/${app.appSlug}`;
    expect((await call('POST', '/apps/saveAppOnboardingFlowV2', owner, { appId: app.appId, onboardingFlow: FLOW })).status).toBe(
      200,
    );
    await grantCreatorPlan(stack.config.DATABASE_URL, 'visitors-owner');
    expect((await call('POST', `/apps/publishApp/${app.appId}`, owner, {})).status).toBe(200);
    const draft = (await call('POST', '/app-builder/createApp', owner, { name: 'Unpublished Coach' })).body.response.app;
    draftPath = `${draft.storefrontSlug}/${draft.appSlug}`;
  });
  afterAll(async () => {
    await stack?.close();
  });

  const token = async (userId: string) => {
    if (!tokens.has(userId))
      tokens.set(userId, await stack.api.get(AccessTokens).sign({ sub: userId, email: `${userId}@example.com` }));
    return tokens.get(userId)!;
  };
  async function call(method: string, url: string, who: Who, body?: unknown) {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (who !== 'nobody' && 'user' in who) headers.authorization = `Bearer ${await token(who.user)}`;
    if (who !== 'nobody' && 'anon' in who) headers['x-non-auth-user-id'] = who.anon;
    const res = await fetch(`${stack.baseUrl}/api${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const socketOf = async (anonymousId: string) => {
    const s: TestSocket = io(stack.baseUrl, {
      path: REALTIME.path,
      auth: { anonymousId },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const seen: { event: string; m: any }[] = [];
    for (const event of Object.values(SERVER_EVENTS)) s.on(event as 'job:progress', (m) => seen.push({ event, m }));
    return { socket: s, seen };
  };

  const alice = { anon: 'anon_alice-visitor-1' };
  const bob = { anon: 'anon_bob-visitor-22' };

  it('keeps each visitor’s onboarding state to themselves and resumes it', async () => {
    const flow = await call('GET', `/apps/getAppOnboardingFlow/${path}`, alice);
    expect(flow.body.response).toMatchObject({ isDefault: false, isDraft: false, onboardingFlow: FLOW });

    const empty = await call('GET', `/apps/getOnboardingUserState/${path}`, alice);
    expect(empty.body.response).toMatchObject({ userState: null, pagesInfo: null, completed: false });

    const partial = {
      userState: { answers: { distance: '10k' } },
      pagesInfo: { currentPageId: 'goal', completedPageIds: ['hello'] },
    };
    const saved = await call('POST', `/apps/saveOnboardingUserState/${path}`, alice, partial);
    expect(saved.status).toBe(200);
    expect(saved.body.response).toMatchObject({ ...partial, completed: false });
    // a reload: the same state comes back from the server
    expect((await call('GET', `/apps/getOnboardingUserState/${path}`, alice)).body.response).toMatchObject(partial);
    // another visitor sees none of it
    expect((await call('GET', `/apps/getOnboardingUserState/${path}`, bob)).body.response).toMatchObject({ userState: null });
  });

  it('refuses bad input with clear 4xx and changes nothing', async () => {
    const before = (await call('GET', `/apps/getOnboardingUserState/${path}`, alice)).body.response;
    const pagesInfo = { currentPageId: 'goal', completedPageIds: [] };
    const unknownQuestion = await call('POST', `/apps/saveOnboardingUserState/${path}`, alice, {
      userState: { answers: { shoe: 'size 9' } },
      pagesInfo,
    });
    expect(unknownQuestion.status).toBe(400);
    expect(unknownQuestion.body.error).toContain('"shoe", which is not a question of this app');
    const unknownPage = await call('POST', `/apps/saveOnboardingUserState/${path}`, alice, {
      userState: { answers: {} },
      pagesInfo: { currentPageId: 'nope', completedPageIds: [] },
    });
    expect(unknownPage.status).toBe(400);
    expect(unknownPage.body.error).toContain('"nope", which is not a page of this app');
    expect((await call('POST', `/apps/saveOnboardingUserState/${path}`, alice, { userState: 'x', pagesInfo })).status).toBe(400);

    const incomplete = await call('POST', `/apps/completeOnboarding/${path}`, alice, {
      finalUserState: { answers: { ...ANSWERS, km: 500 } },
      pagesInfo,
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error).toBe('“Kilometres a week now?”: Enter a number of at most 200.');
    const badDate = await call('POST', `/apps/completeOnboarding/${path}`, alice, {
      finalUserState: { answers: { ...ANSWERS, race: '2031-02-30' } },
      pagesInfo,
    });
    expect(badDate.body.error).toBe('“Race day?”: Enter a real date.');

    // unknown and unpublished apps are 404, a caller without any id 401
    expect((await call('GET', `/apps/getOnboardingUserState/nobody/nothing`, alice)).status).toBe(404);
    expect((await call('GET', `/apps/getOnboardingUserState/${draftPath}`, alice)).status).toBe(404);
    expect((await call('GET', `/apps/getAppOnboardingFlow/${draftPath}`, alice)).status).toBe(404);
    expect((await call('GET', `/apps/getOnboardingUserState/${path}`, 'nobody')).status).toBe(401);
    expect(
      (await call('POST', `/apps/createPersonalizedPlan/${path}`, 'nobody', { userState: { answers: ANSWERS } })).status,
    ).toBe(401);

    expect((await call('GET', `/apps/getOnboardingUserState/${path}`, alice)).body.response).toEqual(before);
  });

  it('completes the onboarding and makes the plan in the worker, pushed live to its visitor only', async () => {
    const aliceSocket = await socketOf(alice.anon);
    const bobSocket = await socketOf(bob.anon);
    const pagesInfo = { currentPageId: 'you', completedPageIds: ['hello', 'goal', 'you'] };
    const done = await call('POST', `/apps/completeOnboarding/${path}`, alice, {
      finalUserState: { answers: ANSWERS },
      pagesInfo,
    });
    expect(done.status).toBe(200);
    expect(done.body.response).toMatchObject({ completed: true, userState: { answers: ANSWERS } });

    const requested = await call('POST', `/apps/createPersonalizedPlan/${path}`, alice, { userState: { answers: ANSWERS } });
    expect(requested.status).toBe(202);
    const { planId, runId } = requested.body.response;
    expect(requested.body.response.reused).toBe(false);

    await eventually(() => aliceSocket.seen.some((x) => x.event === SERVER_EVENTS.jobCompleted && x.m.runId === runId), {
      timeoutMs: 60_000,
    });
    const steps = aliceSocket.seen
      .filter((x) => x.event === SERVER_EVENTS.jobProgress && x.m.runId === runId)
      .map((x) => (x.m as JobProgressMessage).step);
    expect([...new Set(steps)]).toEqual(['reading-answers', 'drafting', 'checking']);

    const status = await eventually(async () => {
      const r = await call('GET', `/apps/checkPlanStatus/${alice.anon}/${path}`, alice);
      return r.body.response?.status === 'completed' ? r.body.response : null;
    });
    expect(status).toMatchObject({
      planId,
      runId,
      totalPhaseCount: 13,
      programLengthWeeks: 6,
      targetDate: '2031-05-04',
      timeToTargetLabel: 'Time to Race Day',
      timeToTargetDescription: '6-Week Transformation Plan',
      generatedBy: 'local-generator',
      error: null,
    });
    expect(countValidPhases(status.plan.phases)).toBe(13);
    expect(status.plan.summary).toContain('10k');

    // nobody else heard of it or can read it
    expect(bobSocket.seen).toEqual([]);
    expect((await call('GET', `/apps/checkPlanStatus/${alice.anon}/${path}`, bob)).status).toBe(404);
    expect((await call('GET', `/apps/checkPlanStatus/${bob.anon}/${path}`, bob)).status).toBe(404);
    aliceSocket.socket.disconnect();
    bobSocket.socket.disconnect();

    // a completed plan is reused; forceRegenerate makes a new one
    const again = await call('POST', `/apps/createPersonalizedPlan/${path}`, alice, { userState: { answers: ANSWERS } });
    expect(again.body.response).toMatchObject({ planId, reused: true, status: 'completed' });
    const fresh = await call('POST', `/apps/createPersonalizedPlan/${path}`, alice, {
      userState: { answers: ANSWERS },
      forceRegenerate: true,
    });
    expect(fresh.body.response.reused).toBe(false);
    expect(fresh.body.response.planId).not.toBe(planId);
    await eventually(async () => {
      const r = await call('GET', `/apps/checkPlanStatus/${alice.anon}/${path}`, alice);
      return r.body.response?.planId === fresh.body.response.planId && r.body.response.status === 'completed';
    });
  });

  it('asks for the user id the spec’s way', async () => {
    const r = await call('GET', `/apps/checkPlanStatus/%20/${path}`, alice);
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('User ID is required to check plan status');
  });

  it('links the anonymous answers and plan to the member on sign-in', async () => {
    const member = { user: 'alice-member' };
    const before = (await call('GET', `/apps/checkPlanStatus/${alice.anon}/${path}`, alice)).body.response;
    const linked = await call('POST', '/users/linkAuthUserWithAnonymousUserId', member, { anonymousUserId: alice.anon });
    expect(linked.body.response).toMatchObject({ success: true, dataLinked: true });
    const state = await call('GET', `/apps/getOnboardingUserState/${path}`, member);
    expect(state.body.response).toMatchObject({ completed: true, userState: { answers: ANSWERS } });
    const plan = await call('GET', `/apps/checkPlanStatus/alice-member/${path}`, member);
    expect(plan.body.response).toMatchObject({ planId: before.planId, status: 'completed' });
    expect(plan.body.response.plan).toEqual(before.plan);
    // the anonymous id holds nothing any more
    expect((await call('GET', `/apps/getOnboardingUserState/${path}`, alice)).body.response.userState).toBeNull();
    // asking again reuses the member's (linked) plan
    const again = await call('POST', `/apps/createPersonalizedPlan/${path}`, member, { userState: { answers: ANSWERS } });
    expect(again.body.response).toMatchObject({ planId: before.planId, reused: true });
  });
});
