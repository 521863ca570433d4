/* Triad's engine worker: Pyodide running the rules engine and the CPU, off the main thread.
 *
 * The page calls functions of a Python module by name: triad.worker.engine for
 * window.triadEngine, or the module named by the worker's name for other
 * workers (window.triadStartWorker in boot.js). What Python prints, and what
 * the module posts itself as {type: "output", stream, text}, reaches the page
 * as it is written (the window event "triad-worker-output"). A call whose result is a
 * coroutine is awaited, so a long search can yield between slices and let
 * later calls in. Plain Pyodide, not a PyScript worker: it needs no storage,
 * so it also starts in iframes where the browser denies storage.
 */
// Imported as the worker runs, not before: its first downloads begin meanwhile.
const pyodideLoader = import("./runtime/pyodide/pyodide.mjs");

const post = (message) => self.postMessage(message);
// Stamps of the boot and of each call, for bench_network's --trace (performance marks).
const mark = (name) => performance.mark(`triad:${name}`);
const progress = (fraction, message) => post({ type: "progress", progress: fraction, message });

// The module comes in the worker's name: a service worker answers this script from its
// cache, so the script's own URL cannot be trusted to keep a query string.
// "MODULE blocking" is a worker whose module serves the page's calls itself, reading each
// with a blocking call (a bot's program waits for its input that way where JSPI is missing).
const [MODULE, MODE] = (self.name || "triad.worker.engine").split(" ");
const BLOCKING = MODE === "blocking";
let api = null;

// The channel the page writes a blocking worker's calls to (sync-message, vendored).
let channel = null;
if (BLOCKING) {
  const message = new Promise((resolve) => {
    self.addEventListener("message", function first(event) {
      if (event.data && event.data.type === "channel") {
        self.removeEventListener("message", first);
        resolve(event.data);
      }
    });
  });
  // sync-message.js sets self.syncMessage.
  channel = Promise.all([message, import("./runtime/sync-message/sync-message.js")]).then(([data]) => data);
}

// Pyodide's memory with the engine already imported, made when the game is built
// (tools/pyodide_snapshot.mjs): restoring it is many times faster than starting Python.
const SNAPSHOT = "./runtime/pyodide/engine-snapshot.bin.gz";
const PYODIDE = new URL("./runtime/pyodide/", import.meta.url).href;

// What the boot downloads is shipped xz-compressed (NAME.xz, build.py's PACKED and
// PACKED_ZIPS) whatever the host does with compression: 1.3 MB less than gzipped. It is
// unpacked here as it streams in, and the wasm still compiles as it streams.
const PACKED = ["pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json", "python_stdlib_engine.zip", "engine.zip"];
const TYPES = { wasm: "application/wasm", mjs: "text/javascript", json: "application/json", zip: "application/zip" };
// The bytes of what a boot downloads, by file (build.py writes them in): the progress
// shown while the engine loads is the bytes come of their total.
const SIZES = {}/* {{SIZES}} */;
const loaded = {};
// Python's standard library: the engine's own (the files the workers' imports read, a
// tenth of the whole: build.py) when Python starts from nothing, the rest fetched if ever
// imported (triad/worker/stdlib.py); the whole one under the snapshot, which was made
// with it (visits after the first, from the cache), and for a bot written by the player.
const OWN_STDLIB = "python_stdlib_engine.zip";
const WHOLE_STDLIB = "python_stdlib.zip";
const WHOLE_MODULES = []/* {{WHOLE_MODULES}} */; // its top-level modules and packages
// The name a file is downloaded under.
const shipped = (name) => (PACKED.includes(name) ? name + ".xz" : name);
const planned = new Set(Object.keys(SIZES).filter((name) => name !== "engine-snapshot.bin.gz" && name !== shipped(OWN_STDLIB)));

// At most one report every REPORT_MS, and the last: the page redraws for each, and a fast
// line brings hundreds of chunks a second (bench_network at 50 Mbit/s: the page drew the
// progress for 15 s, the table and the engine's boot waiting behind it).
const REPORT_MS = 200;
let reported = -REPORT_MS;

function report() {
  let total = 0;
  let got = 0;
  for (const name of planned) {
    total += SIZES[name];
    got += Math.min(loaded[name] || 0, SIZES[name]);
  }
  if (!total) return;
  const now = performance.now();
  if (got < total && now - reported < REPORT_MS) return;
  reported = now;
  post({ type: "progress", progress: 0.05 + 0.8 * Math.min(1, got / total), message: "Downloading", loaded: got, total });
}

// A response whose body counts its bytes into the progress as they come.
function counted(name, response) {
  if (!response.body || !(name in SIZES)) return response;
  loaded[name] = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      loaded[name] += chunk.byteLength;
      report();
      controller.enqueue(chunk);
    },
    flush() {
      mark(`got ${name}`);
    },
  });
  return new Response(response.body.pipeThrough(counter), { status: response.status, headers: response.headers });
}

/* {{GUNZIP}} */

// xz-decompress (npm, vendored: build.py writes its script in place of the comment). Its
// script defines the module for a CommonJS loader, given here.
const { XzReadableStream } = (() => {
  const module = { exports: {} };
  const exports = module.exports; // eslint-disable-line no-unused-vars
  const require = () => ({}); // eslint-disable-line no-unused-vars
  /* {{XZ}} */
  return module.exports;
})();

// A body unpacked as it streams in, if it is xz (one a host unpacked already is passed on).
async function unxz(body) {
  const { head, stream } = await peeked(body);
  const xz = head.length >= 4 && head[0] === 0xfd && head[1] === 0x37 && head[2] === 0x7a && head[3] === 0x58;
  return xz ? new XzReadableStream(stream) : stream;
}

// A file of the game at `url` (named `name` in SIZES, PACKED), unpacked.
async function fetchUnpacked(url, name) {
  if (!PACKED.includes(name)) return counted(name, await nativeFetch(url));
  const response = counted(name + ".xz", await nativeFetch(url + ".xz"));
  if (!response.ok) throw new Error(`${name}.xz: HTTP ${response.status}`);
  const body = await unxz(response.body);
  return new Response(body, { headers: { "Content-Type": TYPES[name.split(".").pop()] } });
}

function fetchFile(name) {
  return fetchUnpacked(PYODIDE + name, name);
}

// Pyodide fetches its wasm, lock file and standard library with fetch(): those of its
// folder come from here. Every one is asked for as the worker starts, not once Pyodide's
// module script has come and run (a round trip and 260 KB later on a slow line): the wasm
// is compiled as it streams in, the others read whole.
const nativeFetch = self.fetch.bind(self);
const early = {};
self.fetch = (resource, init) => {
  const url = String(resource instanceof Request ? resource.url : resource);
  if (url.startsWith(PYODIDE) && !(init && (init.method || init.integrity))) {
    const name = url.slice(PYODIDE.length);
    if (name in early) {
      const got = early[name];
      delete early[name];
      return got;
    }
    return fetchFile(name);
  }
  return nativeFetch(resource, init);
};

// Pyodide instantiates its wasm from the response it fetched; the one asked for early is
// already compiling, and stands for it.
const compiled = new WeakMap();
const nativeInstantiate = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  const module = compiled.get(response);
  if (!module) return nativeInstantiate(response, imports);
  const instance = await WebAssembly.instantiate(await module, imports);
  mark("wasm instantiated");
  return { module: await module, instance };
};

// Pyodide's wasm as unpacked by an earlier boot, kept in a cache of its own: a visit after
// the first compiles it from there instead of unpacking its 9 MB from xz again (measured in
// Chromium: 0.4 s of CPU and about 0.6 s sooner up, each worker's each boot). The wasm is
// named by its own hash (build.py), one kept for the game's address: a version with
// another wasm replaces it. Without Cache Storage (an iframe denied storage) nothing is kept.
const WASM_ID = "/* {{WASM_ID}} */";
const WASM_CACHE = "triad-wasm:" + new URL("./", import.meta.url).href;
const WASM_KEPT = PYODIDE + "pyodide.asm.wasm?" + WASM_ID;

// A cache of the engine worker's own (the wasm's, the snapshot's), or null without Cache
// Storage (storage denied).
async function ownCache(name) {
  try {
    return self.caches ? await caches.open(name) : null;
  } catch {
    return null;
  }
}

// Keep `response` under `key` as the one entry of `cache`, the others dropped once it is
// stored; not kept (quota, a failed download), the next boot unpacks it again.
function keepAlone(cache, key, response) {
  cache
    .put(key, response)
    .then(() => cache.keys())
    .then((keys) => Promise.all(keys.filter((k) => k.url !== key).map((k) => cache.delete(k))))
    .catch(() => {});
}

// The wasm from the network, unpacked, kept for the next boot as it compiles.
async function fetchWasmKeeping(cache) {
  const response = await fetchFile("pyodide.asm.wasm");
  if (!cache || !response.ok || !response.body) return response;
  const [compile, keep] = response.body.tee();
  keepAlone(cache, WASM_KEPT, new Response(keep, { headers: response.headers }));
  return new Response(compile, { headers: response.headers });
}

// The kept copy as the service worker answers it, if one controls this worker: Chromium keeps
// the code it compiles from such an answer for the next boot (sw.js). Without one (a reload
// that bypassed it) the copy read from the cache: the request is not let out to the network.
async function throughServiceWorker(kept) {
  try {
    const answer = await nativeFetch(WASM_KEPT, { cache: "only-if-cached", mode: "same-origin" });
    if (answer.ok) return answer;
  } catch {
    // (no service worker answered)
  }
  return kept;
}

// Pyodide's wasm compiled: from the kept copy if there is a good one, else from the network.
async function compileWasm() {
  const cache = await ownCache(WASM_CACHE);
  const kept = cache && (await cache.match(WASM_KEPT).catch(() => null));
  if (kept) {
    planned.delete(shipped("pyodide.asm.wasm")); // (nothing of it to download)
    try {
      const module = await WebAssembly.compileStreaming(await throughServiceWorker(kept));
      mark("wasm kept");
      return module;
    } catch (error) {
      await cache.delete(WASM_KEPT).catch(() => {});
      planned.add(shipped("pyodide.asm.wasm"));
      post({ type: "output", stream: "stderr", text: `the kept wasm was not used: ${error}` });
    }
  }
  return WebAssembly.compileStreaming(fetchWasmKeeping(cache));
}

function fetchEarly(names) {
  for (const name of names) {
    if (name === "pyodide.asm.wasm" && typeof WebAssembly.compileStreaming === "function") {
      const stand = new Response(null);
      const module = compileWasm();
      module.then(() => mark("wasm compiled"), () => {});
      compiled.set(stand, module);
      early[name] = Promise.resolve(stand);
    } else {
      early[name] = fetchFile(name).then(async (r) => new Response(await r.arrayBuffer(), r));
    }
    early[name].catch(() => {});
  }
}

// Whether the service worker's cache holds the snapshot: a first visit
// starts Python from nothing rather than download it (half the engine's bytes); the
// service worker fetches it later, for the next visits.
async function snapshotCached() {
  try {
    return !!(self.caches && (await caches.match(new URL(SNAPSHOT, import.meta.url).href)));
  } catch {
    return false;
  }
}

// The snapshot as an earlier boot unpacked it, kept in a cache of its own under the
// build's snapshot id: a visit after the first reads it instead of inflating its gzip
// again (measured in Chromium: 31 MB read in about 55 ms against 220 ms of inflating, on
// the worker's thread, each worker's each boot). One is kept for the game's address; a
// build with another snapshot replaces it. Without Cache Storage nothing is kept.
const SNAPSHOT_ID = "/* {{SNAPSHOT_ID}} */";
const SNAPSHOT_BYTES = Number("/* {{SNAPSHOT_BYTES}} */");
const SNAPSHOT_CACHE = "triad-snapshot:" + new URL("./", import.meta.url).href;
const SNAPSHOT_KEPT = PYODIDE + "engine-snapshot.bin?" + SNAPSHOT_ID;
// How this boot started Python (posted with "ready": the page's worker handle keeps it as
// `started`): "kept" (the snapshot kept unpacked), "snapshot" (unpacked from its gzip
// now) or "fresh".
let started = "fresh";

async function readSnapshot() {
  const cache = await ownCache(SNAPSHOT_CACHE);
  const kept = cache && (await cache.match(SNAPSHOT_KEPT).catch(() => null));
  if (kept) {
    const bytes = await kept.arrayBuffer().catch(() => null);
    if (bytes && bytes.byteLength === SNAPSHOT_BYTES) {
      planned.delete("engine-snapshot.bin.gz"); // (nothing of it to download)
      started = "kept";
      return new Uint8Array(bytes);
    }
    await cache.delete(SNAPSHOT_KEPT).catch(() => {}); // (spoilt: unpacked again below)
  }
  const response = await fetchFile("engine-snapshot.bin.gz");
  if (!response.ok || !response.body) throw new Error(`the snapshot: HTTP ${response.status}`);
  const bytes = new Uint8Array(await new Response(await gunzipped(response.body)).arrayBuffer());
  // (a Response copies the bytes it is made from: Python may take these meanwhile)
  if (cache && bytes.length === SNAPSHOT_BYTES) keepAlone(cache, SNAPSHOT_KEPT, new Response(bytes));
  started = "snapshot";
  return bytes;
}

// Pyodide's module script, from its gzipped copy (an import cannot go through fetch).
async function pyodideModule() {
  const text = await (await fetchFile("pyodide.asm.mjs")).text();
  const url = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
  try {
    mark("imported pyodide.asm.mjs");
    return (await import(url)).default;
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function startPython(useSnapshot) {
  // The snapshot when the cache holds it (a visit after the first). Fetched on a first
  // visit, even on a fast line, it held the engine back (bench_network at 50 Mbit/s:
  // engine up at 11-15 s against 7.8 s without it, and the table waited for it).
  const restore = useSnapshot && (await snapshotCached());
  const own = !restore && shipped(OWN_STDLIB) in SIZES && MODULE !== "triad.worker.botrunner";
  if (restore) planned.add("engine-snapshot.bin.gz");
  if (own) {
    planned.delete(WHOLE_STDLIB);
    planned.add(shipped(OWN_STDLIB));
  }
  fetchEarly(["pyodide.asm.wasm", own ? OWN_STDLIB : WHOLE_STDLIB, "pyodide-lock.json"]);
  const options = {
    indexURL: PYODIDE,
    createPyodideModule: await pyodideModule(),
    packages: [],
    stdout: (text) => post({ type: "output", stream: "stdout", text }),
    stderr: (text) => post({ type: "output", stream: "stderr", text }),
  };
  if (restore) {
    try {
      // A promise: Pyodide's wasm downloads meanwhile.
      return { pyodide: await (await pyodideLoader).loadPyodide({ ...options, _loadSnapshot: readSnapshot() }), own };
    } catch (error) {
      const cache = started === "kept" && (await ownCache(SNAPSHOT_CACHE));
      if (cache) await cache.delete(SNAPSHOT_KEPT).catch(() => {}); // (the next boot unpacks it)
      started = "fresh";
      planned.delete("engine-snapshot.bin.gz");
      post({ type: "output", stream: "stderr", text: `snapshot not used: ${error}` });
    }
  }
  if (own) options.stdLibURL = PYODIDE + OWN_STDLIB;
  return { pyodide: await (await pyodideLoader).loadPyodide(options), own };
}

async function boot() {
  mark("boot");
  progress(0.05, "Starting Python");
  const engineZip = fetchUnpacked(new URL("./engine.zip", import.meta.url).href, "engine.zip").then((r) => {
    if (!r.ok) throw new Error(`engine.zip: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  // Made without stack switching (JSPI), the snapshot serves every module but a bot's that
  // waits for its input by suspending: that one starts Python from nothing.
  const jspiBot = MODULE === "triad.worker.botrunner" && !BLOCKING;
  const snapshot = !jspiBot && "engine-snapshot.bin.gz" in SIZES && typeof DecompressionStream === "function";
  const { pyodide, own } = await startPython(snapshot);
  mark("python started");
  progress(0.85, "Loading the engine");
  pyodide.unpackArchive(await engineZip, "zip", { extractDir: "/home/pyodide" });
  if (own) pyodide.pyimport("triad.worker.stdlib").install(PYODIDE + WHOLE_STDLIB, WHOLE_MODULES);
  if (!/^triad(\.\w+)+$/.test(MODULE)) throw new Error(`not a module of the game: ${MODULE}`);
  api = pyodide.pyimport(MODULE);
  mark("engine imported");
  post({ type: "ready", started });
  if (BLOCKING) serveBlocking(await channel);
}

// From here on the module answers the page's calls itself: `serve(read, reply)` reads each
// call ({id, name, args} as JSON text) with `read()`, which blocks, and answers with
// `reply(id, value)`. It never returns; the page ends the worker.
function serveBlocking({ channel: ch, key }) {
  let read = 0;
  const next = () => JSON.stringify(self.syncMessage.readMessage(ch, `${key}:${read++}`));
  const reply = (id, value) => post({ type: "result", id, value: toPlain(value) });
  setTimeout(() => api.serve(next, reply), 0);
}

const booted = boot().catch((error) => {
  post({ type: "failed", message: String(error && error.message ? error.message : error) });
  throw error;
});

function toPlain(value) {
  if (value && typeof value === "object" && typeof value.toJs === "function") {
    const plain = value.toJs({ dict_converter: Object.fromEntries });
    value.destroy();
    return plain;
  }
  return value;
}

self.addEventListener("message", async (event) => {
  const { id, name, args } = event.data;
  try {
    await booted;
    if (typeof name !== "string" || name.startsWith("_")) throw new Error(`no engine function ${name}`);
    // A module that lists its exports (triad.api.Exports) is called by those names only.
    if (typeof api.exported === "function" && !api.exported(name)) throw new Error(`no engine function ${name}`);
    const fn = api[name];
    if (typeof fn !== "function") throw new Error(`no engine function ${name}`);
    mark(`call ${name}`);
    let value = fn(...args);
    if (value && typeof value.then === "function") value = await value;
    mark(`done ${name}`);
    post({ type: "result", id, value: toPlain(value) });
  } catch (error) {
    post({ type: "result", id, error: String(error && error.message ? error.message : error) });
  }
});
