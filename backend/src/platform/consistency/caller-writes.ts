import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import type { RequestContext } from '../context/request-context';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { formatToken, parseToken, type LogPosition } from '../events/log-position';
import { RedisConnections } from '../jobs/redis-connections';
import { withinMs } from '../jobs/redis-wait';

/** Longest a read or a write waits for Redis here before going on without it. */
const REDIS_WAIT_MS = 250;
/** At most one warning per this long when Redis does not answer. */
const WARN_EVERY_MS = 30_000;
/** Most callers' writes remembered in one script call. */
const MAX_REMEMBERED_TOGETHER = 500;

/**
 * For each key (KEYS[i], token ARGV[i]): keeps the newest position of the log — the later of the stored
 * token and the given one, compared as (transaction id, position), decimal texts — and renews its time
 * to live (the last ARGV). Keys are taken in order, so a key given twice keeps the later of both.
 */
const REMEMBER_LATER = `
local function cmp(a, b)
  if #a ~= #b then return #a < #b and -1 or 1 end
  if a == b then return 0 end
  return a < b and -1 or 1
end
local ttl = ARGV[#ARGV]
for i, key in ipairs(KEYS) do
  local keep = ARGV[i]
  local current = redis.call('GET', key)
  if current then
    local ct, cp = string.match(current, '^(%d+)%.(%d+)$')
    local nt, np = string.match(ARGV[i], '^(%d+)%.(%d+)$')
    if ct and nt then
      local c = cmp(ct, nt)
      if c > 0 or (c == 0 and cmp(cp, np) > 0) then keep = current end
    end
  end
  redis.call('SET', key, keep, 'PX', ttl)
end
return #KEYS`;
const REMEMBER_LATER_SHA = createHash('sha1').update(REMEMBER_LATER).digest('hex');

/**
 * The newest event each caller (a user, or an anonymous visitor's anon_ id) has committed, for
 * READ_YOUR_WRITES_REMEMBER_MS, in Redis so that every API node knows it: a caller's read on any node
 * waits until the read models have applied it (read-your-writes with nothing asked of the client).
 * Redis being away never fails a call: the write is answered without being remembered (its
 * consistency token still works), the read is answered without waiting.
 */
@Injectable()
export class CallerWrites {
  private readonly logger = new Logger('CallerWrites');
  private warnedAt = 0;

  constructor(
    private readonly redis: RedisConnections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whose writes are remembered: callers the server can tell apart (users and anonymous visitors). */
  static owner(principal: Principal | null | undefined): string | null {
    if (principal?.kind === 'user') return `u:${principal.id}`;
    if (principal?.kind === 'anonymous') return `a:${principal.id}`;
    return null;
  }

  private pending: { key: string; token: string; done: () => void }[] = [];

  /**
   * Records that `owner` committed up to `at` (kept if a later write of theirs is already recorded).
   * The writes answered together (a group of job requests committed together answers its callers at
   * once) are remembered in one script call, instead of one call each; each caller still hears only
   * once its own is stored (or Redis is given up on). The call goes out once the callbacks of what just
   * happened have run (process.nextTick: after the promise continuations they started), not after the
   * rest of the event loop's I/O (setImmediate): every answer waits for it, and under load that rest took
   * longer than Redis (the jobs bench's pipeline ran 370 → 394 jobs/s with this alone, bench/RESULTS.md).
   */
  remember(owner: string, at: LogPosition): Promise<void> {
    return new Promise((done) => {
      this.pending.push({ key: this.key(owner), token: formatToken(at), done });
      if (this.pending.length === 1) process.nextTick(() => void this.rememberPending());
    });
  }

  private async rememberPending() {
    const batch = this.pending.splice(0, MAX_REMEMBERED_TOGETHER);
    if (this.pending.length > 0) setImmediate(() => void this.rememberPending());
    const ttlMs = this.config.READ_YOUR_WRITES_REMEMBER_MS;
    await this.bounded(
      this.rememberLater(
        batch.map((b) => b.key),
        batch.map((b) => b.token),
        ttlMs,
      ),
      undefined,
    );
    for (const b of batch) b.done();
  }

  /**
   * The script by its digest, sent whole once Redis says it does not know it (NOSCRIPT: a restart, a
   * failover). Plain EVALSHA/EVAL rather than ioredis' defineCommand: the shared connection pipelines
   * the commands of one turn of the event loop, and a command defined while such a pipeline waits is
   * missing from it (ioredis then throws outside any caller: the process would crash).
   */
  private async rememberLater(keys: string[], tokens: string[], ttlMs: number): Promise<number> {
    const client = this.redis.shared();
    try {
      return (await client.evalsha(REMEMBER_LATER_SHA, keys.length, ...keys, ...tokens, ttlMs)) as number;
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return (await client.eval(REMEMBER_LATER, keys.length, ...keys, ...tokens, ttlMs)) as number;
    }
  }

  /** The newest position `owner` committed within the remembered time, or null. */
  async lastWrite(owner: string): Promise<LogPosition | null> {
    const token = await this.bounded(this.redis.shared().get(this.key(owner)), null);
    return token ? parseToken(token) : null;
  }

  /**
   * The remembered last write of this request's caller, looked up once per request (SharedAnswers may
   * have asked already) and kept on the context as `ownWrite` (null: none).
   */
  async lastWriteOf(ctx: RequestContext): Promise<LogPosition | null> {
    if (ctx.ownWrite !== undefined) return ctx.ownWrite;
    const owner = CallerWrites.owner(ctx.principal);
    ctx.ownWrite = owner ? await this.lastWrite(owner) : null;
    return ctx.ownWrite;
  }

  private key(owner: string) {
    return `${this.redis.prefix}:read-your-writes:${owner}`;
  }

  private bounded<T>(work: Promise<T>, fallback: T): Promise<T> {
    return withinMs(work, REDIS_WAIT_MS, fallback, (err) => this.warn(err));
  }

  private warn(err: unknown) {
    if (Date.now() - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = Date.now();
    this.logger.warn({ err }, "callers' own writes cannot be remembered or looked up: reads go on without waiting for them");
  }
}
