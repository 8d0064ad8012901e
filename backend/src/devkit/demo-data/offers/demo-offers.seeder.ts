import { Injectable, Logger } from '@nestjs/common';
import { ProductOfferSet, ProductPublished } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { SeedsDemoData, type Seeder } from '../../../platform/database/seeders';
import { rows } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';

const DAY_MS = 86_400_000;

/**
 * An offer's stream, as contracts/src/events/offers.ts names it. The seeder appends the facts itself
 * rather than send SetProductOffer, which looks the product up in a read model that the tooling
 * process (no projections running) may not have built yet.
 */
const offerStream = (productId: string) => `offer-${productId}`;

/**
 * Demo offers: every demo class published with a crossed price gets the "classLaunch" offer, live for
 * 30 days from the first start (one in five VIP-only, reached with ?p=vip). Runs after the demo
 * catalogue; reads the published facts from the event log (the read models may not be built yet).
 */
@SeedsDemoData()
@Injectable()
export class DemoOffersSeeder implements Seeder {
  readonly name = 'offers.demo';
  private readonly logger = new Logger('DemoOffers');

  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async seed(): Promise<void> {
    const em = this.orm.em.fork();
    const found = await rows<{ product_id: string }>(
      em,
      `select payload->>'productId' as product_id from domain_event
        where type = ? and payload #>> '{priceInfo,crossedPriceInCents}' is not null order by position`,
      [ProductPublished.type],
    );
    const until = new Date(Date.now() + 30 * DAY_MS).toISOString();
    await em.transactional(async (tem) => {
      for (const [i, { product_id: productId }] of found.entries()) {
        await this.events.appendIf(tem, offerStream(productId), (stream) =>
          stream.length > 0
            ? null
            : [
                {
                  type: ProductOfferSet.type,
                  payload: {
                    productId,
                    offerKey: 'classLaunch',
                    crossedPriceApplicableFrom: until,
                    specialOnlyVip: i % 5 === 4,
                    shouldNotHideDiscount: false,
                  },
                },
              ],
        );
      }
    });
    this.logger.log(`demo offers: ${found.length} products`);
  }
}
