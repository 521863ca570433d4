// Output for the Node runners (micropython_runner.mjs, pyodide_runner.mjs).
import { writeSync } from "node:fs";

// Write all of ``text`` synchronously (process.exit() would cut an asynchronous
// write to a pipe); a non-blocking pipe that is full answers EAGAIN: retry.
export function writeAll(fd, text) {
  const buffer = Buffer.from(text);
  let offset = 0;
  while (offset < buffer.length) {
    try {
      offset += writeSync(fd, buffer, offset);
    } catch (err) {
      if (err.code !== "EAGAIN") throw err;
    }
  }
}
