/* Triad's service worker: the whole game cached on the first visit, so it plays offline.
 *
 * On the first visit it downloads nothing the page fetches itself: it keeps what passes
 * through it, and fetches the rest once the page says the player is idle.
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
// What this worker keeps when it passes through: the build's files, lazy or not.
const KEEP = new Set([...FILES.map((file) => new URL(file, self.registration.scope).href), ...LAZY]);
const PREFIX = `triad:${self.registration.scope}:`;
const CACHE = PREFIX + BUILD;

// Fetch into the cache every file of the build it does not hold yet. "no-cache" revalidates
// with the server: a file the page has just fetched comes back as a 304 from the HTTP
// cache, not a second download. The page's address is stored under both its names.
function fill(cache) {
  const fetchInto = (file) =>
    fetch(new Request(file, { cache: "no-cache" })).then((response) => {
      if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
      if (file !== "./") return cache.put(file, response);
      return Promise.all([cache.put(file, response.clone()), cache.put("./index.html", response)]);
    });
  return cache.keys().then((held) => {
    const have = new Set(held.map((request) => request.url));
    const todo = FILES.filter((file) => !have.has(new URL(file, self.registration.scope).href));
    return Promise.all(
      todo.map((file) => {
        if (file !== "./index.html") return fetchInto(file);
        if (todo.includes("./")) return null; // stored with "./"
        return cache.match("./").then((page) => (page ? cache.put(file, page) : fetchInto(file)));
      })
    );
  });
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => {
      // An update: the new build takes over only once every file of it is cached, so a
      // page never mixes files of two versions.
      if (keys.some((k) => k.startsWith(PREFIX) && k !== CACHE)) return caches.open(CACHE).then(fill);
      // A first visit: nothing is fetched twice. This worker takes the page over at once,
      // keeps what the page and its workers fetch through it, and fetches the rest when the
      // page says the player is idle (the message "fill").
      return self.skipWaiting();
    })
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
  if (event.data === "fill") event.waitUntil(caches.open(CACHE).then(fill));
});

// Pyodide's wasm as the engine's workers keep it unpacked (engine-worker.js), in a cache of
// their own, named by its hash: answered from there when a worker asks. Chromium then keeps
// the code it compiles from that answer beside it, and a later boot starts from that code
// instead of compiling again; it keeps none for a response a worker reads from the cache
// itself. (Measured, a warm reload of the game: 1.3 CPU-s less and up 0.6 s sooner.)
const WASM_CACHE = "triad-wasm:" + self.registration.scope;
const isKeptWasm = (url) => url.search && url.pathname.endsWith("/runtime/pyodide/pyodide.asm.wasm");

self.addEventListener("fetch", (event) => {
  if (syncMessage(event)) return;
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (isKeptWasm(url)) {
    event.respondWith(
      caches
        .open(WASM_CACHE)
        .then((cache) => cache.match(request))
        .then((kept) => kept || fetch(request))
    );
    return;
  }
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then((hit) => {
        if (hit) return hit;
        const file = url.origin + url.pathname;
        if (!KEEP.has(file) || request.headers.has("range")) return fetch(request);
        return fetch(request).then((response) => {
          if (response.status === 200) event.waitUntil(cache.put(file, response.clone()));
          return response;
        });
      })
    )
  );
});
