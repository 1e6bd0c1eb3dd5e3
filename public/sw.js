/* Parlor service worker: precache the whole built site, serve it cache-first, offline.
 *
 * PRECACHE is written by scripts/build_site.py: {version, files}. version is a hash of every
 * file's content, so any change to the site gives a new sw.js, which the browser installs:
 *  - install: fetch every file (bypassing the HTTP cache) into "parlor-<version>", then
 *    skipWaiting() so the new worker takes over as soon as it is complete;
 *  - activate: delete every other "parlor-*" cache, then claim open pages;
 *  - fetch: same-origin GETs are answered from the cache, else from the network.
 *    Cross-origin requests are never touched (and the app makes none).
 * An open page keeps running the files it already loaded; the next load runs the new version.
 */
"use strict";

const PRECACHE = /*__PARLOR_PRECACHE__*/null;
const VERSION = PRECACHE ? PRECACHE.version : "dev";
const CACHE = `parlor-${VERSION}`;
const SCOPE = self.registration.scope;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    if (PRECACHE) {
      const cache = await caches.open(CACHE);
      await cache.addAll(PRECACHE.files.map((f) => new Request(new URL(f, SCOPE), { cache: "reload" })));
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("parlor-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function fromCacheOrNetwork(request) {
  const cache = await caches.open(CACHE);
  let hit = await cache.match(request, { ignoreSearch: true });
  if (!hit && request.mode === "navigate") hit = await cache.match(new URL("./", SCOPE));
  if (hit) return hit;
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  if (new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fromCacheOrNetwork(request));
});
