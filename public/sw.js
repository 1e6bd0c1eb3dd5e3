/* Parlor service worker: precache the whole built site, serve it cache-first, offline.
 *
 * PRECACHE is written by scripts/build_site.py: {version, files, hashes}. version is a hash of
 * every file's content, so any change to the site gives a new sw.js, which the browser installs:
 *  - install: fill "parlor-<version>" with every file: copied from an older version's cache when
 *    that version had the same content (its hashes are kept in the cache, under RECORD), else
 *    fetched bypassing the HTTP cache; then skipWaiting() so the new worker takes over as soon as
 *    it is complete. An update downloads only the files that changed;
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

const RECORD = new URL("precache-record.json", SCOPE);  // a version's hashes, in its own cache

// file -> an older version's cache that holds the same content for it
async function unchangedFiles() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith("parlor-") || name === CACHE) continue;
    const cache = await caches.open(name);
    const record = await cache.match(RECORD);
    if (!record) continue;
    for (const [file, hash] of Object.entries((await record.json()).hashes)) {
      if (PRECACHE.hashes[file] === hash && !found.has(file)) found.set(file, cache);
    }
  }
  return found;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    if (PRECACHE) {
      const cache = await caches.open(CACHE);
      const unchanged = await unchangedFiles();
      await Promise.all(PRECACHE.files.map(async (file) => {
        const url = new URL(file, SCOPE);
        const copy = unchanged.has(file) && await unchanged.get(file).match(url);
        await (copy ? cache.put(url, copy) : cache.add(new Request(url, { cache: "reload" })));
      }));
      await cache.put(RECORD, new Response(JSON.stringify({ hashes: PRECACHE.hashes })));
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
