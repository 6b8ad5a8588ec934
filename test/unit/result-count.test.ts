import { describe, expect, it } from "vitest";
import { lowerBound, readableFloor } from "#app/lib/search/lower-bound";
import { countShown, resultCount } from "#app/lib/search/result-count";

const page = (p: { total: number | null; approximate: boolean; hasNext: boolean; before?: number; shown?: number }) => ({
  before: 0,
  shown: 20,
  ...p,
});

describe("a lower bound", () => {
  it("rounds down to the leading digit, never up", () => {
    expect([0, 7, 10, 19, 101, 121, 442, 999, 1000, 1234].map(readableFloor)).toEqual([0, 7, 10, 10, 100, 100, 400, 900, 1000, 1000]);
  });

  it("never says less than the results already shown", () => {
    expect(lowerBound(461, 460)).toBe(460);
    expect(lowerBound(442, 20)).toBe(400);
  });
});

describe("the count a page shows", () => {
  it("is exact when the search knows its total, and on a plain last page", () => {
    expect(countShown(page({ total: 12, approximate: false, hasNext: false, shown: 12 }))).toEqual({ kind: "exact", count: 12 });
    expect(countShown(page({ total: null, approximate: false, hasNext: false, before: 40, shown: 3 }))).toEqual({
      kind: "exact",
      count: 43,
    });
  });

  it("is the results known so far, rounded down, when approximate — never the cap", () => {
    expect(countShown(page({ total: 121, approximate: true, hasNext: true }))).toEqual({ kind: "atLeast", count: 100 });
    expect(resultCount(page({ total: 442, approximate: true, hasNext: true }))).toBe("400+ results");
    expect(resultCount(page({ total: 442, approximate: true, hasNext: true }), "vi")).toBe("400+ kết quả");
  });

  it("stays a lower bound on an approximate last page (the 1,000th result, or a budget reached)", () => {
    expect(countShown(page({ total: 1000, approximate: true, hasNext: false, before: 980 }))).toEqual({ kind: "atLeast", count: 1000 });
    expect(countShown(page({ total: 3, approximate: true, hasNext: false, shown: 3 }))).toEqual({ kind: "atLeast", count: 3 });
    expect(countShown(page({ total: 0, approximate: true, hasNext: false, shown: 0 }))).toEqual({ kind: "exact", count: 0 });
  });

  it("says 'more than' the results so far when all it knows is that there is a next page", () => {
    expect(resultCount(page({ total: null, approximate: false, hasNext: true, before: 20 }))).toBe("More than 40 results");
  });
});
