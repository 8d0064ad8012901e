// Shared set-up of the catalogue module's integration tests: an API on a database of the file's own,
// tokens for an admin and learners, and a small typed fetch. Not a spec file; imported by them.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccessTokens } from '../platform/auth/access-tokens';
import { createTestDatabase, eventually, startApi, testConfig } from './index';

export interface Answer {
  status: number;
  body: any;
}

export function useCatalogueApi(overrides: Record<string, string> = {}) {
  const state: { app?: NestExpressApplication; base?: string; db?: Awaited<ReturnType<typeof createTestDatabase>> } = {};
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    state.db = await createTestDatabase();
    ({ app: state.app, baseUrl: state.base } = await startApi(testConfig(state.db.url, overrides)));
  });
  afterAll(async () => {
    await state.app?.close();
    await state.db?.drop();
  });

  const token = async (userId: string, admin = false) => {
    const key = `${userId}:${admin}`;
    if (!tokens.has(key)) {
      const claims = { sub: userId, email: `${userId}@example.com`, ...(admin ? { 'cognito:groups': ['admin'] } : {}) };
      tokens.set(key, await state.app!.get(AccessTokens).sign(claims));
    }
    return tokens.get(key)!;
  };

  const call = async (
    method: string,
    path: string,
    opts: { body?: unknown; as?: string; admin?: boolean } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.as) headers.authorization = `Bearer ${await token(opts.as, opts.admin)}`;
    const res = await fetch(`${state.base}/api${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (media)
    }
    return { status: res.status, body };
  };

  const api = {
    get: (path: string, as?: string) => call('GET', path, { as }),
    post: (path: string, body: unknown, as?: string) => call('POST', path, { body, as }),
    admin: (method: string, path: string, body?: unknown) => call(method, path, { body, as: 'admin-1', admin: true }),
    raw: (path: string, init?: RequestInit) => fetch(`${state.base}/api${path}`, init),
    /** A page of the web app (not an API call): `page('/classes/a/b')`. */
    page: (path: string, init?: RequestInit) => fetch(`${state.base}${path}`, init),
    get app() {
      return state.app!;
    },
    get dbUrl() {
      return state.db!.url;
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
