import { Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, type OnGatewayInit } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { CLIENT_EVENTS, rooms, type RealtimeAuth, type WatchJobAck } from '@sparkhouse/contracts';
import { canViewOperations, isAdmin, ownerIdOf, type Principal } from '../auth/principal';
import { PrincipalResolver } from '../auth/principal-resolver';
import { JOB_RUN_ACCESS, type JobRunAccess } from './job-run-access';

interface SocketData {
  principal: Principal;
}

/**
 * The socket.io endpoint at /socket.io. A socket must present an access token or an anonymous id;
 * it joins its owner's room, where its jobs' progress and results arrive.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit {
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly resolver: PrincipalResolver,
    private readonly moduleRef: ModuleRef,
  ) {}

  afterInit(server: Server) {
    server.use((socket, next) => {
      const auth = (socket.handshake.auth ?? {}) as RealtimeAuth;
      this.resolver
        .resolve({
          token: typeof auth.token === 'string' ? auth.token : undefined,
          anonymousId: typeof auth.anonymousId === 'string' ? auth.anonymousId : undefined,
        })
        .then((r) => {
          const ownerId = r.ok ? ownerIdOf(r.principal) : null;
          if (!r.ok || !r.principal || !ownerId) {
            return next(new Error(r.ok ? 'Send an access token or an anonymous id to connect.' : r.reason));
          }
          (socket.data as SocketData).principal = r.principal;
          void socket.join(rooms.owner(ownerId));
          // operations console users also get queue overviews, rebuild progress and alerts
          if (canViewOperations(r.principal)) void socket.join(rooms.operators);
          next();
        })
        .catch((err) => {
          this.logger.error({ err }, 'socket authentication failed');
          next(new Error('Could not authenticate the connection.'));
        });
    });
  }

  /** Follow one run (after a reload, or an admin watching someone else's): joins its room if allowed. */
  @SubscribeMessage(CLIENT_EVENTS.watchJob)
  async watchJob(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WatchJobAck> {
    const runId = typeof body === 'object' && body && 'runId' in body ? String((body as { runId: unknown }).runId) : '';
    if (!/^[0-9a-f-]{36}$/i.test(runId)) return { ok: false, error: 'runId must be a job run id' };
    const access = this.moduleRef.get<JobRunAccess>(JOB_RUN_ACCESS, { strict: false });
    const run = await access.ownerOf(runId);
    const principal = (socket.data as SocketData).principal;
    if (!run || (run.ownerId !== ownerIdOf(principal) && !isAdmin(principal))) {
      return { ok: false, error: 'No such job run.' };
    }
    await socket.join(rooms.job(runId));
    return { ok: true, status: run.status };
  }
}
