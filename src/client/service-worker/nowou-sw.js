/**
 * Nowou's service worker (docs/product/nowou.md#nowou-offline): after one visit, /nowou (and
 * /productivity) open with no network. The build writes it to /nowou-sw.js with the list of files
 * Nowou's page needs (scripts/nowou-offline.ts); Nowou registers it, nothing else does.
 *
 * What it answers, and nothing more: a navigation to /nowou or /productivity (the network first,
 * the saved app shell when there is none), and the files on its list (saved copies; their names
 * change with their content). Everything else, every /api/ call included, goes to the network
 * untouched, as if there were no worker. A new version waits until the page asks it to take over
 * (the person chose Reload), so code never changes under someone using the app.
 */

/** Written by the build: the version (a hash of the list) and the files to keep. */
const OFFLINE = { version: 'dev', files: [] };

const CACHE_PREFIX = 'nowou-offline-';
const CACHE = `${CACHE_PREFIX}${OFFLINE.version}`;
/** The page's own address: the server answers it with the app shell (index.html). */
const SHELL = '/nowou';
const APP_PATHS = /^\/(nowou|productivity)\/?$/i;
/** A navigation that gets no answer this fast is treated as offline. */
const NETWORK_TIMEOUT_MS = 4000;
const KEPT = new Set(OFFLINE.files);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([SHELL, ...OFFLINE.files])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      // The page that installed the first version works offline from its next reload on.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'nowou-sw:take-over') void self.skipWaiting();
});

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function appShell(request) {
  try {
    // The saved shell stays the one this version's files belong to; a newer one comes with the
    // next version of the worker. A server that answers with an error is shown as it answers.
    return await withTimeout(fetch(request), NETWORK_TIMEOUT_MS);
  } catch (error) {
    const saved = await caches.match(SHELL, { cacheName: CACHE });
    if (saved) return saved;
    throw error;
  }
}

async function keptFile(request, pathname) {
  const saved = await caches.match(pathname, { cacheName: CACHE });
  return saved ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (APP_PATHS.test(url.pathname)) event.respondWith(appShell(request));
    return;
  }
  if (KEPT.has(url.pathname)) event.respondWith(keptFile(request, url.pathname));
});
