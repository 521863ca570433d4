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
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
import "./runtime/sync-message/sync-message.js"; // sets self.syncMessage

const post = (message) => self.postMessage(message);
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
  channel = new Promise((resolve) => {
    self.addEventListener("message", function first(event) {
      if (event.data && event.data.type === "channel") {
        self.removeEventListener("message", first);
        resolve(event.data);
      }
    });
  });
}

// Pyodide's memory with the engine already imported, made when the game is built
// (tools/pyodide_snapshot.mjs): restoring it is many times faster than starting Python.
const SNAPSHOT = "./runtime/pyodide/engine-snapshot.bin.gz";
const PYODIDE = new URL("./runtime/pyodide/", import.meta.url).href;

// Pyodide's large files are shipped gzipped (NAME.gz, build.py's GZIPPED) whatever the
// host does with compression, and unpacked here as they stream in (every browser the
// game runs in has DecompressionStream); the wasm still compiles as it streams.
const GZIPPED = ["pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json"];
const TYPES = { wasm: "application/wasm", mjs: "text/javascript", json: "application/json" };
// The bytes of what a boot downloads, by file (build.py writes them in): the progress
// shown while the engine loads is the bytes come of their total.
const SIZES = {}/* {{SIZES}} */;
const loaded = {};
const planned = new Set(Object.keys(SIZES).filter((name) => name !== "engine-snapshot.bin.gz"));

function report() {
  let total = 0;
  let got = 0;
  for (const name of planned) {
    total += SIZES[name];
    got += Math.min(loaded[name] || 0, SIZES[name]);
  }
  if (!total) return;
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
  });
  return new Response(response.body.pipeThrough(counter), { status: response.status, headers: response.headers });
}

// A gzipped body unpacked; one the host has already unpacked (a host that serves NAME.gz
// with "Content-Encoding: gzip", as some do) passed on as it is.
async function gunzipped(body) {
  const reader = body.getReader();
  const first = await reader.read();
  const rest = new ReadableStream({
    start(controller) {
      if (!first.done) controller.enqueue(first.value);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const head = first.value || new Uint8Array(0);
  const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  return gzip ? rest.pipeThrough(new DecompressionStream("gzip")) : rest;
}

async function fetchFile(name) {
  const url = PYODIDE + name;
  if (!GZIPPED.includes(name) || typeof DecompressionStream !== "function") {
    return counted(name, await nativeFetch(url));
  }
  const response = counted(name + ".gz", await nativeFetch(url + ".gz"));
  if (!response.ok) throw new Error(`${name}.gz: HTTP ${response.status}`);
  const body = await gunzipped(response.body);
  return new Response(body, { headers: { "Content-Type": TYPES[name.split(".").pop()] } });
}

// Pyodide fetches its wasm and lock file with fetch(): those of its folder come from here.
const nativeFetch = self.fetch.bind(self);
self.fetch = (resource, init) => {
  const url = String(resource instanceof Request ? resource.url : resource);
  if (url.startsWith(PYODIDE) && !(init && (init.method || init.integrity))) {
    return fetchFile(url.slice(PYODIDE.length));
  }
  return nativeFetch(resource, init);
};

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

async function readSnapshot() {
  const response = await fetchFile("engine-snapshot.bin.gz");
  if (!response.ok || !response.body) throw new Error(`the snapshot: HTTP ${response.status}`);
  return new Uint8Array(await new Response(await gunzipped(response.body)).arrayBuffer());
}

// Pyodide's module script, from its gzipped copy (an import cannot go through fetch).
async function pyodideModule() {
  const text = await (await fetchFile("pyodide.asm.mjs")).text();
  const url = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
  try {
    return (await import(url)).default;
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function startPython(useSnapshot) {
  const options = {
    indexURL: PYODIDE,
    createPyodideModule: await pyodideModule(),
    packages: [],
    stdout: (text) => post({ type: "output", stream: "stdout", text }),
    stderr: (text) => post({ type: "output", stream: "stderr", text }),
  };
  // The snapshot when the cache holds it (a visit after the first). Fetched on a first
  // visit, even on a fast line, it held the engine back (bench_network at 50 Mbit/s:
  // engine up at 11-15 s against 7.8 s without it, and the table waited for it).
  if (useSnapshot && (await snapshotCached())) {
    planned.add("engine-snapshot.bin.gz");
    try {
      // A promise: Pyodide's wasm downloads meanwhile.
      return await loadPyodide({ ...options, _loadSnapshot: readSnapshot() });
    } catch (error) {
      planned.delete("engine-snapshot.bin.gz");
      post({ type: "output", stream: "stderr", text: `snapshot not used: ${error}` });
    }
  }
  return loadPyodide(options);
}

async function boot() {
  progress(0.05, "Starting Python");
  const engineZip = fetch(new URL("./engine.zip", import.meta.url)).then((r) => {
    if (!r.ok) throw new Error(`engine.zip: HTTP ${r.status}`);
    return counted("engine.zip", r).arrayBuffer();
  });
  // Made without stack switching (JSPI), the snapshot serves every module but a bot's that
  // waits for its input by suspending: that one starts Python from nothing.
  const jspiBot = MODULE === "triad.worker.botrunner" && !BLOCKING;
  const snapshot = !jspiBot && "engine-snapshot.bin.gz" in SIZES && typeof DecompressionStream === "function";
  const pyodide = await startPython(snapshot);
  progress(0.85, "Loading the engine");
  pyodide.unpackArchive(await engineZip, "zip", { extractDir: "/home/pyodide" });
  if (!/^triad(\.\w+)+$/.test(MODULE)) throw new Error(`not a module of the game: ${MODULE}`);
  api = pyodide.pyimport(MODULE);
  post({ type: "ready" });
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
    let value = fn(...args);
    if (value && typeof value.then === "function") value = await value;
    post({ type: "result", id, value: toPlain(value) });
  } catch (error) {
    post({ type: "result", id, error: String(error && error.message ? error.message : error) });
  }
});
