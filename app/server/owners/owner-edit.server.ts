/**
 * A verified owner's edit (docs/people.md): it goes live at once through the write path
 * (updateBusiness: lists, search, data version), its columns join edited_fields (so an update-mode
 * import leaves them alone) with the owner as their facts' source, and the audit row commits in the
 * same batch, with the owner as actor.
 */
import { eq } from "drizzle-orm";
import { businessInputSchema, rowToInput } from "#app/lib/business/business";
import { parseOpeningHoursJson } from "#app/lib/business/hours";
import { parseSpecialHours } from "#app/lib/business/special-hours-schema";
import { ownerEditValuesOf, specialHoursEqual, type OwnerEdit, type OwnerEditValues } from "#app/lib/owners/owner-edit";
import { businesses, type BusinessRow } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";
import type { OwnerSession } from "#app/server/owners/owner-auth.server";
import { auditD1Statement, businessLabel } from "#app/server/write/audit.server";
import { updateBusiness } from "#app/server/write/business-writer.server";

type OwnedBusiness = { id: number; name: string; slug: string; values: OwnerEditValues };

function parsePhotos(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

function rowById(db: Db, id: number): Promise<BusinessRow | undefined> {
  return db.orm.select().from(businesses).where(eq(businesses.id, id)).get();
}

function valuesOf(row: BusinessRow): OwnerEditValues {
  return ownerEditValuesOf({
    openingHours: parseOpeningHoursJson(row.openingHours),
    specialHours: parseSpecialHours(row.specialHours),
    businessStatus: row.businessStatus,
    phone: row.phone,
    website: row.website,
    description: row.description,
    photos: parsePhotos(row.photos),
  });
}

export async function ownedBusiness(db: Db, id: number): Promise<OwnedBusiness | null> {
  const row = await rowById(db, id);
  return row ? { id: row.id, name: row.name, slug: row.slug, values: valuesOf(row) } : null;
}

type OwnerSaveOutcome = "saved" | "unchanged" | "notFound" | "invalid" | "notOwner";

/** Writes the edit's changed fields (only those: saving the form untouched protects nothing from imports). */
export async function saveOwnerEdit(db: Db, owner: OwnerSession, id: number, edit: OwnerEdit): Promise<OwnerSaveOutcome> {
  const row = await rowById(db, id);
  if (!row) return "notFound";
  const current = rowToInput(row);
  const stored = valuesOf(row);
  const status = edit.temporarilyClosed
    ? "CLOSED_TEMPORARILY"
    : row.businessStatus === "CLOSED_TEMPORARILY"
      ? "OPERATIONAL"
      : (row.businessStatus ?? undefined);
  const changed: string[] = [];
  const hoursText = (h: OwnerEdit["openingHours"]) => JSON.stringify(h ?? {});
  const storedHours = Object.fromEntries(Object.entries(stored.hours).filter(([, v]) => v));
  if (hoursText(edit.openingHours) !== hoursText(Object.keys(storedHours).length ? storedHours : null)) changed.push("opening_hours");
  if (edit.phone !== stored.phone) changed.push("phone");
  if (edit.website !== stored.website) changed.push("website");
  if (edit.description !== stored.description) changed.push("description");
  if (JSON.stringify(edit.photos) !== JSON.stringify(parsePhotos(row.photos))) changed.push("photos");
  if ((status ?? null) !== (row.businessStatus ?? null)) changed.push("business_status");
  const specialChanged = !specialHoursEqual(edit.specialHours, parseSpecialHours(row.specialHours));
  if (!changed.length && !specialChanged) return "unchanged";
  const parsed = businessInputSchema.safeParse({
    ...current,
    openingHours: changed.includes("opening_hours") ? edit.openingHours : current.openingHours,
    phone: edit.phone,
    website: edit.website,
    description: edit.description,
    photos: changed.includes("photos") ? edit.photos : current.photos,
    businessStatus: status,
  });
  if (!parsed.success) return "invalid";
  const facts = [...changed, ...(specialChanged ? ["special_hours"] : [])];
  try {
    const ok = await updateBusiness(db, id, parsed.data, changed, {
      by: "owner",
      specialHours: specialChanged ? edit.specialHours : undefined,
      alongside: [
        stillOwnerGuard(db, owner.ownerId, id),
        auditD1Statement(db, {
          actor: `owner:${owner.email}`,
          action: "owner-edit",
          targetId: id,
          detail: `Edited ${businessLabel(id, row.name)}: ${facts.join(", ")}`,
        }),
      ],
    });
    return ok ? "saved" : "notFound";
  } catch (error) {
    if (String(error).includes("NOT NULL")) return "notOwner";
    throw error;
  }
}

/**
 * Fails the save's batch (a NOT NULL violation) when the owner's claim was revoked after the page
 * checked it: the check and the write are one transaction, so a revoke always wins.
 */
function stillOwnerGuard(db: Db, ownerId: number, businessId: number): D1PreparedStatement {
  return db.statement(
    `UPDATE business_owners SET method = CASE WHEN revoked_at IS NULL THEN method ELSE NULL END
     WHERE business_id = ?1 AND owner_id = ?2`,
    [businessId, ownerId],
  );
}

/** The owner's businesses and pending claims, for the dashboard (a few rows: an owner's own). */
export async function ownerDashboard(
  db: Db,
  ownerId: number,
): Promise<{ owned: Array<{ id: number; name: string; slug: string }>; pending: Array<{ id: number; name: string; slug: string }> }> {
  const [owned, pending] = await Promise.all([
    db.all<{ id: number; name: string; slug: string }>(
      `SELECT b.id, b.name, b.slug FROM business_owners AS o JOIN businesses AS b ON b.id = o.business_id
       WHERE o.owner_id = ?1 AND o.revoked_at IS NULL ORDER BY b.name LIMIT 100`,
      [ownerId],
    ),
    db.all<{ id: number; name: string; slug: string }>(
      `SELECT b.id, b.name, b.slug FROM submissions AS s JOIN businesses AS b ON b.id = s.business_id
       WHERE s.owner_id = ?1 AND s.kind = 'claim' AND s.status = 'pending' ORDER BY s.id DESC LIMIT 100`,
      [ownerId],
    ),
  ]);
  return { owned, pending };
}
