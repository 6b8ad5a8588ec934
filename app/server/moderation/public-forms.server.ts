/**
 * The visitor's forms (docs/people.md): suggest an edit, report closed, report a duplicate, add a
 * business and advertise. Each request passes the walls of form-guard.server.ts (a trapped bot is
 * answered "sent" and nothing is stored), is checked by its kind's payload schema
 * (app/lib/moderation/submission.ts: the text cleaned as imports are, lengths capped, links only
 * http(s)) and stored as one pending submission: nothing a visitor sends changes a page until an
 * admin approves it.
 */
import type { MessageId } from "@lingui/core";
import { eq } from "drizzle-orm";
import { businesses } from "#db/schema";
import { WEEKDAYS, parseOpeningHoursJson, type OpeningHours } from "#app/lib/business/hours";
import { cleanLine } from "#app/lib/business/untrusted-text";
import { splitLocalePath } from "#app/lib/i18n/locales";
import { fieldErrors, hoursField, type FormOutcome } from "#app/lib/moderation/public-form";
import {
  additionPayloadSchema,
  advertisePayloadSchema,
  closedPayloadSchema,
  duplicatePayloadSchema,
  editPayloadSchema,
  emailSchema,
} from "#app/lib/moderation/submission";
import { getBusinessBySlug } from "#app/server/lists/directory.server";
import { FormRefused, readPublicForm, type GuardedForm } from "#app/server/moderation/form-guard.server";
import { createSubmission } from "#app/server/moderation/submissions.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { AppContext } from "#app/server/platform/context.server";
import type { Db } from "#app/server/platform/db.server";

/** The outcome and the HTTP status the action answers with. */
export type FormAnswer = { outcome: FormOutcome; status: 200 | 400 | 403 | 413 | 429 };

const SENT: FormAnswer = { outcome: { state: "sent" }, status: 200 };

/** The facts of a business a visitor may suggest changes to, as the suggestion form shows them. */
export type SuggestionTarget = {
  id: number;
  name: string;
  slug: string;
  phone: string;
  website: string;
  address: string;
  openingHours: OpeningHours | null;
};

/** One row by primary key: the suggestion page's whole read. */
export async function suggestionTarget(db: Db, id: number): Promise<SuggestionTarget | null> {
  const row = await db.orm
    .select({
      id: businesses.id,
      name: businesses.name,
      slug: businesses.slug,
      phone: businesses.phone,
      website: businesses.website,
      address: businesses.address,
      openingHours: businesses.openingHours,
    })
    .from(businesses)
    .where(eq(businesses.id, id))
    .get();
  if (!row) return null;
  return { ...row, phone: row.phone ?? "", website: row.website ?? "", openingHours: parseOpeningHoursJson(row.openingHours) };
}

/** The text fields of a form as sent (a file is no text), for the payload and for showing the form again. */
function textValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  );
}

function invalid(values: Record<string, string>, errors: Record<string, MessageId>, message: MessageId = "forms.invalid"): FormAnswer {
  return { outcome: { state: "invalid", message, errors, values }, status: 400 };
}

/** Behind the walls: a refusal becomes its message and status; a trapped bot is told it worked. */
async function behindWalls<A extends FormAnswer | null>(
  request: Request,
  app: AppContext,
  target: string | undefined,
  handle: (guarded: GuardedForm) => Promise<A>,
): Promise<FormAnswer | A> {
  let guarded: GuardedForm;
  try {
    guarded = await readPublicForm(request, app, { target });
  } catch (error) {
    if (error instanceof FormRefused) return { outcome: { state: "refused", message: error.messageId }, status: error.status };
    throw error;
  }
  return guarded.trapped ? SENT : handle(guarded);
}

/** An optional contact e-mail: null when left empty, an error when it is no address. */
function optionalEmail(raw: string): { email: string | null; errors: Record<string, MessageId> } {
  if (!cleanLine(raw).trim()) return { email: null, errors: {} };
  const parsed = emailSchema.safeParse(raw);
  return parsed.success ? { email: parsed.data, errors: {} } : { email: null, errors: fieldErrors(parsed.error, "contactEmail") };
}

const HOURS_FIELDS = WEEKDAYS.map(hoursField);
const EDIT_FIELDS = ["phone", "website", "address", ...HOURS_FIELDS, "note", "contactEmail"] as const;
const CLOSED_FIELDS = ["closure", "note", "contactEmail"] as const;
const DUPLICATE_FIELDS = ["duplicateOf", "note", "contactEmail"] as const;
const ADDITION_FIELDS = [
  "name",
  "category",
  "address",
  "city",
  "state",
  "zipCode",
  "country",
  "phone",
  "website",
  ...HOURS_FIELDS,
  "description",
  "contactEmail",
] as const;
const ADVERTISE_FIELDS = ["contactName", "contactEmail", "businessName", "website", "message"] as const;

/** The weekly hours of a form's day fields that `keep` keeps; none (not an empty week) when no day has any. */
function hoursOf(
  values: Record<string, string>,
  keep: (day: (typeof WEEKDAYS)[number], text: string) => boolean = () => true,
): Record<string, string> | undefined {
  const days = WEEKDAYS.filter((day) => cleanLine(values[hoursField(day)]).trim() && keep(day, values[hoursField(day)]));
  return days.length ? Object.fromEntries(days.map((day) => [day, values[hoursField(day)]])) : undefined;
}

const same = (sent: string, current: string | null | undefined) => cleanLine(sent).trim() === cleanLine(current ?? "").trim();

/**
 * The id of the listing a duplicate report names: its number, or the address of its page on this
 * site (/business/{id} or /details/{slug}, in any locale). Null when it names no listing here.
 */
async function duplicateIdOf(app: AppContext, raw: string): Promise<number | null> {
  const text = cleanLine(raw).trim();
  if (!text) return null;
  const config = siteConfig(app.env);
  let id: number | null = null;
  if (/^\d{1,15}$/.test(text)) id = Number(text);
  else {
    let url: URL;
    try {
      url = new URL(text, config.siteUrl);
    } catch {
      return null;
    }
    if (url.host !== new URL(config.siteUrl).host) return null;
    const [kind, key, ...rest] = splitLocalePath(config.localeSettings, url.pathname).path.split("/").filter(Boolean);
    if (rest.length || !key) return null;
    if (kind === "business" && /^\d{1,15}$/.test(key)) id = Number(key);
    else if (kind === "details") {
      let slug: string;
      try {
        slug = decodeURIComponent(key);
      } catch {
        return null;
      }
      return (await getBusinessBySlug(app.db, slug))?.id ?? null;
    } else return null;
  }
  const row = await app.db.orm.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, id)).get();
  return row?.id ?? null;
}

/**
 * A suggestion about `business` (edit, closed or duplicate, by the form's `kind`). The edit form is
 * shown filled with the current facts: a field sent unchanged is no suggestion, so only the changes
 * are stored.
 */
export async function receiveSuggestion(request: Request, app: AppContext, id: number): Promise<FormAnswer | null> {
  // The walls come first: a refused request reads nothing from D1.
  return behindWalls(request, app, `business:${id}`, async ({ form, sender, locale }) => {
    const business = await suggestionTarget(app.db, id);
    if (!business) return null;
    const kind = form.get("kind");
    if (kind === "closed") {
      const values = textValues(form, CLOSED_FIELDS);
      const contact = optionalEmail(values.contactEmail);
      const parsed = closedPayloadSchema.safeParse({ closure: values.closure, note: values.note });
      const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...contact.errors };
      if (!parsed.success || Object.keys(errors).length) return invalid(values, errors);
      await createSubmission(app.db, {
        kind: "closed",
        payload: parsed.data,
        businessId: business.id,
        contactEmail: contact.email,
        sender,
        locale,
      });
      return SENT;
    }
    if (kind === "duplicate") {
      const values = textValues(form, DUPLICATE_FIELDS);
      const contact = optionalEmail(values.contactEmail);
      const other = await duplicateIdOf(app, values.duplicateOf);
      const errors: Record<string, MessageId> = { ...contact.errors };
      if (other === null)
        errors.duplicateOf = cleanLine(values.duplicateOf).trim() ? "contribute.errorDuplicateUnknown" : "forms.errorRequired";
      else if (other === business.id) errors.duplicateOf = "contribute.errorDuplicateSelf";
      const parsed = duplicatePayloadSchema.safeParse({ duplicateOfId: other ?? 0, note: values.note });
      if (!parsed.success) {
        for (const [field, message] of Object.entries(fieldErrors(parsed.error)))
          errors[field === "duplicateOfId" ? "duplicateOf" : field] ??= message;
      }
      if (!parsed.success || Object.keys(errors).length) return invalid(values, errors);
      await createSubmission(app.db, {
        kind: "duplicate",
        payload: parsed.data,
        businessId: business.id,
        contactEmail: contact.email,
        sender,
        locale,
      });
      return SENT;
    }
    const values = textValues(form, EDIT_FIELDS);
    const contact = optionalEmail(values.contactEmail);
    const changes = {
      phone: same(values.phone, business.phone) ? "" : values.phone,
      website: same(values.website, business.website) ? "" : values.website,
      address: same(values.address, business.address) ? "" : values.address,
      openingHours: hoursOf(values, (day, text) => !same(text, business.openingHours?.[day])),
    };
    const changed = changes.openingHours || [changes.phone, changes.website, changes.address].some((v) => cleanLine(v).trim());
    if (!changed) return invalid(values, contact.errors, "contribute.errorNothing");
    const parsed = editPayloadSchema.safeParse({ ...changes, note: values.note });
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...contact.errors };
    if (!parsed.success || Object.keys(errors).length) return invalid(values, errors);
    await createSubmission(app.db, {
      kind: "edit",
      payload: parsed.data,
      businessId: business.id,
      contactEmail: contact.email,
      sender,
      locale,
    });
    return SENT;
  });
}

/** Add Your Business: a new listing's request, with the contact e-mail the answer goes to. */
export async function receiveAddition(request: Request, app: AppContext): Promise<FormAnswer> {
  return behindWalls(request, app, undefined, async ({ form, sender, locale }) => {
    const values = textValues(form, ADDITION_FIELDS);
    const email = emailSchema.safeParse(values.contactEmail);
    const parsed = additionPayloadSchema.safeParse({ ...values, openingHours: hoursOf(values) });
    const errors = {
      ...(parsed.success ? {} : fieldErrors(parsed.error)),
      ...(email.success ? {} : fieldErrors(email.error, "contactEmail")),
    };
    if (!parsed.success || !email.success) return invalid(values, errors);
    await createSubmission(app.db, { kind: "addition", payload: parsed.data, contactEmail: email.data, sender, locale });
    return SENT;
  });
}

/** Advertise: who asks, for which business; the operator answers by e-mail. */
export async function receiveAdvertising(request: Request, app: AppContext): Promise<FormAnswer> {
  return behindWalls(request, app, undefined, async ({ form, sender, locale }) => {
    const values = textValues(form, ADVERTISE_FIELDS);
    const email = emailSchema.safeParse(values.contactEmail);
    const parsed = advertisePayloadSchema.safeParse(values);
    const errors = {
      ...(parsed.success ? {} : fieldErrors(parsed.error)),
      ...(email.success ? {} : fieldErrors(email.error, "contactEmail")),
    };
    if (!parsed.success || !email.success) return invalid(values, errors);
    await createSubmission(app.db, { kind: "advertise", payload: parsed.data, contactEmail: email.data, sender, locale });
    return SENT;
  });
}
