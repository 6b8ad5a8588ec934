/**
 * A minimal streaming .xlsx writer: one or more worksheets, inline strings, rows written as they
 * arrive (each sheet's rows are pulled only when the sheets before it are written).
 * The zip entries use data descriptors (sizes and CRC after the data), so nothing is buffered
 * beyond the compressor's window; the sheet is deflated with CompressionStream('deflate-raw').
 * Memory stays flat however many rows pass through. Pure: Web platform APIs only.
 */

/** A cell: numbers and booleans are typed; strings are always text (a leading "=" is not a formula). */
export type XlsxCell = string | number | boolean | null | undefined;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return ~crc >>> 0;
}

const encoder = new TextEncoder();

/** XML text: escapes markup and drops characters XML 1.0 forbids (control characters). */
function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel's limit for one cell's text. */
const MAX_CELL_TEXT = 32767;

function rowXml(rowNumber: number, cells: ReadonlyArray<XlsxCell>, headerStyle = false): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === null || value === undefined || value === "") continue;
    const ref = `${columnName(i)}${rowNumber}`;
    const style = headerStyle ? ' s="1"' : "";
    if (typeof value === "number") {
      if (Number.isFinite(value)) xml += `<c r="${ref}"${style}><v>${value}</v></c>`;
    } else if (typeof value === "boolean") xml += `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
    else xml += `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value.slice(0, MAX_CELL_TEXT))}</t></is></c>`;
  }
  return `${xml}</row>`;
}

const sheetPath = (n: number) => `worksheets/sheet${n}.xml`;

/** The package's fixed parts, listing `count` worksheets. */
function staticFiles(count: number): Record<string, string> {
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  const overrides = numbers
    .map(
      (n) =>
        `<Override PartName="/xl/${sheetPath(n)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join("");
  const sheetRels = numbers
    .map(
      (n) =>
        `<Relationship Id="rId${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="${sheetPath(n)}"/>`,
    )
    .join("");
  return {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetRels}<Relationship Id="rId${count + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    "xl/styles.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  };
}

function workbookXml(sheetNames: ReadonlyArray<string>): string {
  const sheets = sheetNames
    .map((name, i) => `<sheet name="${escapeXml(name.slice(0, 31))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets}</sheets></workbook>`;
}

type CentralEntry = { name: Uint8Array; crc: number; compressed: number; size: number; offset: number };

function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    day: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function header(sig: number, size: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, sig, true);
  return { bytes, view };
}

/** Flag bit 3: sizes and CRC follow the data; bit 11: UTF-8 names. */
const FLAGS = 0x0008 | 0x0800;

/** Deflates a stream of chunks, counting CRC and sizes of the input as it passes. */
async function* deflate(source: AsyncIterable<Uint8Array<ArrayBuffer>>, stats: { crc: number; size: number; compressed: number }) {
  const compressor = new CompressionStream("deflate-raw");
  const writer = compressor.writable.getWriter();
  const pump = (async () => {
    try {
      for await (const chunk of source) {
        stats.crc = crc32(chunk, stats.crc);
        stats.size += chunk.length;
        await writer.write(chunk);
      }
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => {});
      throw error;
    }
  })();
  pump.catch(() => {});
  const reader = compressor.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    stats.compressed += value.length;
    yield value;
  }
  await pump;
}

/** Groups row texts into ~64 KB pieces so the compressor is not fed one tiny string at a time. */
async function* sheetXml(
  columns: ReadonlyArray<string>,
  rows: AsyncIterable<ReadonlyArray<XlsxCell>>,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  let pending = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>${rowXml(1, columns, true)}`;
  let rowNumber = 1;
  for await (const row of rows) {
    rowNumber += 1;
    pending += rowXml(rowNumber, row);
    if (pending.length > 65536) {
      yield encoder.encode(pending);
      pending = "";
    }
  }
  yield encoder.encode(`${pending}</sheetData></worksheet>`);
}

/** One worksheet: its name (≤ 31 characters), its header row and its rows as they are produced. */
export type XlsxSheet = { sheetName: string; columns: ReadonlyArray<string>; rows: AsyncIterable<ReadonlyArray<XlsxCell>> };

/**
 * An .xlsx as a byte stream: header row `columns`, then each row of `rows` as it is produced.
 * Rows are pulled only as fast as the consumer reads, so a slow download does not pile them up.
 */
export function xlsxStream(options: XlsxSheet & { now?: Date }): ReadableStream<Uint8Array> {
  return xlsxWorkbookStream({ sheets: [options], now: options.now });
}

/** An .xlsx of several worksheets, streamed one after the other (xlsxStream for each). */
export function xlsxWorkbookStream(options: { sheets: ReadonlyArray<XlsxSheet>; now?: Date }): ReadableStream<Uint8Array> {
  const { time, day } = dosDateTime(options.now ?? new Date());
  const entries: CentralEntry[] = [];
  let offset = 0;

  async function* zip(): AsyncGenerator<Uint8Array> {
    const files: Array<[string, AsyncIterable<Uint8Array<ArrayBuffer>>]> = [
      ...Object.entries(staticFiles(options.sheets.length)).map(([name, text]): [string, AsyncIterable<Uint8Array<ArrayBuffer>>] => [
        name,
        once(encoder.encode(text)),
      ]),
      ["xl/workbook.xml", once(encoder.encode(workbookXml(options.sheets.map((s) => s.sheetName))))],
      ...options.sheets.map((sheet, i): [string, AsyncIterable<Uint8Array<ArrayBuffer>>] => [
        `xl/${sheetPath(i + 1)}`,
        sheetXml(sheet.columns, sheet.rows),
      ]),
    ];
    for (const [name, content] of files) {
      const nameBytes = encoder.encode(name);
      const local = header(0x04034b50, 30 + nameBytes.length);
      local.view.setUint16(4, 20, true);
      local.view.setUint16(6, FLAGS, true);
      local.view.setUint16(8, 8, true);
      local.view.setUint16(10, time, true);
      local.view.setUint16(12, day, true);
      local.view.setUint16(26, nameBytes.length, true);
      local.bytes.set(nameBytes, 30);
      const start = offset;
      offset += local.bytes.length;
      yield local.bytes;
      const stats = { crc: 0, size: 0, compressed: 0 };
      for await (const chunk of deflate(content, stats)) {
        offset += chunk.length;
        yield chunk;
      }
      const descriptor = header(0x08074b50, 16);
      descriptor.view.setUint32(4, stats.crc, true);
      descriptor.view.setUint32(8, stats.compressed, true);
      descriptor.view.setUint32(12, stats.size, true);
      offset += 16;
      yield descriptor.bytes;
      entries.push({ name: nameBytes, crc: stats.crc, compressed: stats.compressed, size: stats.size, offset: start });
    }
    const directoryStart = offset;
    let directorySize = 0;
    for (const e of entries) {
      const central = header(0x02014b50, 46 + e.name.length);
      central.view.setUint16(4, 20, true);
      central.view.setUint16(6, 20, true);
      central.view.setUint16(8, FLAGS, true);
      central.view.setUint16(10, 8, true);
      central.view.setUint16(12, time, true);
      central.view.setUint16(14, day, true);
      central.view.setUint32(16, e.crc, true);
      central.view.setUint32(20, e.compressed, true);
      central.view.setUint32(24, e.size, true);
      central.view.setUint16(28, e.name.length, true);
      central.view.setUint32(42, e.offset, true);
      central.bytes.set(e.name, 46);
      directorySize += central.bytes.length;
      yield central.bytes;
    }
    const end = header(0x06054b50, 22);
    end.view.setUint16(8, entries.length, true);
    end.view.setUint16(10, entries.length, true);
    end.view.setUint32(12, directorySize, true);
    end.view.setUint32(16, directoryStart, true);
    yield end.bytes;
  }

  const iterator = zip();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}

async function* once(bytes: Uint8Array<ArrayBuffer>): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  yield bytes;
}
