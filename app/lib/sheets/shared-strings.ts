/**
 * Shared strings (`xl/sharedStrings.xml`) looked up by index while a sheet is read, in one forward
 * pass over the part (docs/decisions/0008-import-slices.md).
 */
import { runsText } from "#app/lib/sheets/xml-scan";

/** Characters of shared strings remembered for repeated use: two generations of up to 1M each (~4 MB). */
const MEMO_CHARS = 1_000_000;

/**
 * Shared strings by index, read forward through ONE stream as the rows ask for them, so a pass over
 * the sheet reads `sharedStrings.xml` once. Writers number strings in order of first use, so a row
 * asks for strings at or after the cursor, or for repeats (a category, a city), which a bounded memo
 * keeps. Anything else behind the cursor is found by one more pass from the start: slower, still exact.
 */
export class SharedStrings {
  private cursor: AsyncIterator<string[]> | null = null;
  // The piece of string items the cursor last gave, and how far into it the reader is.
  private piece: string[] = [];
  private pieceAt = 0;
  private next = 0;
  // Two generations: a hit moves to `young`; when `young` is full it becomes `old` and the previous
  // `old` is dropped, so recently used strings stay at O(1) per lookup and memory stays bounded.
  private young = new Map<number, string>();
  private old = new Map<number, string>();
  private youngChars = 0;

  constructor(private readonly items: () => AsyncIterable<string[]>) {}

  async resolve(indexes: Set<number>): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const ahead = new Set<number>();
    const behind = new Set<number>();
    let lastAhead = -1;
    let lastBehind = -1;
    for (const i of indexes) {
      const known = this.young.get(i) ?? this.old.get(i);
      if (known !== undefined) out.set(i, known);
      else if (i >= this.next) {
        ahead.add(i);
        if (i > lastAhead) lastAhead = i;
      } else {
        behind.add(i);
        if (i > lastBehind) lastBehind = i;
      }
    }
    if (behind.size) {
      let index = 0;
      pass: for await (const piece of this.items()) {
        for (const inner of piece) {
          if (behind.has(index)) out.set(index, runsText(inner));
          if (++index > lastBehind) break pass;
        }
      }
    }
    if (ahead.size) {
      this.cursor ??= this.items()[Symbol.asyncIterator]();
      while (this.next <= lastAhead) {
        if (this.pieceAt === this.piece.length) {
          const piece = await this.cursor.next();
          if (piece.done) break;
          this.piece = piece.value;
          this.pieceAt = 0;
          continue;
        }
        const inner = this.piece[this.pieceAt++];
        if (ahead.has(this.next)) out.set(this.next, runsText(inner));
        this.next += 1;
      }
    }
    for (const [i, text] of out) this.remember(i, text);
    return out;
  }

  private remember(index: number, text: string) {
    if (this.young.has(index) || text.length > MEMO_CHARS / 100) return;
    if (this.youngChars + text.length > MEMO_CHARS) {
      this.old = this.young;
      this.young = new Map();
      this.youngChars = 0;
    }
    this.young.set(index, text);
    this.youngChars += text.length;
  }

  async close() {
    await this.cursor?.return?.();
  }
}
