/** What the recommender knows of a product. */
export interface ProductTraits {
  id: string;
  category: string;
  topics: readonly string[];
  genres: readonly string[];
  /** Completed, not refunded purchases: breaks ties. */
  purchaseCount: number;
}

export interface RecommendationInput {
  seeds: readonly ProductTraits[];
  candidates: readonly ProductTraits[];
  /** Candidate id -> how many buyers of a seed also bought it. */
  coPurchases: ReadonlyMap<string, number>;
  /** Left out: the seeds, the caller's owned products and the excluded ids. */
  exclude: ReadonlySet<string>;
  limit: number;
}

/** Buying together says more than sharing a label; a topic is more specific than a genre or category. */
export const WEIGHTS = { coPurchase: 3, topic: 2, genre: 1.5, category: 1 } as const;

export interface ScoredCandidate {
  id: string;
  score: number;
}

/**
 * Scores each candidate against the seeds: co-purchases, plus the topics and genres it shares with
 * any seed, plus one per seed of its category. Candidates scoring 0 are dropped; ties go to the
 * more popular product, then the smaller id (a stable order).
 */
export function scoreRecommendations(input: RecommendationInput): ScoredCandidate[] {
  const seedTopics = new Set(input.seeds.flatMap((s) => s.topics));
  const seedGenres = new Set(input.seeds.flatMap((s) => s.genres));
  const seedCategories = new Map<string, number>();
  for (const s of input.seeds) seedCategories.set(s.category, (seedCategories.get(s.category) ?? 0) + 1);
  const seedIds = new Set(input.seeds.map((s) => s.id));
  const seen = new Set<string>();
  const scored: (ScoredCandidate & { popularity: number })[] = [];
  for (const c of input.candidates) {
    if (seen.has(c.id) || seedIds.has(c.id) || input.exclude.has(c.id)) continue;
    seen.add(c.id);
    const score =
      WEIGHTS.coPurchase * (input.coPurchases.get(c.id) ?? 0) +
      WEIGHTS.topic * c.topics.filter((t) => seedTopics.has(t)).length +
      WEIGHTS.genre * c.genres.filter((g) => seedGenres.has(g)).length +
      WEIGHTS.category * (seedCategories.get(c.category) ?? 0);
    if (score > 0) scored.push({ id: c.id, score, popularity: c.purchaseCount });
  }
  scored.sort((a, b) => b.score - a.score || b.popularity - a.popularity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return scored.slice(0, input.limit).map(({ id, score }) => ({ id, score }));
}
