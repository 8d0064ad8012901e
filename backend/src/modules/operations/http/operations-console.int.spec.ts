import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Database } from '../../../platform/database/database';
import { io } from 'socket.io-client';
import {
  JobAttemptFailed,
  JobFailed,
  JobProgressed,
  JobStarted,
  OPERATIONS_GROUPS,
  QUEUES,
  REALTIME,
  SERVER_EVENTS,
  type OpsJobsMessage,
  type QueuesOverview,
} from '@sparkhouse/contracts';
import { AccessTokens } from '../../../platform/auth/access-tokens';
import { EventStore } from '../../../platform/events/event-store';
import { EmailOutbox } from '../../../platform/mail/email-outbox';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { jobStreamId } from '../../../platform/jobs/job-requests';
import { createTestDatabase, eventually, startApi, testConfig } from '../../../test-support';
import { LOCAL_WEBHOOK_SECRET, signPayload } from '../../../test-support/payments';

type Who = 'anonymous' | 'user' | 'viewer' | 'operator' | 'admin';

describe('operations console API (real PostgreSQL and Redis)', () => {
  let app: NestExpressApplication;
  let base: string;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: Database;
  const ids: Record<Exclude<Who, 'anonymous'>, string> = {
    user: randomUUID(),
    viewer: randomUUID(),
    operator: randomUUID(),
    admin: randomUUID(),
  };
  const tokens = new Map<Who, string>();

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app, baseUrl: base } = await startApi(
      testConfig(db.url, {
        OPERATIONS_OPEN_PIPELINE_CHECKS: 'false',
        METRICS_TOKEN: 'scrape-me-please',
        ALERTS_EVALUATE_MS: '200',
      }),
    ));
    orm = await Database.connect(db.url);
    const groups: Record<Exclude<Who, 'anonymous'>, string[]> = {
      user: [],
      viewer: [OPERATIONS_GROUPS.viewer],
      operator: [OPERATIONS_GROUPS.operator],
      admin: ['admin'],
    };
    for (const who of Object.keys(ids) as Exclude<Who, 'anonymous'>[]) {
      tokens.set(
        who,
        await app.get(AccessTokens).sign({ sub: ids[who], email: `${who}@example.com`, 'cognito:groups': groups[who] }),
      );
    }
    // an identity account for the admin, so jobs can be found by its email
    await orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into identity_account (user_id, email, email_verified, password_hash, status, groups)
         values (?, 'ops-admin@example.com', true, 'x', 'CONFIRMED', '{admin}')`,
        [ids.admin],
      );
  });
  afterAll(async () => {
    await app?.close();
    await orm?.close(true);
    await db?.drop();
  });

  const call = async (who: Who, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (who !== 'anonymous') headers.authorization = `Bearer ${tokens.get(who)}`;
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, body: json, headers: res.headers };
  };

  const startCheck = async (who: Who = 'admin', body: unknown = { steps: 2 }) => {
    const res = await call(who, 'POST', '/operations/pipeline-checks', body);
    expect(res.status).toBe(202);
    return res.body.response.runId as string;
  };

  const appendJob = (runId: string, facts: { type: string; payload: unknown }[]) =>
    orm.em
      .fork()
      .transactional((tem) =>
        new EventStore().append(tem, jobStreamId(runId), facts as never, { metadata: { actor: 'worker' } }),
      );

  /** A socket.io connection signed in as `who`. */
  const socketOf = (who: Who) =>
    io(base, { path: REALTIME.path, auth: { token: tokens.get(who) }, transports: ['websocket'], reconnection: false });
  /** Resolves once the socket is connected; rejects when its connection is refused. */
  const connected = (socket: ReturnType<typeof socketOf>) =>
    new Promise<void>((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)));

  const detail = async (runId: string) => (await call('viewer', 'GET', `/operations/jobs/${runId}`)).body.response;

  it('lets anonymous callers, plain users and viewers do only what their role allows, on every console call', async () => {
    const runId = await startCheck();
    const rule = await call('operator', 'POST', '/operations/alerts', {
      name: 'matrix rule',
      kind: 'backlog',
      queue: null,
      threshold: 1000,
      forMinutes: 5,
      enabled: false,
    });
    expect(rule.status).toBe(201);
    const ruleId = rule.body.response.id as string;
    const reads: [string, string][] = [
      ['GET', '/operations/queues'],
      ['GET', '/operations/queues/series'],
      ['GET', '/operations/jobs'],
      ['GET', `/operations/jobs/${runId}`],
      ['GET', '/operations/events'],
      ['GET', '/operations/projections'],
      ['GET', '/operations/alerts'],
      ['GET', '/operations/emails'],
      ['GET', '/operations/webhooks'],
      ['GET', '/operations/analytics/page-views'],
    ];
    // actions that are refused before they change anything for the callers below an operator
    const actions: [string, string, unknown?][] = [
      ['POST', `/operations/queues/${QUEUES.brainstorms}/pause`],
      ['POST', `/operations/queues/${QUEUES.brainstorms}/resume`],
      ['POST', `/operations/queues/${QUEUES.brainstorms}/clean`, { state: 'completed', ageMs: 0 }],
      ['POST', `/operations/jobs/${runId}/retry`],
      ['POST', `/operations/jobs/${runId}/promote`],
      ['POST', `/operations/jobs/${runId}/remove`],
      ['POST', `/operations/jobs/${runId}/cancel`],
      ['POST', '/operations/jobs/retry-failed?queue=brainstorms'],
      ['POST', '/operations/projections/operations.alerts/rebuild'],
      ['POST', '/operations/alerts', { name: 'x', kind: 'backlog', queue: null, threshold: 1, forMinutes: 1, enabled: false }],
      [
        'PUT',
        `/operations/alerts/${ruleId}`,
        { name: 'y', kind: 'backlog', queue: null, threshold: 1, forMinutes: 1, enabled: false },
      ],
      ['DELETE', `/operations/alerts/${ruleId}`],
      ['POST', '/operations/emails/1/retry'],
      ['POST', '/operations/pipeline-checks', { steps: 1 }],
    ];
    const adminOnly: [string, string, unknown?][] = [
      ['GET', '/operations/members'],
      ['PUT', '/operations/members', { email: 'nobody@example.com', role: 'viewer' }],
      ['POST', '/operations/queue-board/session'],
    ];
    for (const [method, path, body] of [...reads, ...actions, ...adminOnly]) {
      expect([method, path, (await call('anonymous', method, path, body)).status]).toEqual([method, path, 401]);
      expect([method, path, (await call('user', method, path, body)).status]).toEqual([method, path, 403]);
    }
    for (const [method, path] of reads) {
      expect([method, path, (await call('viewer', method, path)).status]).toEqual([method, path, 200]);
    }
    for (const [method, path, body] of [...actions, ...adminOnly]) {
      expect([method, path, (await call('viewer', method, path, body)).status]).toEqual([method, path, 403]);
    }
    for (const [method, path, body] of adminOnly) {
      expect([method, path, (await call('operator', method, path, body)).status]).toEqual([method, path, 403]);
    }
    // an operator gets past the access rule on every action (what happens then is tested below)
    for (const [method, path, body] of actions) {
      const status = (await call('operator', method, path, body)).status;
      expect([method, path, status < 500 && status !== 401 && status !== 403]).toEqual([method, path, true]);
    }
    expect((await call('viewer', 'GET', '/operations/me')).body.response).toEqual({ role: 'viewer', canAct: false });
    expect((await call('operator', 'GET', '/operations/me')).body.response).toEqual({ role: 'operator', canAct: true });
    expect((await call('user', 'GET', '/operations/me')).body.response).toEqual({ role: null, canAct: false });
    expect((await call('anonymous', 'GET', '/operations/me')).status).toBe(401);
  });

  it('refuses pipeline checks to anyone but admins and operators', async () => {
    expect((await call('anonymous', 'POST', '/operations/pipeline-checks', { steps: 1 })).status).toBe(401);
    expect((await call('user', 'POST', '/operations/pipeline-checks', { steps: 1 })).status).toBe(403);
    expect((await call('viewer', 'POST', '/operations/pipeline-checks', { steps: 1 })).status).toBe(403);
    expect((await call('operator', 'POST', '/operations/pipeline-checks', { steps: 1 })).status).toBe(202);
  });

  it('shows every queue of contracts/jobs, and pauses and resumes one', async () => {
    const { body } = await call('viewer', 'GET', '/operations/queues');
    const overview = body.response as QueuesOverview;
    expect(overview.queues.map((q) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
    expect(overview.queues.find((q) => q.name === QUEUES.operations)!.jobNames).toContain('operations.pipeline-check');

    const paused = await call('operator', 'POST', `/operations/queues/${QUEUES.appBuilds}/pause`);
    expect(paused.body.response).toEqual({ name: QUEUES.appBuilds, paused: true });
    expect(await app.get(JobQueues).queue(QUEUES.appBuilds).isPaused()).toBe(true);
    const listed = (await call('viewer', 'GET', '/operations/queues')).body.response as QueuesOverview;
    expect(listed.queues.find((q) => q.name === QUEUES.appBuilds)!.paused).toBe(true);
    // the action is in the queue's stream, with who did it
    const events = (await call('viewer', 'GET', `/operations/events?streamId=queue-${QUEUES.appBuilds}`)).body.response.events;
    expect(events.map((e: { type: string }) => e.type)).toEqual(['QueuePaused']);
    expect(events[0].metadata.actor).toBe(ids.operator);

    await call('operator', 'POST', `/operations/queues/${QUEUES.appBuilds}/resume`);
    expect(await app.get(JobQueues).queue(QUEUES.appBuilds).isPaused()).toBe(false);

    expect((await call('operator', 'POST', '/operations/queues/no-such-queue/pause')).status).toBe(400);
    expect(
      (await call('operator', 'POST', `/operations/queues/${QUEUES.appBuilds}/clean`, { state: 'active', ageMs: 0 })).status,
    ).toBe(400);
  });

  it('counts waiting jobs and the oldest wait, and answers the per-minute series', async () => {
    await startCheck();
    const overview = await eventually(async () => {
      const o = (await call('viewer', 'GET', '/operations/queues')).body.response as QueuesOverview;
      const q = o.queues.find((x) => x.name === QUEUES.operations)!;
      return q.counts.waiting > 0 ? q : null;
    });
    expect(overview!.oldestWaitingAgeMs).toBeGreaterThanOrEqual(0);
    const series = (await call('viewer', 'GET', '/operations/queues/series?minutes=60')).body.response.points;
    expect(series).toHaveLength(60);
    expect(series[59]).toMatchObject({ completed: expect.any(Number), failed: expect.any(Number) });
  });

  it('finds a failed run by its owner email and state, tells its story, and retries it', async () => {
    const runId = await startCheck('admin', { steps: 3 });
    await appendJob(runId, [
      { type: JobStarted.type, payload: { runId, attempt: 1, workerId: 'w1' } },
      { type: JobProgressed.type, payload: { runId, percent: 0, step: 'step 1', message: 'Checking step 1 of 3' } },
      {
        type: JobAttemptFailed.type,
        payload: { runId, attempt: 1, reason: 'boom', retryInMs: 1000, stack: 'Error: boom\n    at x' },
      },
      { type: JobStarted.type, payload: { runId, attempt: 2, workerId: 'w2' } },
      {
        type: JobFailed.type,
        payload: {
          runId,
          name: 'operations.pipeline-check',
          owner: { ownerId: ids.admin },
          attempts: 2,
          reason: 'boom again',
          stack: 'Error: boom again\n    at y',
        },
      },
    ]);
    const found = await eventually(async () => {
      const r = await call('viewer', 'GET', '/operations/jobs?email=OPS-admin@example.com&state=failed');
      return r.body.response.jobs.find((j: { runId: string }) => j.runId === runId);
    });
    expect(found).toMatchObject({
      status: 'failed',
      error: 'boom again',
      ownerEmail: 'ops-admin@example.com',
      entities: { user: ids.admin },
    });
    expect((await call('viewer', 'GET', '/operations/jobs?email=nobody@example.com')).body.response.jobs).toEqual([]);

    const d = await detail(runId);
    expect(d.plannedSteps).toEqual(['step 1', 'step 2', 'step 3']);
    expect(d.attemptsDetail.map((a: { outcome: string; error: string }) => [a.outcome, a.error])).toEqual([
      ['retrying', 'boom'],
      ['failed', 'boom again'],
    ]);
    expect(d.attemptsDetail[1].stack).toContain('at y');
    expect(d.timeline[0]).toMatchObject({ step: 'step 1', message: 'Checking step 1 of 3', attempt: 1 });
    expect(d.timeline[0].endedAt).not.toBeNull();
    expect(d.logs.map((l: { text: string }) => l.text)).toContain('Failed: boom again');
    expect(d.payload).toEqual({ steps: 3, stepDelayMs: 0 });
    expect(d.actions.retry).toBe(true);
    expect(d.correlationId).toEqual(expect.any(String));
    // the events around it: its correlation id leads to them
    const around = (await call('viewer', 'GET', `/operations/events?correlationId=${encodeURIComponent(d.correlationId)}`)).body
      .response.events;
    expect(around.map((e: { type: string }) => e.type)).toContain('JobRequested');

    const retried = await call('operator', 'POST', `/operations/jobs/${runId}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body.response).toEqual({ runId, status: 'queued' });
    await eventually(async () => (await detail(runId)).status === 'queued');
    // retried once: a second retry of a run that is not failed any more is refused, and nothing is appended
    expect((await call('operator', 'POST', `/operations/jobs/${runId}/retry`)).status).toBe(409);
    const stream = await new EventStore().readStream(orm.em.fork(), jobStreamId(runId));
    expect(stream.filter((e) => e.type === 'JobRetryRequested')).toHaveLength(1);
    // and it is back in its queue, waiting for a worker
    await eventually(async () => (await app.get(JobQueues).queue(QUEUES.operations).getJob(runId))?.data?.retry === 1);
  });

  it('pages through runs with a cursor, newest first, and refuses a forged cursor', async () => {
    for (let i = 0; i < 3; i++) await startCheck();
    const first = await eventually(async () => {
      const r = (await call('viewer', 'GET', '/operations/jobs?name=operations.pipeline-check&limit=2')).body.response;
      return r.nextCursor ? r : null;
    });
    expect(first.jobs).toHaveLength(2);
    const second = (
      await call('viewer', 'GET', `/operations/jobs?name=operations.pipeline-check&limit=2&cursor=${first.nextCursor}`)
    ).body.response;
    const seen = [...first.jobs, ...second.jobs].map((j: { runId: string }) => j.runId);
    expect(new Set(seen).size).toBe(seen.length);
    const times = [...first.jobs, ...second.jobs].map((j: { requestedAt: string }) => j.requestedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await call('viewer', 'GET', '/operations/jobs?cursor=bm9wZQ')).status).toBe(400);
    expect((await call('viewer', 'GET', '/operations/jobs?state=exploded')).status).toBe(400);
  });

  it('removes a waiting job, recording its run as canceled; cancel and promote answer 409 when they make no sense', async () => {
    const runId = await startCheck();
    await eventually(async () => Boolean(await app.get(JobQueues).queue(QUEUES.operations).getJob(runId)));
    // an operator acts on a run the console lists: the job-runs read model has it (it may trail the queue)
    await eventually(async () => (await detail(runId))?.runId === runId);
    expect((await call('operator', 'POST', `/operations/jobs/${runId}/promote`)).status).toBe(409);
    const removed = await call('operator', 'POST', `/operations/jobs/${runId}/remove`);
    expect(removed.body.response).toEqual({ runId, status: 'canceled' });
    await eventually(async () => (await detail(runId)).status === 'canceled');
    expect((await call('operator', 'POST', `/operations/jobs/${runId}/cancel`)).status).toBe(409);
    expect((await call('viewer', 'GET', `/operations/jobs/${randomUUID()}`)).status).toBe(404);
  });

  it('lists projections with checkpoint and lag, and takes one rebuild at a time', async () => {
    const { body } = await call('viewer', 'GET', '/operations/projections');
    const names = body.response.projections.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['operations.job-runs', 'operations.alerts']));
    const jobRuns = body.response.projections.find((p: { name: string }) => p.name === 'operations.job-runs');
    expect(jobRuns).toMatchObject({ version: 2, rebuilding: false });
    expect(Number(jobRuns.lag)).toBeGreaterThanOrEqual(0);

    const first = await call('operator', 'POST', '/operations/projections/operations.job-runs/rebuild');
    expect(first.status).toBe(202);
    expect(first.body.response).toEqual({ runId: expect.any(String), projection: 'operations.job-runs' });
    expect((await call('operator', 'POST', '/operations/projections/operations.job-runs/rebuild')).status).toBe(409);
    expect((await call('operator', 'POST', '/operations/projections/no.such/rebuild')).status).toBe(404);
    // the rebuild is a job in the console like any other
    await eventually(async () => (await detail(first.body.response.runId)).name === 'operations.rebuild-projection');
  });

  it('keeps alert rules, validates them, and fires a failure-rate alert to connected operators and by email', async () => {
    expect(
      (
        await call('operator', 'POST', '/operations/alerts', {
          name: '',
          kind: 'backlog',
          queue: null,
          threshold: 1,
          forMinutes: 1,
          enabled: true,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('operator', 'POST', '/operations/alerts', {
          name: 'x',
          kind: 'failure-rate',
          queue: 'nope',
          threshold: 10,
          forMinutes: 5,
          enabled: true,
        })
      ).status,
    ).toBe(400);

    const socket = socketOf('operator');
    const toasts: { name: string; state: string }[] = [];
    socket.on('ops:alert', (m) => toasts.push(m));
    await connected(socket);
    try {
      // a failed run in the last minutes makes the failure rate 100 %
      const runId = await startCheck();
      await appendJob(runId, [
        { type: JobStarted.type, payload: { runId, attempt: 1, workerId: 'w' } },
        {
          type: JobFailed.type,
          payload: { runId, name: 'operations.pipeline-check', owner: { ownerId: ids.admin }, attempts: 1, reason: 'x' },
        },
      ]);
      const created = await call('operator', 'POST', '/operations/alerts', {
        name: 'Operations failing',
        kind: 'failure-rate',
        queue: QUEUES.operations,
        threshold: 50,
        forMinutes: 10,
        enabled: true,
      });
      expect(created.status).toBe(201);
      // (the evaluator may already have seen it by the time it is read back)
      expect(created.body.response).toMatchObject({ name: 'Operations failing', kind: 'failure-rate', threshold: 50 });
      await eventually(() => toasts.some((t) => t.name === 'Operations failing' && t.state === 'firing'), { timeoutMs: 20_000 });
      // the push goes out at commit; the read model follows a moment later
      const rule = await eventually(async () => {
        const rules = (await call('viewer', 'GET', '/operations/alerts')).body.response.rules;
        const r = rules.find((x: { id: string }) => x.id === created.body.response.id);
        return r?.state === 'firing' ? r : null;
      });
      expect(rule).toMatchObject({ state: 'firing', lastValue: 100 });
      // mailed to the admins and operators that identity knows (the admin's account), through the outbox
      const emails = (await call('viewer', 'GET', '/operations/emails?to=ops-admin@example.com')).body.response;
      expect(emails.emails[0]).toMatchObject({ subject: 'Sparkhouse alert: Operations failing', state: 'held' });
      expect(emails.emails[0]).not.toHaveProperty('text');
      // one firing, not one per round: let two more rounds run (the evaluator stamps each one)
      const stamp = async () =>
        (
          await orm.em
            .fork()
            .getConnection()
            .execute('select evaluated_at from alert_watch where rule_id = ?', [created.body.response.id])
        )[0].evaluated_at;
      const ms = async () => new Date(await stamp()).getTime();
      const before = await ms();
      await eventually(async () => (await ms()) > before);
      const middle = await ms();
      await eventually(async () => (await ms()) > middle);
      const fired = (await call('viewer', 'GET', `/operations/events?streamId=alert-${created.body.response.id}&type=AlertFired`))
        .body.response.events;
      expect(fired).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });

  it('lists the extra headers an email carries by name, never their values', async () => {
    const to = `headers-${randomUUID()}@example.com`;
    const unsubscribe = `<https://sparkhouse.test/api/unsubscribe/${randomUUID()}>`;
    await app.get(EmailOutbox).write(orm.em.fork(), {
      to,
      subject: 'Your weekly summary',
      text: 'A week of running.',
      code: null,
      headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const listed = (await call('viewer', 'GET', `/operations/emails?to=${encodeURIComponent(to)}`)).body.response.emails;
    expect(listed).toHaveLength(1);
    expect(listed[0].headerNames).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
    expect(JSON.stringify(listed)).not.toContain(unsubscribe);
    // one without extra headers lists none
    const alerts = (await call('viewer', 'GET', '/operations/emails?to=ops-admin@example.com')).body.response.emails;
    for (const email of alerts) expect(email.headerNames).toEqual([]);
  });

  it('refuses to retry an email while no SMTP server is configured', async () => {
    const emails = (await call('viewer', 'GET', '/operations/emails')).body.response;
    expect(emails.smtpConfigured).toBe(false);
    if (emails.emails[0])
      expect((await call('operator', 'POST', `/operations/emails/${emails.emails[0].id}/retry`)).status).toBe(409);
    expect((await call('operator', 'POST', '/operations/emails/987654321/retry')).status).toBe(404);
  });

  it('logs every Stripe webhook delivery and how it was applied: processed or ignored, duplicate, bad signature', async () => {
    const body = JSON.stringify({
      id: 'evt_ops_console_1',
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: 'cus_ops_1', object: 'customer' } },
    });
    const deliver = (signature: string) =>
      fetch(`${base}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
    expect((await deliver(signPayload(body, LOCAL_WEBHOOK_SECRET))).status).toBe(200);
    expect(await (await deliver(signPayload(body, LOCAL_WEBHOOK_SECRET))).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(signPayload(body, 'whsec_forged'))).status).toBe(400);
    // the first was accepted into the inbox, then applied in the background: its delivery says how
    const log = await eventually(async () => {
      const d = (await call('viewer', 'GET', '/operations/webhooks?limit=10')).body.response.deliveries;
      return d.length >= 3 && d[2].outcome !== 'accepted' ? d : null;
    });
    expect(
      log
        .slice(0, 3)
        .map((d: { eventId: string | null; outcome: string; duplicate: boolean; httpStatus: number }) => [
          d.eventId,
          d.outcome,
          d.duplicate,
          d.httpStatus,
        ]),
    ).toEqual([
      [null, 'bad-signature', false, 400],
      ['evt_ops_console_1', 'duplicate', true, 200],
      ['evt_ops_console_1', 'ignored', false, 200],
    ]);
    expect(log[2].type).toBe('customer.created');
    const page = (await call('viewer', 'GET', `/operations/webhooks?limit=1&cursor=${log[0].id}`)).body.response;
    expect(page.deliveries[0].id).toBe(log[1].id);
  });

  it('gives and takes the viewer and operator roles (admins only)', async () => {
    const userId = randomUUID();
    await orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into identity_account (user_id, email, email_verified, password_hash, status) values (?, 'ops-person@example.com', true, 'x', 'CONFIRMED')`,
        [userId],
      );
    const given = await call('admin', 'PUT', '/operations/members', { email: 'Ops-Person@example.com', role: 'operator' });
    expect(given.body.response).toEqual({ userId, email: 'ops-person@example.com', role: 'operator' });
    const members = (await call('admin', 'GET', '/operations/members')).body.response.members;
    expect(members).toEqual(expect.arrayContaining([{ userId, email: 'ops-person@example.com', role: 'operator' }]));
    const taken = await call('admin', 'PUT', '/operations/members', { email: 'ops-person@example.com', role: 'none' });
    expect(taken.body.response.role).toBeNull();
    const [account] = await orm.em
      .fork()
      .getConnection()
      .execute('select groups from identity_account where user_id = ?', [userId]);
    expect(account.groups).toEqual([]);
    expect((await call('admin', 'PUT', '/operations/members', { email: 'nobody-here@example.com', role: 'viewer' })).status).toBe(
      404,
    );
  });

  it('serves Prometheus metrics to admins and to the metrics token, nobody else', async () => {
    await call('viewer', 'GET', '/operations/queues');
    expect((await call('anonymous', 'GET', '/metrics')).status).toBe(401);
    expect((await call('operator', 'GET', '/metrics')).status).toBe(403);
    const wrong = await fetch(`${base}/api/metrics`, { headers: { authorization: 'Bearer scrape-me-not' } });
    expect(wrong.status).toBe(401);
    const scraped = await fetch(`${base}/api/metrics`, { headers: { authorization: 'Bearer scrape-me-please' } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
    const text = await scraped.text();
    const admin = await call('admin', 'GET', '/metrics');
    expect(admin.status).toBe(200);
    assertValidExposition(text);
    expect(text).toMatch(
      /sparkhouse_http_request_duration_seconds_bucket\{[^}]*route="\/api\/operations\/queues"[^}]*status="200"/,
    );
    expect(text).toMatch(/sparkhouse_queue_jobs\{queue="operations",state="waiting"\} \d+/);
    expect(text).toMatch(/sparkhouse_event_relay_lag_events\{subscriber="operations.job-runs",kind="projection"\} \d+/);
    expect(text).toMatch(/sparkhouse_process_resident_memory_bytes\{[^}]*process="api"/);
    expect(text).toContain('# TYPE sparkhouse_job_duration_seconds histogram');
  });

  it('lets an admin into bull-board with a short-lived HttpOnly SameSite=Strict cookie; nobody else gets queue data', async () => {
    const refused = await fetch(`${base}/ops/queues/api/queues`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain(QUEUES.appBuilds);
    const forged = await fetch(`${base}/ops/queues/api/queues`, {
      headers: { cookie: `sparkhouse_queue_board=${'a'.repeat(43)}` },
    });
    expect(forged.status).toBe(401);

    const opened = await call('admin', 'POST', '/operations/queue-board/session');
    expect(opened.status).toBe(200);
    const cookie = opened.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/Path=\/ops\/queues/);
    expect(opened.body.response.url).toBe('/ops/queues/');
    const session = cookie.split(';')[0];
    const queues = await fetch(`${base}/ops/queues/api/queues`, { headers: { cookie: session } });
    expect(queues.status).toBe(200);
    expect(JSON.stringify(await queues.json())).toContain(QUEUES.appBuilds);
    const page = await fetch(`${base}/ops/queues/`, { headers: { cookie: session } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('__UI_CONFIG__');
  });

  it('pushes a live queue overview to operators, and nothing to other users', async () => {
    const operator = socketOf('viewer');
    const user = socketOf('user');
    const seen: QueuesOverview[] = [];
    const userSaw: unknown[] = [];
    operator.on('ops:queues', (m) => seen.push(m));
    user.on('ops:queues', (m) => userSaw.push(m));
    try {
      await eventually(() => seen.length >= 2, { timeoutMs: 15_000 });
      expect(seen[0].queues.map((q) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
      expect(userSaw).toEqual([]);
    } finally {
      operator.disconnect();
      user.disconnect();
    }
  });

  it('pushes run changes to operators, those of one delivered batch in one message, and nothing to other users', async () => {
    const operator = socketOf('viewer');
    const user = socketOf('user');
    const messages: OpsJobsMessage[] = [];
    const userSaw: unknown[] = [];
    operator.on(SERVER_EVENTS.opsJobs, (m) => messages.push(m));
    user.on(SERVER_EVENTS.opsJobs, (m) => userSaw.push(m));
    await Promise.all([connected(operator), connected(user)]);
    try {
      const runId = await startCheck();
      const changesOf = () => messages.flatMap((m) => m.runs).filter((r) => r.runId === runId);
      await eventually(() => changesOf().length >= 1);
      // started and failed are committed together: delivered in one batch, pushed in one message
      await appendJob(runId, [
        { type: JobStarted.type, payload: { runId, attempt: 1, workerId: 'w' } },
        {
          type: JobFailed.type,
          payload: { runId, name: 'operations.pipeline-check', owner: { ownerId: ids.admin }, attempts: 1, reason: 'x' },
        },
      ]);
      await eventually(() => changesOf().length >= 3);
      expect(changesOf().map((r) => r.status)).toEqual(['queued', 'running', 'failed']);
      expect(changesOf()[0]).toMatchObject({ name: 'operations.pipeline-check', queue: QUEUES.operations });
      const together = messages.find((m) => m.runs.some((r) => r.runId === runId && r.status === 'running'));
      expect(together?.runs.filter((r) => r.runId === runId).map((r) => r.status)).toEqual(['running', 'failed']);
      expect(userSaw).toEqual([]);
    } finally {
      operator.disconnect();
      user.disconnect();
    }
  });
});

/** Checks the text against the Prometheus exposition format: HELP/TYPE lines and well-formed samples. */
function assertValidExposition(text: string) {
  const typed = new Map<string, string>();
  const sample =
    /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*"(,[a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*")*)?\})? (-?[0-9.e+-]+|NaN|[+-]Inf)( \d+)?$/;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      expect(typed.has(type[1])).toBe(false); // each metric declared once
      typed.set(type[1], type[2]);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    expect([line, sample.test(line)]).toEqual([line, true]);
    const name = sample.exec(line)![1];
    const family = name.replace(/_(bucket|sum|count)$/, '');
    expect([name, typed.has(name) || typed.has(family)]).toEqual([name, true]);
  }
  expect(typed.size).toBeGreaterThan(10);
}
