// Run a Python script under MicroPython (the page's main-thread runtime) in Node.
//
//   node bench/micropython_runner.mjs SCRIPT.py [REPO_FILE ...]
//
// The repo files the page's main thread gets (triad/__init__.py, triad/api.py, triad/prng.py, triad/parts.py,
// triad/deal.py, triad/pageview.py, triad/ruleinfo.py, triad/data/*.json, triad/ui/lang/*/*.json) are copied into MicroPython's file system
// under /lib (on sys.path), plus any extra repo-relative files named after the
// script (PAGE_BUNDLE: the page's files as built, below). A script whose tasks run on
// sets `pending = True` until they are done.
// The script's output goes to stdout; a Python exception prints its
// message on stderr and exits with status 1.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readFileSync, readdirSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { writeAll } from "./write_all.mjs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const [script, ...extra] = process.argv.slice(2);
if (!script) {
  process.stderr.write("usage: node bench/micropython_runner.mjs SCRIPT.py [REPO_FILE ...]\n");
  process.exit(2);
}

const files = ["triad/__init__.py", "triad/api.py", "triad/prng.py", "triad/parts.py", "triad/deal.py", "triad/pageview.py", "triad/ruleinfo.py"];
for (const name of readdirSync(join(repo, "triad/data"))) {
  if (name.endsWith(".json")) files.push("triad/data/" + name);
}
for (const code of readdirSync(join(repo, "triad/ui/lang"))) {
  for (const name of readdirSync(join(repo, "triad/ui/lang", code))) {
    if (name.endsWith(".json")) files.push("triad/ui/lang/" + code + "/" + name);
  }
}
files.push(...extra);
// PAGE_BUNDLE=dist/page.json.gz: the page's files as the build ships them instead (its
// modules compiled, NAME.mpy in base64, written as boot.js writes them); the repo's
// files above only where the bundle has none of that module.
const bundled = {};
if (process.env.PAGE_BUNDLE) {
  const packed = JSON.parse(gunzipSync(readFileSync(resolve(process.env.PAGE_BUNDLE))).toString());
  for (const [path, text] of Object.entries(packed)) {
    bundled[path] = path.endsWith(".mpy") ? Buffer.from(text, "base64") : text;
  }
}
const shipped = (rel) => rel in bundled || rel.replace(/\.py$/, ".mpy") in bundled;

let out = "";
const mp = await loadMicroPython({
  stdout: (line) => { out += line + "\n"; },
  stderr: (line) => { writeAll(2, line + "\n"); },
});
const made = new Set();
try { mp.FS.mkdir("/lib"); } catch (e) { /* exists */ }
for (const rel of [...files.filter((rel) => !shipped(rel)), ...Object.keys(bundled)]) {
  const parts = rel.split("/");
  let path = "/lib";
  for (const part of parts.slice(0, -1)) {
    path += "/" + part;
    if (!made.has(path)) {
      try { mp.FS.mkdir(path); } catch (e) { /* exists */ }
      made.add(path);
    }
  }
  mp.FS.writeFile("/lib/" + rel, rel in bundled ? bundled[rel] : readFileSync(join(repo, rel)));
}
let status = 0;
try {
  mp.runPython(readFileSync(resolve(script), "utf8"));
} catch (err) {
  writeAll(2, String(err && err.message ? err.message : err) + "\n");
  status = 1;
}
// A script with tasks of asyncio sets `pending = True` and clears it once they are done:
// the event loop of MicroPython's asyncio runs on JavaScript's, so it is given time here.
for (let i = 0; status === 0 && i < 500 && mp.globals.get("pending"); i++) {
  await new Promise((resolve) => setTimeout(resolve, 10));
}
writeAll(1, out);
process.exit(status);
