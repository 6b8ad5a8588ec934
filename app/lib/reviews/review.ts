/**
 * Reviews written here (docs/reviews.md): what a reviewer sends, a report and a reply, one zod schema
 * each, shared by the forms, the server and the admin panel; and the automatic checks that hold a
 * review for the admin (links, the blocklist). Moderation never looks at the stars or the tone: a
 * negative review is published like a positive one.
 */
import { z } from "zod";
import { cleanLine, cleanMultiline } from "#app/lib/business/untrusted-text";
import { emailSchema } from "#app/lib/moderation/submission";
import { REPORT_REASONS, REVIEW_LIMITS } from "#app/lib/reviews/review-limits";

export type ReviewStatus = "unverified" | "published" | "held" | "hidden";

/** How long a review's verification link works. */
export const REVIEW_LINK_DAYS = 7;
/** A published review as pages and the API show it (never its e-mail address, status or history). */
export type PublicReview = {
  id: number;
  name: string;
  rating: number;
  title: string;
  body: string;
  visitMonth: string | null;
  publishedAt: string;
  helpfulCount: number;
  reply: { body: string; by: "owner" | "admin"; at: string | null } | null;
};

/** Reviews per page, on the business page and in the API. */
export const REVIEWS_PAGE_SIZE = 10;

const line = (max: number, min = 1, message = "Required") =>
  z.string().transform(cleanLine).pipe(z.string().trim().min(min, message).max(max));
const text = (max: number, min: number, message: string) =>
  z.string().transform(cleanMultiline).pipe(z.string().trim().min(min, message).max(max));

/** "2026-10": a month not in the future (checked against `now` by the server). */
const visitMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** What a reviewer sends: 1–5 stars, a title and a text, an optional visit month, a name to show and an e-mail address. */
export const reviewInputSchema = z.object({
  rating: z.coerce.number().int().min(1, "Choose 1 to 5 stars").max(5, "Choose 1 to 5 stars"),
  title: line(REVIEW_LIMITS.title, 3, "Give your review a title"),
  body: text(REVIEW_LIMITS.bodyMax, REVIEW_LIMITS.bodyMin, `Write at least ${REVIEW_LIMITS.bodyMin} characters`),
  visitMonth,
  name: line(REVIEW_LIMITS.name, 1, "Enter the name to show"),
  email: emailSchema,
});
export type ReviewInput = z.output<typeof reviewInputSchema>;

/** A visitor's (or the owner's) report of a published review. */
export const reviewReportSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  note: z
    .string()
    .transform(cleanMultiline)
    .pipe(z.string().trim().max(REVIEW_LIMITS.reportNote))
    .optional()
    .transform((v) => v || ""),
});

/** The owner's or the operator's one reply to a review. */
export const reviewReplySchema = z.object({
  body: text(REVIEW_LIMITS.reply, 1, "Write your reply"),
});

/** A web address or a bare domain in a text: a review with one is held for the admin (spam links). */
const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(com|net|org|info|biz|ru|cn|xyz|top|io|co)\b/i;
/** A short list of words no review needs (spam and abuse); a hit holds the review, it never rejects it. */
const BLOCKLIST = ["viagra", "casino", "crypto giveaway", "bitcoin doubler", "escort", "loan approval", "click here"];

/** Why the automatic checks hold a review for the admin, or null to publish it once verified. */
export function holdReasonOf(review: Pick<ReviewInput, "title" | "body" | "name">): "link" | "blocklist" | null {
  const all = `${review.name}\n${review.title}\n${review.body}`;
  if (LINK.test(all)) return "link";
  const lower = all.toLowerCase();
  if (BLOCKLIST.some((word) => lower.includes(word))) return "blocklist";
  return null;
}

/** The text as the repeated-text check compares it: letters and digits only, lower case, single spaces. */
export function normalizedBody(body: string): string {
  return body
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
