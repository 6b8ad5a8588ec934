/**
 * GET /api/admin/export: every business (or one country's) as an .xlsx, streamed. Rows are read
 * from D1 in keyset pages by id and written to the zip as they arrive, so memory stays flat for
 * any number of rows. The import columns come first, so an export re-imports cleanly. A second
 * sheet, "Reviews", holds the reviews written here of the exported businesses (not the unverified
 * ones, and never the reviewers' addresses), streamed the same way after the first.
 */
import { and, eq, getTableColumns, gt } from "drizzle-orm";
import { parseJson, parseReviewsPerScore } from "#app/lib/business/business";
import { countryCode, normalizeCountry } from "#app/lib/business/countries";
import { parseOpeningHoursJson } from "#app/lib/business/hours";
import { SPEC_COLUMNS } from "#app/lib/import/import-mapping";
import { type XlsxCell, xlsxWorkbookStream } from "#app/lib/sheets/xlsx-writer";
import { businesses, type BusinessRow } from "#db/schema";
import { recordAudit } from "#app/server/write/audit.server";
import type { Db } from "#app/server/platform/db.server";

/** Import columns (SPEC §3 first, then the Outscraper ones the importer reads), then the directory's own. */
export const EXPORT_COLUMNS = [
  ...SPEC_COLUMNS,
  "website",
  "subtypes",
  "description",
  "email",
  "country_code",
  "state_code",
  "latitude",
  "longitude",
  "time_zone",
  "business_status",
  "reviews_per_score_1",
  "reviews_per_score_2",
  "reviews_per_score_3",
  "reviews_per_score_4",
  "reviews_per_score_5",
  "id",
  "slug",
  "city",
  "state",
  "verified",
  "seo_title",
  "seo_description",
  "canonical_url",
  "unique_content",
] as const;

const EXPORT_PAGE_ROWS = 500;

/**
 * Every column but the FTS tokens, which SQLite computes for each row read and the file never shows
 * (near_facets alone is ~400 bytes a business).
 */
const { facets: _facets, geoTerms: _geoTerms, nearFacets: _nearFacets, ...EXPORTED_COLUMNS } = getTableColumns(businesses);
type ExportedRow = Omit<BusinessRow, "facets" | "geoTerms" | "nearFacets">;

function cells(row: ExportedRow): XlsxCell[] {
  const photos = parseJson<string[]>(row.photos, []);
  const hours = parseOpeningHoursJson(row.openingHours);
  // The histogram as Outscraper's five count columns, which the importer reads back.
  const perScore = parseReviewsPerScore(row.reviewsPerScore);
  const byColumn: Record<(typeof EXPORT_COLUMNS)[number], XlsxCell> = {
    name: row.name,
    category: row.category,
    full_address: row.address,
    // Text, always: leading zeros ("07652") matter.
    postal_code: row.zipCode,
    country: row.country,
    phone: row.phone,
    rating: row.rating,
    reviews: row.reviewCount,
    photo: photos[0] ?? null,
    working_hours: hours ? JSON.stringify(hours) : null,
    about: row.about,
    place_id: row.placeId,
    location_link: row.locationLink,
    website: row.website,
    subtypes: row.subtypes,
    description: row.description,
    email: row.email,
    country_code: row.countryCode,
    state_code: row.stateCode,
    latitude: row.latitude,
    longitude: row.longitude,
    time_zone: row.timeZone,
    business_status: row.businessStatus,
    reviews_per_score_1: perScore?.[0] ?? null,
    reviews_per_score_2: perScore?.[1] ?? null,
    reviews_per_score_3: perScore?.[2] ?? null,
    reviews_per_score_4: perScore?.[3] ?? null,
    reviews_per_score_5: perScore?.[4] ?? null,
    id: row.id,
    slug: row.slug,
    city: row.city,
    state: row.state,
    verified: row.isVerified,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    canonical_url: row.canonicalUrl,
    unique_content: row.uniqueContent,
  };
  return EXPORT_COLUMNS.map((c) => byColumn[c]);
}

/** The filter a `country` query names: an ISO code when one is known, else the name as stored. */
function countryFilter(country: string | null) {
  const text = country?.trim();
  if (!text) return undefined;
  const code = countryCode(text);
  return code ? eq(businesses.countryCode, code) : eq(businesses.country, text);
}

async function* pages(db: Db, country: string | null): AsyncGenerator<XlsxCell[]> {
  const filter = countryFilter(country);
  let after = 0;
  for (;;) {
    const rows = await db.orm
      .select(EXPORTED_COLUMNS)
      .from(businesses)
      .where(and(gt(businesses.id, after), filter))
      .orderBy(businesses.id)
      .limit(EXPORT_PAGE_ROWS);
    for (const row of rows) yield cells(row);
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows[rows.length - 1].id;
  }
}

/** The Reviews sheet's columns. */
const REVIEW_EXPORT_COLUMNS = [
  "business_id",
  "business_name",
  "reviewer_name",
  "rating",
  "title",
  "text",
  "visit_month",
  "status",
  "published_at",
  "helpful",
  "reply",
] as const;

type ReviewExportRow = {
  id: number;
  businessId: number;
  businessName: string;
  name: string;
  rating: number;
  title: string;
  body: string;
  visitMonth: string | null;
  status: string;
  publishedAt: number | null;
  helpful: number;
  reply: string | null;
};

/** The exported businesses' reviews in keyset pages by review id, each page joined to its businesses by primary key. */
async function* reviewPages(db: Db, country: string | null): AsyncGenerator<XlsxCell[]> {
  const text = country?.trim();
  const code = text ? countryCode(text) : null;
  const filter = !text ? "" : code ? "AND b.country_code = ?2" : "AND b.country = ?2";
  let after = 0;
  for (;;) {
    const rows = await db.all<ReviewExportRow>(
      `SELECT r.id, r.business_id AS businessId, b.name AS businessName, r.name, r.rating, r.title, r.body, r.visit_month AS visitMonth,
         r.status, r.published_at AS publishedAt, r.helpful_count AS helpful, r.reply_body AS reply
       FROM reviews AS r JOIN businesses AS b ON b.id = r.business_id
       WHERE r.id > ?1 AND r.status <> 'unverified' ${filter} ORDER BY r.id LIMIT ${EXPORT_PAGE_ROWS}`,
      text ? [after, code ?? text] : [after],
    );
    for (const r of rows) {
      yield [
        r.businessId,
        r.businessName,
        r.name,
        r.rating,
        r.title,
        r.body,
        r.visitMonth,
        r.status,
        r.publishedAt ? new Date(r.publishedAt * 1000).toISOString() : null,
        r.helpful,
        r.reply,
      ];
    }
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows[rows.length - 1].id;
  }
}

export function exportFileName(country: string | null, now = new Date()): string {
  const label = country?.trim() ? normalizeCountry(country).name || country.trim() : "all";
  const safe = label.replace(/[^\p{L}\p{N}_-]+/gu, "_").replace(/^_+|_+$/g, "") || "all";
  return `businesses_${safe}_${now.toISOString().slice(0, 10)}.xlsx`;
}

/** The export as a file: its name and its .xlsx bytes, streamed as D1 pages arrive (the route serves it). */
function exportWorkbook(db: Db, country: string | null, now = new Date()): { fileName: string; body: ReadableStream<Uint8Array> } {
  return {
    fileName: exportFileName(country, now),
    body: xlsxWorkbookStream({
      sheets: [
        { sheetName: "Businesses", columns: EXPORT_COLUMNS, rows: pages(db, country) },
        { sheetName: "Reviews", columns: REVIEW_EXPORT_COLUMNS, rows: reviewPages(db, country) },
      ],
      now,
    }),
  };
}

/** The export an admin asked for: logged (who, which country) when it starts, then streamed. */
export async function auditedExport(
  db: Db,
  country: string | null,
  actor: string,
  now = new Date(),
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const file = exportWorkbook(db, country, now);
  const scope = country?.trim() ? `businesses in ${country.trim().slice(0, 100)}` : "all businesses";
  await recordAudit(db, { actor, action: "export", detail: `Exported ${scope} (${file.fileName})` });
  return file;
}
