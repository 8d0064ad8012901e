import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { catalogue } from '@sparkhouse/contracts';
import { hasActiveClass, hasAnyClass, isClassActive } from '../domain/class-enrolment';
import { isOwned } from '../domain/ownership';
import { productPercentComplete } from '../domain/product-progress';
import { CARD_COLUMNS_QUALIFIED, iso, toCard, type CardRow } from '../infra/product-card.sql';
import { rows } from '../../../platform/database/sql';
import { ProductBrowseQueries } from './product-browse.query';

interface PurchaseRow extends Partial<CardRow> {
  purchase_product_id: string;
  purchased_at: Date | string;
  purchase_price: number;
  purchase_currency: string;
  refunded_at: Date | string | null;
  refund_reason: string | null;
}

interface ProgressRow {
  product_id: string;
  content_id: string;
  percent_complete: number;
  seconds_watched: number;
  position_in_seconds: number;
  updated_at: Date | string;
}

/** A learner's own things: purchases, library, progress, enrolled classes. */
@Injectable()
export class LearnerQueries {
  constructor(
    private readonly orm: Database,
    private readonly products: ProductBrowseQueries,
  ) {}

  /** Newest first; refunded purchases are kept but not owned. */
  async purchases(userId: string, productId?: string): Promise<catalogue.Purchase[]> {
    const found = await rows<PurchaseRow>(
      this.orm.em.fork(),
      `select u.product_id as purchase_product_id, u.purchased_at, u.price_in_cents as purchase_price,
              u.currency as purchase_currency, u.refunded_at, u.refund_reason, ${CARD_COLUMNS_QUALIFIED('c')}
         from catalogue_purchase u left join product_card c on c.id = u.product_id
        where u.user_id = ? ${productId ? 'and u.product_id = ?' : ''}
        order by u.purchased_at desc, u.purchase_id`,
      productId ? [userId, productId] : [userId],
    );
    return found.map((r) => {
      const refundedInfo = r.refunded_at ? { refundedAt: iso(r.refunded_at), reason: r.refund_reason } : null;
      return {
        productId: r.purchase_product_id,
        purchasedAt: iso(r.purchased_at),
        priceInCents: r.purchase_price,
        currency: r.purchase_currency,
        refundedInfo,
        owned: isOwned({ productId: r.purchase_product_id, refundedInfo }),
        product: r.id ? toCard(r as CardRow) : null,
      };
    });
  }

  /** The purchase that decides ownership: an owned one if any, else the latest refunded one. */
  async purchaseFor(userId: string, productId: string): Promise<catalogue.Purchase | null> {
    const all = await this.purchases(userId, productId);
    return all.find((p) => p.owned) ?? all[0] ?? null;
  }

  async contentProgress(userId: string, productId: string, contentId?: string): Promise<catalogue.ContentProgress[]> {
    const found = await rows<ProgressRow>(
      this.orm.em.fork(),
      `select product_id, content_id, percent_complete, seconds_watched, position_in_seconds, updated_at from product_progress
        where user_id = ? and product_id = ? ${contentId ? 'and content_id = ?' : ''} order by updated_at desc, content_id`,
      contentId ? [userId, productId, contentId] : [userId, productId],
    );
    return found.map(toContentProgress);
  }

  async productProgress(userId: string, productId: string): Promise<catalogue.ProductProgress | null> {
    const product = await this.products.byId(productId);
    if (!product) return null;
    const contents = await this.contentProgress(userId, productId);
    const latest = contents[0];
    return {
      product_id: productId,
      percent_complete: productPercentComplete(
        product.media.contents,
        contents.map((c) => ({ contentId: c.content_id, percentComplete: c.percent_complete })),
      ),
      seconds_watched: contents.reduce((s, c) => s + c.seconds_watched, 0),
      last_watched_at: latest?.updated_at ?? null,
      resume: latest ? { content_id: latest.content_id, position_in_seconds: latest.position_in_seconds } : null,
      contents,
    };
  }

  /** Owned products and products with progress, last watched (else last bought) first. */
  async library(userId: string): Promise<LibraryItem[]> {
    const found = await rows<
      CardRow & { owned: boolean; last_watched_at: Date | string | null; sort_at: Date | string; contents: never }
    >(
      this.orm.em.fork(),
      `with owned as (
         select product_id, max(purchased_at) as bought_at from catalogue_purchase
          where user_id = ? and refunded_at is null group by product_id),
       watched as (
         select product_id, max(updated_at) as last_watched_at from product_progress where user_id = ? group by product_id)
       select ${CARD_COLUMNS_QUALIFIED('c')}, c.contents, (o.product_id is not null) as owned, w.last_watched_at,
              coalesce(w.last_watched_at, o.bought_at) as sort_at
         from product_card c
         left join owned o on o.product_id = c.id
         left join watched w on w.product_id = c.id
        where o.product_id is not null or w.product_id is not null
        order by sort_at desc, c.id`,
      [userId, userId],
    );
    const progress = await rows<{ product_id: string; content_id: string; percent_complete: number }>(
      this.orm.em.fork(),
      'select product_id, content_id, percent_complete from product_progress where user_id = ?',
      [userId],
    );
    return found.map((r) => {
      const watched = progress
        .filter((p) => p.product_id === r.id)
        .map((p) => ({ contentId: p.content_id, percentComplete: p.percent_complete }));
      return {
        product: toCard(r),
        owned: r.owned,
        percentComplete: productPercentComplete((r.contents as unknown as catalogue.Product['media']['contents']) ?? [], watched),
        lastWatchedAt: r.last_watched_at ? iso(r.last_watched_at) : null,
      };
    });
  }

  async enrolledClasses(userId: string, now = new Date()) {
    const found = await rows<{
      product_id: string;
      class_slug: string;
      class_start_date: Date | string;
      class_end_date: Date | string;
    }>(
      this.orm.em.fork(),
      'select product_id, class_slug, class_start_date, class_end_date from class_enrolment where user_id = ? order by class_start_date desc',
      [userId],
    );
    const cards = new Map((await this.products.cards(found.map((r) => r.product_id))).map((c) => [c.id, c]));
    const classes: catalogue.EnrolledClass[] = found.map((r) => {
      const dates = { classStartDate: iso(r.class_start_date), classEndDate: iso(r.class_end_date) };
      return {
        productId: r.product_id,
        classSlug: r.class_slug,
        ...dates,
        isActive: isClassActive(dates, now),
        product: cards.get(r.product_id) ?? null,
      };
    });
    return { classes, hasActiveClass: hasActiveClass(classes, now), hasAnyClass: hasAnyClass(classes) };
  }
}

type LibraryItem = { product: catalogue.ProductCard; owned: boolean; percentComplete: number; lastWatchedAt: string | null };

function toContentProgress(r: ProgressRow): catalogue.ContentProgress {
  return {
    product_id: r.product_id,
    content_id: r.content_id,
    percent_complete: r.percent_complete,
    seconds_watched: r.seconds_watched,
    position_in_seconds: r.position_in_seconds,
    updated_at: iso(r.updated_at),
  };
}
