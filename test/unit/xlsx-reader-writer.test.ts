import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { bufferSource, type ByteSource, XlsxReader } from "#app/lib/sheets/xlsx-reader";
import { xlsxStream } from "#app/lib/sheets/xlsx-writer";
import { fixtureBytes, piecewise, US_FIXTURE } from "../helpers/spreadsheets";

/** The file handed over on request, 64 kB at a time, counting the bytes the reader pulled. */
function counting(bytes: Uint8Array): ByteSource & { pulled: () => number } {
  let pulled = 0;
  return {
    ...bufferSource(bytes),
    pulled: () => pulled,
    stream: async (offset, length) => {
      let at = offset;
      const end = offset + length;
      return new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (at >= end) return controller.close();
            const piece = bytes.slice(at, Math.min(end, at + 65536));
            at += piece.length;
            pulled += piece.length;
            controller.enqueue(piece);
          },
        },
        { highWaterMark: 0 },
      );
    },
  };
}

describe("the streaming xlsx reader", () => {
  // Ranges and batches of the fixture handed over in pieces down to 7 bytes: test/slow/xlsx-reader-pieces.test.ts.
  it("counts the rows the reader returns below the header, whatever the pieces: rows without a cell value are not counted", async () => {
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([["name"], ["a"], [], [null], ["b"], [""], [3]]);
    XLSX.utils.book_append_sheet(book, sheet, "Sheet1");
    const bytes = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
    for (const piece of [3, 7, 65536]) {
      const reader = await XlsxReader.open(piecewise(bytes, piece));
      const { rows } = await reader.readRows({ from: 2, to: 100 });
      // Row 6 holds an empty text cell: a value, so a row (the importer then reports it as lacking a name).
      expect(rows.map((r) => r.rowNumber)).toEqual([2, 5, 6, 7]);
      expect(await reader.countDataRows(1)).toBe(4);
      expect(await reader.countDataRows(5)).toBe(2);
    }
  });

  it("finds shared strings behind its cursor: a string first used in a column that is not read, or long ago", async () => {
    // Strings are numbered by first use; "Shared" first appears in column C (not read) of row 2, and
    // row 9 then uses it in column A: the reader must step back for it.
    const rows: unknown[][] = [["name", "x", "note"]];
    for (let i = 0; i < 10; i++) rows.push([i === 8 ? "Shared" : `Name ${i}`, i, i === 1 ? "Shared" : `Note ${i}`]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
    const bytes = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", bookSST: true }) as ArrayBuffer);
    const reader = await XlsxReader.open(bufferSource(bytes));
    const names = [];
    for await (const batch of reader.batches({ from: 2, size: 2, columns: [0] })) names.push(...batch.rows.map((r) => r.cells[0]));
    expect(names).toEqual(["Name 0", "Name 1", "Name 2", "Name 3", "Name 4", "Name 5", "Name 6", "Name 7", "Shared", "Name 9"]);
  });

  it("keeps only the asked-for columns and reports whether the sheet ended", async () => {
    const reader = await XlsxReader.open(bufferSource(fixtureBytes(US_FIXTURE)));
    const { rows, reachedEnd } = await reader.readRows({ from: 2, to: 3, columns: [1] });
    expect(rows.map((r) => r.cells)).toEqual([
      [null, "RESTORE Hair Transplant & Restoration"],
      [null, expect.any(String)],
    ]);
    expect(reachedEnd).toBe(false);
    expect((await reader.readRows({ from: 179, to: 500 })).reachedEnd).toBe(true);
    expect(await reader.countDataRows(1)).toBe(179);
  });

  it("reads a header pulling only the start of a large file, and still reads every row to the end", async () => {
    // Text that does not compress away, so the sheet spans many pieces of the file.
    const rows: unknown[][] = [["name", "note"]];
    for (let i = 0; i < 12000; i++)
      rows.push([`Business ${i}`, `${Math.imul(i + 1, 2654435761).toString(36)} ${(i * 7919).toString(16)} ${i}`]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
    const bytes = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
    const source = counting(bytes);
    const reader = await XlsxReader.open(source);
    const before = source.pulled();
    const { rows: head } = await reader.readRows({ from: 1, to: 1 });
    expect(head.map((r) => r.cells)).toEqual([["name", "note"]]);
    expect(bytes.length).toBeGreaterThan(4 * 65536);
    expect(source.pulled() - before).toBeLessThanOrEqual(2 * 65536);
    expect(await reader.countDataRows(1)).toBe(12000);
    const last = [];
    for await (const batch of reader.batches({ from: 2, size: 5000 })) last.push(batch.rows.at(-1)?.cells);
    expect(last.at(-1)).toEqual(["Business 11999", rows[12000][1]]);
  });
});

describe("the streaming xlsx writer", () => {
  it("writes typed cells the reader gets back unchanged", async () => {
    async function* rows() {
      yield ["=1+1", 4.5, true, "07652", 'Tiệm Café & <Co> "q"'];
      yield [null, 0, false, "", "line\nbreak"];
    }
    const stream = xlsxStream({ sheetName: "Businesses", columns: ["a", "b", "c", "d", "e"], rows: rows() });
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    const reader = await XlsxReader.open(bufferSource(bytes));
    const { rows: back } = await reader.readRows({ from: 1, to: 10 });
    expect(back.map((r) => r.cells)).toEqual([
      ["a", "b", "c", "d", "e"],
      ["=1+1", 4.5, true, "07652", 'Tiệm Café & <Co> "q"'],
      [null, 0, false, null, "line\nbreak"],
    ]);
  });
});
