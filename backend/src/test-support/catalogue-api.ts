// Shared set-up of the catalogue module's integration tests: an API on a database of the file's own,
// tokens for an admin and learners, and a small typed fetch. Not a spec file; imported by them.
import { answerOf, testTokens, type Answer } from './test-api';
import { eventually, useTestApi } from './index';

export type { Answer } from './test-api';

export function useCatalogueApi(overrides: Record<string, string> = {}) {
  const server = useTestApi(overrides);
  const token = testTokens(() => server.app);

  const call = async (
    method: string,
    path: string,
    opts: { body?: unknown; as?: string; admin?: boolean } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.as) headers.authorization = `Bearer ${await token(opts.as, opts.admin)}`;
    const res = await fetch(`${server.base}/api${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    return answerOf(res);
  };

  const api = {
    get: (path: string, as?: string) => call('GET', path, { as }),
    post: (path: string, body: unknown, as?: string) => call('POST', path, { body, as }),
    admin: (method: string, path: string, body?: unknown) => call(method, path, { body, as: 'admin-1', admin: true }),
    raw: (path: string, init?: RequestInit) => fetch(`${server.base}/api${path}`, init),
    /** A page of the web app (not an API call): `page('/classes/a/b')`. */
    page: (path: string, init?: RequestInit) => fetch(`${server.base}${path}`, init),
    get app() {
      return server.app;
    },
    get dbUrl() {
      return server.databaseUrl;
    },
  };
  return api;
}

let n = 0;

/** A product body for POST /catalogue/admin/products; each call gets fresh slugs. */
export function productBody(over: Record<string, unknown> = {}) {
  n += 1;
  return {
    title: `Jazz Piano Basics ${n}`,
    classSlug: `jazz-piano-basics-${n}-${Date.now().toString(36)}`,
    storefrontSlug: 'ava-reyes',
    creator: { id: 'creator-1', name: 'Ava Reyes' },
    description: 'Chords, voicings and swing feel for the curious beginner.',
    category: 'music',
    topics: ['piano'],
    genres: ['jazz'],
    priceInfo: { priceInCents: 2900, currency: 'USD' },
    rating: 4.5,
    ratingCount: 10,
    releaseDate: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString(),
    media: {
      coverUrl: '/api/media/covers/cover-0001.webp',
      videoUrl: '/api/media/videos/demo-class.webm',
      contents: [
        { contentId: 'c1', title: 'Warm-up', durationSeconds: 300 },
        { contentId: 'c2', title: 'Voicings', durationSeconds: 100 },
      ],
    },
    ...over,
  };
}

/** Publishes through the admin call and waits for the browse read model to show it. */
export async function publish(api: ReturnType<typeof useCatalogueApi>, over: Record<string, unknown> = {}) {
  const res = await api.admin('POST', '/catalogue/admin/products', productBody(over));
  if (res.status !== 201) throw new Error(`publish answered ${res.status}: ${JSON.stringify(res.body)}`);
  const product = res.body.response.product;
  await eventually(async () => (await api.get(`/getProduct?id=${product.id}`)).status === 200);
  return product as { id: string; classSlug: string; storefrontSlug: string; title: string };
}
