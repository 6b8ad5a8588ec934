/**
 * Hostile spreadsheets, generated rather than committed: each is a small zip whose worksheet
 * inflates to whatever size is asked for. Used by the reader's regression and fuzz tests (inside
 * workerd), by `npm run bench:import:memory` (Node, 128 MB heap) and by `npm run bench:hostile`
 * (the built Worker). Pure: Web platform APIs only.
 */
import { SPEC_COLUMNS } from "#app/lib/import/import-mapping";
import { crc32 } from "#app/lib/sheets/xlsx-writer";

const encoder = new TextEncoder();

/**
 * An entry's data: bytes, or a filler of `times` characters between a head and a tail. The filler
 * is a text repeated (a zip bomb: ~1,000 times smaller zipped), or random characters from an
 * alphabet (barely compressible: it passes the reader's ratio ceiling and meets the others).
 */
export type EntryData = Uint8Array | { head: string; repeat: string | { randomOf: string }; times: number; tail: string };

/** ~1 MB of pseudo-random characters from `alphabet` (ASCII), the same every run. */
function randomChunk(alphabet: string): Uint8Array<ArrayBuffer> {
  const chunk = new Uint8Array(1 << 20);
  let seed = 0x2545f491;
  for (let i = 0; i < chunk.length; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    chunk[i] = alphabet.charCodeAt((seed >>> 0) % alphabet.length);
  }
  return chunk;
}

type ZipEntryInput = {
  name: string;
  data: EntryData;
  /** Written as the entry's uncompressed size instead of the true one (a lying directory). */
  declaredSize?: number;
};

function dataSize(data: EntryData): number {
  if (data instanceof Uint8Array) return data.length;
  const unit = typeof data.repeat === "string" ? encoder.encode(data.repeat).length : 1;
  return encoder.encode(data.head).length + unit * data.times + encoder.encode(data.tail).length;
}

async function* dataChunks(data: EntryData): AsyncGenerator<Uint8Array> {
  if (data instanceof Uint8Array) {
    yield data;
    return;
  }
  yield encoder.encode(data.head);
  // Fillers go in ~1 MB chunks: the compressor is fed a few thousand pieces, not billions.
  const unit = typeof data.repeat === "string" ? encoder.encode(data.repeat) : new Uint8Array([0]);
  const perChunk = Math.max(1, Math.floor((1 << 20) / Math.max(1, unit.length)));
  let chunk = new Uint8Array(unit.length * perChunk);
  if (typeof data.repeat === "string") for (let i = 0; i < perChunk; i++) chunk.set(unit, i * unit.length);
  else chunk = randomChunk(data.repeat.randomOf);
  for (let left = data.times; left > 0; left -= perChunk) {
    yield left >= perChunk ? chunk : chunk.subarray(0, left * unit.length);
  }
  yield encoder.encode(data.tail);
}

async function deflated(data: EntryData): Promise<{ bytes: Uint8Array; crc: number }> {
  const stream = new CompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  let crc = 0;
  // A CRC over gigabytes of generated text would take seconds; nothing here checks it, so the
  // huge entries carry 0 (a hostile file need not be consistent anyway).
  const small = dataSize(data) < 64 << 20;
  const feeding = (async () => {
    for await (const chunk of dataChunks(data)) {
      if (small) crc = crc32(chunk, crc);
      await writer.write(chunk as Uint8Array<ArrayBuffer>);
    }
    await writer.close();
  })();
  const parts: Uint8Array[] = [];
  let length = 0;
  const reader = stream.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.length;
  }
  await feeding;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes, crc };
}

/** A zip archive of deflated entries (sizes in the headers, no data descriptors, no zip64). */
async function zipOf(entries: ZipEntryInput[]): Promise<Uint8Array> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const { bytes, crc } = await deflated(entry.data);
    const size = Math.min(0xfffffffe, entry.declaredSize ?? dataSize(entry.data));
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, 0x0800, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, bytes.length, true);
    lv.setUint32(22, size, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, 0x0800, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, bytes.length, true);
    cv.setUint32(24, size, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, bytes);
    centrals.push(central);
    offset += local.length + bytes.length;
  }
  const directorySize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + directorySize + 22);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The parts around a worksheet: content types, workbook, its relationships. */
function workbookParts(withSharedStrings: boolean): ZipEntryInput[] {
  const text = (s: string) => encoder.encode(s);
  return [
    {
      name: "[Content_Types].xml",
      data: text(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${withSharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ""}</Types>`,
      ),
    },
    {
      name: "_rels/.rels",
      data: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/workbook.xml",
      data: text(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/>${withSharedStrings ? `<Relationship Id="rId2" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/>` : ""}</Relationships>`,
      ),
    },
  ];
}

/** The spec's 13 import columns (SPEC §3), the header every hostile file starts from. */
export const HEADER: readonly string[] = SPEC_COLUMNS;

const column = (i: number) => String.fromCharCode(65 + i);
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

function headerRowXml(): string {
  return `<row r="1">${HEADER.map((h, i) => inline(`${column(i)}1`, h)).join("")}</row>`;
}

/** A complete, valid data row (the spec's columns) at `row`. */
function dataRowXml(row: number, name = `Hostile Test Bakery ${row}`): string {
  const values = [
    name,
    "Bakery",
    "Unter den Linden 77, 10117 Berlin, Germany",
    "10117",
    "Germany",
    "+49 30 1234567",
    "",
    "",
    "",
    "",
    "",
    `hostile-${row}`,
    "",
  ];
  return `<row r="${row}">${values.map((v, i) => (v ? inline(`${column(i)}${row}`, v) : "")).join("")}</row>`;
}

const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>`;
const SHEET_TAIL = `</sheetData></worksheet>`;

/** An .xlsx whose worksheet is `head`, then `repeat` × `times`, then `tail`. */
export async function workbookWithSheet(sheet: EntryData, sharedStrings?: EntryData, declaredSheetSize?: number): Promise<Uint8Array> {
  const entries = workbookParts(Boolean(sharedStrings));
  entries.push({ name: "xl/worksheets/sheet1.xml", data: sheet, declaredSize: declaredSheetSize });
  if (sharedStrings) entries.push({ name: "xl/sharedStrings.xml", data: sharedStrings });
  return zipOf(entries);
}

export type HostileKind =
  "unclosed-text" | "huge-header-cell" | "row-tag-unclosed" | "huge-shared-string" | "spaces-after-header" | "far-column" | "lying-size";

export const HOSTILE_KINDS: HostileKind[] = [
  "unclosed-text",
  "huge-header-cell",
  "row-tag-unclosed",
  "huge-shared-string",
  "spaces-after-header",
  "far-column",
  "lying-size",
];

export const HOSTILE_DESCRIPTIONS: Record<HostileKind, string> = {
  "unclosed-text": "a data row whose <t> text never closes",
  "huge-header-cell": "a header cell whose text is huge",
  "row-tag-unclosed": "a <row with no >",
  "huge-shared-string": "one huge shared string",
  "spaces-after-header": "a valid header, then nothing but spaces",
  "far-column": 'one header cell at r="ZZZZZZ1"',
  "lying-size": "a sheet of spaces whose zip directory claims a small size",
};

/**
 * One of the hostile files (ADR 0009), its worst part about `inflated` bytes when inflated (at
 * full size they inflate to 1-2 GB; tests use tens of MB, which already exceed every ceiling).
 */
export async function hostileFile(
  kind: HostileKind,
  inflated = 64 << 20,
  /** "random": a barely compressible filler, which passes the ratio ceiling and meets the others. */
  filler: "bomb" | "random" = "bomb",
): Promise<Uint8Array> {
  const times = (unit: string) => Math.ceil(inflated / (filler === "random" ? 1 : unit.length));
  const fill = (unit: string, alphabet: string) => (filler === "random" ? { randomOf: alphabet } : unit);
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  switch (kind) {
    case "unclosed-text":
      return workbookWithSheet({
        head: `${SHEET_HEAD}${headerRowXml()}<row r="2"><c r="A2" t="inlineStr"><is><t>`,
        repeat: fill("A", letters),
        times: times("A"),
        tail: "",
      });
    case "huge-header-cell":
      return workbookWithSheet({
        head: `${SHEET_HEAD}<row r="1">${inline("A1", "name")}<c r="B1" t="inlineStr"><is><t>`,
        repeat: fill("category ", `${letters} `),
        times: times("category "),
        tail: `</t></is></c></row>${dataRowXml(2)}${SHEET_TAIL}`,
      });
    case "row-tag-unclosed":
      return workbookWithSheet({
        head: `${SHEET_HEAD}<row r="1" `,
        repeat: fill('x="1" ', `${letters} ="`),
        times: times('x="1" '),
        tail: "",
      });
    case "huge-shared-string":
      return workbookWithSheet(
        encoder.encode(
          `${SHEET_HEAD}<row r="1">${HEADER.map((_, i) => `<c r="${column(i)}1" t="s"><v>${i}</v></c>`).join("")}</row>${dataRowXml(2)}${SHEET_TAIL}`,
        ),
        {
          head: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="14" uniqueCount="14">${HEADER.map((h) => `<si><t>${h}</t></si>`).join("")}<si><t>`,
          repeat: fill("B", letters),
          times: times("B"),
          tail: "</t></si></sst>",
        },
      );
    case "spaces-after-header":
      return workbookWithSheet({
        head: `${SHEET_HEAD}${headerRowXml()}`,
        repeat: fill(" ", " \t\r\n"),
        times: times(" "),
        tail: SHEET_TAIL,
      });
    case "far-column":
      return workbookWithSheet(encoder.encode(`${SHEET_HEAD}<row r="1">${inline("ZZZZZZ1", "name")}</row>${SHEET_TAIL}`));
    case "lying-size":
      return workbookWithSheet(
        { head: `${SHEET_HEAD}${headerRowXml()}${dataRowXml(2)}`, repeat: fill(" ", " \t\r\n"), times: times(" "), tail: SHEET_TAIL },
        undefined,
        4096,
      );
  }
}

/** A small valid workbook in the same shape (header + `rows` data rows), the fuzz tests' seed. */
export async function validWorkbook(rows = 3): Promise<Uint8Array> {
  let body = headerRowXml();
  for (let r = 2; r <= rows + 1; r++) body += dataRowXml(r);
  return workbookWithSheet(encoder.encode(`${SHEET_HEAD}${body}${SHEET_TAIL}`));
}
