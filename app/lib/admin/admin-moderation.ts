/**
 * The admin's Moderation, Owners and Outbox tabs (docs/people.md): their queries, the decisions'
 * inputs and the answers, shared by the tabs (client) and /api/admin/submissions,
 * /api/admin/businesses/:id/feature (server). Pure: zod and the submissions' payload schemas only.
 */
import { z } from "zod";
import { WEEKDAYS } from "#app/lib/business/hours";
import {
  PAYLOAD_SCHEMAS,
  SUBMISSION_KINDS,
  SUBMISSION_STATUSES,
  type SubmissionKind,
  type SubmissionStatus,
} from "#app/lib/moderation/submission";

/** Requests a page of the queue shows. */
export const QUEUE_PAGE_SIZE = 50;
/** Most submissions one bulk reject takes. */
export const BULK_REJECT_MAX = 100;
/** Claims a page of the Owners tab shows, and messages a page of the Outbox tab. */
export const OWNERS_PAGE_SIZE = 50;
export const OUTBOX_PAGE_SIZE = 20;
/** Likely duplicates shown beside an Add Your Business request. */
export const LIKELY_DUPLICATES = 3;

const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** `?kind=&status=&before={id}`: the queue's filters (pending by default, every kind) and the page after that request. */
export const queueQuerySchema = z.object({
  kind: z
    .union([z.enum(SUBMISSION_KINDS), z.literal("all"), z.literal("")])
    .optional()
    .transform((v) => (v && v !== "all" ? v : undefined)),
  status: z
    .union([z.enum(SUBMISSION_STATUSES), z.literal("all"), z.literal("")])
    .optional()
    .transform((v) => (v === "" || v === undefined ? ("pending" as const) : v)),
  before: id.optional(),
});
export type QueueQuery = z.output<typeof queueQuerySchema>;

/** `?before=`: a keyset cursor of the Owners tab ("{verifiedAt}-{businessId}-{ownerId}") or of the Outbox (an id). */
export const ownersQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,12}-\d{1,15}-\d{1,15}$/, "before must be a cursor from a previous page")
    .transform((v) => {
      const [verifiedAt, businessId, ownerId] = v.split("-").map(Number);
      return { verifiedAt, businessId, ownerId };
    })
    .optional(),
});
export type OwnersQuery = z.output<typeof ownersQuerySchema>;
export const outboxQuerySchema = z.object({ before: id.optional() });

export const KIND_LABELS: Record<SubmissionKind, string> = {
  edit: "Suggested edit",
  closed: "Reported closed",
  duplicate: "Reported duplicate",
  addition: "Add Your Business",
  claim: "Claim",
  advertise: "Advertising request",
};
export const STATUS_LABELS: Record<SubmissionStatus, string> = { pending: "Pending", approved: "Approved", rejected: "Rejected" };

/** A business beside a request: the values it has now. */
export type BusinessSide = {
  id: number;
  slug: string;
  name: string;
  phone: string | null;
  website: string | null;
  address: string;
  city: string;
  state: string;
  country: string;
  openingHours: Record<string, string> | null;
  businessStatus: string | null;
  reviewCount: number;
  featuredUntil: number | null;
  claimedAt: number | null;
};

export type QueueItem = {
  id: number;
  kind: SubmissionKind;
  status: SubmissionStatus;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  note: string;
  contactEmail: string | null;
  /** The proposed values as sent (the kind's payload), or null when the stored payload no longer reads. */
  payload: Record<string, unknown> | null;
  businessId: number | null;
  /** The business as it is now; null when the request names none (an addition) or it was deleted ("business gone"). */
  business: BusinessSide | null;
  businessGone: boolean;
  /** A duplicate report's other listing. */
  other: BusinessSide | null;
  /** An addition's listings with the same name (same phone first): shown before approving. */
  likelyDuplicates: Array<BusinessSide & { samePhone: boolean }>;
  /** A claim's owner (their e-mail address). */
  ownerId: number | null;
  ownerEmail: string | null;
};

export type QueueCounts = Record<SubmissionStatus, Record<SubmissionKind, number>>;
export type QueuePage = { items: QueueItem[]; counts: QueueCounts; next: number | null };

/** The furthest a "Featured until" date may be. */
const MAX_FEATURED_DAYS = 731;

/** A "Featured until" day (YYYY-MM-DD, UTC): featured through the end of that day. */
const untilDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the end date as YYYY-MM-DD")
  .transform((v, ctx) => {
    const at = Date.parse(`${v}T23:59:59Z`);
    if (!Number.isFinite(at)) {
      ctx.addIssue({ code: "custom", message: "Enter a real date" });
      return z.NEVER;
    }
    // A placement is sold for weeks or months: a date years ahead is a typing slip.
    if (at > Date.now() + MAX_FEATURED_DAYS * 24 * 60 * 60 * 1000) {
      ctx.addIssue({ code: "custom", message: `Choose an end date within ${MAX_FEATURED_DAYS} days` });
      return z.NEVER;
    }
    return Math.floor(at / 1000);
  });

/** The day a stored featured_until falls on (UTC), for a date input. */
export function untilDate(until: number | null): string {
  return until === null ? "" : new Date(until * 1000).toISOString().slice(0, 10);
}

/**
 * POST /api/admin/submissions: approve (optionally with edited values: `payload`, checked by the
 * kind's own schema; an advertising request needs the business and the end date; a duplicate may
 * name which listing to keep) or reject with an optional note.
 */
export const decisionSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("approve"),
    id,
    payload: z.record(z.string(), z.unknown()).optional(),
    businessId: id.optional(),
    until: untilDateSchema.optional(),
    keepId: id.optional(),
    note: z.string().trim().max(1000).default(""),
  }),
  z.object({ action: z.literal("reject"), id, note: z.string().trim().max(1000).default("") }),
]);
export type DecisionInput = z.output<typeof decisionSchema>;
export type ApproveInput = Extract<DecisionInput, { action: "approve" }>;

export const bulkRejectSchema = z.object({
  ids: z.array(id).min(1, "Select at least one request").max(BULK_REJECT_MAX, `At most ${BULK_REJECT_MAX} requests at a time`),
  note: z.string().trim().max(1000).default(""),
});
export type BulkRejectInput = z.output<typeof bulkRejectSchema>;

/** POST /api/admin/businesses/:id/feature: `{until: "YYYY-MM-DD"}` or `{end: true}`. */
export const featureSchema = z.union([z.object({ until: untilDateSchema }), z.object({ end: z.literal(true) })]);

/** A kind's edited values checked by its payload schema (the same as the public form's). */
export function parsePayload(kind: SubmissionKind, payload: unknown) {
  return PAYLOAD_SCHEMAS[kind].safeParse(payload);
}

/** The form's field names for a proposed weekday's hours. */
export const hoursField = (day: string) => `hours-${day}`;

/**
 * The Moderation tab's item form (it works without JavaScript) as a decision: `intent` approve or
 * reject, the request's id, and for an approval the edited values of its kind's fields.
 */
export function decisionFromForm(form: Record<string, string>, kind: SubmissionKind | undefined): unknown {
  const text = (name: string) => (typeof form[name] === "string" ? form[name] : undefined);
  if (form.intent === "reject") return { action: "reject", id: form.id, note: text("note") ?? "" };
  const payload: Record<string, unknown> = {};
  const take = (...names: string[]) => names.forEach((n) => text(n) !== undefined && (payload[n] = text(n)));
  if (kind === "edit" || kind === "addition") {
    take("phone", "website", "address");
    const hours = Object.fromEntries(WEEKDAYS.flatMap((d) => (text(hoursField(d)) ? [[d, text(hoursField(d))]] : [])));
    payload.openingHours = hours;
  }
  if (kind === "addition") take("name", "category", "city", "state", "zipCode", "country", "description");
  if (kind === "closed") take("closure");
  if (kind === "duplicate") take("duplicateOfId");
  if (kind === "claim") take("evidence");
  if (kind === "advertise") take("contactName", "businessName", "website", "message");
  if (kind === "edit" || kind === "closed" || kind === "duplicate") take("note");
  return {
    action: "approve",
    id: form.id,
    payload,
    ...(text("businessId") ? { businessId: text("businessId") } : {}),
    ...(text("until") ? { until: text("until") } : {}),
    ...(text("keepId") ? { keepId: text("keepId") } : {}),
    note: text("decisionNote") ?? "",
  };
}

/** What a decision answers (the API's JSON, the tab's fetcher). */
export type DecisionResult = { ok: true; message: string; businessId?: number | null } | { ok: false; message: string };

export type OwnerClaim = {
  businessId: number;
  ownerId: number;
  email: string;
  method: string;
  verifiedAt: number;
  business: { name: string; slug: string; city: string } | null;
};
export type OwnersPage = { claims: OwnerClaim[]; next: string | null };

type OutboxMessage = { id: number; sentAt: number; to: string; subject: string; text: string };
export type OutboxPage = { messages: OutboxMessage[]; next: number | null };

/**
 * Splits a text into plain parts and links to the site itself (`origin`): the local outbox's text
 * bodies, where sign-in links are followed. Other addresses (a business's website in its name, a
 * moderator's note) stay text.
 */
export function linkParts(text: string, origin: string): Array<{ link: boolean; text: string }> {
  const parts: Array<{ link: boolean; text: string }> = [];
  const pattern = /https?:\/\/[^\s<>"']+/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const url = match[0].replace(/[.,;:!?)]+$/, "");
    if (match.index > at) parts.push({ link: false, text: text.slice(at, match.index) });
    parts.push({ link: url === origin || url.startsWith(`${origin}/`), text: url });
    at = match.index + url.length;
  }
  if (at < text.length) parts.push({ link: false, text: text.slice(at) });
  return parts;
}
