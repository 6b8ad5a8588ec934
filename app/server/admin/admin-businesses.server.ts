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
  editedColumns,
  editFieldErrors,
  editValues,
  type FieldErrors,
  type AdminBusinessPage,
  type AdminListQuery,
  type AdminSummary,
  type BusinessEdit,
} from "#app/lib/admin/admin-businesses";
import { and, count, desc, eq, getTableColumns, ne, or, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import { businessInputSchema, rowToInput, toBusiness, type Business } from "#app/lib/business/business";
import { facetsQuery, facetToken } from "#app/lib/search/search-query";
import { slugify } from "#app/lib/business/slug";
import { businesses, categories, countries, type BusinessRow } from "#db/schema";
import { changeSlug, deleteBusiness, setVerified, slugTaken, updateBusiness } from "#app/server/write/business-writer.server";
import type { Db } from "#app/server/platform/db.server";
import type { CandidateRow } from "#app/server/search/candidates.server";
import { windowSearch } from "#app/server/search/search.server";
import { getCategories, getCountries, getStatistics } from "#app/server/lists/directory.server";
import { businessLabel, recordAudit } from "#app/server/write/audit.server";

/** `businesses AS b`: the filters below name their columns as b.… */
const b = alias(businesses, "b");

/** A country filter value (name or ISO code) → its summary row. */
function countryRow(db: Db, value: string) {
  return db.orm
    .select()
    .from(countries)
    .where(or(sql`${countries.name} = ${value} COLLATE NOCASE`, and(ne(countries.code, ""), eq(countries.code, sql`upper(${value})`))))
    .limit(1)
    .get();
}

/** A country filter value (name or ISO code) → the indexed code column, or the name when it has no code. */
async function countryFilter(db: Db, value: string): Promise<{ filter: SQL; count: number } | null> {
  const row = await countryRow(db, value);
  if (!row) return null;
  return { filter: row.code ? eq(b.countryCode, row.code) : eq(b.country, row.name), count: row.businessCount };
}

const EMPTY = (page: number): AdminBusinessPage => ({ businesses: [], totalCount: 0, totalPages: 0, page });

export async function listAdminBusinesses(db: Db, query: AdminListQuery): Promise<AdminBusinessPage> {
  const filters: SQL[] = [];
  // The total when exactly one summarised filter is set; null means "count the matches".
  const singleCounts: number[] = [];

  if (query.category) {
    const slug = slugify(query.category);
    const row = await db.orm.select().from(categories).where(eq(categories.slug, slug)).get();
    if (!row) return EMPTY(1);
    filters.push(eq(b.categorySlug, slug));
    singleCounts.push(row.businessCount);
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
    const verified = query.status === "verified";
    filters.push(filters.length ? sql`+${b.isVerified} = ${verified ? 1 : 0}` : eq(b.isVerified, verified));
    const stats = await getStatistics(db);
    singleCounts.push(verified ? stats.verifiedBusinesses : stats.totalBusinesses - stats.verifiedBusinesses);
  }

  if (query.search) return searchAdminBusinesses(db, query);
  const filtered = <Q extends SQLiteSelect>(select: Q) => select.where(and(...filters));

  let total: number;
  if (filters.length === 0) total = (await getStatistics(db)).totalBusinesses;
  else if (filters.length === 1) total = singleCounts[0];
  else total = (await filtered(db.orm.select({ n: count() }).from(b).$dynamic()).get())?.n ?? 0;

  const totalPages = Math.ceil(total / ADMIN_PAGE_SIZE);
  const page = Math.min(query.page, Math.max(1, totalPages));
  if (total === 0) return EMPTY(1);
  const rows = await filtered(db.orm.select(getTableColumns(b)).from(b).$dynamic())
    .orderBy(desc(b.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const now = new Date();
  return { businesses: rows.map((r) => toBusiness(r, now)), totalCount: total, totalPages, page };
}

/**
 * The list's search (≤ 300 rows read, like every public read): the search's bounded blocks
 * (search.server.ts windowSearch) in the list's order, newest id first, which is the FTS match's own
 * rowid order. Category and a coded country are FTS facets; the status and a country without a code
 * are checked on the rows read. A match larger than one block lists at most RESULT_CAP results; until
 * a page reads it to its end its total is a lower bound (`approximate`: the results known to exist so
 * far, never the cap nor an estimate) and its pages those that are known to exist.
 */
async function searchAdminBusinesses(db: Db, query: AdminListQuery): Promise<AdminBusinessPage> {
  const facets: string[] = [];
  const checks: Array<(row: CandidateRow) => boolean> = [];
  if (query.category) facets.push(facetToken("category", slugify(query.category)));
  if (query.country) {
    const country = await countryRow(db, query.country);
    if (!country) return EMPTY(1);
    if (country.code) facets.push(facetToken("country", country.code));
    else checks.push((row) => row.country === country.name);
  }
  if (query.status !== "all") checks.push((row) => row.isVerified === (query.status === "verified"));
  const window = (page: number) =>
    windowSearch(db, {
      text: query.search ?? "",
      facets: facetsQuery(facets),
      order: "score",
      compare: (x, y) => y.id - x.id,
      offset: (page - 1) * ADMIN_PAGE_SIZE,
      // One more: whether a next page exists.
      limit: ADMIN_PAGE_SIZE + 1,
      keep: checks.length ? (row) => checks.every((check) => check(row)) : undefined,
    });
  // The pages known to exist: the total's, and the next one when this page has more after it.
  const pagesOf = (f: typeof found, p: number) =>
    Math.max(Math.ceil(f.total / ADMIN_PAGE_SIZE), f.rows.length > ADMIN_PAGE_SIZE ? p + 1 : 0);
  let found = await window(query.page);
  let page = query.page;
  if (found.total === 0) return EMPTY(1);
  if (page > pagesOf(found, page)) {
    // Past the end: the last page (the pager's clamp).
    page = pagesOf(found, page);
    found = await window(page);
  }
  const now = new Date();
  return {
    businesses: found.rows.slice(0, ADMIN_PAGE_SIZE).map((r) => toBusiness(r, now)),
    totalCount: found.total,
    totalPages: pagesOf(found, page),
    page,
    approximate: found.approximate,
  };
}

/** Dashboard statistics, the country summary and the category filter's options: summary tables only. */
export async function getAdminSummary(db: Db): Promise<AdminSummary> {
  const [statistics, countries, categories] = await Promise.all([
    getStatistics(db),
    getCountries(db, 300, 0),
    getCategories(db, 200, { offset: 0 }),
  ]);
  return { statistics, countries, categories };
}

async function rowById(db: Db, id: number): Promise<BusinessRow | undefined> {
  return db.orm.select().from(businesses).where(eq(businesses.id, id)).get();
}

export async function getAdminBusiness(db: Db, id: number): Promise<Business | null> {
  const row = await rowById(db, id);
  return row ? toBusiness(row) : null;
}

/** A business for the admin's edit page: the business and the end of its featuring (UTC seconds), one row read. */
export async function getAdminBusinessEdit(db: Db, id: number): Promise<{ business: Business; featuredUntil: number | null } | null> {
  const row = await rowById(db, id);
  return row ? { business: toBusiness(row), featuredUntil: row.featuredUntil } : null;
}

export type EditOutcome =
  { ok: true; business: Business } | { ok: false; notFound: true } | { ok: false; notFound: false; fieldErrors: FieldErrors };

/**
 * Applies a validated edit. The merged record is checked again by the write schema: a stored field the
 * form does not show (imported data) may still break it, and that is a 400, not a crash.
 */
export async function editBusiness(db: Db, id: number, edit: BusinessEdit, actor: string): Promise<EditOutcome> {
  const row = await rowById(db, id);
  if (!row) return { ok: false, notFound: true };
  const parsed = businessInputSchema.safeParse(applyEdit(rowToInput(row), edit));
  if (!parsed.success) return { ok: false, notFound: false, fieldErrors: editFieldErrors(parsed.error) };
  // A new page address is checked before anything is written: a taken one refuses the whole edit
  // (and should another business take it in between, the unique index refuses the address alone).
  const newSlug = edit.slug && edit.slug !== row.slug ? edit.slug : null;
  const slugRefused: EditOutcome = {
    ok: false,
    notFound: false,
    fieldErrors: { slug: ["Another business already has this page address"] },
  };
  if (newSlug && (await slugTaken(db, newSlug))) return slugRefused;
  const edited = editedColumns(editValues(toBusiness(row)), edit);
  if (!(await updateBusiness(db, id, parsed.data, edited))) return { ok: false, notFound: true };
  if (newSlug && !(await changeSlug(db, id, newSlug))) return slugRefused;
  const business = await getAdminBusiness(db, id);
  if (!business) return { ok: false, notFound: true };
  // Recorded after the write succeeded (the writer's batch is its own): a refused edit is no action.
  await recordAudit(db, { actor, action: "edit", targetId: id, detail: `Edited ${businessLabel(id, business.name)}` });
  return { ok: true, business };
}

export async function verifyBusiness(db: Db, id: number, verified: boolean, actor: string): Promise<Business | null> {
  if (!(await setVerified(db, id, verified))) return null;
  const business = await getAdminBusiness(db, id);
  await recordAudit(db, {
    actor,
    action: verified ? "verify" : "unverify",
    targetId: id,
    detail: `${verified ? "Verified" : "Marked as pending"} ${businessLabel(id, business?.name)}`,
  });
  return business;
}

export async function removeBusiness(db: Db, id: number, actor: string): Promise<boolean> {
  // The name is read first: after the delete the log is the only place that still says what went.
  const name = (await db.orm.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, id)).get())?.name;
  if (!(await deleteBusiness(db, id))) return false;
  await recordAudit(db, { actor, action: "delete", targetId: id, detail: `Deleted ${businessLabel(id, name)}` });
  return true;
}
