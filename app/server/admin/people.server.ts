/**
 * The admin's Owners and Outbox tabs (docs/people.md): verified owners with their businesses and
 * the admin's revoke, and the local outbox's messages (EMAIL_OUTBOX = "on"). Both pages are keyset
 * seeks, O(page) however many rows the tables hold.
 */
import {
  OUTBOX_PAGE_SIZE,
  OWNERS_PAGE_SIZE,
  type OutboxPage,
  type OwnerClaim,
  type OwnersPage,
  type OwnersQuery,
} from "#app/lib/admin/admin-moderation";
import { revokeOwnership } from "#app/server/owners/ownership.server";
import type { Db } from "#app/server/platform/db.server";
import { businessLabel } from "#app/server/write/audit.server";

/**
 * Verified, unrevoked claims, newest first: a walk down the verified_at index (whose entries carry
 * the (business_id, owner_id) key) from the cursor; the page's owners and businesses in the same read.
 */
export async function ownersPage(db: Db, query: OwnersQuery): Promise<OwnersPage> {
  const b = query.before ?? { verifiedAt: Number.MAX_SAFE_INTEGER, businessId: 0, ownerId: 0 };
  const rows = await db.all<{
    businessId: number;
    ownerId: number;
    method: string;
    verifiedAt: number;
    email: string | null;
    name: string | null;
    slug: string | null;
    city: string | null;
  }>(
    `WITH page AS MATERIALIZED (
       SELECT business_id, owner_id, method, verified_at FROM business_owners INDEXED BY business_owners_verified_idx
       WHERE revoked_at IS NULL AND (verified_at, business_id, owner_id) < (?1, ?2, ?3)
       ORDER BY verified_at DESC, business_id DESC, owner_id DESC LIMIT ?4)
     SELECT p.business_id AS businessId, p.owner_id AS ownerId, p.method, p.verified_at AS verifiedAt, o.email,
       x.name, x.slug, x.city
     FROM page AS p LEFT JOIN owners AS o ON o.id = p.owner_id LEFT JOIN businesses AS x ON x.id = p.business_id
     ORDER BY p.verified_at DESC, p.business_id DESC, p.owner_id DESC`,
    [b.verifiedAt, b.businessId || Number.MAX_SAFE_INTEGER, b.ownerId || Number.MAX_SAFE_INTEGER, OWNERS_PAGE_SIZE + 1],
  );
  const claims: OwnerClaim[] = rows.slice(0, OWNERS_PAGE_SIZE).map((r) => ({
    businessId: r.businessId,
    ownerId: r.ownerId,
    method: r.method,
    verifiedAt: r.verifiedAt,
    email: r.email ?? "",
    business: r.name !== null ? { name: r.name, slug: r.slug ?? "", city: r.city ?? "" } : null,
  }));
  const last = claims.at(-1);
  return { claims, next: rows.length > OWNERS_PAGE_SIZE && last ? `${last.verifiedAt}-${last.businessId}-${last.ownerId}` : null };
}

/** The admin revokes a claim (audited, the claimed mark follows); false when there was no such active claim. */
export async function revokeClaim(db: Db, claim: { businessId: number; ownerId: number }, actor: string): Promise<boolean> {
  const row = await db.first<{ email: string | null; name: string | null }>(
    `SELECT (SELECT email FROM owners WHERE id = ?2) AS email, (SELECT name FROM businesses WHERE id = ?1) AS name
     FROM business_owners WHERE business_id = ?1 AND owner_id = ?2 AND revoked_at IS NULL`,
    [claim.businessId, claim.ownerId],
  );
  if (!row) return false;
  await revokeOwnership(db, {
    ...claim,
    actor,
    detail: `Revoked the claim of ${row.email ?? `owner ${claim.ownerId}`} on ${businessLabel(claim.businessId, row.name)}`,
  });
  return true;
}

/** The local outbox, newest first (the primary key, from the cursor). */
export async function outboxPage(db: Db, before: number | undefined): Promise<OutboxPage> {
  const rows = await db.all<{ id: number; sentAt: number; to: string; subject: string; text: string }>(
    `SELECT id, sent_at AS sentAt, to_address AS "to", subject, text_body AS text FROM outbox
     WHERE id < ?1 ORDER BY id DESC LIMIT ?2`,
    [before ?? Number.MAX_SAFE_INTEGER, OUTBOX_PAGE_SIZE + 1],
  );
  const messages = rows.slice(0, OUTBOX_PAGE_SIZE);
  const last = messages.at(-1);
  return { messages, next: rows.length > OUTBOX_PAGE_SIZE && last ? last.id : null };
}
