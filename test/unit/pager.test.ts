import { describe, expect, it } from "vitest";
import { clampPage, pageWindow } from "#app/components/ui/pager";

describe("clampPage", () => {
  it("reads nonsense, zero and negatives as page 1", () => {
    expect(clampPage(null, 5)).toBe(1);
    expect(clampPage("abc", 5)).toBe(1);
    expect(clampPage("0", 5)).toBe(1);
    expect(clampPage("-3", 5)).toBe(1);
    expect(clampPage("2.5", 5)).toBe(1);
  });
  it("keeps a page in range and brings one beyond the last back to the last", () => {
    expect(clampPage("3", 5)).toBe(3);
    expect(clampPage("99", 5)).toBe(5);
    expect(clampPage("4", 0)).toBe(1);
  });
});

describe("pageWindow (first, last, two either side of the current page)", () => {
  it("lists every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it("puts a gap where pages are left out", () => {
    expect(pageWindow(1, 60)).toEqual([1, 2, 3, null, 60]);
    expect(pageWindow(30, 60)).toEqual([1, null, 28, 29, 30, 31, 32, null, 60]);
    expect(pageWindow(60, 60)).toEqual([1, null, 58, 59, 60]);
    expect(pageWindow(4, 60)).toEqual([1, 2, 3, 4, 5, 6, null, 60]);
  });
});
