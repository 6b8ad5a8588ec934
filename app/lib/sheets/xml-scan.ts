/**
 * The XML scanning of the spreadsheet reader: plain forward searches, each bounded by the element it
 * looks in (a tag by SHEET_LIMITS.tagChars, an element by the ceiling its caller passes), and no
 * regex over text of unbounded size (docs/decisions/0009-hostile-spreadsheets.md).
 */
import { formatCount } from "#app/lib/format";
import { SHEET_LIMITS, SpreadsheetError } from "#app/lib/sheets/sheet-limits";

const ENTITY = /&(?:#x([0-9a-f]{1,8})|#(\d{1,10})|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** A character reference's text; one that names no Unicode character reads as U+FFFD. */
function fromCodePoint(code: number): string {
  return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
}

export function unescapeXml(s: string): string {
  if (s.indexOf("&") < 0 && s.indexOf("_x") < 0) return s;
  return s
    .replace(ENTITY, (_, hex: string, dec: string, name: string) =>
      hex ? fromCodePoint(parseInt(hex, 16)) : dec ? fromCodePoint(Number(dec)) : NAMED[name.toLowerCase()],
    )
    .replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Whether a character ends an element name: white space, '/' or '>' (so `<row` is not `<rowBreaks`). */
function isNameEnd(char: string): boolean {
  return char === " " || char === "/" || char === ">" || char === "\t" || char === "\n" || char === "\r";
}

/**
 * Where the next element opening with `open` (such as "<row") starts in `xml` at or after `from`:
 * its index, -1 when there is none, or `undecided` when `open` stands at the very end (the next
 * piece tells whether it is `<row` or `<rowBreaks`).
 */
export function nextElement(xml: string, open: string, from: number): number {
  for (let at = xml.indexOf(open, from); at >= 0; at = xml.indexOf(open, at + 1)) {
    if (at + open.length >= xml.length) return UNDECIDED;
    if (isNameEnd(xml[at + open.length])) return at;
  }
  return -1;
}
export const UNDECIDED = -2;

/**
 * The end ('>') of the opening tag that starts at `start`, or -1 when it has not arrived yet. A
 * tag may not run on past SHEET_LIMITS.tagChars: without that, one unclosed `<row` would be kept
 * and searched again with every piece of a gigabyte sheet.
 */
export function tagEnd(xml: string, start: number, name: string): number {
  const end = xml.indexOf(">", start);
  if (end >= 0 ? end - start > SHEET_LIMITS.tagChars : xml.length - start > SHEET_LIMITS.tagChars) {
    throw new SpreadsheetError(`A <${name}> tag runs on for more than ${formatCount(SHEET_LIMITS.tagChars)} characters.`);
  }
  return end;
}

/** The value of attribute `name` in an opening tag's text; null when absent. */
export function attribute(tag: string, name: string): string | null {
  for (const quote of ['"', "'"]) {
    const key = `${name}=${quote}`;
    for (let at = tag.indexOf(key); at >= 0; at = tag.indexOf(key, at + 1)) {
      // The name must stand alone (`t=` is not the end of `ht=`).
      if (at > 0 && !isNameEnd(tag[at - 1])) continue;
      const end = tag.indexOf(quote, at + key.length);
      return end < 0 ? null : tag.slice(at + key.length, end);
    }
  }
  return null;
}

/**
 * Every opening tag of the elements named `localName` (any namespace prefix) in a small part read
 * whole, in order. A plain scan: a regex such as /<sheet\b[^>]*?r:id="…"/ backtracks
 * quadratically over a hostile part.
 */
export function* openingTags(xml: string, localName: string): Generator<string> {
  for (let at = xml.indexOf("<"); at >= 0; at = xml.indexOf("<", at + 1)) {
    // Names are short: stop at 64 characters (or the next '<') so "<a<a<a…" costs one pass.
    let nameEnd = at + 1;
    while (nameEnd < xml.length && nameEnd - at < 64 && xml[nameEnd] !== "<" && !isNameEnd(xml[nameEnd])) nameEnd += 1;
    const name = xml.slice(at + 1, nameEnd);
    if (name !== localName && !name.endsWith(`:${localName}`)) continue;
    const end = tagEnd(xml, at, localName);
    if (end < 0) return;
    yield xml.slice(at, end + 1);
    at = end;
  }
}

/**
 * Text of the <t> runs of a string item, leaving out phonetic (<rPh>) runs. One forward scan:
 * each search starts where the last one ended, so a thousand unclosed `<t>` cost one pass, not a
 * thousand.
 */
export function runsText(xml: string): string {
  let out = "";
  let phonetic = nextElement(xml, "<rPh", 0);
  for (let at = 0; ;) {
    const run = nextElement(xml, "<t", at);
    if (run < 0) break;
    if (phonetic >= 0 && phonetic < run) {
      const phoneticEnd = xml.indexOf("</rPh>", phonetic);
      if (phoneticEnd < 0) break;
      at = phoneticEnd + "</rPh>".length;
      phonetic = nextElement(xml, "<rPh", at);
      continue;
    }
    const open = tagEnd(xml, run, "t");
    if (open < 0) break;
    if (xml[open - 1] === "/") {
      at = open + 1;
      continue;
    }
    const close = xml.indexOf("</t>", open);
    if (close < 0) break;
    out += xml.slice(open + 1, close);
    at = close + "</t>".length;
  }
  return unescapeXml(out);
}

/**
 * The inner text of each `<tag …>…</tag>` element of streamed XML text ("" when self-closing), in
 * order, a piece's worth at a time: a shared-strings part holds a hundred thousand of them, and one
 * await each would cost more than reading them. Only a partial element is kept between pieces, at
 * most `maxChars` of it, and the search for its end resumes where it stopped.
 */
export async function* innerTexts(pieces: AsyncIterable<string>, tag: string, maxChars: number): AsyncGenerator<string[]> {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let buffer = "";
  // Where the search for the pending element's close resumes (it is not in the text before).
  let closeFrom = 0;
  for await (const piece of pieces) {
    buffer = buffer ? buffer + piece : piece;
    const found: string[] = [];
    let at = 0;
    for (;;) {
      const start = nextElement(buffer, open, at);
      if (start === UNDECIDED) {
        at = buffer.length - open.length;
        break;
      }
      if (start < 0) {
        at = Math.max(at, buffer.length - open.length);
        break;
      }
      const openEnd = tagEnd(buffer, start, tag);
      if (openEnd < 0) {
        at = start;
        break;
      }
      if (buffer[openEnd - 1] === "/") {
        found.push("");
        at = openEnd + 1;
        continue;
      }
      const end = buffer.indexOf(close, Math.max(openEnd, closeFrom));
      if (end < 0) {
        if (buffer.length - start > maxChars) {
          throw new SpreadsheetError(`A <${tag}> element holds more than ${formatCount(maxChars)} characters.`);
        }
        closeFrom = buffer.length - close.length;
        at = start;
        break;
      }
      closeFrom = 0;
      if (end - start > maxChars) throw new SpreadsheetError(`A <${tag}> element holds more than ${formatCount(maxChars)} characters.`);
      found.push(buffer.slice(openEnd + 1, end));
      at = end + close.length;
    }
    buffer = buffer.slice(at);
    closeFrom = Math.max(0, closeFrom - at);
    if (found.length) yield found;
  }
}
