import type { ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { beforeEach, describe, expect, it } from "vitest";
import { setVerified } from "#app/server/write/business-writer.server";
import {
  dataVersion,
  isCacheable,
  memoizedDataVersion,
  pageMemory,
  pageUrl,
  withEdgeCache,
  type EdgeCacheOptions,
  type QueryParams,
} from "#app/server/platform/edge-cache.server";
import { siteSummary } from "#app/server/lists/site-summary.server";
import { buildBusiness, idOf, insert, queriesRun, request, roundTrips, testDb } from "../helpers/factories";
import { fetchWith } from "../helpers/worker";

// The suite runs with EDGE_CACHE=off so tests see fresh data; here the cache is driven directly.
let cache: Cache;
let renders: number;
/** The path and query of every URL rendered. */
let rendered: string[];
const pending: Promise<unknown>[] = [];

async function get(path: string, init?: RequestInit, options: Partial<EdgeCacheOptions> = {}): Promise<Response> {
  const req = new Request(`https://localatlas.test${path}`, init);
  const response = await withEdgeCache(req, { db: testDb(), cache, waitUntil: (p) => pending.push(p), ...options }, (page) => {
    renders += 1;
    const url = new URL(page.url);
    rendered.push(url.pathname + url.search);
    return request(url.pathname + url.search, init);
  });
  await Promise.all(pending.splice(0));
  return response;
}

const keyOf = (path: string) => {
  const url = pageUrl(new URL(`https://localatlas.test${path}`));
  return url.pathname + url.search;
};

beforeEach(async () => {
  cache = await caches.open(`edge-test-${crypto.randomUUID()}`);
  renders = 0;
  rendered = [];
});

describe("edge cache keyed by the data version", () => {
  it("serves a repeated public request from the cache", async () => {
    await insert(buildBusiness({ name: "Cached Bakery", city: "Cacheville" }));
    const first = await get("/api/city/Cacheville");
    const second = await get("/api/city/Cacheville");
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await second.json()).toEqual(await first.json());
    expect(renders).toBe(1);
  });

  it("renders again after any write, so visitors see the change", async () => {
    const b = buildBusiness({ name: "Soon Verified", city: "Versionton" });
    await insert(b);
    const before = (await (await get("/api/city/Versionton")).json()) as Array<{ isVerified: boolean }>;
    await setVerified(testDb(), await idOf(b.placeId!), true);
    const after = await get("/api/city/Versionton");
    expect(after.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(before[0].isVerified).toBe(false);
    expect(((await after.json()) as Array<{ isVerified: boolean }>)[0].isVerified).toBe(true);
  });

  it("never stores errors, admin paths or personal requests", async () => {
    await get("/api/businesses/999999");
    await get("/api/businesses/999999");
    expect(renders).toBe(2);
    expect(isCacheable(new Request("https://localatlas.test/api/admin/check-auth"))).toBe(false);
    expect(isCacheable(new Request("https://localatlas.test/admin-panel"))).toBe(false);
    expect(isCacheable(new Request("https://localatlas.test/", { headers: { Cookie: "la_toast=x" } }))).toBe(false);
    expect(isCacheable(new Request("https://localatlas.test/api/statistics", { method: "POST" }))).toBe(false);
    expect(isCacheable(new Request("https://localatlas.test/city/Chicago"))).toBe(true);
  });
});

describe("the cache key is the page, not the URL", () => {
  it("serves /about?utm_source=x&junk=1 from the entry of /about, rendered from /about", async () => {
    const first = await get("/about");
    const second = await get("/about?utm_source=x&junk=1");
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    expect(rendered).toEqual(["/about"]);
  });

  it("renders a URL with unread parameters as its page, so the stored page carries none of them", async () => {
    const response = await get("/businesses?utm_campaign=spring&sort=latest&fbclid=abc");
    expect(response.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(rendered).toEqual(["/businesses?sort=latest"]);
    expect(await response.text()).not.toContain("spring");
  });

  it("keeps the parameters each page reads, in one order, and drops the rest", () => {
    expect(keyOf("/?utm_source=x")).toBe("/");
    expect(keyOf("/business/12?page=2&ref=home")).toBe("/business/12");
    expect(keyOf("/details/joes-pizza?gclid=1")).toBe("/details/joes-pizza");
    expect(keyOf("/search?sort=rating&q=pizza&utm_medium=mail&location=Paris&page=2&openNow=1&minRating=4&category=cafe&x=1")).toBe(
      "/search?category=cafe&location=Paris&minRating=4&openNow=1&page=2&q=pizza&sort=rating",
    );
    expect(keyOf("/businesses?page=3&search=tacos&category=mexican&sort=latest&junk=1")).toBe(
      "/businesses?category=mexican&page=3&search=tacos&sort=latest",
    );
    expect(keyOf("/city/Chicago?page=2&utm_source=x")).toBe("/city/Chicago?page=2");
    // A city × category page reads the same parameters as a city page.
    expect(keyOf("/city/Chicago/dentist?page=2&utm_source=x&minRating=4")).toBe("/city/Chicago/dentist?minRating=4&page=2");
    expect(keyOf("/category/restaurants?page=2&q=1")).toBe("/category/restaurants?page=2");
    expect(keyOf("/cities?page=2&sort=x")).toBe("/cities?page=2");
    expect(keyOf("/api/search?q=a&limit=5")).toBe("/api/search?q=a");
    expect(keyOf("/api/businesses?offset=20&limit=10&search=a&category=b&sort=latest&x=1")).toBe(
      "/api/businesses?category=b&limit=10&offset=20&search=a&sort=latest",
    );
    for (const path of ["/api/city/Chicago", "/api/category/cafe", "/api/categories", "/api/countries", "/api/cities/popular"]) {
      expect(keyOf(`${path}?offset=5&limit=2&page=9`), path).toBe(`${path}?limit=2&offset=5`);
    }
    expect(keyOf("/api/businesses/latest?limit=3&junk=1")).toBe("/api/businesses/latest?limit=3");
    expect(keyOf("/api/statistics?x=1")).toBe("/api/statistics");
    expect(keyOf("/sitemap.xml?x=1")).toBe("/sitemap.xml");
  });

  it("finds the page as React Router routes it: any case, a trailing slash, escapes", async () => {
    expect(keyOf("/Search?q=pizza&x=1")).toBe("/Search?q=pizza");
    expect(keyOf("/city/Chicago/?page=2&x=1")).toBe("/city/Chicago/?page=2");
    expect(keyOf("/city/AC%2FDC?page=2&x=1")).toBe("/city/AC%2FDC?page=2");
    expect(keyOf("/%73earch?q=pizza&x=1")).toBe("/%73earch?q=pizza");
    // A static word where the route has a parameter is that parameter: the city called "search".
    expect(keyOf("/city/search?page=2&q=x")).toBe("/city/search?page=2");
    expect(keyOf("/api/businesses/12?limit=3")).toBe("/api/businesses/12");
    // An empty segment is not routed as the page without it: "//search" is the not-found page, which reads nothing.
    expect(keyOf("//search?q=pizza&x=1")).toBe("//search");
    expect((await request("//search?q=pizza")).status).toBe(404);
  });

  it("keeps every parameter but the tracking ones of a route that declares none (a new page reading ?page= is still paged)", () => {
    const module = (queryParams?: QueryParams) => ({ default: () => null, loader: () => null, ...(queryParams ? { queryParams } : {}) });
    const routes = (rootParams?: QueryParams) =>
      ({
        root: { id: "root", path: "", module: module(rootParams) },
        deals: { id: "deals", parentId: "root", path: "deals", module: module() },
        deal: { id: "deal", parentId: "root", path: "deals/:id", module: module(["page"]) },
      }) as unknown as ServerBuild["routes"];
    const key = (path: string, rootParams?: QueryParams) => {
      const url = pageUrl(new URL(`https://localatlas.test${path}`), routes(rootParams));
      return url.pathname + url.search;
    };
    expect(key("/deals?sort=new&utm_source=x&page=2&fbclid=1&__v=9&__b=x", [])).toBe("/deals?page=2&sort=new");
    expect(key("/deals/7?sort=new&page=2", [])).toBe("/deals/7?page=2");
    // A parent that declares nothing leaves every page below it keeping all.
    expect(key("/deals/7?sort=new&page=2")).toBe("/deals/7?page=2&sort=new");
  });

  it("keeps a repeated parameter's values in their order: loaders differ on which one they read", () => {
    expect(keyOf("/businesses?page=3&category=a&page=2")).toBe("/businesses?category=a&page=3&page=2");
    expect(keyOf("/businesses?page=2&page=3")).not.toBe(keyOf("/businesses?page=3&page=2"));
  });

  it("keeps React Router's own parameters on data requests", () => {
    expect(keyOf("/search.data?q=pizza&_routes=routes%2Fpublic%2Fsearch&utm_source=x")).toBe(
      "/search.data?_routes=routes%2Fpublic%2Fsearch&q=pizza",
    );
    expect(keyOf("/_.data?_routes=root&junk=1")).toBe("/_.data?_routes=root");
    expect(keyOf("/city/Chicago.data?page=2&x=1")).toBe("/city/Chicago.data?page=2");
    expect(keyOf("/about?_routes=root")).toBe("/about");
  });

  it("keeps the paths and version of React Router's route discovery, which answers 204 without its version", async () => {
    expect(keyOf("/__manifest?version=abc&paths=%2Fcity%2FChicago&utm_source=x")).toBe("/__manifest?paths=%2Fcity%2FChicago&version=abc");
    const response = await get(`/__manifest?paths=${encodeURIComponent("/city/Chicago")}&version=${build.assets.version}&junk=1`);
    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()) as object)).toContain("routes/public/city");
  });

  it("gives pages that differ by a parameter they read their own entries", async () => {
    await insert(buildBusiness({ name: "Paged One", city: "Keytown" }));
    await get("/search?q=paged&location=Keytown");
    await get("/search?location=Keytown&q=paged&utm_source=x");
    await get("/search?q=other&location=Keytown");
    expect(rendered).toEqual(["/search?location=Keytown&q=paged", "/search?location=Keytown&q=other"]);
  });

  it("never lets a visitor's URL name a data version or a build", () => {
    expect(keyOf("/about?__v=0&__b=abc")).toBe("/about");
  });

  it("serves a page only to the build that rendered it: the next deploy's assets are not the ones it links", async () => {
    const before = await get("/about", undefined, { build: "build-1" });
    const again = await get("/about", undefined, { build: "build-1" });
    const deployed = await get("/about", undefined, { build: "build-2" });
    expect([before, again, deployed].map((r) => r.headers.get("X-Edge-Cache"))).toEqual(["MISS", "HIT", "MISS"]);
    expect(renders).toBe(2);
  });
});

describe("the data version remembered in the isolate", () => {
  it("answers a hit without D1 within its time, and serves the previous pages at most that long after a write", async () => {
    let now = 0;
    const version = memoizedDataVersion(1_000, () => now);
    const b = buildBusiness({ name: "Memo Bakery", city: "Memoville" });
    await insert(b);
    const first = await get("/api/city/Memoville", undefined, { version });
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    const db = testDb();
    const hit = await get("/api/city/Memoville", undefined, { version, db });
    expect(hit.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(db.meter.queries).toBe(0);

    await setVerified(testDb(), await idOf(b.placeId!), true);
    now = 999;
    const stale = await get("/api/city/Memoville", undefined, { version });
    expect(stale.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(((await stale.json()) as Array<{ isVerified: boolean }>)[0].isVerified).toBe(false);

    now = 1_000;
    const fresh = await get("/api/city/Memoville", undefined, { version });
    expect(fresh.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(((await fresh.json()) as Array<{ isVerified: boolean }>)[0].isVerified).toBe(true);
  });

  it("forgets the version when this isolate wrote: the next request reads it again instead of serving the one before the write", async () => {
    const version = memoizedDataVersion(1_000, () => 0);
    const before = await version(testDb());
    await insert(buildBusiness({ name: "Forget Cafe", city: "Forgetville" }));
    const remembered = testDb();
    expect(await version(remembered)).toBe(before);
    expect(remembered.meter.queries).toBe(0);

    version.forget();
    const afterWrite = testDb();
    expect(await version(afterWrite)).toBeGreaterThan(before);
    expect(afterWrite.meter.queries).toBe(1);
    const next = testDb();
    await version(next);
    expect(next.meter.queries).toBe(0);
  });

  it("renews an expired version with one D1 read: requests arriving during it keep the remembered version", async () => {
    let now = 0;
    const version = memoizedDataVersion(1_000, () => now);
    const before = await version(testDb());
    const b = buildBusiness({ name: "Single Read Cafe", city: "Onceville" });
    await insert(b);
    await setVerified(testDb(), await idOf(b.placeId!), true);

    now = 1_000;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const reader = testDb();
    const renewing = version(async () => (await gate, reader));
    const meanwhile = testDb();
    expect(await version(meanwhile)).toBe(before);
    expect(meanwhile.meter.queries).toBe(0);

    release();
    const renewed = await renewing;
    expect(renewed).toBeGreaterThan(before);
    expect(reader.meter.queries).toBe(1);
    const after = testDb();
    expect(await version(after)).toBe(renewed);
    expect(after.meter.queries).toBe(0);
  });

  it("keeps the remembered version when renewing it fails, and lets the next request read; with none remembered, the failure is the caller's", async () => {
    const neverRead = memoizedDataVersion(1_000, () => 0);
    await expect(neverRead(async () => Promise.reject(new Error("D1 unavailable")))).rejects.toThrow("D1 unavailable");

    let now = 0;
    const version = memoizedDataVersion(1_000, () => now);
    const remembered = await version(testDb());
    now = 1_000;
    expect(await version(async () => Promise.reject(new Error("D1 unavailable")))).toBe(remembered);
    const next = testDb();
    await version(next);
    expect(next.meter.queries).toBe(1);

    now = 2_000;
    void version(() => new Promise<never>(() => {}));
    now = 2_999;
    const waiting = testDb();
    await version(waiting);
    expect(waiting.meter.queries).toBe(0);
    now = 3_000;
    const unstuck = testDb();
    await version(unstuck);
    expect(unstuck.meter.queries).toBe(1);
  });

  it("renders the page and stores nothing when no version can be read", async () => {
    await insert(buildBusiness({ name: "Outage Bakery", city: "Dimtown" }));
    const failing = async (): Promise<number> => {
      throw new Error("D1 unavailable");
    };
    const page = await get("/city/Dimtown", undefined, { version: failing });
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Edge-Cache")).toBeNull();
    expect(await page.text()).toContain("Outage Bakery");
    // Nothing was stored: with the version back, the same page is a miss.
    expect((await get("/city/Dimtown")).headers.get("X-Edge-Cache")).toBe("MISS");
    expect(renders).toBe(2);
  });
});

describe("the hottest pages kept in the isolate", () => {
  it("answers a repeated page from memory, without the Cache API, the same bytes every time", async () => {
    await insert(buildBusiness({ name: "Memory Deli", city: "Ramtown" }));
    const memory = pageMemory(1024 * 1024);
    const first = await get("/city/Ramtown", undefined, { memory });
    const emptyCache = await caches.open(`edge-test-${crypto.randomUUID()}`);
    const second = await get("/city/Ramtown?utm_source=x", undefined, { memory, cache: emptyCache });
    const third = await get("/city/Ramtown", undefined, { memory, cache: emptyCache });
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect([second.headers.get("X-Edge-Cache"), third.headers.get("X-Edge-Cache")]).toEqual(["HIT", "HIT"]);
    const html = await first.text();
    expect(html).toContain("Memory Deli");
    expect(await second.text()).toBe(html);
    expect(await third.text()).toBe(html);
    expect(third.headers.get("Content-Security-Policy")).toBe(first.headers.get("Content-Security-Policy"));
    expect(renders).toBe(1);
  });

  it("answers a hot page without asking for the request's Db while the version is remembered", async () => {
    await insert(buildBusiness({ name: "Lazy Grocer", city: "Lazyville" }));
    const memory = pageMemory(1024 * 1024);
    const version = memoizedDataVersion(60_000);
    let dbAsked = 0;
    const db = async () => {
      dbAsked += 1;
      return testDb();
    };
    await get("/city/Lazyville", undefined, { memory, version, db });
    expect(dbAsked).toBe(1);
    const hit = await get("/city/Lazyville", undefined, { memory, version, db });
    expect(hit.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(dbAsked).toBe(1);
  });

  it("keeps a page it rendered for s-maxage (300 s), and one it took from the Cache API for max-age (60 s)", async () => {
    let now = 0;
    const clock = () => now;
    await insert(buildBusiness({ name: "Clock Shop", city: "Clockton" }));
    const renderedHere = pageMemory(1024 * 1024, clock);
    const takenFromCache = pageMemory(1024 * 1024, clock);
    expect((await get("/api/city/Clockton", undefined, { memory: renderedHere, now: clock })).headers.get("X-Edge-Cache")).toBe("MISS");
    expect((await get("/api/city/Clockton", undefined, { memory: takenFromCache, now: clock })).headers.get("X-Edge-Cache")).toBe("HIT");
    // A Cache API that holds nothing: a HIT can only come from the memory.
    const status = async (memory: ReturnType<typeof pageMemory>) => {
      const emptyCache = await caches.open(`edge-test-${crypto.randomUUID()}`);
      return (await get("/api/city/Clockton", undefined, { memory, cache: emptyCache, now: clock })).headers.get("X-Edge-Cache");
    };

    now = 59_999;
    expect([await status(renderedHere), await status(takenFromCache)]).toEqual(["HIT", "HIT"]);
    now = 60_000;
    expect([await status(renderedHere), await status(takenFromCache)]).toEqual(["HIT", "MISS"]);
    now = 300_000;
    expect(await status(renderedHere)).toBe("MISS");
  });

  it("keeps at most its size, dropping the least recently used page first", () => {
    const memory = pageMemory(400);
    const page = (bytes: number) => ({ body: new ArrayBuffer(bytes), status: 200, headers: [], hitHeaders: [], expires: Infinity });
    memory.set("a", page(100), 1);
    memory.set("b", page(100), 1);
    memory.set("c", page(100), 1);
    memory.get("a");
    memory.set("d", page(100), 1);
    memory.set("e", page(100), 1);
    // a was read after c was stored, so b was the least recently used when e did not fit.
    expect(["a", "b", "c", "d", "e"].filter((key) => memory.get(key))).toEqual(["a", "c", "d", "e"]);
  });

  it("forgets the pages of an older data version and pages past their s-maxage", () => {
    let now = 0;
    const memory = pageMemory(1000, () => now);
    memory.set("old", { body: new ArrayBuffer(10), status: 200, headers: [], hitHeaders: [], expires: 300_000 }, 1);
    memory.set("new", { body: new ArrayBuffer(10), status: 200, headers: [], hitHeaders: [], expires: 300_000 }, 2);
    expect(memory.get("old")).toBeUndefined();
    expect(memory.get("new")).toBeDefined();
    now = 300_000;
    expect(memory.get("new")).toBeUndefined();
  });
});

describe("EDGE_CACHE=miss: what every miss costs, for benchmarks", () => {
  it("renders every request at the page's version and stores nothing", async () => {
    await insert(buildBusiness({ name: "Always Fresh", city: "Missville" }));
    const versions: Array<number | undefined> = [];
    const render = async (page: Request, version?: number) => {
      versions.push(version);
      return request(new URL(page.url).pathname);
    };
    const options = { db: testDb(), cache, waitUntil: (p: Promise<unknown>) => pending.push(p), alwaysMiss: true };
    const first = await withEdgeCache(new Request("https://localatlas.test/city/Missville?utm_source=x"), options, render);
    const second = await withEdgeCache(new Request("https://localatlas.test/city/Missville"), options, render);
    await Promise.all(pending.splice(0));
    expect([first.headers.get("X-Edge-Cache"), second.headers.get("X-Edge-Cache")]).toEqual([null, null]);
    expect(await second.text()).toContain("Always Fresh");
    const version = await dataVersion(testDb());
    expect(versions).toEqual([version, version]);
    expect(await cache.match(new Request("https://localatlas.test/city/Missville"))).toBeUndefined();
  });
});

describe("the footer remembered per data version", () => {
  it("reads no D1 for a page rendered at a version it has read, and reads again after a write", async () => {
    await insert(buildBusiness({ name: "Footer One", city: "Footerton" }));
    const before = await dataVersion(testDb());
    const first = await siteSummary(testDb(), before);
    expect(first.cities.map((c) => c.name)).toContain("Footerton");

    const again = testDb();
    expect((await siteSummary(again, before)).statistics).toEqual(first.statistics);
    expect(again.meter.queries).toBe(0);

    await insert(buildBusiness({ name: "Footer Two", city: "Newtown" }));
    const after = await dataVersion(testDb());
    expect(after).toBeGreaterThan(before);
    const fresh = testDb();
    const summary = await siteSummary(fresh, after);
    // The totals, the cities and the categories in one batch: one round trip, one snapshot of one version.
    expect(fresh.meter).toMatchObject({ queries: 3, roundTrips: 1 });
    expect(summary.version).toBe(after);
    expect(summary.statistics.totalBusinesses).toBe(first.statistics.totalBusinesses + 1);
    expect(summary.cities.map((c) => c.name)).toContain("Newtown");
  });

  it("gives the home page its totals and popular cities: a miss at a known version reads only its two lists, in one round trip", async () => {
    await insert(buildBusiness({ name: "Home Summary", city: "Summaryville" }));
    const home = () => fetchWith({ EDGE_CACHE: "miss" }, "/");
    const first = await home();
    const second = await home();
    expect([first.status, second.status]).toEqual([200, 200]);
    // Recommended and latest, in one batch; the totals, the cities and the footer were read at this version by the first.
    expect([queriesRun(second), roundTrips(second)]).toEqual([2, 1]);
    expect(await second.text()).toContain("Popular Cities");
  });

  it("gives /businesses its category filter: a miss at a known version reads only site_stats, its page and its filter counts, in one round trip", async () => {
    await insert(buildBusiness({ name: "Filter Summary", category: "Summary shop" }));
    const page = () => fetchWith({ EDGE_CACHE: "miss" }, "/businesses");
    await page();
    const second = await page();
    expect(second.status).toBe(200);
    // site_stats, the page, and its filter counts (three small statements, ADR 0031).
    expect([queriesRun(second), roundTrips(second)]).toEqual([5, 1]);
    expect(await second.text()).toContain("All Categories");
  });

  it("gives a city's, a category's and a city × category's first page in one round trip: the scope, its links and its first cards", async () => {
    await insert(
      ...["One", "Two", "Three"].map((n) => buildBusiness({ name: `Tripton Plumber ${n}`, city: "Tripton", category: "Trip plumber" })),
    );
    const miss = (path: string) => fetchWith({ EDGE_CACHE: "miss" }, path);
    // The city or category, its top links, its head and its featured businesses; the pair page: city,
    // category, its count, head and featured businesses; each with its filter counts (three statements, ADR 0031).
    for (const [path, statements] of [
      ["/city/Tripton", 7],
      ["/category/trip-plumber", 7],
      ["/city/Tripton/trip-plumber", 8],
    ] as const) {
      await miss(path);
      const second = await miss(path);
      expect(second.status).toBe(200);
      expect([queriesRun(second), roundTrips(second)]).toEqual([statements, 1]);
      const html = await second.text();
      expect(html).toContain("Tripton Plumber Three");
      // The city × category page of three businesses, linked from both and linking to both.
      expect(html).toContain(path === "/city/Tripton/trip-plumber" ? "/category/trip-plumber" : "/city/Tripton/trip-plumber");
    }
    // A page past the end is the last page, read with the opening batch (page 2 of one is page 1).
    const deeper = await miss("/city/Tripton?page=2");
    expect(roundTrips(deeper)).toBe(1);
    expect(await deeper.text()).toContain("Tripton Plumber Three");
  });

  it("reads every time when the page is not cached (no version known)", async () => {
    await insert(buildBusiness({ name: "Uncached Footer", city: "Plainville" }));
    await siteSummary(testDb());
    const db = testDb();
    await siteSummary(db);
    expect(db.meter.queries).toBeGreaterThan(0);
  });
});
