import { scoreRecommendations, WEIGHTS, type ProductTraits } from './recommendation-scoring';

const p = (id: string, category: string, topics: string[], genres: string[] = [], purchaseCount = 0): ProductTraits => ({
  id,
  category,
  topics,
  genres,
  purchaseCount,
});

describe('recommendation scoring', () => {
  const seed = p('seed', 'music', ['piano', 'jazz'], ['blues']);

  it('adds co-purchases, shared topics, genres and category', () => {
    const [a] = scoreRecommendations({
      seeds: [seed],
      candidates: [p('a', 'music', ['piano', 'theory'], ['blues'])],
      coPurchases: new Map([['a', 2]]),
      exclude: new Set(),
      limit: 10,
    });
    expect(a.score).toBe(2 * WEIGHTS.coPurchase + WEIGHTS.topic + WEIGHTS.genre + WEIGHTS.category);
  });

  it('ranks co-purchased products above products that only share labels', () => {
    const out = scoreRecommendations({
      seeds: [seed],
      candidates: [p('labels', 'music', ['piano']), p('bought', 'art', [], [], 0)],
      coPurchases: new Map([['bought', 1]]),
      exclude: new Set(),
      limit: 10,
    });
    expect(out.map((r) => r.id)).toEqual(['bought', 'labels']);
  });

  it('leaves out the seeds, excluded and owned ids, duplicates and products with nothing in common', () => {
    const out = scoreRecommendations({
      seeds: [seed],
      candidates: [
        seed,
        p('owned', 'music', ['piano']),
        p('x', 'music', []),
        p('x', 'music', []),
        p('far', 'cooking', ['knives']),
      ],
      coPurchases: new Map(),
      exclude: new Set(['owned']),
      limit: 10,
    });
    expect(out).toEqual([{ id: 'x', score: WEIGHTS.category }]);
  });

  it('breaks ties by popularity, then by id, and honours the limit', () => {
    const out = scoreRecommendations({
      seeds: [seed],
      candidates: [p('b', 'music', [], [], 5), p('a', 'music', [], [], 5), p('c', 'music', [], [], 9)],
      coPurchases: new Map(),
      exclude: new Set(),
      limit: 2,
    });
    expect(out.map((r) => r.id)).toEqual(['c', 'a']);
  });

  it('answers nothing without seeds or co-purchases', () => {
    expect(
      scoreRecommendations({
        seeds: [],
        candidates: [p('a', 'music', ['piano'])],
        coPurchases: new Map(),
        exclude: new Set(),
        limit: 5,
      }),
    ).toEqual([]);
  });
});
