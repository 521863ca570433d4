// Write a memory snapshot of Pyodide with the engine already imported, gzipped.
//
//   node tools/pyodide_snapshot.mjs <pyodide dir> <engine.zip> <out.gz>
//
// The engine worker restores it instead of starting Python from nothing (about
// ten times faster); it does exactly what the worker does before its first
// call: unpack engine.zip into /home/pyodide and import the engine's module.
// The file system is not part of the snapshot, so the worker unpacks
// engine.zip again after restoring it.
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const [pyodideDir, engineZip, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({
  indexURL: `${pyodideDir}/`,
  packages: [],
  _makeSnapshot: true,
  env: { PYTHONHASHSEED: "0" },
});
pyodide.unpackArchive(new Uint8Array(readFileSync(engineZip)), "zip", {
  extractDir: "/home/pyodide",
});
pyodide.pyimport("triad.worker.engine");
// Triangle Catch's referee and a bot's runner (without JSPI) restore the same snapshot.
pyodide.pyimport("triad.worker.referee");
pyodide.pyimport("triad.worker.botrunner");
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, gzipSync(snapshot, { level: 9 }));
console.log(`${snapshot.length} bytes, ${out}`);
