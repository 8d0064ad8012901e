import { isEventOf, withCarriedFacts, type JobDetail, type StoredEvent } from '@sparkhouse/contracts';

type Attempt = JobDetail['attemptsDetail'][number];
type Step = JobDetail['timeline'][number];
type LogLine = JobDetail['logs'][number];

/** The facts of a run's stream that its history tells. */
const HISTORY_EVENTS = [
  'JobRequested',
  'JobStarted',
  'JobProgressed',
  'JobAttemptFailed',
  'JobRequeued',
  'JobCompleted',
  'JobFailed',
  'JobCanceled',
  'JobCancelRequested',
  'JobRetryRequested',
] as const;

const ms = (from: string, to: string) => Math.max(0, Date.parse(to) - Date.parse(from));

/**
 * A run's history from its own stream: every attempt (numbered across retries) with how it ended,
 * its error and stack; every step with its start, end, duration and last message; and a log of what
 * happened. Pure, so it is tested without a database.
 */
export function runHistory(stream: readonly StoredEvent[]): {
  attempts: Attempt[];
  timeline: Step[];
  logs: LogLine[];
} {
  const attempts: Attempt[] = [];
  const timeline: Step[] = [];
  const logs: LogLine[] = [];
  const current = () => attempts[attempts.length - 1];
  const closeStep = (at: string) => {
    const open = timeline[timeline.length - 1];
    if (open && open.endedAt === null) {
      open.endedAt = at;
      open.durationMs = ms(open.startedAt, at);
    }
  };
  const endAttempt = (at: string, outcome: Attempt['outcome'], error: string | null = null, stack: string | null = null) => {
    closeStep(at);
    const a = current();
    if (a && a.endedAt === null) Object.assign(a, { endedAt: at, outcome, error, stack });
  };

  for (const e of withCarriedFacts(stream)) {
    if (!isEventOf(e, ...HISTORY_EVENTS)) continue;
    const at = e.metadata.occurredAt;
    switch (e.type) {
      case 'JobRequested':
        logs.push({ at, text: `Requested by ${e.metadata.actor}` });
        break;
      case 'JobStarted': {
        const p = e.payload;
        // when the worker started it (stored a little later, with the run's first reports)
        const startedAt = p.at ?? at;
        endAttempt(startedAt, 'requeued');
        attempts.push({
          attempt: attempts.length + 1,
          workerId: p.workerId,
          startedAt,
          endedAt: null,
          outcome: 'running',
          error: null,
          stack: null,
        });
        logs.push({ at: startedAt, text: `Attempt ${attempts.length} started on ${p.workerId}` });
        break;
      }
      case 'JobProgressed': {
        const p = e.payload;
        const reportedAt = p.at ?? at;
        const open = timeline[timeline.length - 1];
        if (open && open.endedAt === null && open.step === p.step) {
          if (p.message) open.message = p.message;
        } else {
          closeStep(reportedAt);
          timeline.push({
            step: p.step,
            startedAt: reportedAt,
            endedAt: null,
            durationMs: null,
            message: p.message,
            attempt: Math.max(1, attempts.length),
          });
        }
        if (p.message) logs.push({ at: reportedAt, text: `${p.step}: ${p.message} (${Math.round(p.percent)} %)` });
        break;
      }
      case 'JobAttemptFailed': {
        const p = e.payload;
        endAttempt(at, 'retrying', p.reason, p.stack ?? null);
        logs.push({ at, text: `Attempt failed: ${p.reason}; retrying in ${Math.round(p.retryInMs / 1000)} s` });
        break;
      }
      case 'JobRequeued': {
        const p = e.payload;
        endAttempt(at, 'requeued', p.reason);
        logs.push({ at, text: p.reason });
        break;
      }
      case 'JobCompleted':
        endAttempt(at, 'completed');
        logs.push({ at, text: 'Completed' });
        break;
      case 'JobFailed': {
        const p = e.payload;
        endAttempt(at, 'failed', p.reason, p.stack ?? null);
        logs.push({ at, text: `Failed: ${p.reason}` });
        break;
      }
      case 'JobCanceled': {
        const p = e.payload;
        endAttempt(at, 'canceled', p.reason);
        logs.push({ at, text: `Canceled: ${p.reason}` });
        break;
      }
      case 'JobCancelRequested':
        logs.push({ at, text: `Cancel requested by ${e.metadata.actor}` });
        break;
      case 'JobRetryRequested': {
        const p = e.payload;
        logs.push({ at, text: `Retry ${p.retry} requested by ${e.metadata.actor}` });
        break;
      }
    }
  }
  return { attempts, timeline, logs };
}

const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|authorization|cookie|credential|private[-_]?key|^code$/i;

/** A copy with the values of secret-looking keys replaced, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1),
    ]),
  );
}
