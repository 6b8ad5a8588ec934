import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

// Reads like SPEC §2's route table, then §7's calls.
export default [
  // ── Visitor site (SPEC §2) ────────────────────────────────────────────────
  // The default locale at the root, every other one under its prefix: /city/Hue, /vi/city/Hue (docs/i18n.md).
  route(":lang?", "routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("businesses", "routes/public/businesses.tsx"),
    route("business/:id", "routes/public/business.tsx", { id: "business-by-id" }),
    route("details/:slug", "routes/public/business.tsx", { id: "business-by-slug" }),
    // What a visitor can tell about a listing: an edit, closed, a duplicate (?kind=); into the moderation queue.
    route("business/:id/suggest", "routes/public/business-suggest.tsx"),
    // Reviews written here (docs/reviews.md): the form, the e-mailed link that publishes, the reviewer's manage link. Never cached.
    route("business/:id/review", "routes/reviews/write.tsx"),
    route("reviews/confirm", "routes/reviews/confirm.tsx"),
    route("reviews/:id/manage", "routes/reviews/manage.tsx"),
    // Reviews written here (docs/reviews.md): a "Helpful" vote, one per browser.
    route("business/:id/reviews/:reviewId/helpful", "routes/public/review-helpful.ts"),
    // Reporting a published review (a reason, an optional note): it goes to the admin's queue and stays shown. Never cached.
    route("business/:id/reviews/:reviewId/report", "routes/public/review-report.tsx"),
    route("city/:cityName", "routes/public/city.tsx"),
    // City × category pages ("Dentists in Chicago", ADR 0020).
    route("city/:cityName/:categoryName", "routes/public/city-category.tsx"),
    route("category/:categoryName", "routes/public/category.tsx"),
    route("cities", "routes/public/cities.tsx"),
    route("about", "routes/public/about.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("privacy-policy", "routes/public/privacy-policy.tsx"),
    route("terms-of-service", "routes/public/terms-of-service.tsx"),
    route("add-business", "routes/public/add-business.tsx"),
    route("advertise", "routes/public/advertise.tsx"),
    route("search", "routes/public/search.tsx"),
    // Business owners (docs/people.md): personal pages, never cached, in the visitor's language.
    route("business/:id/claim", "routes/owner/claim.tsx"),
    route("owner", "routes/owner/dashboard.tsx"),
    route("owner/sign-in", "routes/owner/sign-in.tsx"),
    route("owner/sign-in/confirm", "routes/owner/sign-in-confirm.tsx"),
    route("owner/sign-out", "routes/owner/sign-out.tsx"),
    route("owner/businesses/:id", "routes/owner/business-edit.tsx"),
    route("owner/businesses/:id/reviews", "routes/owner/business-reviews.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // ── Admin (SPEC §2 Admin login / Admin panel) ─────────────────────────────
  route("admin", "routes/admin/login.tsx", { id: "admin" }),
  route("admin-login", "routes/admin/login.tsx", { id: "admin-login" }),
  // The panel is a layout; each tab is a URL with its own loader (app/components/admin/tabs.ts).
  route("admin-panel", "routes/admin/panel.tsx", { id: "admin-panel" }, [
    index("routes/admin/dashboard.tsx", { id: "admin-panel-dashboard" }),
    route("businesses", "routes/admin/businesses.tsx"),
    route("businesses/:id", "routes/admin/business-edit.tsx"),
    route("import", "routes/admin/import.tsx"),
    route("sitemap", "routes/admin/sitemap.tsx"),
    // The import history and the audit log.
    route("imports", "routes/admin/imports.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    // Duplicate candidates (ADR 0019).
    route("duplicates", "routes/admin/duplicates.tsx"),
    // People who take part (docs/people.md): the moderation queue, verified owners, the local outbox.
    route("moderation", "routes/admin/moderation.tsx"),
    route("owners", "routes/admin/owners.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    // Reviews written here (docs/reviews.md): held and reported reviews, the operator's reply.
    route("reviews", "routes/admin/reviews.tsx"),
  ]),
  route("admin/dashboard", "routes/admin/panel.tsx", { id: "admin-dashboard" }, [
    index("routes/admin/dashboard.tsx", { id: "admin-dashboard-index" }),
  ]),

  // ── Crawlers: sitemaps and robots.txt ─────────────────────────────────────
  route("sitemap.xml", "routes/crawlers/sitemap-index.ts"),
  route("sitemaps/:file", "routes/crawlers/sitemap-file.ts"),
  // Another served locale's files (/sitemaps/vi/businesses-1.xml); the default's stay at /sitemaps/.
  route("sitemaps/:lang/:file", "routes/crawlers/sitemap-file.ts", { id: "sitemap-locale-file" }),
  route("robots.txt", "routes/crawlers/robots.ts"),

  // ── Public JSON API (SPEC §7) ─────────────────────────────────────────────
  ...prefix("api", [
    route("statistics", "routes/api/statistics.ts"),
    route("cities/popular", "routes/api/cities-popular.ts"),
    route("businesses/recommended", "routes/api/businesses-recommended.ts"),
    route("businesses/latest", "routes/api/businesses-latest.ts"),
    route("businesses/slug/:slug", "routes/api/business-by-slug.ts"),
    route("businesses/:id", "routes/api/business-by-id.ts"),
    // A business's published reviews written here, a page at a time (docs/reviews.md).
    route("businesses/:id/reviews", "routes/api/business-reviews.ts"),
    route("businesses", "routes/api/businesses.ts"),
    route("city/:cityName", "routes/api/city.ts"),
    route("category/:categoryName", "routes/api/category.ts"),
    route("categories", "routes/api/categories.ts"),
    route("countries", "routes/api/countries.ts"),
    route("search", "routes/api/search.ts"),
    route("suggest", "routes/api/suggest.ts"),
    // A map's markers, asked for when the map comes into view (ADR 0022).
    route("map-places", "routes/api/map-places.ts"),

    // ── Admin JSON API (SPEC §7) ───────────────────────────────────────────
    ...prefix("admin", [
      route("login", "routes/api/admin/login.ts"),
      route("logout", "routes/api/admin/logout.ts"),
      route("check-auth", "routes/api/admin/check-auth.ts"),
      route("summary", "routes/api/admin/summary.ts"),
      route("businesses", "routes/api/admin/businesses.ts"),
      route("businesses/:id", "routes/api/admin/business.ts"),
      route("businesses/:id/verify", "routes/api/admin/business-verify.ts"),
      route("businesses/:id/feature", "routes/api/admin/business-feature.ts"),
      route("import", "routes/api/admin/import.ts"),
      route("import/preview", "routes/api/admin/import-preview.ts"),
      route("import/:jobId", "routes/api/admin/import-status.ts"),
      route("export", "routes/api/admin/export.ts"),
      route("generate-seo", "routes/api/admin/generate-seo.ts"),
      route("delete-all", "routes/api/admin/delete-all.ts"),
      route("sitemap-stats", "routes/api/admin/sitemap-stats.ts"),
      route("audit", "routes/api/admin/audit.ts"),
      // The import history API (list, error report, original file, retry).
      route("imports", "routes/api/admin/imports.ts"),
      route("imports/:id/errors", "routes/api/admin/imports-errors.ts"),
      route("imports/:id/file", "routes/api/admin/imports-file.ts"),
      route("imports/:id/retry", "routes/api/admin/imports-retry.ts"),
      // Duplicate candidates, merge and dismiss (ADR 0019).
      route("duplicates", "routes/api/admin/duplicates.ts"),
      route("filters/backfill", "routes/api/admin/filters-backfill.ts"),
      // The moderation queue: list, decide, bulk reject (docs/people.md).
      route("submissions", "routes/api/admin/submissions.ts"),
      route("submissions/bulk-reject", "routes/api/admin/submissions-bulk-reject.ts"),
      // The review queue: list, publish, hide, restore, reply (docs/reviews.md).
      route("reviews", "routes/api/admin/reviews.ts"),
      // Guarded: unknown admin paths answer 401 without a session, 404 JSON with one.
      route("*", "routes/api/admin/not-found.ts", { id: "api-admin-not-found" }),
    ]),

    route("*", "routes/api/not-found.ts", { id: "api-not-found" }),
  ]),
] satisfies RouteConfig;
