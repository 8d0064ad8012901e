import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';

/** The socket.io endpoint; only the API process imports it. */
@Module({ providers: [RealtimeGateway] })
export class RealtimeModule {}
