/**
 * Raw deflate data inflated as the reader asks for it: one compressed piece is written to the
 * decompressor only when no output is waiting. workerd's `pipeThrough(new DecompressionStream())`
 * inflates an R2 body far ahead of a reader that pauses — measured +170 to +280 MB of resident
 * memory while a reader of a 419 MB part waited 4 s, against +0 to +37 MB this way — and a Worker
 * has 128 MB. The price is a round of promises per piece (docs/decisions/0009-hostile-spreadsheets.md).
 */
export function inflateOnDemand(raw: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const inflater = new DecompressionStream("deflate-raw");
  const input = raw.getReader();
  const writer = inflater.writable.getWriter();
  const output = (inflater.readable as ReadableStream<Uint8Array>).getReader();
  let reading: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  let writing: Promise<void> | null = null;
  let inputDone = false;
  const feed = async () => {
    const next = await input.read();
    if (next.done) {
      inputDone = true;
      await writer.close();
    } else await writer.write(next.value as Uint8Array<ArrayBuffer>);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (!reading) {
          reading = output.read();
          // Observed here so a failure met while the other promise settles first is not "unhandled";
          // it still reaches the reader through the await below.
          reading.catch(() => {});
        }
        if (!writing && !inputDone) {
          writing = feed();
          writing.catch(() => {});
        }
        const read = reading;
        // Output first if it comes; a finished write only means the next piece may go in.
        const settled = writing ? await Promise.race([read.then(() => "read" as const), writing.then(() => "written" as const)]) : "read";
        if (settled === "written") {
          writing = null;
          continue;
        }
        reading = null;
        const { done, value } = await read;
        if (done) controller.close();
        else controller.enqueue(value);
        return;
      }
    },
    async cancel(reason) {
      // Not awaited: an abort waits for a write in flight, which waits for output no one will read.
      input.cancel(reason).catch(() => {});
      writer.abort(reason).catch(() => {});
      output.releaseLock();
    },
  });
}
