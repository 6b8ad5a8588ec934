import { describe, expect, it } from "vitest";
import { columnLetter, detectLayout } from "#app/lib/import/import-preview";
import { durationLabel, fileSizeLabel } from "#app/lib/admin/admin-imports";
import { SPEC_COLUMNS } from "#app/lib/import/import-mapping";

const set = (...names: string[]) => new Set(names);

describe("the preview's layout", () => {
  it("tells the Outscraper years apart by their address and website columns", () => {
    expect(detectLayout(set("query", "name", "site", "full_address", "place_id", "google_id"))).toBe("outscraper-2025");
    expect(detectLayout(set("query", "name", "website", "address", "place_id", "google_id"))).toBe("outscraper-2026");
  });

  it("the spec's 13 columns (an export of this site too) are the spec's layout; anything else is 'other'", () => {
    expect(detectLayout(set(...SPEC_COLUMNS))).toBe("spec");
    expect(detectLayout(set(...SPEC_COLUMNS, "website", "slug", "verified"))).toBe("spec");
    expect(detectLayout(set("name", "category", "address", "place_id"))).toBe("other");
  });

  it("names columns as Excel does", () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(["A", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
  });
});

describe("the history's labels", () => {
  it("sizes and durations", () => {
    expect(fileSizeLabel(512)).toBe("512 B");
    expect(fileSizeLabel(30_000)).toBe("29 KB");
    expect(fileSizeLabel(5 * 1024 * 1024)).toBe("5.0 MB");
    expect(durationLabel({ createdAt: 100, finishedAt: null })).toBeNull();
    expect(durationLabel({ createdAt: 100, finishedAt: 114 })).toBe("14 s");
    expect(durationLabel({ createdAt: 100, finishedAt: 225 })).toBe("2 min 5 s");
    expect(durationLabel({ createdAt: 0, finishedAt: 3 * 3600 + 120 })).toBe("3 h 2 min");
  });
});
