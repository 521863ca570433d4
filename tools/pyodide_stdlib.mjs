// Write the engine's own standard library: the modules of Pyodide's python_stdlib.zip the
// game's workers import, compiled.
//
//   node tools/pyodide_stdlib.mjs <pyodide dir> <engine.zip> <out.zip> MODULE...
//
// Boots Pyodide as the engine worker does, unpacks engine.zip, imports the workers'
// modules and every MODULE (the standard modules the triad package imports anywhere,
// listed by build.py), and writes each standard module those imports loaded into
// out.zip, compiled (an unchecked .pyc, with no source): a first visit downloads it
// instead of the whole library, and Python starts in half the time, compiling nothing
// of its own library. triad/worker/stdlib.py fetches the whole library if a module
// outside it is ever imported.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, engineZip, out, ...modules] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, packages: [] });
pyodide.unpackArchive(new Uint8Array(readFileSync(engineZip)), "zip", {
  extractDir: "/home/pyodide",
});
pyodide.globals.set("wanted", pyodide.toPy(modules));
const zipped = pyodide.runPython(`
import importlib, importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

for name in ["triad.worker.engine", "triad.worker.referee", "triad.worker.stdlib", *wanted]:
    try:
        importlib.import_module(name)
    except Exception as error:  # a module Pyodide cannot import: not one the workers use
        print(f"{name}: {error!r}", file=sys.stderr)
library = next(p for p in sys.path if p.endswith(".zip"))
used = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(library + "/") and origin.endswith(".py"):
        used.add(origin[len(library) + 1 :])
out = io.BytesIO()
with zipfile.ZipFile(library) as whole, zipfile.ZipFile(out, "w") as own:
    for name in sorted(used):
        source = whole.read(name)
        # Without docstrings or asserts (python -OO), but Pyodide's own modules, which
        # read docstrings: 1.2 MB against 1.4.
        optimize = 0 if name.startswith(("pyodide/", "_pyodide/")) else 2
        code = compile(source, f"{library}/{name}", "exec", dont_inherit=True, optimize=optimize)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), False)
        info = zipfile.ZipInfo(name.removesuffix(".py") + ".pyc", (2020, 1, 1, 0, 0, 0))
        own.writestr(info, bytes(pyc), zipfile.ZIP_DEFLATED, 9)
out.getvalue()
`).toJs();
writeFileSync(out, zipped);
console.log(`${zipped.length} bytes, ${out}`);
