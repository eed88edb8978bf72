/**
 * SwapMarket's service worker (hand-written: no build step, nothing from a CDN). What it keeps,
 * and why that is safe (docs/security.md, "Offline cache"):
 *  - the app shell: index.html (the same file for every visitor and every page) and the hashed
 *    /assets it loads, plus the icons, favicon and manifest;
 *  - the public, viewer-independent API answers in PUBLIC_API (categories, site config).
 * It never keeps any other /api response: listings, offers, messages, the signed-in member and
 * everything else personal go to the network only, so nothing of one account can be shown to
 * another. The client deletes these caches at sign-out all the same.
 * Pages: network first; offline, the cached shell opens and the client shows "You are offline".
 * Push: shows the notification the server sent (encrypted end to end) and opens its page on click.
 */
const VERSION = 'v1';
const SHELL_CACHE = `swapmarket-shell-${VERSION}`;
const PUBLIC_CACHE = `swapmarket-public-${VERSION}`;
const CACHES = [SHELL_CACHE, PUBLIC_CACHE];
/** GET answers identical for every viewer; nothing else under /api is ever cached. */
const PUBLIC_API = new Set(['/api/categories', '/api/config']);
/** Hashed asset files kept at most (older builds' files are dropped first). */
const MAX_ASSETS = 150;

/** The files index.html refers to: its scripts, styles, icons and manifest. */
function shellFiles(html) {
  const files = new Set(['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png']);
  for (const match of html.matchAll(/(?:src|href)="(\/[^"]+)"/g)) {
    if (!match[1].startsWith('//')) files.add(match[1]);
  }
  return [...files];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      const response = await fetch('/', { cache: 'no-cache', credentials: 'omit' });
      if (!response.ok) throw new Error(`The app shell answered ${response.status}`);
      await cache.put('/', response.clone());
      await cache.addAll(shellFiles(await response.text()));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('swapmarket-') && !CACHES.includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function trimAssets(cache) {
  const keys = (await cache.keys()).filter((request) =>
    new URL(request.url).pathname.startsWith('/assets/'),
  );
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) {
    await cache.delete(request);
  }
}

/** Pages: the network's index.html (kept as the shell), else the kept one. */
async function page(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') ?? '';
    // An item page's HTML carries that listing's data (server/plugins/client-app.ts): it is not
    // the shell every page may open offline.
    const shell = !new URL(request.url).pathname.startsWith('/item/');
    if (shell && response.ok && type.startsWith('text/html'))
      await cache.put('/', response.clone());
    return response;
  } catch (error) {
    const shell = await cache.match('/');
    if (shell) return shell;
    throw error;
  }
}

/** Hashed assets never change: the kept copy, else the network's (then kept). */
async function asset(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trimAssets(cache);
  }
  return response;
}

/** A kept answer, marked so the page knows the server was not reached (lib/connectivity.ts). */
function fromCache(response) {
  const headers = new Headers(response.headers);
  headers.set('x-served-from', 'offline-cache');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Public API answers and other static files: the network's (kept), else the kept copy. */
async function networkFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    const control = response.headers.get('cache-control') ?? '';
    if (response.ok && !/no-store|private/.test(control))
      await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return fromCache(kept);
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    // Only the public allow-list, and only without a query string; the rest is never touched.
    if (PUBLIC_API.has(url.pathname) && url.search === '') {
      event.respondWith(networkFirst(request, PUBLIC_CACHE));
    }
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
    return;
  }
  // manifest.<locale>.webmanifest: another language's (server/plugins/web-manifest.ts).
  if (
    /^\/(icons\/[\w.-]+\.png|favicon\.svg|manifest(\.[\w-]+)?\.webmanifest)$/.test(url.pathname)
  ) {
    event.respondWith(networkFirst(request, SHELL_CACHE));
  }
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && /^\/(?!\/)/.test(data.url) ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'SwapMarket', {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data?.url ?? '/';
  event.waitUntil(
    (async () => {
      const target = new URL(path, self.location.origin).href;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
