import { describe, expect, it } from "vitest";
import { clampPage } from "~/components/pager";

describe("clampPage (CLARIFICATIONS 5)", () => {
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
