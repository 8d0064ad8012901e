/*
 * The member app's service worker (/apps/{storefrontSlug}/{appSlug}/app): the app opens offline with
 * what was loaded last. Pages and the member's data are fetched from the network first and kept; when
 * the network is down, the kept copy answers. Hashed assets and lesson media already opened are kept
 * and served from the cache. Actions made offline are queued by the page itself (localStorage), not here.
 */
const CACHE = 'sparkhouse-member-app-v1';
const MEMBER_PAGE = /^\/apps\/[^/]+\/[^/]+\/app\/?$/;
const MEMBER_DATA = /^\/api\/apps\/(member\/[^/]+\/[^/]+\/(home|manifest\.webmanifest|checkIns)|getAppBySlug\/)/;
const MEDIA = /^\/api\/media\//;
/** The page's own files outside the hashed assets (their names do not change: fetched fresh when online). */
const SHELL = /^\/(theme-init\.js|favicon\.svg)$/;

self.addEventListener('install', () => self.skipWaiting());

/**
 * What a first visit loaded before this worker controlled the page (the page itself, its scripts and
 * styles), kept when the page asks (`{ type: 'keep', page, urls }`), so a reload offline still opens.
 * Answers on the message's port when kept.
 */
async function keep(page, urls) {
  const cache = await caches.open(CACHE);
  if (typeof page === 'string' && MEMBER_PAGE.test(page)) {
    const key = new Request(page);
    if (!(await cache.match(key))) {
      const response = await fetch(page, { headers: { accept: 'text/html' }, credentials: 'same-origin' }).catch(() => null);
      if (response && response.ok) await cache.put(key, response);
    }
  }
  const assets = (Array.isArray(urls) ? urls : [])
    .map((u) => new URL(u, self.location.origin))
    .filter((u) => u.origin === self.location.origin && (u.pathname.startsWith('/assets/') || SHELL.test(u.pathname)));
  await Promise.all(
    assets.map(async (u) => {
      const key = new Request(u.href);
      if (await cache.match(key)) return;
      const response = await fetch(key).catch(() => null);
      if (response && response.status === 200) await cache.put(key, response);
    }),
  );
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep') return;
  const port = event.ports && event.ports[0];
  event.waitUntil(
    keep(data.page, data.urls).then(
      () => port && port.postMessage({ kept: true }),
      () => port && port.postMessage({ kept: false }),
    ),
  );
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key ?? request, response.clone());
    return response;
  } catch (err) {
    const kept = await cache.match(key ?? request);
    if (kept) return kept;
    throw err;
  }
}

async function cacheFirst(request, options) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, options);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.status === 200) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (MEMBER_PAGE.test(url.pathname)) event.respondWith(networkFirst(request, new Request(url.pathname)));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (SHELL.test(url.pathname)) {
    event.respondWith(networkFirst(request, new Request(url.pathname)));
    return;
  }
  if (MEMBER_DATA.test(url.pathname)) {
    // the same data whoever's token asked: the key is the address (one member per device profile)
    event.respondWith(networkFirst(request));
    return;
  }
  // lessons already opened: signed URLs change, the file does not (kept by its path)
  if (MEDIA.test(url.pathname) && !request.headers.has('range')) event.respondWith(cacheFirst(request, { ignoreSearch: true }));
});
