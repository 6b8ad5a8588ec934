import { describe, expect, it } from "vitest";
import { bufferSource, type ByteSource, XlsxReader } from "~/lib/xlsx-reader";
import { xlsxStream } from "~/lib/xlsx-writer";
import { fixtureBytes, US_FIXTURE } from "../helpers/spreadsheets";

/** The file handed over in small pieces, so rows straddle the pieces' seams. */
function piecewise(bytes: Uint8Array, piece: number): ByteSource {
  return {
    ...bufferSource(bytes),
    stream: async (offset, length) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = offset; at < offset + length; at += piece) controller.enqueue(bytes.slice(at, Math.min(offset + length, at + piece)));
          controller.close();
        },
      }),
  };
}

describe("the streaming xlsx reader", () => {
  it("returns the same rows for any range as a whole read, however the bytes arrive", async () => {
    const bytes = fixtureBytes(US_FIXTURE);
    const whole = (await (await XlsxReader.open(bufferSource(bytes))).readRows({ from: 1, to: 1_000_000 })).rows;
    expect(whole).toHaveLength(180);
    for (const piece of [7, 1000, 65536]) {
      const reader = await XlsxReader.open(piecewise(bytes, piece));
      for (const from of [2, 17, 99, 178, 180]) {
        const { rows } = await reader.readRows({ from, to: from + 3 });
        expect(rows).toEqual(whole.filter((r) => r.rowNumber >= from && r.rowNumber <= from + 3));
      }
    }
  });

  it("keeps only the asked-for columns and reports whether the sheet ended", async () => {
    const reader = await XlsxReader.open(bufferSource(fixtureBytes(US_FIXTURE)));
    const { rows, reachedEnd } = await reader.readRows({ from: 2, to: 3, columns: [1] });
    expect(rows.map((r) => r.cells)).toEqual([[null, "RESTORE Hair Transplant & Restoration"], [null, expect.any(String)]]);
    expect(reachedEnd).toBe(false);
    expect((await reader.readRows({ from: 179, to: 500 })).reachedEnd).toBe(true);
    expect(await reader.countDataRows(1)).toBe(179);
  });
});

describe("the streaming xlsx writer", () => {
  it("writes typed cells the reader gets back unchanged", async () => {
    async function* rows() {
      yield ["=1+1", 4.5, true, "07652", "Tiệm Café & <Co> \"q\""];
      yield [null, 0, false, "", "line\nbreak"];
    }
    const stream = xlsxStream({ sheetName: "Businesses", columns: ["a", "b", "c", "d", "e"], rows: rows() });
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    const reader = await XlsxReader.open(bufferSource(bytes));
    const { rows: back } = await reader.readRows({ from: 1, to: 10 });
    expect(back.map((r) => r.cells)).toEqual([
      ["a", "b", "c", "d", "e"],
      ["=1+1", 4.5, true, "07652", "Tiệm Café & <Co> \"q\""],
      [null, 0, false, null, "line\nbreak"],
    ]);
  });
});
