/**
 * The admin panel's tabs (SPEC §2): each is a URL under /admin-panel, served by its own route
 * module in app/routes/admin/. /admin/dashboard (SPEC's second panel address) shows the Dashboard.
 */
export const ADMIN_TABS = [
  { id: "dashboard", label: "Dashboard", path: "/admin-panel", loadingText: "Loading..." },
  { id: "businesses", label: "Businesses", path: "/admin-panel/businesses", loadingText: "Loading..." },
  { id: "import", label: "Import", path: "/admin-panel/import", loadingText: "Loading..." },
  // The SEO Sitemap tab's texts are Turkish, its label and loading text included.
  { id: "sitemap", label: "SEO Site Haritası", path: "/admin-panel/sitemap", loadingText: "Yükleniyor..." },
  // Beyond the spec's four tabs, after them so the spec's order stays.
  { id: "imports", label: "Import History", path: "/admin-panel/imports", loadingText: "Loading..." },
  { id: "audit", label: "Audit Log", path: "/admin-panel/audit", loadingText: "Loading..." },
  // Duplicate candidates (ADR 0019).
  { id: "duplicates", label: "Duplicates", path: "/admin-panel/duplicates", loadingText: "Loading..." },
  // People who take part (docs/people.md). The Outbox shows only when EMAIL_OUTBOX is "on" (the local outbox).
  { id: "moderation", label: "Moderation", path: "/admin-panel/moderation", loadingText: "Loading..." },
  { id: "owners", label: "Owners", path: "/admin-panel/owners", loadingText: "Loading..." },
  // Reviews written here (docs/reviews.md): held and reported ones.
  { id: "reviews", label: "Reviews", path: "/admin-panel/reviews", loadingText: "Loading..." },
  { id: "outbox", label: "Outbox", path: "/admin-panel/outbox", loadingText: "Loading..." },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number];

/** The tab a panel path shows (an edit page belongs to Businesses), or null outside the panel. */
export function adminTabFor(pathname: string): AdminTab | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/admin-panel" || path === "/admin/dashboard") return ADMIN_TABS[0];
  return ADMIN_TABS.find((t, i) => i > 0 && (path === t.path || path.startsWith(`${t.path}/`))) ?? null;
}

/** The old single-route panel's `?tab=` addresses, for bookmarks: `?tab=seo` → /admin-panel/sitemap. */
export function legacyTabPath(tab: string | null): string | null {
  if (tab === "businesses") return "/admin-panel/businesses";
  if (tab === "import") return "/admin-panel/import";
  if (tab === "seo") return "/admin-panel/sitemap";
  return null;
}
