/**
 * The moderation queue as the admin reads it (docs/people.md): one page of requests, newest first,
 * filtered by status (pending by default) and kind, each with the business's current values beside
 * the proposed ones. O(page) at any queue size: a keyset seek on the (status, kind, id) or
 * (status, id) index with the businesses joined by primary key in the same statement (a row read
 * each: a list of ids read through json_each costs twice that), the counts from submission_counts
 * (kept by triggers), and for the page's additions one read of their likely duplicates: about 160
 * rows for a page of 50 duplicate reports, whatever the queue holds (test/slow/moderation-budget.test.ts).
 * An addition's likely duplicates read up to 7 rows, so a page holds at most ADDITIONS_PER_PAGE
 * pending additions.
 */
import {
  LIKELY_DUPLICATES,
  QUEUE_PAGE_SIZE,
  type BusinessSide,
  type QueueCounts,
  type QueueItem,
  type QueuePage,
  type QueueQuery,
} from "#app/lib/admin/admin-moderation";
import { nameKey, phoneKey } from "#app/lib/business/duplicate-keys";
import { SUBMISSION_KINDS, SUBMISSION_STATUSES, type SubmissionKind, type SubmissionStatus } from "#app/lib/moderation/submission";
import type { Db } from "#app/server/platform/db.server";

/** Most pending additions on one page of the queue (their likely duplicates are read with the page). */
const ADDITIONS_PER_PAGE = 20;

export type SubmissionRow = {
  id: number;
  kind: SubmissionKind;
  status: SubmissionStatus;
  businessId: number | null;
  ownerId: number | null;
  payload: string;
  contactEmail: string | null;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  note: string;
  /** The language of the page it was sent from; null: the site's default. */
  locale: string | null;
};

const SUBMISSION_COLUMNS = `id, kind, status, business_id AS businessId, owner_id AS ownerId, payload,
  contact_email AS contactEmail, created_at AS createdAt, decided_at AS decidedAt, decided_by AS decidedBy, note, locale`;

/** A business beside a request, as one JSON object from the page's own read (null when there is none). */
const sideJson = (b: string) => `CASE WHEN ${b}.id IS NULL THEN NULL ELSE json_object('id', ${b}.id, 'slug', ${b}.slug,
  'name', ${b}.name, 'phone', ${b}.phone, 'website', ${b}.website, 'address', ${b}.address, 'city', ${b}.city,
  'state', ${b}.state, 'country', ${b}.country, 'openingHours', ${b}.opening_hours, 'businessStatus', ${b}.business_status,
  'reviewCount', ${b}.review_count, 'featuredUntil', ${b}.featured_until, 'claimedAt', ${b}.claimed_at) END`;

type PageRow = SubmissionRow & { business: string | null; other: string | null; ownerEmail: string | null };

function side(json: string | null): BusinessSide | null {
  const value = parseObject(json) as (Omit<BusinessSide, "openingHours"> & { openingHours: string | null }) | null;
  return value ? { ...value, openingHours: parseObject(value.openingHours) as Record<string, string> | null } : null;
}

function parseArray(text: string | null): unknown[] {
  try {
    const value: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function parseObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One request's stored row, or null. */
export async function submissionRow(db: Db, id: number): Promise<SubmissionRow | null> {
  return db.first<SubmissionRow>(`SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE id = ?1`, [id]);
}

function emptyCounts(): QueueCounts {
  const kinds = () => Object.fromEntries(SUBMISSION_KINDS.map((k) => [k, 0])) as Record<SubmissionKind, number>;
  return Object.fromEntries(SUBMISSION_STATUSES.map((s) => [s, kinds()])) as QueueCounts;
}

/**
 * The page's requests: a seek on the status-and-kind index (or the status index, or the primary key
 * for every status), each with its business, a duplicate report's other listing and a claim's owner
 * joined by primary key (one row read each).
 */
function pageStatement(db: Db, query: QueueQuery): D1PreparedStatement {
  const before = query.before ?? Number.MAX_SAFE_INTEGER;
  const where: string[] = ["s.id < ?1"];
  const params: Array<string | number> = [before];
  if (query.status !== "all") where.push(`s.status = ?${params.push(query.status)}`);
  if (query.kind) where.push(`s.kind = ?${params.push(query.kind)}`);
  return db.statement(
    `SELECT s.id, s.kind, s.status, s.business_id AS businessId, s.owner_id AS ownerId, s.payload, s.contact_email AS contactEmail,
       s.created_at AS createdAt, s.decided_at AS decidedAt, s.decided_by AS decidedBy, s.note, s.locale,
       ${sideJson("b")} AS business, ${sideJson("o")} AS other, w.email AS ownerEmail
     FROM submissions AS s
     LEFT JOIN businesses AS b ON b.id = s.business_id
     LEFT JOIN businesses AS o ON s.kind = 'duplicate' AND o.id = s.payload ->> 'duplicateOfId'
     LEFT JOIN owners AS w ON w.id = s.owner_id
     WHERE ${where.join(" AND ")} ORDER BY s.id DESC LIMIT ${QUEUE_PAGE_SIZE + 1}`,
    params,
  );
}

/**
 * Listings that look like each pending addition (the duplicate keys, ADR 0019): the same name, a
 * seek on the (name_key, phone_key) index each and the businesses joined by primary key,
 * LIKELY_DUPLICATES a request, the ones with the same phone first.
 */
async function likelyDuplicates(db: Db, additions: Array<{ id: number; name: string; phone: string | null }>) {
  const out = new Map<number, Array<BusinessSide & { samePhone: boolean }>>();
  const keyed = additions.map((a) => [a.id, nameKey(a.name), phoneKey(a.phone)] as const).filter(([, name]) => name);
  if (keyed.length === 0) return out;
  const rows = await db.all<{ item: number; sides: string }>(
    `SELECT j.value ->> 0 AS item, (SELECT json_group_array(side) FROM (
       SELECT ${sideJson("b")} AS side FROM duplicate_keys AS m JOIN businesses AS b ON b.id = m.business_id
       WHERE m.name_key = j.value ->> 1 LIMIT ${LIKELY_DUPLICATES})) AS sides
     FROM json_each(?1) AS j`,
    [JSON.stringify(keyed)],
  );
  const phones = new Map(keyed.map(([id, , phone]) => [id, phone]));
  for (const row of rows) {
    const phone = phones.get(row.item);
    const found = parseArray(row.sides).flatMap((text) => {
      const one = side(typeof text === "string" ? text : JSON.stringify(text));
      return one ? [{ ...one, samePhone: Boolean(phone) && phoneKey(one.phone) === phone }] : [];
    });
    if (found.length) out.set(row.item, found);
  }
  for (const list of out.values()) list.sort((a, b) => Number(b.samePhone) - Number(a.samePhone));
  return out;
}

/** One page of the queue, newest first, with the counts per status and kind. */
export async function queuePage(db: Db, query: QueueQuery): Promise<QueuePage> {
  const [page, countRows] = await db.batch([pageStatement(db, query), db.statement("SELECT status, kind, n FROM submission_counts")]);
  const rows = withinAdditionBudget((page.results as PageRow[]).slice(0, QUEUE_PAGE_SIZE));
  const counts = emptyCounts();
  for (const c of countRows.results as Array<{ status: SubmissionStatus; kind: SubmissionKind; n: number }>) {
    if (counts[c.status] && c.kind in counts[c.status]) counts[c.status][c.kind] = Math.max(0, c.n);
  }
  const payloads = new Map(rows.map((r) => [r.id, parseObject(r.payload)]));
  const additions = rows.flatMap((r) => {
    const p = payloads.get(r.id);
    return r.kind === "addition" && r.status === "pending" && p && typeof p.name === "string"
      ? [{ id: r.id, name: p.name, phone: typeof p.phone === "string" ? p.phone : null }]
      : [];
  });
  const likely = await likelyDuplicates(db, additions);
  const items: QueueItem[] = rows.map((r) => {
    const business = side(r.business);
    return {
      id: r.id,
      kind: r.kind,
      status: r.status,
      createdAt: r.createdAt,
      decidedAt: r.decidedAt,
      decidedBy: r.decidedBy,
      note: r.note,
      contactEmail: r.contactEmail,
      payload: payloads.get(r.id) ?? null,
      businessId: r.businessId,
      business,
      businessGone: r.businessId !== null && !business,
      other: side(r.other),
      likelyDuplicates: likely.get(r.id) ?? [],
      ownerId: r.ownerId,
      ownerEmail: r.ownerEmail,
    };
  });
  const last = rows[rows.length - 1];
  const more = page.results.length > rows.length;
  return { items, counts, next: more && last ? last.id : null };
}

/**
 * A page's rows up to its ADDITIONS_PER_PAGE-th pending addition: each addition's likely duplicates
 * cost up to 7 rows, so a page ends there and the next page goes on from it (≤ 300 rows read a page
 * however the queue is made up).
 */
function withinAdditionBudget(rows: PageRow[]): PageRow[] {
  let additions = 0;
  const end = rows.findIndex((r) => r.kind === "addition" && r.status === "pending" && ++additions === ADDITIONS_PER_PAGE);
  return end === -1 ? rows : rows.slice(0, end + 1);
}
