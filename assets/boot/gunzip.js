// A body's first chunk, and the whole body again as a stream: what it is packed with is
// told by its first bytes.
async function peeked(body) {
  const reader = body.getReader();
  const first = await reader.read();
  const stream = new ReadableStream({
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
  return { head: first.value || new Uint8Array(0), stream };
}

// A gzipped body unpacked as it streams in (DecompressionStream); one the host has already
// unpacked (a host that serves NAME.gz with "Content-Encoding: gzip", as some do) passed
// on as it is. build.py writes these functions into boot.js and engine-worker.js.
async function gunzipped(body) {
  const { head, stream } = await peeked(body);
  const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  return gzip ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
}
