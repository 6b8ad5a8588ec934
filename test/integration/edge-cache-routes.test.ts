import type { RouteConfigEntry } from "@react-router/dev/routes";
import { env } from "cloudflare:workers";
import * as build from "virtual:react-router/server-build";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes";
import { isAdminPath } from "#app/lib/admin/admin-path";
import {
  businessesQuerySchema,
  categoriesQuerySchema,
  mapPlacesQuerySchema,
  pagingQuerySchema,
  suggestQuerySchema,
} from "#app/lib/api-schemas";
import { searchParamsSchema } from "#app/lib/search/search-params";
import { ATTRIBUTE_PARAMS, BEFORE_PARAM, CURSOR_PARAM } from "#app/lib/search/listing-filters";
import { pageUrl, withEdgeCache, type QueryParams } from "#app/server/platform/edge-cache.server";
import { buildBusiness, idOf, insert, request, testDb } from "../helpers/factories";

// The edge cache answers a URL with the page of its key, which keeps only the query parameters the
// route declares (`queryParams` beside its loader). A parameter the loader reads and the key drops
// answers every value of it with the page of another: this walks every route of app/routes.ts and,
// for each parameter a page could read, checks that the answer served through the cache is the page
// that URL renders. The suite runs with EDGE_CACHE=off; here the cache is driven directly.

/**
 * Every route of app/routes.ts as the paths it answers: its parents' paths and its own (a layout adds
 * none). An optional segment (`:lang?`, the locale prefix) answers both without it and with it.
 */
function routePaths(entries: RouteConfigEntry[], parents = [""]): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path?.endsWith("?") ? ["", `/${entry.path.slice(0, -1)}`] : [entry.path ? `/${entry.path}` : ""];
    const paths = parents.flatMap((parent) => own.map((segment) => parent + segment));
    return [...(entry.path || entry.index ? paths.map((path) => path || "/") : []), ...routePaths(entry.children ?? [], paths)];
  });
}

const run = crypto.randomUUID().slice(0, 6);
const city = `Walkton ${run}`;
const category = `Walk plumber ${run}`;
/** More than a listing page (20) of one city and one category, of different ratings and ages: page 2, a sort, a limit all show. */
const SEEDED = 25;

/** A real value for each dynamic segment (filled in beforeAll); a route with a new one fails until it has one here. */
const samples: Record<string, string> = { "*": "no-such-page", ":file": "main.xml", ":lang": "vi", ":reviewId": "1" };
/** A value for each parameter a page of this site reads or could read (`sort` has two). */
let probes: Array<[string, string]> = [];

beforeAll(async () => {
  await insert(
    ...Array.from({ length: SEEDED }, (_, n) =>
      buildBusiness({
        placeId: `walk-${n}-${run}`,
        name: `Walk Shop ${String.fromCharCode(65 + n)} ${run}`,
        city,
        category,
        rating: 3 + (n % 5) * 0.4,
        reviewCount: 10 + ((n * 7) % 13),
        latitude: 41.8 + n / 1000,
        longitude: -87.6 - n / 1000,
      }),
    ),
  );
  const id = await idOf(`walk-0-${run}`);
  const business = await env.DB.prepare("SELECT slug, category_slug AS categorySlug FROM businesses WHERE id = ?1")
    .bind(id)
    .first<{ slug: string; categorySlug: string }>();
  if (!business) throw new Error("the seeded business is missing");
  // A published review of that business: its report page answers 200.
  const review = await env.DB.prepare(
    `INSERT INTO reviews (business_id, email, name, rating, title, body, status, published_at)
     VALUES (?1, 'walk@reviewer.example', 'Walker', 4, 'A walk review', 'The shop fixed it the same day, kindly.', 'published', unixepoch()) RETURNING id`,
  )
    .bind(id)
    .first<{ id: number }>();
  if (!review) throw new Error("the seeded review is missing");
  Object.assign(samples, {
    ":id": String(id),
    ":reviewId": String(review.id),
    ":slug": business.slug,
    ":cityName": city,
    ":categoryName": business.categorySlug,
  });
  const known: Array<[string, string]> = [
    ["page", "2"],
    ["sort", "latest"],
    ["sort", "rating"],
    ["q", "walk"],
    ["search", "walk"],
    ["category", business.categorySlug],
    ["location", city],
    ["city", city],
    ["openNow", "1"],
    ["minRating", "4.5"],
    ["limit", "1"],
    ["offset", "1"],
    ["ids", String(id)],
    ["kind", "city"],
    ["near", "41.81,-87.61"],
    ["radius", "5"],
    ["has", "outdoor-seating"],
    ["openAt", "sun-10:00"],
    ["openLate", "1"],
    ["open24h", "1"],
  ];
  // And every parameter a route declares or a query schema has, so a page reading another's parameter is caught too.
  const declared = Object.values(build.routes).flatMap((route) => declaredBy(route?.id ?? "") ?? []);
  const names = [...declared, ...QUERY_SCHEMAS.flatMap(([, schema]) => Object.keys(schema.shape))];
  probes = [
    ...known,
    ...[...new Set(names)].filter((name) => !known.some(([k]) => k === name)).map((name): [string, string] => [name, "2"]),
  ];
});

/** What a route of the build declares it reads (`queryParams` in its module). */
function declaredBy(routeId: string): QueryParams | undefined {
  return (build.routes[routeId]?.module as { queryParams?: QueryParams } | undefined)?.queryParams;
}

/** The routes that also read the attribute filters (parseAttributeFilters), beside their schema. */
const READS_ATTRIBUTE_FILTERS = new Set(["routes/public/search", "routes/api/search", "routes/api/businesses"]);

/** The routes that also read the pager's cursor (parseCursor) beside their schema. */
const READS_CURSOR = new Set(["routes/public/search", "routes/api/search"]);

/** The query schemas the loaders parse, and the routes that parse each. */
const QUERY_SCHEMAS: Array<[string[], { shape: object }]> = [
  [["routes/public/search", "routes/api/search"], searchParamsSchema],
  [["routes/api/businesses"], businessesQuerySchema],
  [["routes/api/suggest"], suggestQuerySchema],
  [["routes/api/map-places"], mapPlacesQuerySchema],
  [["routes/api/categories"], categoriesQuerySchema],
  [
    ["businesses-latest", "businesses-recommended", "cities-popular", "countries", "city", "category"].map((name) => `routes/api/${name}`),
    pagingQuerySchema(1),
  ],
];

/** The route's path with each dynamic segment filled with a seeded value. */
function filled(path: string): string {
  return path.replace(/:[\w-]+|\*/g, (segment) => {
    const value = samples[segment];
    if (value === undefined) throw new Error(`${path}: no sample value for ${segment} (add one to samples)`);
    return encodeURIComponent(value);
  });
}

const keyOf = (path: string) => {
  const url = pageUrl(new URL(`https://localatlas.test${path}`));
  return url.pathname + url.search;
};

describe("the edge cache keys every route on the parameters it reads", () => {
  it("walks every route of app/routes.ts, each with real seeded values", () => {
    const paths = routePaths(routes);
    expect(paths).toContain("/city/:cityName");
    expect(paths).toContain("/api/businesses/:id");
    expect(paths).toContain("/:lang/city/:cityName");
    // Every route React Router built from the config (the public ones twice, with and without the
    // locale prefix): all but the root and the public layout, which answer no path of their own.
    const built = Object.values(build.routes).filter((route) => route?.path !== undefined || route?.index);
    const localized = built.filter((route) => route?.parentId === "routes/public/layout").length;
    expect(paths.length).toBe(built.length - 1 + localized + 1);
    // The admin is never cached (isAdminPath): every other route gets a seeded value for each segment.
    for (const path of paths.filter((p) => !isAdminPath(p))) expect(() => filled(path), path).not.toThrow();
  });

  it("declares on each route that parses a query schema every key of it", () => {
    for (const [routeIds, schema] of QUERY_SCHEMAS) {
      for (const id of routeIds)
        expect(new Set(declaredBy(id)), id).toEqual(
          new Set([
            ...Object.keys(schema.shape),
            ...(READS_ATTRIBUTE_FILTERS.has(id) ? ATTRIBUTE_PARAMS : []),
            ...(READS_CURSOR.has(id) ? [CURSOR_PARAM, BEFORE_PARAM] : []),
          ]),
        );
    }
  });

  it("answers every URL through the cache with the page that URL renders, whatever parameter it adds", async () => {
    const cache = await caches.open(`edge-routes-${run}`);
    const pending: Promise<unknown>[] = [];
    const served = async (path: string) => {
      const response = await withEdgeCache(
        new Request(`https://localatlas.test${path}`),
        { db: testDb(), cache, waitUntil: (p) => pending.push(p) },
        (page) => request(new URL(page.url).pathname + new URL(page.url).search, { redirect: "manual" }),
      );
      await Promise.all(pending.splice(0));
      return response;
    };
    const answer = async (response: Response) => `${response.status} ${response.headers.get("Location") ?? ""}\n${await response.text()}`;

    const differs = async (url: string) => {
      const [cached, rendered] = await Promise.all([served(url), request(url, { redirect: "manual" })]);
      return (await answer(cached)) !== (await answer(rendered));
    };
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routePaths(routes).filter((p) => !isAdminPath(p))) {
      const path = filled(route);
      // Asked with words and a business, so a page that reads them (search, the map's places) has pages to tell apart.
      const base = `${path}?q=walk&ids=${samples[":id"]}`;
      const { status } = await request(base, { redirect: "manual" });
      // A reviewer's manage page needs the token of its e-mailed link: without one it is refused (403).
      // A review's "Helpful" vote is a POST; its GET goes back to the business page (302).
      const expected = route.endsWith("*") ? 404 : route.endsWith("/reviews/:id/manage") ? 403 : route.endsWith("/helpful") ? 302 : 200;
      expect(status, `${base}: a page of a seeded value (the not-found routes, the token-guarded manage page and the vote excepted)`).toBe(
        expected,
      );
      const withParams = (params: Array<[string, string]>) => {
        const query = new URLSearchParams(base.slice(path.length + 1));
        for (const [name, value] of params) query.set(name, value);
        return `${path}?${query}`;
      };
      // The probes this page's key drops (what it keeps makes an entry of its own), asked together, and
      // one by one when together they change the page; a name asked twice, in a second round.
      const dropped = probes.filter(([name, value]) => keyOf(withParams([[name, value]])) === keyOf(base));
      const rounds = [dropped.filter(([name], i) => dropped.findIndex(([n]) => n === name) === i)];
      rounds.push(dropped.filter((probe) => !rounds[0].includes(probe)));
      if (keyOf(base) !== base && (await differs(base))) {
        wrong.push(`${route}: ${base} is answered with the page of ${keyOf(base)}`);
        continue;
      }
      for (const round of rounds.filter((r) => r.length > 0)) {
        checked += round.length;
        if (!(await differs(withParams(round)))) continue;
        for (const probe of round)
          if (await differs(withParams([probe])))
            wrong.push(`${route}: ${withParams([probe])} is answered with the page of ${keyOf(base)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});
