import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PgListener } from '../database/pg-listener';
import { AppendSignals } from './append-signals';
import { EventRelay } from './event-relay';
import { EventStore } from './event-store';
import { ProjectionWatermark } from './read-your-writes';
import { Rebuilder } from './rebuilder';
import { SubscriberRegistry } from './subscriber-registry';
import { SubscriptionProcessor } from './subscription-processor';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    PgListener,
    AppendSignals,
    EventStore,
    SubscriberRegistry,
    SubscriptionProcessor,
    Rebuilder,
    EventRelay,
    ProjectionWatermark,
  ],
  exports: [PgListener, EventStore, SubscriberRegistry, Rebuilder, EventRelay, ProjectionWatermark],
})
export class EventsModule {}
