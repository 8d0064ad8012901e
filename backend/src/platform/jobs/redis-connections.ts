import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import IORedis, { type Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** Redis connections of this process, closed together at shutdown. */
@Injectable()
export class RedisConnections implements OnApplicationShutdown {
  private readonly all = new Set<Redis>();
  private sharedClient: Redis | null = null;
  private producersClient: Redis | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get prefix() {
    return this.config.REDIS_PREFIX;
  }

  /**
   * For commands and publishing. Commands issued together (a batch of pushes, the callers' writes of
   * concurrent requests, a dispatcher's adds) go to Redis in one write (ioredis auto-pipelining: those of
   * one turn of the event loop, and those issued while a pipeline is in flight, in the next), in the
   * order they were issued: the same effect as one write each, for far fewer system calls.
   */
  shared(): Redis {
    this.sharedClient ??= this.open('shared', { enableAutoPipelining: true });
    return this.sharedClient;
  }

  /**
   * For BullMQ's producers (Queue objects), auto-pipelined like the shared one (a dispatcher's adds of one
   * turn go in one write). Apart from it because BullMQ defines its Lua scripts as commands of the
   * connection it is given, and ioredis copies every defined command onto each pipeline it makes: on the
   * shared connection that was each turn's pipeline of pushes, callers' writes and reads, some hundred
   * properties copied per turn for nothing.
   */
  producers(): Redis {
    this.producersClient ??= this.open('producers', { enableAutoPipelining: true });
    return this.producersClient;
  }

  /** A connection of its own: BullMQ workers and subscribers block it (maxRetriesPerRequest must be null). */
  dedicated(name: string): Redis {
    return this.open(name);
  }

  private open(name: string, options: { enableAutoPipelining?: boolean } = {}): Redis {
    const client = new IORedis(this.config.REDIS_URL, {
      maxRetriesPerRequest: null,
      connectionName: `${this.config.REDIS_PREFIX}:${name}`,
      lazyConnect: false,
      ...options,
    });
    client.on('error', () => undefined); // reconnects on its own; health checks report the outage
    this.all.add(client);
    return client;
  }

  async onApplicationShutdown() {
    await Promise.all([...this.all].map((c) => c.quit().catch(() => c.disconnect())));
    this.all.clear();
    this.sharedClient = null;
    this.producersClient = null;
  }
}
