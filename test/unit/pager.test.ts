import { describe, expect, it } from "vitest";
import { clampPage, pageWindow } from "#app/components/ui/pager";
import { pagerLinks } from "#app/lib/search/listing-filters";

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

describe("pagerLinks (a list paged by cursor past its numbered pages)", () => {
  const href = (page: number, after: number | null) => `/city/Hue?has=wifi&page=${page}${after === null ? "" : `&after=${after}`}`;

  it("links the neighbours by their cursors and no number past the numbered pages", () => {
    const link = pagerLinks({ page: 9, next: 120, previous: 310, numbered: 6 }, href);
    expect(link(10)).toBe("/city/Hue?has=wifi&page=10&after=120");
    expect(link(8)).toBe("/city/Hue?has=wifi&page=8&after=310");
    expect(link(7)).toBeNull();
    expect(link(11)).toBeNull();
    expect(link(1)).toBe("/city/Hue?has=wifi&page=1");
    expect(link(6)).toBe("/city/Hue?has=wifi&page=6");
  });

  it("links a previous page within the numbered ones by its number", () => {
    const link = pagerLinks({ page: 7, next: 95, previous: null, numbered: 6 }, href);
    expect(link(6)).toBe("/city/Hue?has=wifi&page=6");
    expect(link(8)).toBe("/city/Hue?has=wifi&page=8&after=95");
  });

  it("links the previous page past a word-less window by its before= cursor", () => {
    const withBefore = (page: number, after: number | null, before?: number | null) =>
      `/city/Hue?minRating=4&page=${page}${after === null ? "" : `&after=${after}`}${before == null ? "" : `&before=${before}`}`;
    const link = pagerLinks({ page: 9, next: 120, previous: null, before: 480, numbered: 6 }, withBefore);
    expect(link(8)).toBe("/city/Hue?minRating=4&page=8&before=480");
    expect(link(10)).toBe("/city/Hue?minRating=4&page=10&after=120");
    expect(link(7)).toBeNull();
  });

  it("links every page by number in a list without cursors", () => {
    const link = pagerLinks({ page: 30, next: null }, href);
    expect(link(29)).toBe("/city/Hue?has=wifi&page=29");
    expect(link(50)).toBe("/city/Hue?has=wifi&page=50");
  });
});
