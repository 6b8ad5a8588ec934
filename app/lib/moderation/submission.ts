/**
 * What a visitor or an owner sends to the moderation queue (docs/people.md): each kind's payload as
 * stored in submissions.payload, one zod schema per kind shared by the forms, the server and the admin
 * panel. Every text is cleaned as imports are (app/lib/business/untrusted-text.ts) and capped in
 * length; a link must be a web address (never `javascript:`), and none is shown clickable before an
 * admin approves it.
 */
import { z } from "zod";
import { WEEKDAYS, parseDayText } from "#app/lib/business/hours";
import { cleanLine, cleanMultiline, isLink } from "#app/lib/business/untrusted-text";

export const SUBMISSION_KINDS = ["edit", "closed", "duplicate", "addition", "claim", "advertise"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];
export const SUBMISSION_STATUSES = ["pending", "approved", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Most bytes a public form's body may have (a suggestion is a few hundred): larger ones are refused with 413. */
export const FORM_MAX_BYTES = 32 * 1024;

const line = (max: number) => z.string().transform(cleanLine).pipe(z.string().trim().max(max));
const optionalLine = (max: number) =>
  z
    .string()
    .transform(cleanLine)
    .pipe(z.string().trim().max(max))
    .optional()
    .transform((v) => v || undefined);
const optionalText = (max: number) =>
  z
    .string()
    .transform(cleanMultiline)
    .pipe(z.string().trim().max(max))
    .optional()
    .transform((v) => v || undefined);
const link = z
  .string()
  .transform(cleanLine)
  .pipe(z.string().trim().max(500))
  .refine((v) => v === "" || isLink(v, false), "Enter a web address that starts with http:// or https://")
  .optional()
  .transform((v) => v || undefined);
export const emailSchema = z
  .string()
  .transform(cleanLine)
  .pipe(z.string().trim().toLowerCase().max(254).email("Enter a valid e-mail address"));

/** A suggested day ("9:00 AM - 5:00 PM", "Closed", "Open 24 hours"): readable as hours, or refused. */
const dayText = z
  .string()
  .transform(cleanLine)
  .pipe(z.string().trim().max(100))
  .refine((v) => v === "" || parseDayText(v) !== null, "Write hours like 9:00 AM - 5:00 PM, Closed or Open 24 hours");
/** Suggested weekly hours: the days given (an empty day is "no change"). */
const hoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, dayText.optional()])) as Record<(typeof WEEKDAYS)[number], z.ZodOptional<typeof dayText>>,
  )
  .transform(
    (days) => Object.fromEntries(Object.entries(days).filter(([, text]) => text)) as Partial<Record<(typeof WEEKDAYS)[number], string>>,
  )
  .optional();

/** Suggest an edit: the facts a visitor can know. At least one of them. */
export const editPayloadSchema = z
  .object({
    phone: optionalLine(40),
    website: link,
    address: optionalLine(300),
    openingHours: hoursSchema,
    note: optionalText(1000),
  })
  .refine((p) => p.phone || p.website || p.address || (p.openingHours && Object.keys(p.openingHours).length), {
    message: "Suggest at least one change",
    path: ["phone"],
  });

/** Report closed: for now or for good. */
export const closedPayloadSchema = z.object({
  closure: z.enum(["temporarily", "permanently"]),
  note: optionalText(1000),
});

/** Report a duplicate: the other listing (its id, read from its page's address by the form). */
export const duplicatePayloadSchema = z.object({
  duplicateOfId: z.coerce.number().int().positive(),
  note: optionalText(1000),
});

/** Add Your Business: a new listing's facts; approving it creates the business through the write path. */
export const additionPayloadSchema = z.object({
  name: line(300).pipe(z.string().min(1, "Name is required")),
  category: line(200).pipe(z.string().min(1, "Category is required")),
  address: line(500).pipe(z.string().min(1, "Address is required")),
  city: line(200).pipe(z.string().min(1, "City is required")),
  state: optionalLine(200),
  zipCode: optionalLine(30),
  country: line(200).pipe(z.string().min(1, "Country is required")),
  phone: optionalLine(40),
  website: link,
  openingHours: hoursSchema,
  description: optionalText(2000),
});

/** An owner asks the admin to confirm a claim, with the evidence the admin sees. */
export const claimPayloadSchema = z.object({
  evidence: z.string().transform(cleanMultiline).pipe(z.string().trim().min(1, "Tell us how you are connected to the business").max(2000)),
});

/** An advertising request: who asks, for which business, and what they would like. */
export const advertisePayloadSchema = z.object({
  contactName: line(200).pipe(z.string().min(1, "Name is required")),
  businessName: line(300).pipe(z.string().min(1, "Business name is required")),
  website: link,
  message: optionalText(2000),
});

/** Each kind's payload schema: what the server checks before storing and what the admin panel reads. */
export const PAYLOAD_SCHEMAS = {
  edit: editPayloadSchema,
  closed: closedPayloadSchema,
  duplicate: duplicatePayloadSchema,
  addition: additionPayloadSchema,
  claim: claimPayloadSchema,
  advertise: advertisePayloadSchema,
} satisfies Record<SubmissionKind, z.ZodType>;
export type SubmissionPayload = { [K in SubmissionKind]: z.output<(typeof PAYLOAD_SCHEMAS)[K]> };
