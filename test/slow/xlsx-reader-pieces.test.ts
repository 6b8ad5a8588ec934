/**
 * The streaming xlsx reader against a whole read of the same file, with the file handed over in pieces
 * down to 7 bytes (every row straddles seams): any range, and batches from any row to the end. In the
 * slow suite (`npm run test:slow`): thousands of 7-byte pieces a read make these the slowest of the
 * reader's tests; the others are test/unit/xlsx-reader-writer.test.ts.
 */
import { describe, expect, it } from "vitest";
import { bufferSource, XlsxReader } from "#app/lib/sheets/xlsx-reader";
import { fixtureBytes, piecewise, US_FIXTURE } from "../helpers/spreadsheets";

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
      expect(await reader.countDataRows(1)).toBe(whole.length - 1);
    }
  });

  it("reads batches from any row to the end in one pass: the same rows as a whole read, the last batch marked", async () => {
    const bytes = fixtureBytes(US_FIXTURE);
    const whole = (await (await XlsxReader.open(bufferSource(bytes))).readRows({ from: 1, to: 1_000_000 })).rows;
    for (const piece of [7, 65536]) {
      const reader = await XlsxReader.open(piecewise(bytes, piece));
      for (const [from, size] of [
        [2, 1],
        [2, 50],
        [17, 7],
        [100, 200],
        [180, 3],
      ]) {
        const batches = [];
        for await (const batch of reader.batches({ from, size })) batches.push(batch);
        expect(batches.flatMap((b) => b.rows)).toEqual(whole.filter((r) => r.rowNumber >= from));
        expect(batches.map((b) => b.rows.length)).toEqual(batches.map((_, i) => Math.min(size, whole.length - (from - 1) - i * size)));
        expect(batches.map((b) => b.last)).toEqual(batches.map((_, i) => i === batches.length - 1));
      }
    }
  });
});
