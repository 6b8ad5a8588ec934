/**
 * Hostile spreadsheets through POST /api/admin/import (ADR 0009): each is refused with a 4xx and a
 * message that names what was too large, and leaves nothing behind (no R2 object, no `imports` row,
 * no business). The files are generated (test/helpers/hostile-xlsx.ts), not committed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bufferSource } from "#app/lib/sheets/xlsx-reader";
import { ImportRefused, validateUpload } from "#app/server/import/import.server";
import { adminRequest } from "../helpers/admin";
import { hostileFile, type HostileKind } from "../helpers/hostile-xlsx";
import { multipartInit, writtenState } from "../helpers/import";
import { fileOf, SPEC_HEADER, sheetBytes, specRow } from "../helpers/spreadsheets";

async function upload(bytes: Uint8Array, name: string): Promise<{ status: number; message: string }> {
  const form = new FormData();
  form.set("excelFile", fileOf(bytes, name));
  const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

describe("hostile .xlsx files, uploaded", () => {
  const cases: Array<[HostileKind, "bomb" | "random", string]> = [
    ["unclosed-text", "bomb", "would decompress to 64.0 MB, more than 100 times its compressed size"],
    ["unclosed-text", "random", "Row 2 holds more than 2.0 MB of XML"],
    ["huge-header-cell", "random", "Row 1 holds more than 2.0 MB of XML"],
    ["row-tag-unclosed", "random", "A <row> tag runs on for more than 8,192 characters."],
    ["huge-shared-string", "bomb", "sharedStrings.xml would decompress to 64.0 MB"],
    ["huge-shared-string", "random", "A <si> element holds more than 262,144 characters."],
    ["spaces-after-header", "bomb", "would decompress to 64.0 MB"],
    ["far-column", "bomb", "Row 1 has a cell at ZZZZZZ1 beyond column XFD"],
    ["lying-size", "bomb", "decompresses to more than the 4,096 bytes its zip directory declares"],
  ];
  for (const [kind, filler, message] of cases) {
    it(`refuses ${kind} (${filler}) with 422, naming the problem, and writes nothing`, async () => {
      const bytes = await hostileFile(kind, filler === "bomb" ? 64 << 20 : 3 << 20, filler);
      const before = await writtenState();
      const answer = await upload(bytes, `${kind}.xlsx`);
      expect(answer.status).toBe(422);
      expect(answer.message).toContain(`"${kind}.xlsx" cannot be read.`);
      expect(answer.message).toContain(message);
      expect(await writtenState()).toEqual(before);
    });
  }

  it("a valid header followed by megabytes of white space is refused as having no data rows", async () => {
    const before = await writtenState();
    const answer = await upload(await hostileFile("spaces-after-header", 3 << 20, "random"), "blank.xlsx");
    expect(answer).toEqual({ status: 422, message: '"blank.xlsx" has a header row but no data rows.' });
    expect(await writtenState()).toEqual(before);
  });
});

describe(".xls, read whole by SheetJS", () => {
  /** An .xls whose DIMENSIONS record claims 65,536 rows by 256 columns for what it holds. */
  function claimingTheWholeSheet(rows: unknown[][]): Uint8Array {
    const bytes = sheetBytes(rows, "xls");
    let patched = 0;
    for (let i = 0; i + 18 <= bytes.length; i++) {
      // Record 0x0200 (DIMENSIONS), 14 bytes: first row, last row + 1, first column, last column + 1.
      if (bytes[i] === 0x00 && bytes[i + 1] === 0x02 && bytes[i + 2] === 0x0e && bytes[i + 3] === 0x00) {
        const view = new DataView(bytes.buffer, bytes.byteOffset + i + 4, 14);
        view.setUint32(4, 65_536, true);
        view.setUint16(10, 256, true);
        patched += 1;
      }
    }
    expect(patched).toBeGreaterThan(0);
    return bytes;
  }

  it("a DIMENSIONS record claiming the whole sheet changes nothing: the rows it holds are read", async () => {
    const bytes = claimingTheWholeSheet([SPEC_HEADER, specRow({ name: "Only Row" })]);
    const upload = await validateUpload(bufferSource(bytes), "claims.xls");
    expect(upload).toMatchObject({ format: "xls", headerRow: 1, total: 1 });
  });

  it("refuses an .xls over 3 MB (SheetJS needs ~20 MB of memory per MB) and points to .xlsx", async () => {
    const big = new Uint8Array(3 * 1024 * 1024 + 1);
    big.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(validateUpload(bufferSource(big), "big.xls")).rejects.toThrow(
      '"big.xls" is 3.0 MB; .xls files can be at most 3 MB. Save it as .xlsx (up to 100 MB).',
    );
  });

  it("a damaged .xls is read or refused as unreadable, never a server error", async () => {
    const original = sheetBytes([SPEC_HEADER, specRow(), specRow({ name: "Second" })], "xls");
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ at: fc.nat({ max: original.length - 1 }), value: fc.constantFrom(0x00, 0xff, 0x7f, 0x80) }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (damages) => {
          const bytes = original.slice();
          for (const d of damages) bytes[d.at] = d.value;
          try {
            await validateUpload(bufferSource(bytes), "damaged.xls");
          } catch (error) {
            if (!(error instanceof ImportRefused)) throw error;
            expect(error.status).toBeGreaterThanOrEqual(400);
            expect(error.status).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
