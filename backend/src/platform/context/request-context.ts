import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Principal } from '../auth/principal';
import type { LogPosition } from '../events/log-position';

/** What every layer may know about the call it is serving, without passing it by hand. */
export interface RequestContext {
  requestId: string;
  /** IANA time zone from X-Time-Zone; UTC when absent. */
  timeZone: string;
  principal: Principal | null;
  /** The event that caused this work, when it runs inside an event handler or job. */
  causationId: string | null;
  /** The newest event this call appended (set by the event store): its answer carries it as a consistency token. */
  written?: LogPosition;
  /** The HTTP exchange this call serves (absent in jobs, event handlers and start-up work). */
  http?: { req: Request; res: Response };
  /**
   * The caller's last write remembered by CallerWrites (READ_YOUR_WRITES_REMEMBER_MS), once looked up;
   * null when they have none. Caches shared by every caller must not answer a read that has one (their
   * pages may predate it; e.g. the catalogue's listing pages).
   */
  ownWrite?: LogPosition | null;
  /** When the request arrived (performance.now()): a read sent after it sees every write the caller made before asking. */
  arrivedAt?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  run<T>(ctx: RequestContext, fn: () => T): T {
    return storage.run(ctx, fn);
  },
  current(): RequestContext | undefined {
    return storage.getStore();
  },
  /** A context for work that no request started (start-up, schedulers, replays). */
  system(actor = 'system'): RequestContext {
    return {
      requestId: randomUUID(),
      timeZone: 'UTC',
      principal: { kind: 'system', id: actor },
      causationId: null,
    };
  },
};

export function isValidTimeZone(tz: string): boolean {
  if (tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
