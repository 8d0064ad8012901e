import { Injectable } from '@nestjs/common';
import type { Db } from '../../../platform/database/database';
import {
  CollectionCreated,
  ProductPublished,
  ProductUpdated,
  PurchaseCompleted,
  PurchaseRefunded,
  SchoolCreated,
  type EventPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { runsOfType, Subscribes, type Projection } from '../../../platform/events/subscribers';
import { eventsInHand, type EventRows } from '../../../platform/events/event-rows';
import { cardValuesFromPayload, INSERT_CARD_FROM, INSERT_SEARCH_WORDS } from '../infra/product-card.sql';
import { run, textArray } from '../../../platform/database/sql';

type P<D> = EventPayload<D>;

/**
 * The browse read model: product cards (with their search document and popularity), collections
 * and schools, and the purchases that make a product popular and owned. Every statement is an
 * upsert or a recount, so feeding an event twice changes nothing.
 */
@Subscribes()
@Injectable()
export class BrowseProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'catalogue.browse';
  readonly version = 1;
  readonly handles = [
    ProductPublished.type,
    ProductUpdated.type,
    CollectionCreated.type,
    SchoolCreated.type,
    PurchaseCompleted.type,
    PurchaseRefunded.type,
  ];

  /** Publications and purchases (most of the log) in a few statements a run; a rebuild reads them in the database. */
  readonly setBased: NonNullable<Projection['setBased']> = {
    types: [ProductPublished.type, PurchaseCompleted.type],
    apply: (em: Db, type: string, rows: EventRows) =>
      type === ProductPublished.type ? this.publish(em, rows) : this.purchase(em, rows),
  };

  async truncate(em: Db) {
    await run(em, 'truncate product_card, product_collection, catalogue_purchase, search_word');
  }

  async handleBatch(em: Db, events: StoredEvent[]) {
    for (const { type, events: run } of runsOfType(events)) {
      if (run.length > 1 && this.setBased.types.includes(type)) await this.setBased.apply(em, type, eventsInHand(run));
      else for (const e of run) await this.handle(em, e);
    }
  }

  async handle(em: Db, e: StoredEvent) {
    const at = e.metadata.occurredAt;
    switch (e.type) {
      case ProductPublished.type:
        await run(em, INSERT_CARD_FROM(`select ${cardValuesFromPayload('p')} from (select ?::jsonb as p) s`), [
          JSON.stringify(e.payload),
        ]);
        return run(em, INSERT_SEARCH_WORDS('where c.id = ?'), [(e.payload as P<typeof ProductPublished>).productId]);
      case ProductUpdated.type:
        await this.update(em, e.payload as P<typeof ProductUpdated>);
        return run(em, INSERT_SEARCH_WORDS('where c.id = ?'), [(e.payload as P<typeof ProductUpdated>).productId]);
      case CollectionCreated.type:
      case SchoolCreated.type: {
        const p = e.payload as P<typeof CollectionCreated>;
        const programType = e.type === SchoolCreated.type ? 'school' : p.programType;
        return run(
          em,
          `insert into product_collection (slug, title, description, program_type, cover_url, product_ids, created_at)
           values (?, ?, ?, ?, ?, ?::text[], ?) on conflict (slug) do nothing`,
          [p.slug, p.title, p.description, programType, p.coverUrl, textArray(p.productIds), at],
        );
      }
      case PurchaseCompleted.type: {
        const p = e.payload as P<typeof PurchaseCompleted>;
        await run(
          em,
          `insert into catalogue_purchase (purchase_id, user_id, product_id, price_in_cents, currency, source, purchased_at)
           values (?, ?, ?, ?, ?, ?, ?) on conflict (purchase_id) do nothing`,
          [p.purchaseId, p.userId, p.productId, p.priceInCents, p.currency, p.source, at],
        );
        return this.recount(em, p.productId);
      }
      case PurchaseRefunded.type: {
        const p = e.payload as P<typeof PurchaseRefunded>;
        await run(
          em,
          `update catalogue_purchase set refunded_at = coalesce(refunded_at, ?), refund_reason = coalesce(refund_reason, ?)
            where purchase_id = ?`,
          [at, p.reason, p.purchaseId],
        );
        return this.recount(em, p.productId);
      }
    }
  }

  /** As ProductPublished one by one: cards first come, first kept (`do nothing` on a known id). */
  private async publish(em: Db, events: EventRows) {
    await run(em, INSERT_CARD_FROM(`select ${cardValuesFromPayload('e.payload')} from (${events.sql}) e order by e.n`), [
      ...events.params,
    ]);
    await run(em, INSERT_SEARCH_WORDS(`where c.id in (select e.payload->>'productId' from (${events.sql}) e)`), [
      ...events.params,
    ]);
  }

  /** As PurchaseCompleted one by one: each purchase once, then one recount per product bought. */
  private async purchase(em: Db, events: EventRows) {
    await run(
      em,
      `insert into catalogue_purchase (purchase_id, user_id, product_id, price_in_cents, currency, source, purchased_at)
       select e.payload->>'purchaseId', e.payload->>'userId', e.payload->>'productId', (e.payload->>'priceInCents')::int,
              e.payload->>'currency', e.payload->>'source', (e.metadata->>'occurredAt')::timestamptz
         from (${events.sql}) e
        order by e.n
       on conflict (purchase_id) do nothing`,
      [...events.params],
    );
    await run(
      em,
      `update product_card c set purchase_count =
         (select count(*) from catalogue_purchase where product_id = c.id and refunded_at is null)
        where c.id in (select e.payload->>'productId' from (${events.sql}) e)`,
      [...events.params],
    );
  }

  private update(em: Db, { productId, changes }: P<typeof ProductUpdated>) {
    const has = (k: string) => (k in changes ? 'true' : 'false');
    return run(
      em,
      `update product_card set
         title = coalesce(c->>'title', title),
         creator_id = coalesce(c#>>'{creator,id}', creator_id),
         creator_name = coalesce(c#>>'{creator,name}', creator_name),
         description = coalesce(c->>'description', description),
         category = coalesce(c->>'category', category),
         topics = case when ${has('topics')} then array(select jsonb_array_elements_text(c->'topics')) else topics end,
         genres = case when ${has('genres')} then array(select jsonb_array_elements_text(c->'genres')) else genres end,
         price_in_cents = coalesce((c#>>'{priceInfo,priceInCents}')::int, price_in_cents),
         currency = coalesce(c#>>'{priceInfo,currency}', currency),
         crossed_price_in_cents = case when ${has('priceInfo')} then (c#>>'{priceInfo,crossedPriceInCents}')::int
                                       else crossed_price_in_cents end,
         rating = coalesce((c->>'rating')::real, rating),
         rating_count = coalesce((c->>'ratingCount')::int, rating_count),
         release_date = coalesce((c->>'releaseDate')::timestamptz, release_date),
         cover_url = coalesce(c#>>'{media,coverUrl}', cover_url),
         video_url = coalesce(c#>>'{media,videoUrl}', video_url),
         contents = coalesce(c#>'{media,contents}', contents),
         duration_seconds = coalesce((select sum((x->>'durationSeconds')::int) from jsonb_array_elements(c#>'{media,contents}') x),
                                     case when c#>'{media,contents}' is null then duration_seconds else 0 end)::int
       from (select ?::jsonb as c) s
       where id = ?`,
      [JSON.stringify(changes), productId],
    );
  }

  private recount(em: Db, productId: string) {
    return run(
      em,
      `update product_card set purchase_count =
         (select count(*) from catalogue_purchase where product_id = ? and refunded_at is null) where id = ?`,
      [productId, productId],
    );
  }
}
