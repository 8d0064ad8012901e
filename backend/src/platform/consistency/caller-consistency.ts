import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { CallDefinition } from '@sparkhouse/contracts';
import { requestContext, type RequestContext } from '../context/request-context';
import { ProjectionWatermark } from '../events/read-your-writes';
import { CallerWrites } from './caller-writes';

/** Where an app's instance is kept on its Express app (`app.locals`), for the calls it serves. */
const CONSISTENCY = Symbol('sparkhouse.caller-consistency');

/**
 * Read-your-writes for every caller, with nothing asked of the client. The server knows who calls (the
 * user, or the anonymous visitor's anon_ id): when a call of theirs has committed events, the newest one
 * is remembered for them (CallerWrites, in Redis, before the answer leaves), and their following reads
 * — GET calls, and calls declared `readsOwnWrites` — wait on any API node until every read model has
 * applied it, at most READ_YOUR_WRITES_WAIT_MS. A read from a caller with no write in the last
 * READ_YOUR_WRITES_REMEMBER_MS costs one Redis GET; one whose writes are applied already (the usual
 * case: delivery takes milliseconds) waits for nothing. The X-Consistency-Token header stays as a
 * shortcut (readYourWritesMiddleware), e.g. for a client that acts for several callers.
 *
 * Called by every @Endpoint handler around its work (see endpoint.ts).
 */
@Injectable()
export class CallerConsistency implements OnApplicationBootstrap {
  constructor(
    private readonly writes: CallerWrites,
    private readonly watermark: ProjectionWatermark,
    private readonly http: HttpAdapterHost,
  ) {}

  onApplicationBootstrap() {
    const app = this.http.httpAdapter?.getInstance() as { locals?: Record<symbol, unknown> } | undefined;
    if (app?.locals) app.locals[CONSISTENCY] = this;
  }

  /** Before a read's handler: waits (bounded) until the read models show the caller's own writes. */
  async beforeCall(call: CallDefinition, ctx: RequestContext): Promise<void> {
    if (call.method !== 'GET' && !call.readsOwnWrites) return;
    const owner = CallerWrites.owner(ctx.principal);
    if (!owner) return;
    const at = await this.writes.lastWriteOf(ctx);
    if (at) await this.watermark.waitFor(at);
  }

  /** After a call: what it committed is remembered for the caller's next reads, before the answer leaves. */
  async afterCall(ctx: RequestContext): Promise<void> {
    if (!ctx.written) return;
    const owner = CallerWrites.owner(ctx.principal);
    if (owner) await this.writes.remember(owner, ctx.written);
  }
}

/** Runs an @Endpoint handler between the caller's read-your-writes steps (when its app has them). */
export async function withCallerConsistency<T>(call: CallDefinition, work: () => Promise<T>): Promise<T> {
  const ctx = requestContext.current();
  const consistency = (ctx?.http?.req.app?.locals as Record<symbol, CallerConsistency | undefined> | undefined)?.[CONSISTENCY];
  if (!ctx || !consistency) return work();
  await consistency.beforeCall(call, ctx);
  try {
    return await work();
  } finally {
    // also after a failure: what the call committed before it failed is the caller's too
    await consistency.afterCall(ctx);
  }
}
