import { Inject, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayInit } from '@nestjs/websockets';
import type { Server } from 'socket.io';
import { rooms, SERVER_EVENTS } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { QueueStats } from '../queries/queue-stats.query';

/**
 * The console's live queue overview, socket plumbing rather than a reaction to events: keeps it live: every OPERATIONS_OVERVIEW_PUSH_MS, a node that holds
 * operators' sockets reads the overview once and sends it to them. Nothing is read while nobody
 * watches; browsers never poll the list.
 */
@WebSocketGateway()
export class QueueOverviewGateway implements OnGatewayInit, OnApplicationShutdown {
  private readonly logger = new Logger('QueueOverview');
  @WebSocketServer() server?: Server;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly stats: QueueStats,
  ) {}

  afterInit() {
    this.timer = setInterval(() => void this.push(), this.config.OPERATIONS_OVERVIEW_PUSH_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async push() {
    const server = this.server;
    if (!server || this.busy) return;
    const watching = server.sockets.adapter.rooms.get(rooms.operators)?.size ?? 0;
    if (watching === 0) return;
    this.busy = true;
    try {
      const overview = await this.stats.overview();
      server.local.to(rooms.operators).emit(SERVER_EVENTS.opsQueues, overview);
    } catch (err) {
      this.logger.warn({ err }, 'could not read the queue overview');
    } finally {
      this.busy = false;
    }
  }
}
