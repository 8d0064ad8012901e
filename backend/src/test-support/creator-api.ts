// Shared set-up of the creator-apps integration tests: an API on a database of the file's own,
// tokens for creators and an admin, a typed fetch, and a stand-in for the worker that appends the
// job lifecycle facts a real worker would. Not a spec file; imported by them.
import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { io, type Socket } from 'socket.io-client';
import { Database } from '../platform/database/database';
import {
  headerNames,
  isEventOf,
  JobCompleted,
  JobFailed,
  JobProgressed,
  JobStarted,
  type ServerToClientEvents,
} from '@sparkhouse/contracts';
import { answerOf, testTokens, type Answer } from './test-api';
import { EventStore } from '../platform/events/event-store';
import { jobStreamId } from '../platform/jobs/job-requests';
import { grantCreatorPlan } from './creator-plans';
import { createTestDatabase, eventually, startApi, testConfig } from './index';

export type { Answer } from './test-api';

export interface As {
  /** A signed-in user id; omitted: an anonymous visitor (with an anon_ id). */
  as?: string;
  admin?: boolean;
  /** The consistency token of an earlier change, sent so the read shows it. */
  after?: string;
}

export function useCreatorApi(overrides: Record<string, string> = {}) {
  const state: {
    app?: NestExpressApplication;
    base?: string;
    db?: Awaited<ReturnType<typeof createTestDatabase>>;
    orm?: Database;
  } = {};

  beforeAll(async () => {
    state.db = await createTestDatabase();
    ({ app: state.app, baseUrl: state.base } = await startApi(testConfig(state.db.url, overrides)));
    state.orm = await Database.connect(state.db.url);
  });
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await state.app?.close();
    await state.orm?.close(true);
    await state.db?.drop();
  });

  const token = testTokens(() => state.app!);

  /** The caller's identity headers: a Bearer token, or an anonymous visitor's id. */
  const identity = async (who: As = {}): Promise<Record<string, string>> => ({
    ...(who.as ? { authorization: `Bearer ${await token(who.as, who.admin)}` } : { 'x-non-auth-user-id': 'anon_visitor-12345' }),
    ...(who.after ? { [headerNames.consistencyToken]: who.after } : {}),
  });

  const call = async (method: string, path: string, body?: unknown, who: As = {}): Promise<Answer> => {
    const headers: Record<string, string> = await identity(who);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${state.base}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return answerOf(res);
  };

  /** A multipart form (e.g. an upload) to `path`. */
  const postForm = async (path: string, form: FormData, who: As = {}): Promise<Answer> =>
    answerOf(await fetch(`${state.base}/api${path}`, { method: 'POST', headers: await identity(who), body: form }));

  /** Appends lifecycle facts to a run's stream as the worker would. */
  const appendJob = async (runId: string, facts: { type: string; payload: unknown }[]) => {
    const events = new EventStore();
    await state
      .orm!.em.fork()
      .transactional((tem) => events.append(tem, jobStreamId(runId), facts, { metadata: { actor: 'worker' } }));
  };

  const requestOf = async (runId: string) => {
    const [requested] = await new EventStore().readStream(state.orm!.em.fork(), jobStreamId(runId));
    if (!requested || !isEventOf(requested, 'JobRequested')) throw new Error(`no JobRequested for ${runId}`);
    return requested.payload;
  };

  const worker = {
    /** The run starts, reports a step, and completes with `result`. */
    async complete(runId: string, result: unknown) {
      const r = await requestOf(runId);
      await appendJob(runId, [
        { type: JobStarted.type, payload: { runId, attempt: 1, workerId: 'test-worker' } },
        { type: JobProgressed.type, payload: { runId, percent: 50, step: r.steps[0], message: 'halfway' } },
        { type: JobCompleted.type, payload: { runId, name: r.name, owner: r.owner, result } },
      ]);
    },
    async start(runId: string, step: string, percent = 10) {
      await appendJob(runId, [
        { type: JobStarted.type, payload: { runId, attempt: 1, workerId: 'test-worker' } },
        { type: JobProgressed.type, payload: { runId, percent, step, message: `working on ${step}` } },
      ]);
    },
    async fail(runId: string, reason: string) {
      const r = await requestOf(runId);
      await appendJob(runId, [{ type: JobFailed.type, payload: { runId, name: r.name, owner: r.owner, attempts: 3, reason } }]);
    },
    requestOf,
  };

  const api = {
    call,
    /** The creator holds a creator-platform plan (as a paid checkout's webhook records it), so they may publish. */
    grantCreatorPlan: (userId: string, tierSlug = 'starter') => grantCreatorPlan(state.orm!, userId, tierSlug),
    get: (path: string, who?: As) => call('GET', path, undefined, who),
    post: (path: string, body: unknown, who?: As) => call('POST', path, body, who),
    postForm,
    identity,
    patch: (path: string, body: unknown, who?: As) => call('PATCH', path, body, who),
    worker,
    /** Every event of a stream, for "nothing changed" checks. */
    async streamLength(streamId: string) {
      return (await new EventStore().readStream(state.orm!.em.fork(), streamId)).length;
    },
    async totalEvents() {
      const [r] = await state
        .orm!.em.fork()
        .getConnection()
        .execute<{ n: number }[]>('select count(*)::int as n from domain_event');
      return r.n;
    },
    /** A page of the web app as a browser asks for it (redirects not followed). */
    async page(path: string): Promise<{ status: number; location: string | null; html: string }> {
      const res = await fetch(`${state.base}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } });
      return { status: res.status, location: res.headers.get('location'), html: await res.text() };
    },
    /** A file the API serves (e.g. a generated image), as bytes. */
    async bytes(path: string): Promise<{ status: number; type: string | null; body: Buffer }> {
      const res = await fetch(`${state.base}${path}`);
      return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
    },
    get orm() {
      return state.orm!;
    },
    get app() {
      return state.app!;
    },
    /** A socket of a signed-in user, connected, keeping every `event` message it is sent (in order). */
    async listen<E extends keyof ServerToClientEvents>(userId: string, event: E) {
      const socket = io(state.base!, { path: '/socket.io', auth: { token: await token(userId) }, transports: ['websocket'] });
      sockets.push(socket);
      const messages: Parameters<ServerToClientEvents[E]>[0][] = [];
      socket.on(event as string, (m: Parameters<ServerToClientEvents[E]>[0]) => messages.push(m));
      await eventually(() => socket.connected);
      return messages;
    },
    get dbUrl() {
      return state.db!.url;
    },
    get base() {
      return state.base!;
    },
  };
  return api;
}

export const newId = () => randomUUID();

/** Documents as a build-app job answers them (valid against the contracts' schemas). */
export function buildResult(subject = 'Marathon') {
  return {
    blueprint: {
      name: `${subject} Coach`,
      tagline: `Train for your first ${subject.toLowerCase()}`,
      audience: 'Beginner runners',
      problem: 'Plans are confusing and generic.',
      features: [{ title: 'Weekly plan', description: 'A plan that adapts to your week.' }],
      monetisation: 'Monthly subscription with a free week.',
      tone: 'Encouraging',
    },
    onboardingFlow: {
      pages: [
        {
          id: 'goal',
          title: 'Your goal',
          questions: [{ id: 'distance', prompt: 'Which distance?', kind: 'single', options: ['10k', 'Half', 'Full'] }],
        },
      ],
    },
    landingPage: {
      hero: { title: `${subject} made simple`, subtitle: 'A coach in your pocket', cta: 'Start free' },
      sections: [{ kind: 'features', title: 'What you get', body: 'Plans, tips and check-ins.' }],
      pricingCopy: { monthly: '$9 a month', annual: '$79 a year' },
    },
    appImage: { url: '/api/media/app-images/x.png', width: 1024, height: 1024, generatedBy: 'procedural' },
    generatedBy: 'local-generator',
  };
}

export const blueprint = (name: string) => ({ ...buildResult().blueprint, name });
export const landingPage = (title: string, status: 'ready' | 'pending' = 'ready') => ({
  ...buildResult().landingPage,
  hero: { ...buildResult().landingPage.hero, title },
  status,
});
