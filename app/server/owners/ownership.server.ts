/**
 * Who owns which business (business_owners) and the business's claimed mark, changed together in one
 * atomic batch through the write path (syncClaim), with the audit row. Used by every way a claim is
 * verified (an address at the website's domain, the website token, the admin's approval) and by the
 * admin's revoke (docs/people.md).
 */
import { nowSeconds } from "#app/server/platform/crypto.server";
import type { Db } from "#app/server/platform/db.server";
import { auditD1Statement } from "#app/server/write/audit.server";
import { syncClaim } from "#app/server/write/business-writer.server";

export type ClaimMethod = "email-domain" | "website-token" | "admin";

/**
 * Makes `ownerId` a verified owner of `businessId` (again, if a claim was revoked before) and marks
 * the business claimed; `alongside` (a submission's decision) commits in the same batch. False when
 * no such business.
 */
export function grantOwnership(
  db: Db,
  claim: { businessId: number; ownerId: number; method: ClaimMethod; actor: string; detail: string },
  alongside: D1PreparedStatement[] = [],
): Promise<boolean> {
  const now = nowSeconds();
  return syncClaim(
    db,
    claim.businessId,
    [
      db.statement(
        `INSERT INTO business_owners (business_id, owner_id, method, verified_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT(business_id, owner_id) DO UPDATE SET method = excluded.method, verified_at = excluded.verified_at,
           revoked_at = NULL, revoked_by = NULL`,
        [claim.businessId, claim.ownerId, claim.method, now],
      ),
    ],
    [auditD1Statement(db, { actor: claim.actor, action: "claim-verify", detail: claim.detail, targetId: claim.businessId }), ...alongside],
  );
}

/** Revokes an owner's claim (the row stays, with who revoked it); the business is unclaimed unless another owner remains. */
export function revokeOwnership(db: Db, claim: { businessId: number; ownerId: number; actor: string; detail: string }): Promise<boolean> {
  const now = nowSeconds();
  return syncClaim(
    db,
    claim.businessId,
    [
      db.statement(
        "UPDATE business_owners SET revoked_at = ?3, revoked_by = ?4 WHERE business_id = ?1 AND owner_id = ?2 AND revoked_at IS NULL",
        [claim.businessId, claim.ownerId, now, claim.actor],
      ),
    ],
    [auditD1Statement(db, { actor: claim.actor, action: "claim-revoke", detail: claim.detail, targetId: claim.businessId })],
  );
}

/** Whether `ownerId` is a verified, unrevoked owner of `businessId`: the check of every owner action. */
export async function ownsBusiness(db: Db, ownerId: number, businessId: number): Promise<boolean> {
  const row = await db.first<{ one: number }>(
    "SELECT 1 AS one FROM business_owners WHERE business_id = ?1 AND owner_id = ?2 AND revoked_at IS NULL",
    [businessId, ownerId],
  );
  return row !== null;
}
