import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { EVENT_SUBSCRIBER, type EventSubscriber, type Projection } from './subscribers';

/** Every projection and reactor of the running application, found by the @Subscribes() marker. */
@Injectable()
export class SubscriberRegistry implements OnModuleInit {
  private subscribers: EventSubscriber[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit() {
    const found = this.discovery
      .getProviders()
      .filter((w) => w.metatype && w.instance && Reflect.getMetadata(EVENT_SUBSCRIBER, w.metatype))
      .map((w) => w.instance as EventSubscriber);
    const names = new Set<string>();
    for (const s of found) {
      if (names.has(s.name)) throw new Error(`Two event subscribers are named ${s.name}`);
      names.add(s.name);
    }
    this.subscribers = found;
  }

  all(): readonly EventSubscriber[] {
    return this.subscribers;
  }

  projections(): Projection[] {
    return this.subscribers.filter((s): s is Projection => s.kind === 'projection');
  }

  byName(name: string): EventSubscriber | undefined {
    return this.subscribers.find((s) => s.name === name);
  }
}
