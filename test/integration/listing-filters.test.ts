/**
 * Open now and a minimum rating on every listing (/businesses, a city, a category),
 * with the same URL parameters as /search, kept by the pager and in the edge cache's page key.
 */
import { describe, expect, it } from "vitest";
import { pageUrl } from "#app/server/platform/edge-cache.server";
import { buildBusiness, insert, request } from "../helpers/factories";

const ALWAYS = Object.fromEntries(
  ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "Open 24 hours"]),
);
const NEVER = Object.fromEntries(Object.keys(ALWAYS).map((d) => [d, "Closed"]));

async function seed() {
  const run = crypto.randomUUID().slice(0, 6);
  const city = `Filterton ${run}`;
  const category = `Filter Cafe ${run}`;
  await insert(
    buildBusiness({ name: `Always Open ${run}`, city, category, openingHours: ALWAYS, timeZone: "UTC", rating: 4.2 }),
    buildBusiness({ name: `Never Open ${run}`, city, category, openingHours: NEVER, timeZone: "UTC", rating: 4.8 }),
    buildBusiness({ name: `No Hours ${run}`, city, category, openingHours: null, rating: 3.1 }),
  );
  return { run, city, category };
}

const names = (html: string, run: string) =>
  [...html.matchAll(new RegExp(`(Always Open|Never Open|No Hours) ${run}`, "g"))].map((m) => m[1]);

describe("listing filters", () => {
  it("narrow a city page to the businesses open now, or rated at least 4.5", async () => {
    const { run, city } = await seed();
    const path = `/city/${encodeURIComponent(city)}`;
    expect(new Set(names(await (await request(path)).text(), run))).toEqual(new Set(["Always Open", "Never Open", "No Hours"]));
    const open = await (await request(`${path}?openNow=1`)).text();
    expect(new Set(names(open, run))).toEqual(new Set(["Always Open"]));
    expect(open).toContain("1 result");
    expect(open).toContain("Clear filters");
    const rated = await (await request(`${path}?minRating=4.5`)).text();
    expect(new Set(names(rated, run))).toEqual(new Set(["Never Open"]));
  });

  it("narrow a category page and /businesses the same way", async () => {
    const { run, category } = await seed();
    const slug = category.toLowerCase().replace(/\s+/g, "-");
    const open = await (await request(`/category/${slug}?openNow=1`)).text();
    expect(new Set(names(open, run))).toEqual(new Set(["Always Open"]));
    const browse = await (await request(`/businesses?category=${slug}&minRating=4.5`)).text();
    expect(new Set(names(browse, run))).toEqual(new Set(["Never Open"]));
    const words = await (await request(`/businesses?search=${encodeURIComponent(`Open ${run}`)}&openNow=1`)).text();
    expect(new Set(names(words, run))).toEqual(new Set(["Always Open"]));
  });

  it("are part of the page's cache key, and an unknown rating is no filter", async () => {
    const key = (path: string) => {
      const url = pageUrl(new URL(`https://x.test${path}`));
      return url.pathname + url.search;
    };
    expect(key("/city/Chicago?utm_source=x&openNow=1&minRating=4.5")).toBe("/city/Chicago?minRating=4.5&openNow=1");
    expect(key("/businesses?openNow=1&junk=2")).toBe("/businesses?openNow=1");
    const { run, city } = await seed();
    const html = await (await request(`/city/${encodeURIComponent(city)}?minRating=2.7`)).text();
    expect(new Set(names(html, run)).size).toBe(3);
  });
});
