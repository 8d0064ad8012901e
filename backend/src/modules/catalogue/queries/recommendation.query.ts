import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { catalogue } from '@sparkhouse/contracts';
import { scoreRecommendations, type ProductTraits } from '../domain/recommendation-scoring';
import { rows, textArray } from '../../../platform/database/sql';
import { ProductBrowseQueries } from './product-browse.query';

/** Candidates considered per request: the most popular products sharing something with the seeds. */
const CANDIDATE_POOL = 500;

export interface RecommendationRequest {
  seedIds: readonly string[];
  excludeIds: readonly string[];
  /** Whose purchases add seeds and are left out (null: an anonymous visitor). */
  userId: string | null;
  useAllPurchases: boolean;
  limit: number;
}

interface TraitRow {
  id: string;
  category: string;
  topics: string[];
  genres: string[];
  purchase_count: number;
}

const traits = (r: TraitRow): ProductTraits => ({
  id: r.id,
  category: r.category,
  topics: r.topics,
  genres: r.genres,
  purchaseCount: r.purchase_count,
});

/** Feeds the pure scoring function from the read model: seeds, co-purchase counts and candidates. */
@Injectable()
export class RecommendationQueries {
  constructor(
    private readonly orm: Database,
    private readonly products: ProductBrowseQueries,
  ) {}

  async recommend(r: RecommendationRequest): Promise<catalogue.ProductCard[]> {
    const em = this.orm.em.fork();
    const owned = r.userId
      ? (
          await rows<{ product_id: string }>(
            em,
            'select distinct product_id from catalogue_purchase where user_id = ? and refunded_at is null',
            [r.userId],
          )
        ).map((x) => x.product_id)
      : [];
    const seedIds = [...new Set([...r.seedIds, ...(r.useAllPurchases ? owned : [])])];
    if (seedIds.length === 0) return [];
    const seeds = await rows<TraitRow>(
      em,
      'select id, category, topics, genres, purchase_count from product_card where id = any(?::text[])',
      [textArray(seedIds)],
    );
    if (seeds.length === 0) return [];
    // how many buyers of a seed (other than the caller) also bought each other product
    const co = await rows<{ product_id: string; n: number }>(
      em,
      `select other.product_id, count(distinct other.user_id)::int as n
         from catalogue_purchase seed
         join catalogue_purchase other on other.user_id = seed.user_id and other.refunded_at is null
        where seed.product_id = any(?::text[]) and seed.refunded_at is null and other.product_id <> all(?::text[])
          and seed.user_id is distinct from ?
        group by other.product_id`,
      [textArray(seedIds), textArray(seedIds), r.userId],
    );
    const coPurchases = new Map(co.map((x) => [x.product_id, x.n]));
    const candidates = await rows<TraitRow>(
      em,
      `select id, category, topics, genres, purchase_count from product_card
        where id <> all(?::text[]) and (topics && ?::text[] or genres && ?::text[] or category = any(?::text[]) or id = any(?::text[]))
        order by (id = any(?::text[])) desc, purchase_count desc, release_date desc limit ?`,
      [
        textArray(seedIds),
        textArray([...new Set(seeds.flatMap((s) => s.topics))]),
        textArray([...new Set(seeds.flatMap((s) => s.genres))]),
        textArray([...new Set(seeds.map((s) => s.category))]),
        textArray([...coPurchases.keys()]),
        textArray([...coPurchases.keys()]),
        CANDIDATE_POOL,
      ],
    );
    const scored = scoreRecommendations({
      seeds: seeds.map(traits),
      candidates: candidates.map(traits),
      coPurchases,
      exclude: new Set([...r.excludeIds, ...owned]),
      limit: r.limit,
    });
    return this.products.cards(scored.map((s) => s.id));
  }
}
