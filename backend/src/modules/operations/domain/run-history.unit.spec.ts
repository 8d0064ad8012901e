import type { StoredEvent } from '@sparkhouse/contracts';
import { conditionHolds, describeAlert, shouldFire } from './alert-rules';
import { decodeJobCursor, encodeJobCursor } from './job-cursor';
import { redact, runHistory } from './run-history';

let position = 0;
const e = (type: string, payload: object, at: string, actor = 'worker'): StoredEvent => ({
  position: String(++position),
  eventId: `e${position}`,
  streamId: 'job-r',
  streamVersion: position,
  type,
  schemaVersion: 1,
  payload,
  metadata: { actor, correlationId: 'c', causationId: null, occurredAt: at },
});

describe("a run's history", () => {
  it('numbers attempts across retries, with each error and stack, and times every step', () => {
    const h = runHistory([
      e('JobRequested', { runId: 'r' }, '2026-01-01T00:00:00.000Z', 'u1'),
      e('JobStarted', { attempt: 1, workerId: 'w1' }, '2026-01-01T00:00:01.000Z'),
      e(
        'JobProgressed',
        { percent: 0, step: 'fetch', message: 'Fetching', at: '2026-01-01T00:00:01.100Z' },
        '2026-01-01T00:00:02.000Z',
      ),
      e(
        'JobProgressed',
        { percent: 50, step: 'render', message: 'Rendering', at: '2026-01-01T00:00:01.600Z' },
        '2026-01-01T00:00:02.000Z',
      ),
      e(
        'JobAttemptFailed',
        { attempt: 1, reason: 'timeout', retryInMs: 2000, stack: 'Error: timeout' },
        '2026-01-01T00:00:02.000Z',
      ),
      e('JobStarted', { attempt: 2, workerId: 'w2' }, '2026-01-01T00:00:04.000Z'),
      e('JobFailed', { reason: 'timeout again' }, '2026-01-01T00:00:05.000Z'),
      e('JobRetryRequested', { retry: 1 }, '2026-01-01T00:01:00.000Z', 'admin-1'),
      e('JobStarted', { attempt: 1, workerId: 'w1' }, '2026-01-01T00:01:01.000Z'),
      e('JobProgressed', { percent: 0, step: 'fetch', message: 'Fetching' }, '2026-01-01T00:01:02.000Z'),
      e('JobCompleted', { result: {} }, '2026-01-01T00:01:03.000Z'),
    ]);
    expect(h.attempts.map((a) => [a.attempt, a.workerId, a.outcome, a.error, a.stack])).toEqual([
      [1, 'w1', 'retrying', 'timeout', 'Error: timeout'],
      [2, 'w2', 'failed', 'timeout again', null],
      [3, 'w1', 'completed', null, null],
    ]);
    expect(h.timeline.map((s) => [s.step, s.attempt, s.durationMs])).toEqual([
      ['fetch', 1, 500],
      ['render', 1, 400],
      ['fetch', 3, 1000],
    ]);
    expect(h.logs.map((l) => l.text)).toContain('Retry 1 requested by admin-1');
    expect(h.logs[0].text).toBe('Requested by u1');
  });

  it('tells the reports a completion carries as the steps and log lines they were', () => {
    const h = runHistory([
      e('JobRequested', { runId: 'r' }, '2026-01-01T00:00:00.000Z', 'u1'),
      e('JobStarted', { attempt: 1, workerId: 'w1' }, '2026-01-01T00:00:01.000Z'),
      e(
        'JobCompleted',
        {
          runId: 'r',
          result: {},
          progress: [
            { percent: 0, step: 'fetch', message: 'Fetching', at: '2026-01-01T00:00:01.100Z' },
            { percent: 50, step: 'render', message: 'Rendering', at: '2026-01-01T00:00:01.400Z' },
            { percent: 100, step: 'render', message: 'Rendered', at: '2026-01-01T00:00:01.900Z' },
          ],
        },
        '2026-01-01T00:00:02.000Z',
      ),
    ]);
    expect(h.attempts.map((a) => [a.attempt, a.outcome])).toEqual([[1, 'completed']]);
    expect(h.timeline.map((s) => [s.step, s.durationMs, s.message])).toEqual([
      ['fetch', 300, 'Fetching'],
      ['render', 600, 'Rendered'],
    ]);
    expect(h.logs.map((l) => l.text)).toEqual([
      'Requested by u1',
      'Attempt 1 started on w1',
      'fetch: Fetching (0 %)',
      'render: Rendering (50 %)',
      'render: Rendered (100 %)',
      'Completed',
    ]);
  });

  it('tells the start a completion carries as the attempt it began, at the time it began', () => {
    const h = runHistory([
      e('JobRequested', { runId: 'r' }, '2026-01-01T00:00:00.000Z', 'u1'),
      e(
        'JobCompleted',
        {
          runId: 'r',
          result: {},
          started: { attempt: 1, workerId: 'w1', at: '2026-01-01T00:00:01.000Z' },
          progress: [{ percent: 0, step: 'fetch', message: 'Fetching', at: '2026-01-01T00:00:01.100Z' }],
        },
        '2026-01-01T00:00:02.000Z',
      ),
    ]);
    expect(h.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        workerId: 'w1',
        startedAt: '2026-01-01T00:00:01.000Z',
        endedAt: '2026-01-01T00:00:02.000Z',
        outcome: 'completed',
      }),
    ]);
    expect(h.logs.map((l) => [l.at, l.text])).toEqual([
      ['2026-01-01T00:00:00.000Z', 'Requested by u1'],
      ['2026-01-01T00:00:01.000Z', 'Attempt 1 started on w1'],
      ['2026-01-01T00:00:01.100Z', 'fetch: Fetching (0 %)'],
      ['2026-01-01T00:00:02.000Z', 'Completed'],
    ]);
  });

  it('times a start stored after it happened (with the first reports) by when the worker began', () => {
    const h = runHistory([
      e('JobRequested', { runId: 'r' }, '2026-01-01T00:00:00.000Z', 'u1'),
      e('JobStarted', { attempt: 1, workerId: 'w1', at: '2026-01-01T00:00:01.000Z' }, '2026-01-01T00:00:02.000Z'),
    ]);
    expect(h.attempts[0]).toMatchObject({ startedAt: '2026-01-01T00:00:01.000Z', outcome: 'running' });
    expect(h.logs[1]).toEqual({ at: '2026-01-01T00:00:01.000Z', text: 'Attempt 1 started on w1' });
  });

  it('redacts secret-looking fields at any depth and keeps the rest', () => {
    expect(
      redact({
        appId: 'a',
        apiKey: 'k',
        nested: { password: 'p', list: [{ token: 't', ok: 1 }] },
        code: '123456',
        promptCode: 'x',
      }),
    ).toEqual({
      appId: 'a',
      apiKey: '[redacted]',
      nested: { password: '[redacted]', list: [{ token: '[redacted]', ok: 1 }] },
      code: '[redacted]',
      promptCode: 'x',
    });
  });
});

describe('job search cursors', () => {
  it('round-trip, and anything else is refused', () => {
    const c = { requestedAt: '2026-01-01T00:00:00.000Z', runId: '11111111-1111-4111-8111-111111111111' };
    expect(decodeJobCursor(encodeJobCursor(c))).toEqual(c);
    expect(decodeJobCursor('bm9wZQ')).toBeNull();
    expect(decodeJobCursor(Buffer.from('2026-01-01|not-a-uuid').toString('base64url'))).toBeNull();
  });
});

describe('alert rules', () => {
  const now = new Date('2026-01-01T00:10:00Z');
  it('a backlog fires once it has lasted its minutes; a failure rate at once', () => {
    expect(conditionHolds({ threshold: 100 }, 101)).toBe(true);
    expect(conditionHolds({ threshold: 100 }, 100)).toBe(false);
    expect(shouldFire({ kind: 'backlog', forMinutes: 5 }, new Date('2026-01-01T00:06:00Z'), now)).toBe(false);
    expect(shouldFire({ kind: 'backlog', forMinutes: 5 }, new Date('2026-01-01T00:05:00Z'), now)).toBe(true);
    expect(shouldFire({ kind: 'failure-rate', forMinutes: 60 }, now, now)).toBe(true);
    expect(
      describeAlert({ name: 'Builds stuck', kind: 'backlog', queue: 'app-builds', threshold: 100, forMinutes: 5 }, 140),
    ).toBe('Builds stuck: 140 jobs waiting in app-builds (over 100 for 5 min)');
  });
});
