/**
 * Admin reads and writes for the Businesses and Dashboard tabs. Writes go through the write module
 * (business-writer.server.ts), so summaries, FTS and slugs stay exact.
 *
 * Cost of the admin list (admin-only, never on a public request): the page is
 * `ORDER BY id DESC LIMIT 50 OFFSET o`, which reads o + 50 rows of the filter's index (the primary
 * key, the verified, country or category index, or the FTS matches). Totals come from the summary
 * tables when one filter is set; only combined filters count their matches (O(matches), bounded by
 * the most selective indexed filter).
 */
import {
  ADMIN_PAGE_SIZE,
  applyEdit,
  editFieldErrors,
  type FieldErrors,
  type AdminBusinessPage,
  type AdminListQuery,
  type AdminSummary,
  type BusinessEdit,
} from "~/lib/admin-businesses";
import { businessInputSchema, parseJson, toBusiness, type Business, type BusinessDbRow, type BusinessInput } from "~/lib/business";
import { buildFtsQuery } from "~/lib/search-query";
import { slugify } from "~/lib/slug";
import { deleteBusiness, setVerified, updateBusiness } from "./business-writer.server";
import type { Db } from "./db.server";
import { getCategories, getCountries, getStatistics } from "./directory.server";

type Filter = { sql: string; params: Array<string | number> };

/** A country filter value (name or ISO code) → the indexed code column, or the name when it has no code. */
async function countryFilter(db: Db, value: string): Promise<{ filter: Filter; count: number } | null> {
  const row = await db.first<{ name: string; code: string; business_count: number }>(
    "SELECT name, code, business_count FROM countries WHERE name = ?1 COLLATE NOCASE OR (code <> '' AND code = upper(?1)) LIMIT 1",
    [value],
  );
  if (!row) return null;
  const filter = row.code ? { sql: "b.country_code = ?", params: [row.code] } : { sql: "b.country = ?", params: [row.name] };
  return { filter, count: row.business_count };
}

const EMPTY = (page: number): AdminBusinessPage => ({ businesses: [], totalCount: 0, totalPages: 0, page });

export async function listAdminBusinesses(db: Db, query: AdminListQuery): Promise<AdminBusinessPage> {
  const filters: Filter[] = [];
  // The total when exactly one summarised filter is set; null means "count the matches".
  const singleCounts: number[] = [];

  if (query.category) {
    const slug = slugify(query.category);
    const row = await db.first<{ business_count: number }>("SELECT business_count FROM categories WHERE slug = ?1", [slug]);
    if (!row) return EMPTY(1);
    filters.push({ sql: "b.category_slug = ?", params: [slug] });
    singleCounts.push(row.business_count);
  }
  if (query.country) {
    const country = await countryFilter(db, query.country);
    if (!country) return EMPTY(1);
    filters.push(country.filter);
    singleCounts.push(country.count);
  }
  if (query.status !== "all") {
    // With a category or country filter, `+` keeps SQLite off the (is_verified, id) index, whose
    // half-the-table ranges it would otherwise walk: the narrower filter's index is used instead.
    const column = filters.length ? "+b.is_verified" : "b.is_verified";
    filters.push({ sql: `${column} = ?`, params: [query.status === "verified" ? 1 : 0] });
    const stats = await getStatistics(db);
    singleCounts.push(query.status === "verified" ? stats.verifiedBusinesses : stats.totalBusinesses - stats.verifiedBusinesses);
  }

  let from = "businesses AS b";
  const matchParams: string[] = [];
  if (query.search) {
    const match = buildFtsQuery(query.search);
    if (!match) return EMPTY(1);
    from = "businesses_fts JOIN businesses AS b ON b.id = businesses_fts.rowid";
    filters.unshift({ sql: "businesses_fts MATCH ?", params: [match] });
    matchParams.push(match);
  }

  const where = filters.length ? `WHERE ${filters.map((f) => f.sql).join(" AND ")}` : "";
  const params = filters.flatMap((f) => f.params);

  let total: number;
  if (!query.search && filters.length === 0) total = (await getStatistics(db)).totalBusinesses;
  else if (!query.search && filters.length === 1) total = singleCounts[0];
  else total = (await db.first<{ n: number }>(`SELECT count(*) AS n FROM ${from} ${where}`, params))?.n ?? 0;

  const totalPages = Math.ceil(total / ADMIN_PAGE_SIZE);
  const page = Math.min(query.page, Math.max(1, totalPages));
  if (total === 0) return EMPTY(1);
  const rows = await db.all<BusinessDbRow>(
    `SELECT b.* FROM ${from} ${where} ORDER BY b.id DESC LIMIT ? OFFSET ?`,
    [...params, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE],
  );
  const now = new Date();
  return { businesses: rows.map((r) => toBusiness(r, now)), totalCount: total, totalPages, page };
}

/** Dashboard statistics, the country summary and the category filter's options: summary tables only. */
export async function getAdminSummary(db: Db): Promise<AdminSummary> {
  const [statistics, countries, categories] = await Promise.all([getStatistics(db), getCountries(db, 300, 0), getCategories(db, 200, 0)]);
  return { statistics, countries, categories };
}

/** The stored row as a write input, so an edit keeps every field the form does not show. */
function rowToInput(row: BusinessDbRow & { state_code?: string; is_open: number }): BusinessInput {
  return {
    placeId: row.place_id,
    name: row.name,
    category: row.category,
    subtypes: row.subtypes,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state,
    stateCode: row.state_code ?? "",
    zipCode: row.zip_code,
    country: row.country,
    countryCode: row.country_code,
    phone: row.phone,
    email: row.email,
    website: row.website,
    rating: row.rating,
    reviewCount: row.review_count,
    isOpen: Boolean(row.is_open),
    isVerified: Boolean(row.is_verified),
    photos: parseJson<string[]>(row.photos, []),
    openingHours: parseJson<Record<string, string> | null>(row.opening_hours, null),
    about: parseJson(row.about, null),
    timeZone: row.time_zone,
    latitude: row.latitude,
    longitude: row.longitude,
    locationLink: row.location_link,
    businessStatus: row.business_status,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    canonicalUrl: row.canonical_url,
    uniqueContent: row.unique_content,
  };
}

async function rowById(db: Db, id: number): Promise<BusinessDbRow | null> {
  return db.first<BusinessDbRow>("SELECT * FROM businesses WHERE id = ?1", [id]);
}

export async function getAdminBusiness(db: Db, id: number): Promise<Business | null> {
  const row = await rowById(db, id);
  return row ? toBusiness(row) : null;
}

export type EditOutcome = { ok: true; business: Business } | { ok: false; notFound: true } | { ok: false; notFound: false; fieldErrors: FieldErrors };

/**
 * Applies a validated edit. The merged record is checked again by the write schema: a stored field the
 * form does not show (imported data) may still break it, and that is a 400, not a crash.
 */
export async function editBusiness(db: Db, id: number, edit: BusinessEdit): Promise<EditOutcome> {
  const row = await rowById(db, id);
  if (!row) return { ok: false, notFound: true };
  const parsed = businessInputSchema.safeParse(applyEdit(rowToInput(row), edit));
  if (!parsed.success) return { ok: false, notFound: false, fieldErrors: editFieldErrors(parsed.error) };
  const business = (await updateBusiness(db, id, parsed.data)) ? await getAdminBusiness(db, id) : null;
  return business ? { ok: true, business } : { ok: false, notFound: true };
}

export async function verifyBusiness(db: Db, id: number, verified: boolean): Promise<Business | null> {
  if (!(await setVerified(db, id, verified))) return null;
  return getAdminBusiness(db, id);
}

export async function removeBusiness(db: Db, id: number): Promise<boolean> {
  return deleteBusiness(db, id);
}
