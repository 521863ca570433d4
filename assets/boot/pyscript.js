// PyScript as the pages load it: build.py bundles this module, PyScript's core.js and the
// chunks core.js loads into one (esbuild), and boot.js imports it.
//
// MicroPython's files get the page's Python files before the page's code runs (PyScript's
// onReady hook): boot.js has unpacked them, and sets `self.triadOnReady` before the import.
// The hook is added as this module runs, before PyScript can have found the page's script.
import { hooks } from "@pyscript/core";

export * from "@pyscript/core";

hooks.main.onReady.add((wrap, element) => {
  if (typeof self.triadOnReady === "function") self.triadOnReady(wrap, element);
});
