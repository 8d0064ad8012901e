import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { isSubscriberProvider } from './define-projection';
import type { EventSubscriber, Projection } from './subscribers';

/** Every projection and reactor of the running application, found by the @Subscribes() marker. */
@Injectable()
export class SubscriberRegistry implements OnModuleInit {
  private subscribers: EventSubscriber[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit() {
    const found = this.discovery
      .getProviders()
      .map((w) => (isSubscriberProvider(w.metatype, w.instance) ? w.instance : null))
      .filter((s): s is EventSubscriber => s !== null);
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
