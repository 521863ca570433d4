// Run a Python script under Pyodide (the engine worker's runtime) in Node.
//
//   node bench/pyodide_runner.mjs SCRIPT.py [ARG ...]
//   node bench/pyodide_runner.mjs -c "python code" [ARG ...]
//
// The repository is mounted read-write at /repo (with mountNodeFS) and put
// first on sys.path, the working directory is /repo, sys.argv is
// [SCRIPT, ARG...]. Extra directories can be mounted with
// PYODIDE_MOUNTS="/host/dir:/mount/point,..." and added to sys.path with
// PYODIDE_PATH="/mount/point,..." (e.g. pure-Python wheels for pytest).
// stdout/stderr pass through; the exit status is the script's (SystemExit
// code, 1 for an uncaught exception, 0 otherwise).
//
//   node bench/pyodide_runner.mjs --snapshot FILE
//
// writes FILE, a memory snapshot of Pyodide as it has just started (nothing
// run, nothing mounted); with PYODIDE_SNAPSHOT=FILE a run restores it instead
// of starting Python from nothing, for a fifth of the CPU (the tests share one:
// tests/runtimes.py).
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import { writeAll } from "./write_all.mjs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const args = process.argv.slice(2);
if (args[0] === "--snapshot" && args.length === 2) {
  const pyodide = await loadPyodide({ _makeSnapshot: true });
  writeFileSync(args[1], pyodide.makeMemorySnapshot());
  process.exit(0);
}
if (args.length === 0) {
  process.stderr.write("usage: node bench/pyodide_runner.mjs SCRIPT.py|-c CODE [ARG ...]\n");
  process.exit(2);
}
let code;
let scriptName;
if (args[0] === "-c") {
  code = args[1];
  scriptName = "-c";
  args.splice(0, 2);
} else {
  const path = resolve(args[0]);
  code = readFileSync(path, "utf8");
  const rel = relative(repo, path);
  scriptName = rel.startsWith("..") ? path : "/repo/" + rel;
  args.splice(0, 1);
}

const snapshot = process.env.PYODIDE_SNAPSHOT;
const pyodide = await loadPyodide({
  stdout: (line) => writeAll(1, line + "\n"),
  stderr: (line) => writeAll(2, line + "\n"),
  ...(snapshot ? { _loadSnapshot: new Uint8Array(readFileSync(snapshot)) } : {}),
});
pyodide.FS.mkdirTree("/repo");
pyodide.mountNodeFS("/repo", repo);
const extraPath = [];
for (const spec of (process.env.PYODIDE_MOUNTS || "").split(",").filter(Boolean)) {
  const [host, point] = spec.split(":");
  pyodide.FS.mkdirTree(point);
  pyodide.mountNodeFS(point, resolve(host));
}
for (const p of (process.env.PYODIDE_PATH || "").split(",").filter(Boolean)) extraPath.push(p);

pyodide.globals.set("_runner_argv", pyodide.toPy([scriptName, ...args]));
pyodide.globals.set("_runner_path", pyodide.toPy(extraPath));
pyodide.globals.set("_runner_code", code);
const status = await pyodide.runPythonAsync(`
import os, sys, traceback
sys.argv = list(_runner_argv)
for _p in reversed(list(_runner_path)):
    sys.path.insert(0, _p)
sys.path.insert(0, "/repo")
os.chdir("/repo")
_status = 0
try:
    exec(compile(_runner_code, sys.argv[0], "exec"), {"__name__": "__main__", "__file__": sys.argv[0]})
except SystemExit as _exit:
    _code = _exit.code
    _status = _code if isinstance(_code, int) else (0 if _code is None else 1)
    if _code is not None and not isinstance(_code, int):
        print(_code, file=sys.stderr)
except BaseException:
    traceback.print_exc()
    _status = 1
sys.stdout.flush()
sys.stderr.flush()
_status
`);
process.exit(status);
