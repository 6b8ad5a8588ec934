import { describe, expect, it } from "vitest";
import { abbreviateNumber, filledStars, formatCount, formatDistance, formatRating, joinParts, titleCaseFromSlug } from "#app/lib/format";

describe("abbreviateNumber (SPEC §9)", () => {
  it("keeps numbers under one thousand as they are", () => {
    expect(abbreviateNumber(0)).toBe("0");
    expect(abbreviateNumber(999)).toBe("999");
  });
  it("shows thousands as whole k, rounded down", () => {
    expect(abbreviateNumber(1_000)).toBe("1k");
    expect(abbreviateNumber(1_999)).toBe("1k");
    expect(abbreviateNumber(12_345)).toBe("12k");
    expect(abbreviateNumber(999_999)).toBe("999k");
  });
  it("shows millions with one decimal M", () => {
    expect(abbreviateNumber(1_000_000)).toBe("1.0M");
    expect(abbreviateNumber(1_250_000)).toBe("1.2M");
    expect(abbreviateNumber(1_299_999)).toBe("1.2M");
    expect(abbreviateNumber(25_000_000)).toBe("25.0M");
  });
  it("treats nonsense as zero", () => {
    expect(abbreviateNumber(Number.NaN)).toBe("0");
    expect(abbreviateNumber(-5)).toBe("0");
  });
});

describe("other formats", () => {
  it("formats counts en-US", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
  });
  it("formats a distance in metres to 10 m below 1 km, then km with one decimal below 10 km, whole beyond", () => {
    expect(formatDistance(0.001)).toBe("10 m");
    expect(formatDistance(0.347)).toBe("350 m");
    expect(formatDistance(1.24)).toBe("1.2 km");
    expect(formatDistance(3)).toBe("3 km");
    expect(formatDistance(14.4)).toBe("14 km");
    expect(formatDistance(1234.5)).toBe("1,235 km");
  });
  it("shows ratings with one decimal and fills whole stars", () => {
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(4.76)).toBe("4.8");
    expect(formatRating(null)).toBe("0.0");
    expect(filledStars(4.9)).toBe(4);
    expect(filledStars(5)).toBe(5);
    expect(filledStars(0)).toBe(0);
  });
  it("title-cases a category slug", () => {
    expect(titleCaseFromSlug("auto-services")).toBe("Auto Services");
    expect(titleCaseFromSlug("italian-restaurant")).toBe("Italian Restaurant");
  });
  it("joins address parts without dangling commas", () => {
    expect(joinParts(["Springfield", "", "  "])).toBe("Springfield");
    expect(joinParts(["Springfield", "IL"])).toBe("Springfield, IL");
  });
});
