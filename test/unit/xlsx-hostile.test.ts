/**
 * The reader against files an attacker would send (ADR 0009): each is either read correctly or
 * refused with a SpreadsheetError naming the problem — never a RangeError, a hang or an allocation
 * that grows with the file. Files are generated here (test/helpers/hostile-xlsx.ts), not committed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bufferSource, type ByteSource, SHEET_LIMITS, SpreadsheetError, XlsxReader } from "#app/lib/sheets/xlsx-reader";
import { HEADER, hostileFile, type HostileKind, validWorkbook, workbookWithSheet } from "../helpers/hostile-xlsx";
import { fixtureBytes, VN_FIXTURE } from "../helpers/spreadsheets";

/** The file as the Worker reads an upload: by range, counting the compressed bytes handed out. */
function countingSource(bytes: Uint8Array): ByteSource & { handedOut: () => number } {
  const source = bufferSource(bytes);
  let handedOut = 0;
  return {
    ...source,
    handedOut: () => handedOut,
    read: async (offset, length) => {
      const slice = await source.read(offset, length);
      handedOut += slice.length;
      return slice;
    },
    stream: async (offset, length) => {
      handedOut += Math.max(0, Math.min(length, bytes.length - offset));
      return source.stream(offset, length);
    },
  };
}

type Outcome = { ok: true; rows: number; dataRows: number } | { ok: false; message: string };

/** Everything an import does with a file: open, header, the validation pass, then every batch. */
async function readAsImport(bytes: Uint8Array): Promise<Outcome> {
  try {
    const reader = await XlsxReader.open(bufferSource(bytes));
    const { rows } = await reader.readRows({ from: 1, to: 10 });
    const header = rows[0]?.rowNumber ?? 1;
    const dataRows = await reader.countDataRows(header);
    let read = 0;
    for await (const batch of reader.batches({ from: header + 1, size: 50 })) {
      for (const row of batch.rows) {
        expect(row.cells.length).toBeLessThanOrEqual(SHEET_LIMITS.columns);
        for (const cell of row.cells) if (typeof cell === "string") expect(cell.length).toBeLessThanOrEqual(SHEET_LIMITS.cellChars);
      }
      read += batch.rows.length;
    }
    return { ok: true, rows: read, dataRows };
  } catch (error) {
    // Anything but a SpreadsheetError (RangeError, TypeError…) would be a 500: let it fail the test.
    if (!(error instanceof SpreadsheetError)) throw error;
    expect(error.message.length).toBeGreaterThan(10);
    return { ok: false, message: error.message };
  }
}

async function refusal(bytes: Uint8Array): Promise<string> {
  const outcome = await readAsImport(bytes);
  if (outcome.ok) throw new Error(`the file was read (${outcome.rows} rows), not refused`);
  return outcome.message;
}

const encoder = new TextEncoder();
const sheetOf = (body: string) =>
  workbookWithSheet(
    encoder.encode(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`,
    ),
  );
const headerRow = `<row r="1">${HEADER.map((h, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${h}</t></is></c>`).join("")}</row>`;

describe("hostile files as zip bombs (a 64 MB part in a file of a few kB)", () => {
  const bombs: Array<[HostileKind, RegExp]> = [
    ["unclosed-text", /sheet1\.xml would decompress to 64\.0 MB, more than 100 times its compressed size/],
    ["huge-header-cell", /sheet1\.xml would decompress to 64\.0 MB, more than 100 times its compressed size/],
    ["row-tag-unclosed", /sheet1\.xml would decompress to 64\.0 MB, more than 100 times its compressed size/],
    ["huge-shared-string", /sharedStrings\.xml would decompress to 64\.0 MB, more than 100 times its compressed size/],
    ["spaces-after-header", /sheet1\.xml would decompress to 64\.0 MB, more than 100 times its compressed size/],
    ["lying-size", /decompresses to more than the 4,096 bytes its zip directory declares/],
  ];
  for (const [kind, message] of bombs) {
    it(`refuses ${kind} before inflating more than its declared size`, async () => {
      const bytes = await hostileFile(kind, 64 << 20);
      expect(bytes.length).toBeLessThan(200_000);
      const source = countingSource(bytes);
      await expect(
        (async () => {
          const reader = await XlsxReader.open(source);
          const { rows } = await reader.readRows({ from: 1, to: 10 });
          await reader.countDataRows(rows[0]?.rowNumber ?? 1);
        })(),
      ).rejects.toThrow(message);
      // Never read more of the file than it has (the old reader re-read a growing buffer).
      expect(source.handedOut()).toBeLessThanOrEqual(bytes.length * 2);
    });
  }

  it("refuses a header cell at ZZZZZZ1 (the old reader padded a row to that column and died)", async () => {
    const bytes = await hostileFile("far-column");
    expect(bytes.length).toBeLessThan(4_000);
    expect(await refusal(bytes)).toBe("Row 1 has a cell at ZZZZZZ1 beyond column XFD, Excel's last (16,384 columns).");
  });
});

describe("the same files made barely compressible, so each meets its own ceiling", () => {
  const size = 3 << 20; // past the 2 MB row ceiling, under the 100x ratio
  it("a data row whose <t> never closes: refused at the row ceiling", async () => {
    expect(await refusal(await hostileFile("unclosed-text", size, "random"))).toBe(
      "Row 2 holds more than 2.0 MB of XML; a real spreadsheet row is a few kB.",
    );
  });

  it("a header cell of 3 MB: refused at the row ceiling", async () => {
    expect(await refusal(await hostileFile("huge-header-cell", size, "random"))).toBe(
      "Row 1 holds more than 2.0 MB of XML; a real spreadsheet row is a few kB.",
    );
  });

  it("a <row with no >: refused at the tag ceiling", async () => {
    expect(await refusal(await hostileFile("row-tag-unclosed", size, "random"))).toBe(
      "A <row> tag runs on for more than 8,192 characters.",
    );
  });

  it("a 3 MB shared string: refused at the shared-string ceiling", async () => {
    expect(await refusal(await hostileFile("huge-shared-string", size, "random"))).toBe(
      "A <si> element holds more than 262,144 characters.",
    );
  });

  it("a valid header, then megabytes of white space: read to the end, no data rows", async () => {
    expect(await readAsImport(await hostileFile("spaces-after-header", size, "random"))).toEqual({ ok: true, rows: 0, dataRows: 0 });
  });
});

describe("Excel's own limits", () => {
  it("refuses a cell of 32,768 characters and reads one of 32,767", async () => {
    const cell = (n: number) =>
      `<row r="2"><c r="A2" t="inlineStr"><is><t>${"x".repeat(n)}</t></is></c><c r="L2" t="inlineStr"><is><t>p1</t></is></c></row>`;
    expect(await readAsImport(await sheetOf(headerRow + cell(32_767)))).toEqual({ ok: true, rows: 1, dataRows: 1 });
    expect(await refusal(await sheetOf(headerRow + cell(32_768)))).toBe(
      "Row 2, column A holds 32,768 characters; a cell can hold at most 32,767 (Excel's limit).",
    );
  });

  it("refuses a shared string longer than a cell may be", async () => {
    const bytes = await workbookWithSheet(
      encoder.encode(`<worksheet><sheetData>${headerRow}<row r="2"><c r="A2" t="s"><v>0</v></c></row></sheetData></worksheet>`),
      encoder.encode(`<sst><si><t>${"y".repeat(40_000)}</t></si></sst>`),
    );
    expect(await refusal(bytes)).toBe("Shared string 0 holds more than 32,767 characters, the most a cell can hold (Excel's limit).");
  });

  it("reads column XFD and refuses XFE", async () => {
    const at = (ref: string) =>
      `${headerRow}<row r="2"><c r="A2" t="inlineStr"><is><t>a</t></is></c><c r="${ref}" t="inlineStr"><is><t>${"z".repeat(33_000)}</t></is></c></row>`;
    // The long cell makes validation read the row whole: the only rows that can break a limit.
    expect(await refusal(await sheetOf(at("XFD2")))).toMatch(/^Row 2, column XFD holds 33,000 characters/);
    expect(await refusal(await sheetOf(at("XFE2")))).toBe("Row 2 has a cell at XFE2 beyond column XFD, Excel's last (16,384 columns).");
  });

  it("refuses a row beyond 1,048,576", async () => {
    expect(await refusal(await sheetOf(`${headerRow}<row r="1048577"><c r="A1048577"><v>1</v></c></row>`))).toBe(
      "Row 1,048,577 is beyond Excel's last row (1,048,576).",
    );
  });

  it("reads a character reference past Unicode as U+FFFD instead of failing", async () => {
    const outcome = await readAsImport(
      await sheetOf(`${headerRow}<row r="2"><c r="A2" t="inlineStr"><is><t>a&#x110000;b&#99999999;</t></is></c></row>`),
    );
    expect(outcome).toEqual({ ok: true, rows: 1, dataRows: 1 });
  });
});

/** Fragments an attacker (or a broken writer) might leave in sheet XML. */
const FRAGMENTS = [
  "<row",
  "<row>",
  '<row r="99999999">',
  "</row>",
  "<c",
  '<c r="ZZZZZZ9">',
  '<c r="A0">',
  '<c r="">',
  '<c t="s">',
  "<v>",
  "</v>",
  "<v>4294967296</v>",
  "<v>-1</v>",
  "</c>",
  "<t>",
  "</t>",
  "<is>",
  "</is>",
  "<rPh>",
  "</rPh>",
  "&#x110000;",
  "&#0;",
  "&amp",
  "_x0000_",
  '"',
  "'",
  ">",
  "<",
  "/>",
  "<a><a><a><a><a><a><a><a>",
  "\u0000",
  "\uD800",
];

const mutation = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    text: fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 6 }).map((p) => p.join("")),
  }),
  fc.record({
    kind: fc.constant("repeat" as const),
    at: fc.nat(),
    text: fc.constantFrom(...FRAGMENTS),
    times: fc.integer({ min: 100, max: 20_000 }),
  }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(xml: string, m: Mutation): string {
  const at = m.at % (xml.length + 1);
  switch (m.kind) {
    case "delete":
      return xml.slice(0, at) + xml.slice(at + m.length);
    case "insert":
      return xml.slice(0, at) + m.text + xml.slice(at);
    case "repeat":
      return xml.slice(0, at) + m.text.repeat(m.times) + xml.slice(at);
    case "truncate":
      return xml.slice(0, at);
  }
}

describe("fuzzing (fast-check)", () => {
  it("mutated sheet XML is read or refused with a SpreadsheetError", async () => {
    const body = `${headerRow}${[2, 3, 4, 5].map((r) => `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Bakery ${r}</t></is></c><c r="B${r}"><v>${r}.5</v></c><c r="L${r}" t="s"><v>${r}</v></c></row>`).join("")}`;
    const sst = `<sst>${["a", "b", "c", "d", "e", "f"].map((s) => `<si><t>${s}</t></si>`).join("")}</sst>`;
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), fc.boolean(), async (mutations, inSharedStrings) => {
        let sheet = `<worksheet><sheetData>${body}</sheetData></worksheet>`;
        let strings = sst;
        for (const m of mutations) {
          if (inSharedStrings) strings = mutate(strings, m);
          else sheet = mutate(sheet, m);
        }
        await readAsImport(await workbookWithSheet(encoder.encode(sheet), encoder.encode(strings)));
      }),
      { numRuns: 150 },
    );
  });

  it("a real Outscraper file truncated, bit-flipped or with huge zip fields is read or refused", async () => {
    const original = fixtureBytes(VN_FIXTURE);
    const damage = fc.oneof(
      fc.record({ kind: fc.constant("truncate" as const), at: fc.nat({ max: original.length - 1 }) }),
      fc.record({ kind: fc.constant("flip" as const), at: fc.nat({ max: original.length - 1 }), bit: fc.integer({ min: 0, max: 7 }) }),
      // A 16- or 32-bit field set to its largest value: sizes, offsets, counts, name lengths.
      fc.record({ kind: fc.constant("huge" as const), at: fc.nat({ max: original.length - 4 }), width: fc.constantFrom(2, 4) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(damage, { minLength: 1, maxLength: 3 }), async (damages) => {
        let bytes = original.slice();
        for (const d of damages) {
          if (d.kind === "truncate") bytes = bytes.slice(0, Math.min(d.at, bytes.length));
          else if (d.at < bytes.length - 4) {
            if (d.kind === "flip") bytes[d.at] ^= 1 << d.bit;
            else bytes.fill(0xff, d.at, d.at + d.width);
          }
        }
        await readAsImport(bytes);
      }),
      { numRuns: 150 },
    );
  });

  it("the damage focuses on the zip's directory and headers, where lengths live", async () => {
    const original = await validWorkbook(5);
    // The end-of-directory record and the directory before it hold every size, offset and count.
    const directoryStart = original.length - 22 - 400;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: Math.max(0, directoryStart), max: original.length - 2 }),
        fc.constantFrom(0x00, 0xff, 0x7f),
        async (at, value) => {
          const bytes = original.slice();
          bytes[at] = value;
          bytes[at + 1] = value;
          await readAsImport(bytes);
        },
      ),
      { numRuns: 150 },
    );
  });
});
