/* Triad's service worker: the whole game cached on the first visit, so it plays offline.
 *
 * build.py writes the build id (a hash of every file) and the list of files into
 * this script. Each build has a cache of its own, filled completely before the
 * build takes over, and the old build's cache is deleted once the new one is
 * active: a page never mixes files of two versions. Caches are named after the
 * worker's scope too, as game hosts serve many games from one origin.
 */
// sync-message (npm, vendored): feeds a bot's input to its worker through a synchronous
// request this worker holds until the page writes the input (see boot.js).
importScripts("./runtime/sync-message/sync-message.js");
const syncMessage = self.syncMessage.serviceWorkerFetchListener();

const BUILD = "{{BUILD}}";
const FILES = [/* {{FILES}} */];
// Files of this build cached when first fetched instead (the whole icon set).
const LAZY = [/* {{LAZY}} */].map((file) => new URL(file, self.registration.scope).href);
const PREFIX = `triad:${self.registration.scope}:`;
const CACHE = PREFIX + BUILD;

self.addEventListener("install", (event) => {
  // "no-cache" revalidates with the server: fresh files, without downloading again
  // what the first visit has just fetched.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })))
    )
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  if (syncMessage(event)) return;
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then((hit) => {
        if (hit) return hit;
        const url = request.url.split(/[?#]/)[0];
        if (!LAZY.includes(url)) return fetch(request);
        return fetch(request).then((response) => {
          if (response.ok) cache.put(url, response.clone());
          return response;
        });
      })
    )
  );
});
