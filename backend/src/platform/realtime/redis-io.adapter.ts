import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server, ServerOptions } from 'socket.io';
import { REALTIME } from '@sparkhouse/contracts';
import type { AppConfig } from '../config/config';
import type { RedisConnections } from '../jobs/redis-connections';
import { CoalescingWebSocketServer } from './coalesced-writes';
import { socketKey } from './realtime-publisher';

/** socket.io over the Redis adapter: a message emitted on any node (or by a worker) reaches every node. */
export class RedisIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
    private readonly redis: RedisConnections,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      path: REALTIME.path,
      cors: { origin: this.config.CORS_ORIGINS, credentials: true },
      connectTimeout: REALTIME.timeoutMs,
      // a socket's frames of one turn in one write (progress and ends of many runs arrive together)
      wsEngine: CoalescingWebSocketServer,
    });
    server.adapter(
      createAdapter(this.redis.dedicated('socket.io-pub'), this.redis.dedicated('socket.io-sub'), {
        key: socketKey(this.redis.prefix),
      }),
    );
    return server;
  }
}
