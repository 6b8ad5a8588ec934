/**
 * What the review forms show and the server enforces (app/lib/reviews/review.ts has the zod schemas):
 * apart, so the forms' JavaScript in the browser carries no zod (docs/decisions/0036-visitor-javascript.md).
 */
/** Length limits, as Google's and Yelp's: a title, and a text long enough to say something. */
export const REVIEW_LIMITS = { name: 50, title: 100, bodyMin: 20, bodyMax: 4000, reply: 2000, reportNote: 500 } as const;
/** Why a published review may be reported. */
export const REPORT_REASONS = ["spam", "offensive", "conflict", "not-about-business", "other"] as const;
