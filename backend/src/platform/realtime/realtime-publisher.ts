import { Injectable } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { rooms, type ServerToClientEvents } from '@sparkhouse/contracts';
import { RedisConnections } from '../jobs/redis-connections';

/** socket.io channel namespace in Redis; the gateway's adapter uses the same one. */
export const socketKey = (prefix: string) => `${prefix}:socket.io`;

/**
 * Pushes messages to socket.io rooms from any process (API or worker): through Redis, every API
 * node delivers to the sockets it holds.
 */
@Injectable()
export class RealtimePublisher {
  private emitter: Emitter<ServerToClientEvents> | null = null;

  constructor(private readonly redis: RedisConnections) {}

  private get io() {
    this.emitter ??= new Emitter<ServerToClientEvents>(this.redis.shared(), { key: socketKey(this.redis.prefix) });
    return this.emitter;
  }

  /** To every socket of the run's owner and every socket watching the run. */
  toJobAudience<E extends keyof ServerToClientEvents>(
    ownerId: string,
    runId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ) {
    this.io.to([rooms.owner(ownerId), rooms.job(runId)]).emit(event, ...args);
  }

  /** To every operations console user's socket (admins, operators, viewers), on any node. */
  toOperators<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    this.io.to(rooms.operators).emit(event, ...args);
  }

  /** To every socket of one owner (a user id or an anonymous visitor's id), on any node. */
  toOwner<E extends keyof ServerToClientEvents>(ownerId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    this.io.to(rooms.owner(ownerId)).emit(event, ...args);
  }
}
