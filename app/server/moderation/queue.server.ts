/**
 * The moderation queue as the admin reads it (docs/people.md): one page of requests, newest first,
 * filtered by status (pending by default) and kind, each with the business's current values beside
 * the proposed ones. O(page) at any queue size: a keyset seek on the (status, kind, id) or
 * (status, id) index, the counts from submission_counts (kept by triggers), and one batched read of
 * the page's businesses. At most QUEUE_PAGE_SIZE + 1 requests, 18 counts, the page's businesses
 * (one or two a request) and LIKELY_DUPLICATE_KEYS match keys (and their businesses) for the page's
 * additions: under 300 rows, whatever the queue holds.
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

/** Most match keys read for one page's additions, whatever their number (each shows up to LIKELY_DUPLICATES). */
const LIKELY_DUPLICATE_KEYS = 90;

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
};

const SUBMISSION_COLUMNS = `id, kind, status, business_id AS businessId, owner_id AS ownerId, payload,
  contact_email AS contactEmail, created_at AS createdAt, decided_at AS decidedAt, decided_by AS decidedBy, note`;

type SideRow = Omit<BusinessSide, "openingHours"> & { openingHours: string | null };

const SIDE_COLUMNS = `id, slug, name, phone, website, address, city, state, country, opening_hours AS openingHours,
  business_status AS businessStatus, review_count AS reviewCount, featured_until AS featuredUntil, claimed_at AS claimedAt`;

/** The businesses of these ids as they are now (one read, the primary key), by id. */
async function businessSides(db: Db, ids: number[]): Promise<Map<number, BusinessSide>> {
  if (ids.length === 0) return new Map();
  const rows = await db.all<SideRow>(`SELECT ${SIDE_COLUMNS} FROM businesses WHERE id IN (SELECT value FROM json_each(?1))`, [
    JSON.stringify([...new Set(ids)]),
  ]);
  return new Map(rows.map((r) => [r.id, { ...r, openingHours: parseObject(r.openingHours) as Record<string, string> | null }]));
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

/** The page's requests: a seek on the status-and-kind index (or the status index, or the primary key for every status). */
function pageStatement(db: Db, query: QueueQuery): D1PreparedStatement {
  const before = query.before ?? Number.MAX_SAFE_INTEGER;
  const where: string[] = ["id < ?1"];
  const params: Array<string | number> = [before];
  if (query.status !== "all") where.push(`status = ?${params.push(query.status)}`);
  if (query.kind) where.push(`kind = ?${params.push(query.kind)}`);
  return db.statement(
    `SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ${QUEUE_PAGE_SIZE + 1}`,
    params,
  );
}

/**
 * Listings that look like each addition (the duplicate keys, ADR 0019): the same name and phone
 * first, then the same name; a seek on the (name_key, phone_key) index each, LIKELY_DUPLICATE_KEYS
 * keys at most for the page.
 */
async function likelyDuplicateIds(db: Db, additions: Array<{ id: number; name: string; phone: string | null }>) {
  const out = new Map<number, Array<{ id: number; samePhone: boolean }>>();
  const keyed = additions.map((a) => [a.id, nameKey(a.name), phoneKey(a.phone)] as const).filter(([, name]) => name);
  if (keyed.length === 0) return out;
  const rows = await db.all<{ item: number; id: number; samePhone: number }>(
    `SELECT item, id, samePhone FROM (
       SELECT j.value ->> 0 AS item, x.business_id AS id, 1 AS samePhone, j.key AS pos
       FROM json_each(?1) AS j JOIN duplicate_keys AS x ON x.business_id IN (
         SELECT m.business_id FROM duplicate_keys AS m WHERE m.name_key = j.value ->> 1 AND m.phone_key = j.value ->> 2
         ORDER BY m.business_id DESC LIMIT ${LIKELY_DUPLICATES})
       WHERE j.value ->> 2 <> ''
       UNION ALL
       SELECT j.value ->> 0, x.business_id, 0, j.key
       FROM json_each(?1) AS j JOIN duplicate_keys AS x ON x.business_id IN (
         SELECT m.business_id FROM duplicate_keys AS m WHERE m.name_key = j.value ->> 1
         ORDER BY m.business_id DESC LIMIT ${LIKELY_DUPLICATES})
     ) LIMIT ${LIKELY_DUPLICATE_KEYS}`,
    [JSON.stringify(keyed)],
  );
  for (const row of rows) {
    const list = out.get(row.item) ?? [];
    if (!list.some((d) => d.id === row.id) && list.length < LIKELY_DUPLICATES) list.push({ id: row.id, samePhone: row.samePhone === 1 });
    out.set(row.item, list);
  }
  return out;
}

/** One page of the queue, newest first, with the counts per status and kind. */
export async function queuePage(db: Db, query: QueueQuery): Promise<QueuePage> {
  const [page, countRows] = await db.batch([pageStatement(db, query), db.statement("SELECT status, kind, n FROM submission_counts")]);
  const rows = (page.results as SubmissionRow[]).slice(0, QUEUE_PAGE_SIZE);
  const counts = emptyCounts();
  for (const c of countRows.results as Array<{ status: SubmissionStatus; kind: SubmissionKind; n: number }>) {
    if (counts[c.status] && c.kind in counts[c.status]) counts[c.status][c.kind] = Math.max(0, c.n);
  }
  const payloads = new Map(rows.map((r) => [r.id, parseObject(r.payload)]));
  const otherOf = (r: SubmissionRow) => {
    const other = r.kind === "duplicate" ? Number(payloads.get(r.id)?.duplicateOfId) : NaN;
    return Number.isSafeInteger(other) && other > 0 ? other : null;
  };
  const additions = rows.flatMap((r) => {
    const p = payloads.get(r.id);
    return r.kind === "addition" && r.status === "pending" && p && typeof p.name === "string"
      ? [{ id: r.id, name: p.name, phone: typeof p.phone === "string" ? p.phone : null }]
      : [];
  });
  const ownerIds = [...new Set(rows.flatMap((r) => (r.ownerId ? [r.ownerId] : [])))];
  const [likely, owners] = await Promise.all([
    likelyDuplicateIds(db, additions),
    ownerIds.length
      ? db.all<{ id: number; email: string }>("SELECT id, email FROM owners WHERE id IN (SELECT value FROM json_each(?1))", [
          JSON.stringify(ownerIds),
        ])
      : Promise.resolve([]),
  ]);
  const ids = rows.flatMap((r) => [r.businessId, otherOf(r), ...(likely.get(r.id) ?? []).map((d) => d.id)]).filter((v): v is number => !!v);
  const sides = await businessSides(db, ids);
  const emails = new Map(owners.map((o) => [o.id, o.email]));
  const items: QueueItem[] = rows.map((r) => {
    const other = otherOf(r);
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
      business: r.businessId ? (sides.get(r.businessId) ?? null) : null,
      businessGone: r.businessId !== null && !sides.has(r.businessId),
      other: other ? (sides.get(other) ?? null) : null,
      likelyDuplicates: (likely.get(r.id) ?? []).flatMap((d) => {
        const side = sides.get(d.id);
        return side ? [{ ...side, samePhone: d.samePhone }] : [];
      }),
      ownerId: r.ownerId,
      ownerEmail: r.ownerId ? (emails.get(r.ownerId) ?? null) : null,
    };
  });
  const last = rows[rows.length - 1];
  return { items, counts, next: page.results.length > QUEUE_PAGE_SIZE && last ? last.id : null };
}
