import { randomBytes } from 'node:crypto';
import { Controller, Inject, Injectable, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { operations } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint } from '../../../platform/http/endpoint';
import { RawRoutes } from '../../../platform/http/raw-routes';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { RedisConnections } from '../../../platform/jobs/redis-connections';

export const QUEUE_BOARD_PATH = '/ops/queues';
export const QUEUE_BOARD_COOKIE = 'sparkhouse_queue_board';
const SESSION_SECONDS = 600;

type Handler = (req: Request, res: Response, next: (err?: unknown) => void) => void;

const cookieOf = (req: Request, name: string): string | null => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
};

/**
 * bull-board (raw BullMQ access) at /ops/queues, for admins only. A browser cannot send a Bearer
 * token on navigation, so an admin call issues a random session id in a short-lived, HttpOnly,
 * SameSite=Strict cookie scoped to /ops/queues (kept in Redis, so any API node accepts it). Without
 * it every request there is refused before bull-board sees it: no queue data for anyone else.
 */
@Injectable()
export class QueueBoard {
  private router: Promise<Handler> | null = null;

  constructor(
    rawRoutes: RawRoutes,
    private readonly queues: JobQueues,
    private readonly redis: RedisConnections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    rawRoutes.register(QUEUE_BOARD_PATH, (req, res, next) => {
      this.admitted(req)
        .then(async (ok) => {
          if (!ok) {
            res.status(401).type('text/plain').send('Open the queue board from the operations console (admins only).');
            return;
          }
          const router = await this.boardRouter();
          res.setHeader('Cache-Control', 'no-store');
          router(req, res, next);
        })
        .catch(next);
    });
  }

  /** bull-board is loaded when an admin first opens it, not in every API process at start. */
  private boardRouter(): Promise<Handler> {
    this.router ??= (async () => {
      const [{ createBullBoard }, { BullMQAdapter }, { ExpressAdapter }] = await Promise.all([
        import('@bull-board/api'),
        import('@bull-board/api/bullMQAdapter'),
        import('@bull-board/express'),
      ]);
      const adapter = new ExpressAdapter();
      adapter.setBasePath(QUEUE_BOARD_PATH);
      createBullBoard({
        queues: this.queues.all().map((q) => new BullMQAdapter(q)),
        serverAdapter: adapter,
        options: { uiConfig: { boardTitle: 'Sparkhouse queues' } },
      });
      return adapter.getRouter() as Handler;
    })().catch((err: unknown) => {
      this.router = null; // the next visit tries again
      throw err;
    });
    return this.router;
  }

  private key(session: string) {
    return `${this.config.REDIS_PREFIX}:queue-board:${session}`;
  }

  private async admitted(req: Request): Promise<boolean> {
    const session = cookieOf(req, QUEUE_BOARD_COOKIE);
    if (!session || !/^[A-Za-z0-9_-]{43}$/.test(session)) return false;
    return (await this.redis.shared().exists(this.key(session))) === 1;
  }

  async open(userId: string): Promise<{ session: string; expiresAt: string }> {
    const session = randomBytes(32).toString('base64url');
    await this.redis.shared().set(this.key(session), userId, 'EX', SESSION_SECONDS);
    return { session, expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000).toISOString() };
  }

  cookie(session: string): string {
    const secure = this.config.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
    return `${QUEUE_BOARD_COOKIE}=${session}; Path=${QUEUE_BOARD_PATH}; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
  }
}

@Controller()
export class QueueBoardController {
  constructor(private readonly board: QueueBoard) {}

  @Endpoint(operations.openQueueBoard)
  async open(@Res({ passthrough: true }) res: Response) {
    const userId = requestContext.current()!.principal!.id;
    const { session, expiresAt } = await this.board.open(userId);
    res.setHeader('Set-Cookie', this.board.cookie(session));
    return { url: `${QUEUE_BOARD_PATH}/`, expiresAt };
  }
}
