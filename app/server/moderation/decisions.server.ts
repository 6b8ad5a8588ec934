/**
 * The admin's decisions on the moderation queue (docs/people.md). Approving goes through the one
 * write path (business-writer.server.ts: summaries, FTS, lists, duplicate keys, data version,
 * edited_fields and fact_sources) and the request's own row (status, decided_at, decided_by, note)
 * and its audit row commit in the SAME atomic batch as the write:
 *
 * - edit: the proposed phone, website, address and hours (only those) through updateBusiness, as
 *   the visitor's ("Hours confirmed by a visitor…"), so an update-mode re-import leaves them alone;
 * - closed: business_status CLOSED_TEMPORARILY or CLOSED_PERMANENTLY the same way;
 * - duplicate: the two listings are merged as the Duplicates tab merges them (the writer's delete
 *   with `mergedInto`: the removed one's URLs 301 to the one kept); by default the reported listing
 *   goes and the one it duplicates stays, the admin may keep the other instead;
 * - addition: a new business through insertBatch, its facts' source "visitor";
 * - claim: the owner becomes a verified owner (grantOwnership, method "admin") and is told by e-mail;
 * - advertise: the business the admin names is featured until the end date (setFeaturedUntil).
 *
 * A request that is no longer pending, or whose business is gone (for an approval), is refused and
 * nothing is written: the decision's own statement fails the batch (its status would be NULL) if
 * the request was decided meanwhile. Rejecting (one, or up to BULK_REJECT_MAX at once) writes the
 * request's row and its audit row only. The sender is told by e-mail when they left an address.
 */
import { eq } from "drizzle-orm";
import {
  parsePayload,
  type ApproveInput,
  type BulkRejectInput,
  type DecisionInput,
  type DecisionResult,
} from "#app/lib/admin/admin-moderation";
import { businessInputSchema, rowToInput, type BusinessInput } from "#app/lib/business/business";
import { factSourcePatch } from "#app/lib/business/provenance";
import { KIND_LABELS } from "#app/lib/admin/admin-moderation";
import type { SubmissionKind, SubmissionPayload } from "#app/lib/moderation/submission";
import { businesses, type BusinessRow } from "#db/schema";
import { grantOwnership } from "#app/server/owners/ownership.server";
import { i18nFor } from "#app/lib/i18n/i18n";
import { localePath } from "#app/lib/i18n/locales";
import { siteConfig } from "#app/server/platform/config.server";
import { nowSeconds } from "#app/server/platform/crypto.server";
import type { AppContext } from "#app/server/platform/context.server";
import type { Db } from "#app/server/platform/db.server";
import { EmailNotSent, escapeHtml, sendEmail } from "#app/server/platform/email.server";
import { auditD1Statement, businessLabel } from "#app/server/write/audit.server";
import { deleteBusiness, insertBatch, NEW_IN_BATCH_SQL, setFeaturedUntil, updateBusiness } from "#app/server/write/business-writer.server";
import { submissionRow, type SubmissionRow } from "#app/server/moderation/queue.server";

type App = Pick<AppContext, "env" | "db">;

/** Thrown by the decision statement when the request is no longer pending (or its business went): the batch rolls back. */
const GUARD_FAILED = "NOT NULL constraint failed: submissions.status";

const refused = (message: string): DecisionResult => ({ ok: false, message });
const ALREADY = (row: SubmissionRow) => refused(`Request ${row.id} was already ${row.status}: nothing was changed`);
const GONE = (id: number | null) => refused(`Business ${id ?? ""} no longer exists: the request cannot be approved (reject it instead)`);
const NOT_FOUND = refused("No such request");

/**
 * The request's decision, guarded: its status becomes `status` only while it is pending and (for an
 * approval) while the businesses `mustExist` names all exist; otherwise the statement fails, and with it the batch.
 * `businessId` (an advertising request's chosen business, a new business's id) is recorded with it.
 */
function decisionStatement(
  db: Db,
  decision: {
    id: number;
    status: "approved" | "rejected";
    actor: string;
    note: string;
    mustExist?: number | number[] | null;
    businessIdSql?: string;
  },
  businessIdParam: number | null = null,
): D1PreparedStatement {
  return db.statement(
    `UPDATE submissions SET
       status = CASE WHEN status = 'pending' AND (?5 IS NULL OR
         (SELECT count(*) FROM businesses WHERE id IN (SELECT value FROM json_each(?5))) = json_array_length(?5)) THEN ?2 ELSE NULL END,
       decided_at = unixepoch(), decided_by = ?3, note = ?4,
       business_id = coalesce(${decision.businessIdSql ?? "NULL"}, ?6, business_id)
     WHERE id = ?1`,
    [decision.id, decision.status, decision.actor, decision.note, mustExistJson(decision.mustExist), businessIdParam],
  );
}

/** The ids a decision needs to exist, as the JSON array its statement reads; null for none. */
function mustExistJson(ids: number | number[] | null | undefined): string | null {
  if (ids === null || ids === undefined) return null;
  return JSON.stringify(Array.isArray(ids) ? ids : [ids]);
}

/** Runs a decision's write; a request decided meanwhile (the guard) is refused. */
async function guarded(write: () => Promise<unknown>, row: SubmissionRow): Promise<DecisionResult | null> {
  try {
    await write();
    return null;
  } catch (error) {
    if (String(error).includes(GUARD_FAILED))
      return refused(`Request ${row.id} was decided or its business removed meanwhile: nothing was changed`);
    throw error;
  }
}

async function businessRow(db: Db, id: number | null): Promise<BusinessRow | undefined> {
  return id ? db.orm.select().from(businesses).where(eq(businesses.id, id)).get() : undefined;
}

/** The request's payload as approved: the admin's edited values, or the sender's, checked by the kind's schema. */
function approvedPayload<K extends SubmissionKind>(kind: K, row: SubmissionRow, edited: Record<string, unknown> | undefined) {
  let stored: unknown = {};
  try {
    stored = JSON.parse(row.payload);
  } catch {
    stored = {};
  }
  const parsed = parsePayload(kind, edited ?? stored);
  return parsed.success
    ? { ok: true as const, payload: parsed.data as SubmissionPayload[K] }
    : { ok: false as const, message: `The values do not pass: ${parsed.error.issues.map((i) => i.message).join("; ")}` };
}

const approveAudit = (db: Db, actor: string, row: SubmissionRow, targetId: number | null, what: string) =>
  auditD1Statement(db, {
    actor,
    action: "submission-approve",
    targetId,
    detail: `Approved request ${row.id} (${KIND_LABELS[row.kind].toLowerCase()}): ${what}`.slice(0, 500),
  });

/** Approves a pending request (with the admin's edited values, if any). */
async function approveSubmission(app: App, input: ApproveInput, actor: string): Promise<DecisionResult> {
  const { db } = app;
  const row = await submissionRow(db, input.id);
  if (!row) return NOT_FOUND;
  if (row.status !== "pending") return ALREADY(row);
  const result = await approve(app, row, input, actor);
  if (result.ok) await notify(app, row, true, input.note, result.businessId ?? row.businessId);
  return result;
}

async function approve(app: App, row: SubmissionRow, input: ApproveInput, actor: string): Promise<DecisionResult> {
  const { db } = app;
  const decided = (extra: Partial<Parameters<typeof decisionStatement>[1]> = {}, businessId: number | null = null) =>
    decisionStatement(db, { id: row.id, status: "approved", actor, note: input.note, ...extra }, businessId);

  switch (row.kind) {
    case "edit":
    case "closed": {
      const business = await businessRow(db, row.businessId);
      if (!business) return GONE(row.businessId);
      const change =
        row.kind === "edit"
          ? editChange(approvedPayload("edit", row, input.payload))
          : closedChange(approvedPayload("closed", row, input.payload));
      if (!change.ok) return refused(change.message);
      const current = rowToInput(business);
      const merged: BusinessInput = {
        ...current,
        ...change.values,
        ...(change.values.openingHours ? { openingHours: { ...(current.openingHours ?? {}), ...change.values.openingHours } } : {}),
      };
      const parsed = businessInputSchema.safeParse(merged);
      if (!parsed.success) return refused(`The business would not pass validation: ${parsed.error.issues[0]?.message ?? "invalid"}`);
      const what = `${change.summary} on ${businessLabel(business.id, business.name)}`;
      const failed = await guarded(
        () =>
          updateBusiness(db, business.id, parsed.data, change.columns, {
            by: "visitor",
            alongside: [decided({ mustExist: business.id }), approveAudit(db, actor, row, business.id, what)],
          }),
        row,
      );
      return failed ?? { ok: true, message: `Approved: ${what}`, businessId: business.id };
    }
    case "duplicate": {
      const payload = approvedPayload("duplicate", row, input.payload);
      if (!payload.ok) return refused(payload.message);
      const [reported, other] = await Promise.all([businessRow(db, row.businessId), businessRow(db, payload.payload.duplicateOfId)]);
      if (!reported) return GONE(row.businessId);
      if (!other) return GONE(payload.payload.duplicateOfId);
      if (reported.id === other.id) return refused("A business cannot be merged into itself");
      const keep = input.keepId === reported.id ? reported : other;
      if (input.keepId && input.keepId !== reported.id && input.keepId !== other.id) return refused("Keep one of the two listings");
      const remove = keep === reported ? other : reported;
      const what = `merged ${businessLabel(remove.id, remove.name)} into ${businessLabel(keep.id, keep.name)}`;
      const failed = await guarded(
        () =>
          deleteBusiness(db, remove.id, {
            mergedInto: keep.id,
            // Before the delete: both listings must still be there, or nothing is merged nor recorded.
            first: [decided({ mustExist: [keep.id, remove.id] }, keep.id)],
            alongside: [
              auditD1Statement(db, {
                actor,
                action: "merge",
                targetId: keep.id,
                detail: `Merged ${businessLabel(remove.id, remove.name)} into ${businessLabel(keep.id, keep.name)}`,
              }),
              approveAudit(db, actor, row, keep.id, what),
            ],
          }),
        row,
      );
      return failed ?? { ok: true, message: `Approved: ${what}`, businessId: keep.id };
    }
    case "addition": {
      const payload = approvedPayload("addition", row, input.payload);
      if (!payload.ok) return refused(payload.message);
      const p = payload.payload;
      const parsed = businessInputSchema.safeParse({
        name: p.name,
        category: p.category,
        address: p.address,
        city: p.city,
        state: p.state ?? "",
        zipCode: p.zipCode ?? "",
        country: p.country,
        phone: p.phone ?? null,
        website: p.website ?? null,
        openingHours: p.openingHours && Object.keys(p.openingHours).length ? p.openingHours : null,
        description: p.description ?? null,
      });
      if (!parsed.success) return refused(`The business would not pass validation: ${parsed.error.issues[0]?.message ?? "invalid"}`);
      const columns = [
        "address",
        ...(p.phone ? ["phone"] : []),
        ...(p.website ? ["website"] : []),
        ...(p.openingHours ? ["opening_hours"] : []),
        ...(p.description ? ["description"] : []),
      ];
      const sources = factSourcePatch(columns, "visitor", nowSeconds());
      const newId = `(SELECT max(id) FROM businesses WHERE ${NEW_IN_BATCH_SQL})`;
      const what = `added business "${p.name.slice(0, 120)}" in ${p.city}`;
      const failed = await guarded(
        () =>
          insertBatch(db, [parsed.data], {
            alongside: [
              db.statement(`UPDATE businesses SET fact_sources = ?1 WHERE ${NEW_IN_BATCH_SQL}`, [JSON.stringify(sources)]),
              decided({ businessIdSql: newId }),
              db.statement(`INSERT INTO audit_log (actor, action, detail, target_id) SELECT ?1, 'submission-approve', ?2, ${newId}`, [
                actor,
                `Approved request ${row.id} (add your business): ${what}`.slice(0, 500),
              ]),
            ],
          }),
        row,
      );
      if (failed) return failed;
      const added = await submissionRow(db, row.id);
      return { ok: true, message: `Approved: ${what}`, businessId: added?.businessId ?? null };
    }
    case "claim": {
      const business = await businessRow(db, row.businessId);
      if (!business) return GONE(row.businessId);
      if (!row.ownerId) return refused("This claim names no owner account");
      const owner = await db.first<{ email: string }>("SELECT email FROM owners WHERE id = ?1", [row.ownerId]);
      if (!owner) return refused("The owner account of this claim no longer exists");
      const what = `${owner.email} verified as owner of ${businessLabel(business.id, business.name)}`;
      const failed = await guarded(
        () =>
          grantOwnership(
            db,
            { businessId: business.id, ownerId: row.ownerId!, method: "admin", actor, detail: `Claim approved by the admin: ${what}` },
            [decided({ mustExist: business.id }), approveAudit(db, actor, row, business.id, what)],
          ),
        row,
      );
      if (failed) return failed;
      await notifyOwner(app, owner.email, business, row.locale);
      return { ok: true, message: `Approved: ${what}`, businessId: business.id };
    }
    case "advertise": {
      const businessId = input.businessId ?? row.businessId;
      if (!businessId) return refused("Choose the business to feature (its id)");
      if (!input.until) return refused("Choose the date the featuring ends");
      if (input.until * 1000 <= Date.now()) return refused("The end date must be in the future");
      const business = await businessRow(db, businessId);
      if (!business) return GONE(businessId);
      const until = new Date(input.until * 1000).toISOString().slice(0, 10);
      const what = `featured ${businessLabel(business.id, business.name)} until ${until}`;
      const failed = await guarded(
        () =>
          setFeaturedUntil(db, business.id, input.until!, [
            auditD1Statement(db, {
              actor,
              action: "feature",
              targetId: business.id,
              detail: `Featured ${businessLabel(business.id, business.name)} until ${until}`,
            }),
            decided({ mustExist: business.id }, business.id),
            approveAudit(db, actor, row, business.id, what),
          ]),
        row,
      );
      return failed ?? { ok: true, message: `Approved: ${what}`, businessId: business.id };
    }
  }
}

type Change = { ok: true; values: Partial<BusinessInput>; columns: string[]; summary: string } | { ok: false; message: string };

function editChange(payload: ReturnType<typeof approvedPayload<"edit">>): Change {
  if (!payload.ok) return payload;
  const p = payload.payload;
  const values: Partial<BusinessInput> = {};
  const columns: string[] = [];
  if (p.phone) {
    values.phone = p.phone;
    columns.push("phone");
  }
  if (p.website) {
    values.website = p.website;
    columns.push("website");
  }
  if (p.address) {
    values.address = p.address;
    columns.push("address");
  }
  if (p.openingHours && Object.keys(p.openingHours).length) {
    values.openingHours = p.openingHours;
    columns.push("opening_hours");
  }
  const names: Record<string, string> = { phone: "phone", website: "website", address: "address", opening_hours: "hours" };
  return { ok: true, values, columns, summary: `new ${columns.map((c) => names[c]).join(", ")}` };
}

function closedChange(payload: ReturnType<typeof approvedPayload<"closed">>): Change {
  if (!payload.ok) return payload;
  const status = payload.payload.closure === "permanently" ? "CLOSED_PERMANENTLY" : "CLOSED_TEMPORARILY";
  return { ok: true, values: { businessStatus: status }, columns: ["business_status"], summary: `closed ${payload.payload.closure}` };
}

/** Rejects a pending request (its business may be gone: the queue is cleared all the same). */
async function rejectSubmission(app: App, input: { id: number; note: string }, actor: string): Promise<DecisionResult> {
  const { db } = app;
  const row = await submissionRow(db, input.id);
  if (!row) return NOT_FOUND;
  if (row.status !== "pending") return ALREADY(row);
  const failed = await guarded(
    () =>
      db.batch([
        decisionStatement(db, { id: row.id, status: "rejected", actor, note: input.note }),
        auditD1Statement(db, {
          actor,
          action: "submission-reject",
          targetId: row.businessId,
          detail: `Rejected request ${row.id} (${KIND_LABELS[row.kind].toLowerCase()})${input.note ? `: ${input.note.slice(0, 200)}` : ""}`,
        }),
      ]),
    row,
  );
  if (failed) return failed;
  await notify(app, row, false, input.note, row.businessId);
  return { ok: true, message: `Rejected request ${row.id}` };
}

/** Approve or reject, as the API and the tab ask. */
export function decide(app: App, input: DecisionInput, actor: string): Promise<DecisionResult> {
  return input.action === "approve" ? approveSubmission(app, input, actor) : rejectSubmission(app, input, actor);
}

/**
 * Rejects the pending ones among `ids` in one atomic batch, one audit row each (a bulk reject is for
 * spam: no e-mail is sent). Returns how many were rejected.
 */
export async function bulkReject(db: Db, input: BulkRejectInput, actor: string): Promise<number> {
  const ids = JSON.stringify([...new Set(input.ids)]);
  const pending = "FROM submissions WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'pending'";
  const [, update] = await db.batch<{ id: number }>([
    db.statement(
      `INSERT INTO audit_log (actor, action, detail, target_id)
       SELECT ?2, 'submission-reject', 'Rejected request ' || id || ' (' || kind || ', in bulk)' || CASE WHEN ?3 <> '' THEN ': ' || ?3 ELSE '' END, business_id
       ${pending} ORDER BY id`,
      [ids, actor, input.note.slice(0, 200)],
    ),
    db.statement(
      `UPDATE submissions SET status = 'rejected', decided_at = unixepoch(), decided_by = ?2, note = ?3
       WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'pending' RETURNING id`,
      [ids, actor, input.note],
    ),
  ]);
  return update.results.length;
}

/** Features a business until `until` (unix seconds) or ends it (null), audited in the same batch; false when no such business. */
export async function featureBusiness(db: Db, id: number, until: number | null, actor: string): Promise<boolean> {
  const name = (await db.first<{ name: string }>("SELECT name FROM businesses WHERE id = ?1", [id]))?.name;
  if (name === undefined) return false;
  const audit =
    until === null
      ? auditD1Statement(db, { actor, action: "unfeature", targetId: id, detail: `Ended featuring of ${businessLabel(id, name)}` })
      : auditD1Statement(db, {
          actor,
          action: "feature",
          targetId: id,
          detail: `Featured ${businessLabel(id, name)} until ${new Date(until * 1000).toISOString().slice(0, 10)}`,
        });
  return setFeaturedUntil(db, id, until, [audit]);
}

// ── E-mail to the sender ────────────────────────────────────────────────────

/**
 * The notice's language and words: the page the request was sent from (submissions.locale), else the
 * site's default; links lead to the business's page in that language.
 */
function noticeWords(app: App, locale: string | null) {
  const config = siteConfig(app.env);
  const { localeSettings } = config;
  const served = locale && localeSettings.locales.includes(locale) ? locale : localeSettings.defaultLocale;
  const i18n = i18nFor(served);
  const pageUrl = (businessId: number) => `${config.siteUrl}${localePath(localeSettings, served, `/business/${businessId}`)}`;
  return { config, i18n, pageUrl };
}

/** "Your suggestion was approved" / "…was not applied" to the sender's contact address, if they left one. A failed send is logged, not fatal. */
async function notify(app: App, row: SubmissionRow, approved: boolean, note: string, businessId: number | null): Promise<void> {
  if (!row.contactEmail || row.kind === "claim") return;
  const { config, i18n, pageUrl } = noticeWords(app, row.locale);
  const values = { siteName: config.siteName, kind: row.kind, note };
  const link = businessId && approved ? pageUrl(businessId) : null;
  const subject = i18n._(approved ? "notice.approvedSubject" : "notice.rejectedSubject", values);
  const lead = i18n._(approved ? "notice.approvedLead" : "notice.rejectedLead", values);
  const noteLine = note ? i18n._("notice.moderatorNote", values) : "";
  const text = [lead, noteLine, link ?? ""].filter(Boolean).join("\n\n");
  const html = [
    `<p>${escapeHtml(lead)}</p>`,
    noteLine ? `<p>${escapeHtml(noteLine)}</p>` : "",
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : "",
  ].join("");
  await send(app, { to: row.contactEmail, subject, text, html });
}

/** The owner is told their claim was approved, in the language of the claim's page. */
async function notifyOwner(app: App, email: string, business: BusinessRow, locale: string | null): Promise<void> {
  const { config, i18n, pageUrl } = noticeWords(app, locale);
  const link = pageUrl(business.id);
  const lead = i18n._("notice.claimApprovedLead", { siteName: config.siteName, name: business.name });
  await send(app, {
    to: email,
    subject: i18n._("notice.claimApprovedSubject", { siteName: config.siteName }),
    text: `${lead}\n\n${link}`,
    html: `<p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  });
}

async function send(app: App, email: { to: string; subject: string; text: string; html: string }): Promise<void> {
  try {
    await sendEmail(app, email);
  } catch (error) {
    // The decision is made and recorded; the notice is a courtesy.
    if (error instanceof EmailNotSent) console.warn(error.message);
    else throw error;
  }
}
