import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { AccessTokens } from '@sparkhouse/backend';
import { eventually } from '@sparkhouse/backend/test-support';
import { REALTIME, SERVER_EVENTS, type JobCompletedMessage, type JobProgressMessage } from '@sparkhouse/contracts';
import { BUILD_APP_PROGRESS, startStack, type TestSocket } from './stack';

const MARATHON = 'a habit tracker for runners training for their first marathon';

/**
 * The creator studio end to end with the real worker: a signed-in creator's HTTP buildApp request
 * becomes a job, the worker builds it, the creator's socket gets the progress in order and then the
 * completion (nobody else gets anything), and the creator-apps reactor stores every document.
 */
describe('buildApp through the HTTP API, run by the real worker', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let mediaDir: string;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creator-build-http-'));
    stack = await startStack({ MEDIA_DIR: mediaDir });
  });
  afterAll(async () => {
    await stack?.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const token = async (userId: string) => {
    if (!tokens.has(userId))
      tokens.set(userId, await stack.api.get(AccessTokens).sign({ sub: userId, email: `${userId}@example.com` }));
    return tokens.get(userId)!;
  };
  const call = async (method: string, url: string, userId: string, body?: unknown) => {
    const res = await fetch(`${stack.baseUrl}/api${url}`, {
      method,
      headers: {
        authorization: `Bearer ${await token(userId)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const socketOf = async (userId: string) => {
    const s: TestSocket = io(stack.baseUrl, {
      path: REALTIME.path,
      auth: { token: await token(userId) },
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

  it('builds a complete draft app: ordered progress then completion to the creator only, every document stored', async () => {
    const cora = await socketOf('cora-creator');
    const dan = await socketOf('dan-creator');

    const started = await call('POST', '/app-builder/buildApp', 'cora-creator', { prompt: MARATHON, name: 'Stride' });
    expect(started.status).toBe(202);
    const { appId, runId } = started.body.response;

    await eventually(() => cora.seen.some((x) => x.event === SERVER_EVENTS.jobCompleted && x.m.runId === runId), {
      timeoutMs: 60_000,
    });
    const mine = cora.seen.filter((x) => x.m.runId === runId);
    const progress = mine.filter((x) => x.event === SERVER_EVENTS.jobProgress).map((x) => x.m as JobProgressMessage);
    expect(progress.map((p) => [p.step, p.percent])).toEqual(BUILD_APP_PROGRESS);
    expect(progress.every((p) => p.subjectId === appId)).toBe(true);
    const lifecycle = mine.filter((x) => x.event.startsWith('job:'));
    expect(lifecycle.at(-1)!.event).toBe(SERVER_EVENTS.jobCompleted);
    // the completion is pushed once, after the documents are stored: a read with its token shows them at once
    const ends = lifecycle.filter((x) => x.event !== SERVER_EVENTS.jobProgress);
    expect(ends.map((x) => x.event)).toEqual([SERVER_EVENTS.jobCompleted]);
    const completion = ends[0]!.m as JobCompletedMessage;
    expect(completion).toMatchObject({ runId, subjectId: appId, stored: true, token: expect.stringMatching(/^\d+\.\d+$/) });
    const read = await fetch(`${stack.baseUrl}/api/app-builder/getBlueprintForApp?appId=${appId}`, {
      headers: { authorization: `Bearer ${await token('cora-creator')}`, 'x-consistency-token': completion.token! },
    });
    expect(((await read.json()) as any).response.blueprint.name).toBe('Stride');
    cora.socket.disconnect();

    // the build's result handler stored the documents through the module's commands
    const blueprint = await eventually(async () => {
      const r = await call('GET', `/app-builder/getBlueprintForApp?appId=${appId}`, 'cora-creator');
      return r.body.response?.blueprint ? r.body.response.blueprint : null;
    });
    expect(blueprint.name).toBe('Stride');
    expect(blueprint.audience.toLowerCase()).toContain('runners');
    const onboarding = await eventually(async () => {
      const r = await call('GET', `/app-builder/getOnboardingFlowForApp?appId=${appId}`, 'cora-creator');
      return r.body.response?.onboardingFlow ?? null;
    });
    expect(onboarding.pages.length).toBeGreaterThan(0);
    const app = await eventually(async () => {
      const r = await call('GET', '/app-builder/getCreatorApps?with_landing_page_info=true', 'cora-creator');
      const a = r.body.response?.apps?.find((x: { appId: string }) => x.appId === appId);
      return a?.build.status === 'completed' && a.appImage && a.landingPageInfo ? a : null;
    });
    expect(app.landingPageInfo.hero.title.toLowerCase()).toContain('habit tracker');
    expect(app.appImage).toMatchObject({ width: 1024, height: 1024, generatedBy: 'procedural' });
    const image = await fetch(`${stack.baseUrl}${app.appImage.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    // another creator got nothing and cannot read the app or its run
    expect(dan.seen).toEqual([]);
    expect((await call('GET', `/app-builder/getBlueprintForApp?appId=${appId}`, 'dan-creator')).status).toBe(404);
    expect((await call('GET', `/jobs/${runId}`, 'dan-creator')).status).toBe(404);
    dan.socket.disconnect();
  });

  it('brainstorms through the HTTP API: status, then the ideas', async () => {
    const started = await call('POST', '/app-builder/buildBrainstorm', 'cora-creator', {
      prompt: 'apps for nurses on night shifts',
    });
    expect(started.status).toBe(202);
    const { brainstormId } = started.body.response;
    await eventually(
      async () =>
        (await call('GET', `/app-builder/getBrainstormStatus?brainstormId=${brainstormId}`, 'cora-creator')).body.response
          ?.status === 'completed',
      { timeoutMs: 60_000 },
    );
    const ideas = await eventually(async () => {
      const r = await call('GET', `/app-builder/getBrainstormApps?brainstormId=${brainstormId}`, 'cora-creator');
      return r.status === 200 ? r.body.response.apps : null;
    });
    expect(ideas.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(ideas).toLowerCase()).toContain('nurses');
  });

  it('answers editor suggestions and blueprint help from quick jobs', async () => {
    const started = await call('POST', '/app-builder/buildApp', 'erin-creator', { prompt: 'a journal for hikers' });
    const { appId } = started.body.response;
    const suggestions = await call('POST', `/app-builder/getEditorPlusButtonSuggestions?appId=${appId}`, 'erin-creator', {
      context: { idea: 'a journal for hikers' },
    });
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.response.sections.map((s: { title: string }) => s.title)).toEqual([
      'Suggested',
      'Stories',
      'Activities',
    ]);
    const help = await call('GET', `/app-builder/getBlueprintHelpForApp?appId=${appId}`, 'erin-creator');
    expect(help.status).toBe(200);
    expect(help.body.response.suggestion.name.length).toBeGreaterThan(0);
  });
});
