// A gzipped body unpacked as it streams in (DecompressionStream); one the host has already
// unpacked (a host that serves NAME.gz with "Content-Encoding: gzip", as some do) passed
// on as it is. build.py writes this function into boot.js and engine-worker.js.
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
