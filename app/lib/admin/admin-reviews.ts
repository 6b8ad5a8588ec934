/**
 * The admin's Reviews tab and /api/admin/reviews (docs/reviews.md): the reviews the automatic checks
 * held and the published ones visitors reported, and the admin's decisions on them. Moderation never
 * looks at the stars: the queue is never filtered by rating.
 */
import { z } from "zod";
import { reviewReplySchema, type ReviewStatus } from "#app/lib/reviews/review";
import { REVIEW_LIMITS } from "#app/lib/reviews/review-limits";

/** Reviews on one page of the queue; each reads itself, its business and up to REPORTS_PER_REVIEW reports (≤ 300 rows a page). */
export const REVIEW_QUEUE_PAGE_SIZE = 25;
/** The latest reports shown with a reported review (its report_count says how many there are). */
export const REPORTS_PER_REVIEW = 5;

const REVIEW_QUEUE_VIEWS = ["held", "reported", "hidden"] as const;
export type ReviewQueueView = (typeof REVIEW_QUEUE_VIEWS)[number];

/**
 * `?view=held|reported|hidden&before=…`: held (or hidden) reviews newest first (cursor: the last id); reported ones most
 * reported first, then newest (cursor: "reportCount.id"), a seek on reviews_reported_idx.
 */
export const reviewQueueQuerySchema = z.object({
  view: z.enum(REVIEW_QUEUE_VIEWS).catch("held"),
  before: z
    .string()
    .regex(/^\d{1,15}(\.\d{1,15})?$/)
    .optional()
    .catch(undefined),
});
export type ReviewQueueQuery = z.output<typeof reviewQueueQuerySchema>;

export type ReviewReportView = { reason: string; note: string; byOwner: boolean; createdAt: number };

export type ReviewQueueItem = {
  id: number;
  businessId: number;
  businessName: string | null;
  businessSlug: string | null;
  name: string;
  email: string;
  rating: number;
  title: string;
  body: string;
  visitMonth: string | null;
  status: ReviewStatus;
  heldReason: string | null;
  reportCount: number;
  reports: ReviewReportView[];
  replyBody: string | null;
  replyBy: string | null;
  replyAt: number | null;
  createdAt: number;
  publishedAt: number | null;
};

export type ReviewQueuePage = { view: ReviewQueueView; items: ReviewQueueItem[]; next: string | null };

/** What the admin does with a review: publish a held one, hide one, restore it (reports dismissed), or reply as the operator. */
export const reviewDecisionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("publish"), id: z.coerce.number().int().positive() }),
  z.object({ action: z.literal("hide"), id: z.coerce.number().int().positive() }),
  z.object({ action: z.literal("restore"), id: z.coerce.number().int().positive() }),
  z.object({ action: z.literal("reply"), id: z.coerce.number().int().positive(), body: reviewReplySchema.shape.body }),
]);
export type ReviewDecision = z.output<typeof reviewDecisionSchema>;

export type ReviewDecisionResult = { ok: boolean; message: string };

export const HELD_REASON_LABELS: Record<string, string> = {
  link: "Contains a link",
  blocklist: "Blocked word",
  repeated: "Same text on other businesses",
};

export const REPORT_REASON_LABELS: Record<string, string> = {
  spam: "Spam",
  offensive: "Offensive",
  conflict: "Conflict of interest",
  "not-about-business": "Not about this business",
  other: "Other",
};

export const REPLY_MAX = REVIEW_LIMITS.reply;
