import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Reads like SPEC §2's route table, then §7's calls.
export default [
  // ── Visitor site (SPEC §2) ────────────────────────────────────────────────
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("search", "routes/public/search.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // ── Admin (SPEC §2 Admin login / Admin panel) ─────────────────────────────

  // ── Crawlers: sitemaps and robots.txt ─────────────────────────────────────
  route("sitemap.xml", "routes/crawlers/sitemap-index.ts"),
  route("sitemaps/:file", "routes/crawlers/sitemap-file.ts"),
  route("robots.txt", "routes/crawlers/robots.ts"),

  // ── Public JSON API (SPEC §7) ─────────────────────────────────────────────
  ...prefix("api", [
    route("statistics", "routes/api/statistics.ts"),
    route("cities/popular", "routes/api/cities-popular.ts"),
    route("businesses/recommended", "routes/api/businesses-recommended.ts"),
    route("businesses/latest", "routes/api/businesses-latest.ts"),
    route("businesses/slug/:slug", "routes/api/business-by-slug.ts"),
    route("businesses/:id", "routes/api/business-by-id.ts"),
    route("businesses", "routes/api/businesses.ts"),
    route("city/:cityName", "routes/api/city.ts"),
    route("category/:categoryName", "routes/api/category.ts"),
    route("categories", "routes/api/categories.ts"),
    route("countries", "routes/api/countries.ts"),
    route("search", "routes/api/search.ts"),

    // ── Admin JSON API (SPEC §7) ───────────────────────────────────────────
    route("admin/sitemap-stats", "routes/api/admin/sitemap-stats.ts"),

    route("*", "routes/api/not-found.ts", { id: "api-not-found" }),
  ]),
] satisfies RouteConfig;
