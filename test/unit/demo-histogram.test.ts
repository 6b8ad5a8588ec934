import { describe, expect, it } from "vitest";
import { demoHistogram, generateDemoBusinesses } from "../../scripts/seed/generate";

describe("demo review histograms", () => {
  const demo = generateDemoBusinesses();

  it("add up to each business's review count and average about its rating", () => {
    let withHistogram = 0;
    for (const b of demo) {
      const counts = b.reviewsPerScore;
      if (!b.reviewCount) {
        expect(counts).toBeNull();
        continue;
      }
      withHistogram += 1;
      expect(counts).toHaveLength(5);
      const total = counts!.reduce((sum, n) => sum + n, 0);
      expect(total, b.name).toBe(b.reviewCount);
      // Whole counts cannot hit the rating with a handful of reviews; with 20 or more they come close.
      const mean = counts!.reduce((sum, n, i) => sum + n * (i + 1), 0) / total;
      if (total >= 20) expect(Math.abs(mean - (b.rating ?? 0)), b.name).toBeLessThan(0.1);
    }
    expect(withHistogram).toBeGreaterThan(demo.length / 2);
  });

  it("say 'an' where the category wants it", () => {
    const electrician = demo.find((b) => b.category === "Electrician");
    expect(electrician?.description).toContain("is an electrician");
    const escape = demo.find((b) => b.category === "Escape room center");
    expect(escape?.description).toContain("is an escape room center");
  });

  it("are deterministic", () => {
    expect(demoHistogram(4.6, 124, 2025, 3)).toEqual(demoHistogram(4.6, 124, 2025, 3));
    expect(demoHistogram(5, 7, 2025, 1)).toEqual([0, 0, 0, 0, 7]);
    expect(demoHistogram(4, 0, 2025, 1)).toBeNull();
  });
});
