import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { Database } from '@sparkhouse/backend';
import { EventStore, JobAwaiter, JobRequests } from '@sparkhouse/backend';
import { eventually } from '@sparkhouse/backend/test-support';
import {
  buildAppResultSchema,
  SERVER_EVENTS,
  type JobName,
  type JobOwner,
  type JobPayload,
  type JobProgressMessage,
} from '@sparkhouse/contracts';
import { LocalProvider } from '../src/devkit/ai/local-provider';
import type { AiTaskKind } from '../src/ai/ai-provider';
import { BUILD_APP_PROGRESS, startStack, type TestSocket } from './stack';

const ALICE = 'anon_alice_creator_01';
const BOB = 'anon_bob_creator_0002';
const MARATHON = 'a habit tracker for runners training for their first marathon';

type Stack = Awaited<ReturnType<typeof startStack>>;

/** What a creator-apps command does: append JobRequested in a transaction. Answers the run id. */
function requestJob<N extends JobName>(stack: Stack, name: N, owner: JobOwner, payload: JobPayload<N>): Promise<string> {
  const orm: Database = stack.api.get(Database);
  return orm.em.fork().transactional((tem) => stack.api.get(JobRequests).request(tem, name, owner, payload));
}

/** Everything a socket receives, in arrival order. */
function record(socket: TestSocket) {
  const seen: { event: string; m: any }[] = [];
  for (const event of Object.values(SERVER_EVENTS)) socket.on(event as 'job:progress', (m) => seen.push({ event, m }));
  return seen;
}

const eventTypes = async (stack: Stack, runId: string): Promise<string[]> =>
  (
    await stack.api
      .get(Database)
      .em.fork()
      .getConnection()
      .execute(`select type from domain_event where stream_id = ? order by stream_version`, [`job-${runId}`])
  ).map((r: { type: string }) => r.type);

describe('creator-studio jobs on the real worker (local AI provider)', () => {
  let stack: Stack;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creator-jobs-'));
    stack = await startStack({ MEDIA_DIR: mediaDir });
  });
  afterAll(async () => {
    await stack?.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it("builds an app: every document, ordered progress then completion to the owner's socket only, a loadable image", async () => {
    const alice = record(await stack.socket(ALICE));
    const bob = record(await stack.socket(BOB));

    const outcome = await stack.api
      .get(JobAwaiter)
      .requestAndAwait(
        'creator-apps.build-app',
        { ownerId: ALICE, subjectId: 'app-marathon' },
        { appId: 'app-marathon', prompt: MARATHON },
        { timeoutMs: 60_000 },
      );
    expect(outcome.status).toBe('completed');
    if (outcome.status !== 'completed') return;
    const result = buildAppResultSchema.parse(outcome.result);
    expect(result.blueprint.name.toLowerCase()).toContain('habit tracker');
    expect(result.onboardingFlow.pages.length).toBeGreaterThan(0);
    expect(result.landingPage.hero.title.toLowerCase()).toContain('habit tracker');
    expect(result.generatedBy).toBe('local-generator');

    await eventually(() => alice.some((x) => x.event === SERVER_EVENTS.jobCompleted && x.m.runId === outcome.runId));
    const mine = alice.filter((x) => x.m.runId === outcome.runId);
    const progress = mine.filter((x) => x.event === SERVER_EVENTS.jobProgress).map((x) => x.m as JobProgressMessage);
    expect(progress.map((p) => [p.step, p.percent])).toEqual(BUILD_APP_PROGRESS);
    expect(progress.every((p) => p.subjectId === 'app-marathon' && p.name === 'creator-apps.build-app')).toBe(true);
    expect(mine[mine.length - 1].event).toBe(SERVER_EVENTS.jobCompleted);
    expect(mine[mine.length - 1].m.result).toEqual(outcome.result);
    expect(bob).toEqual([]);

    // the job_run read model has the whole story
    const run = await eventually(async () => {
      const r = await stack.call('GET', `/jobs/${outcome.runId}`, ALICE);
      return r.body.response?.status === 'completed' ? r.body.response : null;
    });
    expect(run).toMatchObject({ name: 'creator-apps.build-app', subjectId: 'app-marathon', percent: 100, step: 'app-image' });
    expect(run.steps.map((s: { step: string }) => s.step)).toEqual(['blueprint', 'onboarding', 'landing-page', 'app-image']);
    expect((await stack.call('GET', `/jobs/${outcome.runId}`, BOB)).status).toBe(404);

    // the browser can load the image
    const image = await fetch(`${stack.baseUrl}${result.appImage.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 1024, height: 1024 });
    expect((await fetch(`${stack.baseUrl}/api/media/app-images/..%2F..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}/api/media/app-images/missing.png`)).status).toBe(404);
  });

  it('brainstorms app ideas about the prompt', async () => {
    const alice = record(await stack.socket(ALICE));
    const runId = await requestJob(
      stack,
      'creator-apps.brainstorm',
      { ownerId: ALICE, subjectId: 'brainstorm-1' },
      { brainstormId: 'brainstorm-1', prompt: 'apps for nurses on night shifts' },
    );
    const outcome = await stack.api.get(JobAwaiter).awaitRun('creator-apps.brainstorm', runId, { timeoutMs: 60_000 });
    expect(outcome.status).toBe('completed');
    if (outcome.status !== 'completed') return;
    expect(outcome.result.ideas.length).toBeGreaterThanOrEqual(3);
    expect(outcome.result.ideas.every((i) => `${i.title} ${i.pitch} ${i.audience}`.toLowerCase().includes('nurses'))).toBe(true);
    await eventually(() => alice.some((x) => x.event === SERVER_EVENTS.jobCompleted && x.m.runId === runId));
    expect(alice.filter((x) => x.m.runId === runId).map((x) => x.event)).toEqual([
      SERVER_EVENTS.jobProgress,
      SERVER_EVENTS.jobProgress,
      SERVER_EVENTS.jobCompleted,
    ]);
  });

  it('answers quick AI work (blueprint help, editor suggestions) to a caller that awaits it', async () => {
    const awaiter = stack.api.get(JobAwaiter);
    const t0 = Date.now();
    const [help, suggestions] = await Promise.all([
      awaiter.requestAndAwait(
        'creator-apps.blueprint-help',
        { ownerId: ALICE, subjectId: 'app-1' },
        { appId: 'app-1', prompt: MARATHON },
        { timeoutMs: 60_000 },
      ),
      awaiter.requestAndAwait(
        'creator-apps.editor-suggestions',
        { ownerId: ALICE, subjectId: 'app-1' },
        { appId: 'app-1', idea: MARATHON },
        { timeoutMs: 10_000 },
      ),
    ]);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(help).toMatchObject({ status: 'completed', result: { blueprint: { audience: expect.stringMatching(/runners/i) } } });
    expect(suggestions).toMatchObject({ status: 'completed', result: { usedFallback: false } });
  });

  it('edits a landing page: the instruction applied to the given page', async () => {
    const current = await new LocalProvider().generate(
      { kind: 'landing-page', prompt: MARATHON },
      buildAppResultSchema.shape.landingPage,
    );
    const outcome = await stack.api
      .get(JobAwaiter)
      .requestAndAwait(
        'creator-apps.edit-landing-page',
        { ownerId: ALICE, subjectId: 'app-1' },
        { appId: 'app-1', instruction: 'mention the free trial', landingPage: current },
        { timeoutMs: 10_000 },
      );
    expect(outcome.status).toBe('completed');
    if (outcome.status !== 'completed') return;
    expect(outcome.result.landingPage.hero.title).toBe(current.hero.title);
    expect(JSON.stringify(outcome.result.landingPage).toLowerCase()).toContain('free trial');
  });

  it('tells an awaiting caller when the deadline passed first', async () => {
    const outcome = await stack.api.get(JobAwaiter).awaitRun('creator-apps.brainstorm', 'no-such-run', { timeoutMs: 150 });
    expect(outcome).toEqual({ status: 'timed-out', runId: 'no-such-run' });
  });
});

/**
 * An OpenAI-compatible server for the worker: answers like the local generator (so documents are
 * valid), fails with HTTP 500 when the request mentions "please-fail", answers broken JSON to
 * "please-garble", refuses "please-deny" with 401, never answers "please-hang".
 */
async function startAiServer() {
  const local = new LocalProvider();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      requests.push(raw);
      const body = JSON.parse(raw);
      if (raw.includes('please-fail')) {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'the model is down', type: 'server_error' } }));
      }
      if (raw.includes('please-deny')) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }));
      }
      if (raw.includes('please-hang')) return; // never answers
      const garbled = raw.includes('please-garble');
      const kind = String(body.response_format.json_schema.name).replace(/_/g, '-') as AiTaskKind;
      const content = garbled
        ? '{"name": "half an answer"'
        : JSON.stringify(local.draft({ kind, prompt: body.messages.at(-1).content }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: 'fake-model',
          choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content, refusal: null } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('creator-studio jobs with an OpenAI-compatible provider', () => {
  let stack: Stack;
  let ai: Awaited<ReturnType<typeof startAiServer>>;
  let mediaDir: string;

  beforeAll(async () => {
    ai = await startAiServer();
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creator-jobs-ai-'));
    stack = await startStack({ MEDIA_DIR: mediaDir, AI_BASE_URL: ai.baseURL, AI_API_KEY: 'test-key', AI_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await stack?.close();
    await ai?.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('builds through the configured provider', async () => {
    const outcome = await stack.api
      .get(JobAwaiter)
      .requestAndAwait(
        'creator-apps.build-app',
        { ownerId: ALICE, subjectId: 'app-2' },
        { appId: 'app-2', prompt: MARATHON },
        { timeoutMs: 20_000 },
      );
    expect(outcome).toMatchObject({ status: 'completed', result: { generatedBy: 'openai-compatible:fake-model' } });
    expect(ai.requests.filter((r) => r.includes(MARATHON)).length).toBe(3);
  });

  it('retries a failing provider with backoff, then ends failed with the reason, pushed to the owner', async () => {
    const alice = record(await stack.socket(ALICE));
    const bob = record(await stack.socket(BOB));
    const prompt = 'please-fail a recipe planner for students';
    const runId = await requestJob(
      stack,
      'creator-apps.build-app',
      { ownerId: ALICE, subjectId: 'app-3' },
      { appId: 'app-3', prompt },
    );
    const failed = await eventually(() => alice.find((x) => x.event === SERVER_EVENTS.jobFailed && x.m.runId === runId), {
      timeoutMs: 25_000,
    });
    const reason = failed!.m.reason as string;
    expect(reason).toMatch(/^Writing the blueprint failed: The AI provider answered HTTP 500: /);
    expect(reason).toContain('the model is down');
    // three attempts, each asked the provider once
    expect(ai.requests.filter((r) => r.includes(prompt)).length).toBe(3);
    const types = await eventTypes(stack, runId);
    expect(types.filter((t) => t === 'JobStarted')).toHaveLength(3);
    expect(types.filter((t) => t === 'JobAttemptFailed')).toHaveLength(2);
    expect(types.at(-1)).toBe('JobFailed');
    const run = await eventually(async () => {
      const r = (await stack.call('GET', `/jobs/${runId}`, ALICE)).body.response;
      return r?.status === 'failed' ? r : null;
    });
    expect(run).toMatchObject({ status: 'failed', attempts: 3, error: reason });
    expect(bob).toEqual([]);
  });

  it('asks again when the answer is invalid, then fails the run with what was wrong', async () => {
    const prompt = 'please-garble a reading tracker for book clubs';
    const runId = await requestJob(stack, 'creator-apps.brainstorm', { ownerId: ALICE }, { brainstormId: 'b-garbled', prompt });
    const outcome = await stack.api.get(JobAwaiter).awaitRun('creator-apps.brainstorm', runId, { timeoutMs: 25_000 });
    expect(outcome.status).toBe('failed');
    if (outcome.status !== 'failed') return;
    expect(outcome.reason).toMatch(
      /^Brainstorming failed: The model's answer did not match the brainstorm schema: the answer was not valid JSON/,
    );
    // 3 answers asked for per attempt (the provider's own correction loop), 3 attempts (BullMQ retries)
    expect(ai.requests.filter((r) => r.includes(prompt)).length).toBe(9);
    const run = await eventually(async () => {
      const r = (await stack.call('GET', `/jobs/${runId}`, ALICE)).body.response;
      return r?.status === 'failed' ? r : null;
    });
    expect(run).toMatchObject({ status: 'failed', attempts: 3, error: outcome.reason });
  });

  it('does not retry what another attempt cannot fix (a refused key): one attempt, then failed', async () => {
    const prompt = 'please-deny a chess puzzle trainer';
    const runId = await requestJob(stack, 'creator-apps.brainstorm', { ownerId: ALICE }, { brainstormId: 'b-denied', prompt });
    const outcome = await stack.api.get(JobAwaiter).awaitRun('creator-apps.brainstorm', runId, { timeoutMs: 10_000 });
    expect(outcome).toMatchObject({ status: 'failed' });
    if (outcome.status !== 'failed') return;
    expect(outcome.reason).toMatch(/^Brainstorming failed: The AI provider answered HTTP 401: .*Incorrect API key provided/);
    expect(ai.requests.filter((r) => r.includes(prompt)).length).toBe(1);
    expect((await eventTypes(stack, runId)).filter((t) => t === 'JobStarted')).toHaveLength(1);
  });

  it('accepts a cancel while progress is being appended to the run (never a 5xx)', async () => {
    const orm: Database = stack.api.get(Database);
    const store = stack.api.get(EventStore);
    const alice = record(await stack.socket(ALICE));
    const runIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      runIds.push(
        await requestJob(
          stack,
          'creator-apps.build-app',
          { ownerId: ALICE },
          { appId: `app-busy-${i}`, prompt: `please-hang busy build ${i}` },
        ),
      );
    }
    // the worker is inside the (never answered) blueprint call of each run
    await eventually(() => runIds.every((id) => alice.some((x) => x.m.runId === id && x.event === SERVER_EVENTS.jobProgress)));
    // more progress keeps arriving on the runs' streams while their owner cancels them
    let reporting = true;
    const reporter = (async () => {
      for (let n = 0; reporting; n++) {
        await Promise.all(
          runIds.map((runId) =>
            orm.em
              .fork()
              .transactional((tem) =>
                store.append(tem, `job-${runId}`, [
                  { type: 'JobProgressed', payload: { runId, percent: 1, step: 'blueprint', message: `still thinking ${n}` } },
                ]),
              ),
          ),
        );
      }
    })();
    const answers = await Promise.all(runIds.map((runId) => stack.call('POST', `/jobs/${runId}/cancel`, ALICE)));
    reporting = false;
    await reporter;
    expect(answers.map((a) => a.status)).toEqual(runIds.map(() => 202));
    await eventually(() => runIds.every((id) => alice.some((x) => x.m.runId === id && x.event === SERVER_EVENTS.jobCanceled)));
  });

  it('cancels a build in the middle of a slow AI call', async () => {
    const alice = record(await stack.socket(ALICE));
    const runId = await requestJob(
      stack,
      'creator-apps.build-app',
      { ownerId: ALICE, subjectId: 'app-4' },
      { appId: 'app-4', prompt: 'please-hang a journal for hikers' },
    );
    await eventually(() =>
      alice.some((x) => x.event === SERVER_EVENTS.jobProgress && x.m.runId === runId && x.m.step === 'blueprint'),
    );
    const t0 = Date.now();
    expect((await stack.call('POST', `/jobs/${runId}/cancel`, ALICE)).status).toBe(202);
    await eventually(() => alice.some((x) => x.event === SERVER_EVENTS.jobCanceled && x.m.runId === runId));
    expect(Date.now() - t0).toBeLessThan(5_000);
    const run = await eventually(async () => {
      const r = (await stack.call('GET', `/jobs/${runId}`, ALICE)).body.response;
      return r?.status === 'canceled' ? r : null;
    });
    expect(run.step).toBe('blueprint');
    expect(await eventTypes(stack, runId)).not.toContain('JobCompleted');
  });

  it('answers the default editor suggestions when the provider fails', async () => {
    const outcome = await stack.api
      .get(JobAwaiter)
      .requestAndAwait(
        'creator-apps.editor-suggestions',
        { ownerId: ALICE, subjectId: 'app-5' },
        { appId: 'app-5', idea: 'please-fail a budgeting app' },
        { timeoutMs: 10_000 },
      );
    expect(outcome).toMatchObject({ status: 'completed', result: { usedFallback: true, generatedBy: 'defaults' } });
    if (outcome.status === 'completed')
      expect(outcome.result.sections.map((s) => s.title)).toEqual(['Suggested', 'Stories', 'Activities']);
  });
});
