// Drive triad.worker.botrunner under Pyodide in Node the way the page does.
//
//   node --experimental-wasm-stack-switching bench/botrunner_driver.mjs SPEC.json
//
// SPEC: {"code": program, "turns": [protocol text, ...]} hands the program those
// turns one by one; {"code": program, "match": {"seed", "bot", "limit_ms"}} plays a
// whole match against a built-in bot through the page's worker functions. Each call
// is raced against a timer ("timeout_ms", default 2000) as the page does (tests and
// benchmarks give a long one: a loaded machine can stall any call). Prints one
// JSON object: {"start": reply, "turns": [reply or "timeout", ...], "result": ...}.
// PYODIDE_SNAPSHOT=FILE restores Pyodide from a snapshot made under the same Node
// flags (bench/pyodide_runner.mjs --snapshot) instead of starting it from nothing
// (the page restores one for a bot without stack switching; a bot that suspends
// on input starts from nothing there).
import { loadPyodide } from "pyodide";
import { readFileSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));
const timeoutMs = spec.timeout_ms || 2000;

const snapshot = process.env.PYODIDE_SNAPSHOT;
const pyodide = await loadPyodide(snapshot ? { _loadSnapshot: new Uint8Array(readFileSync(snapshot)) } : {});
pyodide.FS.mkdirTree("/repo");
pyodide.mountNodeFS("/repo", repo);
pyodide.runPython("import sys; sys.path.insert(0, '/repo')");
const runner = pyodide.pyimport("triad.worker.botrunner");

function race(promise) {
  return Promise.race([promise, new Promise((done) => setTimeout(() => done("timeout"), timeoutMs))]);
}

const out = { start: null, turns: [], result: null };
const started = await race(runner.start(spec.code));
out.start = started === "timeout" ? started : JSON.parse(started);
if (out.start !== "timeout" && out.start.ok) {
  if (spec.turns) {
    for (const text of spec.turns) {
      const reply = await race(runner.turn(text));
      out.turns.push(reply === "timeout" ? reply : JSON.parse(reply));
      if (reply === "timeout") break;
    }
  } else {
    const worker = pyodide.pyimport("triad.worker.referee");
    const m = spec.match;
    let view = JSON.parse(worker.new_game(JSON.stringify({ slot: "duel", seed: m.seed, bot: m.bot })));
    let text = view.view.input;
    for (;;) {
      const reply = await race(runner.turn(text));
      if (reply === "timeout") { out.turns.push("timeout"); break; }
      const answer = JSON.parse(reply);
      out.turns.push({ ok: answer.ok, ms: answer.ms, error: answer.error });
      if (!answer.ok) break;
      const turn = JSON.parse(worker.play(JSON.stringify({ slot: "duel", line: answer.line })));
      if (turn.over) { out.result = turn.result; break; }
      text = turn.input;
    }
  }
}
writeSync(1, JSON.stringify(out) + "\n");
process.exit(0);
