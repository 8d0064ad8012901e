import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventRelay } from './event-relay';
import { EventStore } from './event-store';
import { Rebuilder } from './rebuilder';
import { SubscriberRegistry } from './subscriber-registry';
import { SubscriptionProcessor } from './subscription-processor';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [EventStore, SubscriberRegistry, SubscriptionProcessor, Rebuilder, EventRelay],
  exports: [EventStore, SubscriberRegistry, Rebuilder, EventRelay],
})
export class EventsModule {}
