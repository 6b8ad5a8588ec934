/**
 * Writing a review (docs/reviews.md): the form's POST behind the public forms' walls plus a second
 * rate limit per e-mail address, one review per address and business (an edit replaces it, keeps the
 * earlier version in `history` and needs the new link), the one-time verification link e-mailed in
 * the page's locale (its SHA-256 only is stored), the link's POST that publishes the review or holds
 * it (links, the blocklist, the same text on two other businesses), and the reviewer's manage link
 * (an HMAC of the review and the address under SESSION_SECRET, never expiring) that deletes it.
 * The own rating follows by the reviews triggers (db/schema.sql); nothing here writes it.
 */
import type { MessageId } from "@lingui/core";
import { eq } from "drizzle-orm";
import { businesses } from "#db/schema";
import { i18nFor } from "#app/lib/i18n/i18n";
import { localePath } from "#app/lib/i18n/locales";
import type { FormOutcome } from "#app/lib/moderation/public-form";
import { emailSchema } from "#app/lib/moderation/submission";
import { holdReasonOf, normalizedBody, REVIEW_LINK_DAYS, reviewInputSchema } from "#app/lib/reviews/review";
import { constantTimeEqualText } from "#app/server/auth/password.server";
import { FormRefused, readPublicForm } from "#app/server/moderation/form-guard.server";
import { sessionSecret, siteConfig } from "#app/server/platform/config.server";
import { hmacHex, nowSeconds, randomToken, sha256Hex } from "#app/server/platform/crypto.server";
import type { AppContext } from "#app/server/platform/context.server";
import type { Db } from "#app/server/platform/db.server";
import { EmailNotSent, escapeHtml, sendEmail } from "#app/server/platform/email.server";
import { auditD1Statement } from "#app/server/write/audit.server";

/** The form's fields, in the order the form shows them. */
const REVIEW_FIELDS = ["rating", "title", "body", "visitMonth", "name", "email"] as const;

/** What the review form's action answers, and its HTTP status. */
export type ReviewAnswer = { outcome: FormOutcome; status: 200 | 400 | 403 | 413 | 429 | 503 };

const SENT: ReviewAnswer = { outcome: { state: "sent" }, status: 200 };
/** The shape of a verification token (randomToken: 32 bytes, base64url). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** The shape of a manage token (hmacHex: 64 hex digits). */
const MANAGE_TOKEN_SHAPE = /^[0-9a-f]{64}$/;
const BUMP_DATA_VERSION = "UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1";

/** The business a review is about: one read by primary key. */
export async function reviewTarget(db: Db, id: number): Promise<{ id: number; name: string } | null> {
  const row = await db.orm.select({ id: businesses.id, name: businesses.name }).from(businesses).where(eq(businesses.id, id)).get();
  return row ?? null;
}

/** The message of a refused field, in the page's language (the schema's own texts are English). */
function reviewFieldError(field: string, code: string): MessageId {
  if (code === "too_big" && field !== "rating") return "forms.errorTooLong";
  switch (field) {
    case "rating":
      return "reviewForm.errorRating";
    case "title":
      return "reviewForm.errorTitle";
    case "body":
      return "reviewForm.errorBody";
    case "visitMonth":
      return "reviewForm.errorVisitMonth";
    case "email":
      return "forms.errorEmail";
    default:
      return "forms.errorRequired";
  }
}

/** The current month ("2026-11") in UTC: a visit month after it is refused. */
function currentMonth(now: number): string {
  return new Date(now * 1000).toISOString().slice(0, 7);
}

/** The manage token of a review: recomputed from the review and its address, never stored. */
async function reviewManageToken(app: Pick<AppContext, "env">, id: number, email: string): Promise<string> {
  return hmacHex(sessionSecret(app.env), `review-manage:${id}:${email}`);
}

/** Whether the manage links work: they need SESSION_SECRET (it keys their token). */
function reviewManageConfigured(app: Pick<AppContext, "env">): boolean {
  return sessionSecret(app.env) !== "";
}

/**
 * The review form's POST for business `id`: the walls (per client address and per business), the
 * e-mail address's own limit, the fields, then the review stored or replaced as unverified and its
 * link e-mailed. Null when the business does not exist (the 404 page). A trapped bot is told it
 * worked and nothing is stored.
 */
export async function receiveReview(request: Request, app: AppContext, id: number): Promise<ReviewAnswer | null> {
  let guarded;
  try {
    guarded = await readPublicForm(request, app, { target: `review:${id}` });
  } catch (error) {
    if (error instanceof FormRefused) return { outcome: { state: "refused", message: error.messageId }, status: error.status };
    throw error;
  }
  if (guarded.trapped) return SENT;
  const { form, sender, locale } = guarded;
  const values = Object.fromEntries(
    REVIEW_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  );
  const email = emailSchema.safeParse(values.email);
  if (email.success && !(await app.env.FORM_LIMIT_TARGET.limit({ key: `review-email:${email.data}` })).success) {
    return { outcome: { state: "refused", message: "forms.tooMany" }, status: 429 };
  }
  const business = await reviewTarget(app.db, id);
  if (!business) return null;
  const parsed = reviewInputSchema.safeParse(values);
  const now = nowSeconds();
  const errors: Record<string, MessageId> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= reviewFieldError(String(issue.path[0]), issue.code);
  // A visit after this month has not happened yet (the month picker allows any month).
  if (/^\d{4}-\d{2}$/.test(values.visitMonth) && values.visitMonth > currentMonth(now)) errors.visitMonth = "reviewForm.errorVisitMonth";
  if (!parsed.success || Object.keys(errors).length) {
    return { outcome: { state: "invalid", message: "forms.invalid", errors, values }, status: 400 };
  }
  const review = parsed.data;
  const token = randomToken();
  const [, stored] = await app.db.batch<{ id: number }>([
    // Housekeeping rides along, a bounded number of rows a time: links long past their end are of no use.
    app.db.statement("DELETE FROM review_links WHERE rowid IN (SELECT rowid FROM review_links WHERE expires_at <= ?1 LIMIT 100)", [
      now - 24 * 60 * 60,
    ]),
    // One review per address and business: an edit replaces it, its earlier version goes to history,
    // and it waits for the new link (a published one leaves the own rating until then). A review the
    // admin hid stays hidden whatever its author sends.
    app.db.statement(
      `INSERT INTO reviews (business_id, email, name, rating, title, body, visit_month, status, locale, sender, body_hash, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'unverified', ?8, ?9, ?10, ?11, ?11)
       ON CONFLICT (business_id, email) DO UPDATE SET
         history = json_insert(history, '$[#]', json_object('rating', rating, 'title', title, 'body', body, 'visitMonth', visit_month, 'at', ?11)),
         name = excluded.name, rating = excluded.rating, title = excluded.title, body = excluded.body,
         visit_month = excluded.visit_month, locale = excluded.locale, sender = excluded.sender, body_hash = excluded.body_hash,
         status = CASE WHEN status = 'hidden' THEN 'hidden' ELSE 'unverified' END, held_reason = NULL, published_at = NULL,
         updated_at = excluded.updated_at
       RETURNING id`,
      [
        id,
        review.email,
        review.name,
        review.rating,
        review.title,
        review.body,
        review.visitMonth ?? null,
        locale,
        sender,
        await sha256Hex(normalizedBody(review.body)),
        now,
      ],
    ),
  ]);
  const reviewId = stored.results[0]?.id;
  if (reviewId === undefined) throw new Error("review not stored");
  await app.db.batch([
    // Only the newest link publishes: an earlier one would publish text its author has since replaced.
    app.db.statement("DELETE FROM review_links WHERE review_id = ?1 AND used_at IS NULL", [reviewId]),
    app.db.statement(
      "INSERT INTO review_links (token_hash, review_id, purpose, created_at, expires_at) VALUES (?1, ?2, 'verify', ?3, ?4)",
      [await sha256Hex(token), reviewId, now, now + REVIEW_LINK_DAYS * 24 * 60 * 60],
    ),
    // The page changes when a published review becomes unverified again.
    app.db.statement(BUMP_DATA_VERSION),
  ]);
  try {
    await sendReviewEmail(app, { reviewId, email: review.email, businessName: business.name, token, locale });
  } catch (error) {
    if (error instanceof EmailNotSent) return { outcome: { state: "refused", message: "forms.emailNotSent" }, status: 503 };
    throw error;
  }
  return SENT;
}

/** The verification and manage links, e-mailed in the page's locale (texts in content.json reviewMail.*). */
async function sendReviewEmail(
  app: AppContext,
  mail: { reviewId: number; email: string; businessName: string; token: string; locale: string },
): Promise<void> {
  const config = siteConfig(app.env);
  const settings = config.localeSettings;
  const verify = new URL(localePath(settings, mail.locale, "/reviews/confirm"), config.siteUrl);
  verify.searchParams.set("token", mail.token);
  const manage = reviewManageConfigured(app)
    ? new URL(localePath(settings, mail.locale, `/reviews/${mail.reviewId}/manage`), config.siteUrl)
    : null;
  manage?.searchParams.set("token", await reviewManageToken(app, mail.reviewId, mail.email));
  const i18n = i18nFor(mail.locale);
  const values = { siteName: config.siteName, name: mail.businessName, days: REVIEW_LINK_DAYS };
  const subject = i18n._("reviewMail.subject", values);
  const intro = i18n._("reviewMail.intro", values);
  const action = i18n._("reviewMail.action", values);
  const manageText = i18n._("reviewMail.manage", values);
  const ignore = i18n._("reviewMail.ignore", values);
  const text = [intro, verify.href, ...(manage ? [manageText, manage.href] : []), ignore].join("\n\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(verify.href)}">${escapeHtml(action)}</a></p>`,
    manage ? `<p>${escapeHtml(manageText)}<br><a href="${escapeHtml(manage.href)}">${escapeHtml(manage.href)}</a></p>` : "",
    `<p>${escapeHtml(ignore)}</p>`,
  ].join("");
  await sendEmail(app, { to: mail.email, subject, text: `${text}\n`, html });
}

/** Whether a verification link is still good (unused, unexpired): the confirm page's GET, which consumes nothing. */
export async function reviewLinkUsable(app: AppContext, token: string): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  const row = await app.db.first<{ one: number }>(
    "SELECT 1 AS one FROM review_links WHERE token_hash = ?1 AND purpose = 'verify' AND used_at IS NULL AND expires_at > ?2",
    [await sha256Hex(token), nowSeconds()],
  );
  return row !== null;
}

export type ConfirmedReview = { state: "published" | "held"; businessId: number };

/**
 * Uses a verification link: marks it used in one statement that matches only an unused, unexpired
 * link (a replay or two requests at once cannot both pass), then publishes the review, or holds it
 * for the admin when the automatic checks say so. Null (nothing changed) for an unknown, used or
 * expired token.
 */
export async function confirmReview(app: AppContext, token: string): Promise<ConfirmedReview | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const now = nowSeconds();
  const link = await app.db.first<{ review_id: number }>(
    `UPDATE review_links SET used_at = ?2 WHERE token_hash = ?1 AND purpose = 'verify' AND used_at IS NULL AND expires_at > ?2
     RETURNING review_id`,
    [await sha256Hex(token), now],
  );
  if (!link) return null;
  const review = await app.db.first<{
    id: number;
    business_id: number;
    email: string;
    name: string;
    title: string;
    body: string;
    body_hash: string;
    status: string;
    repeated: number;
  }>(
    // The same text on two other businesses is held ("repeated"): at most two rows are looked at.
    `SELECT r.id, r.business_id, r.email, r.name, r.title, r.body, r.body_hash, r.status,
       (SELECT count(*) FROM (SELECT DISTINCT o.business_id FROM reviews AS o
          WHERE o.body_hash = r.body_hash AND o.body_hash <> '' AND o.business_id <> r.business_id LIMIT 2)) AS repeated
     FROM reviews AS r WHERE r.id = ?1`,
    [link.review_id],
  );
  if (!review) return null;
  // A review the admin hid stays hidden: its author is told it waits for the team.
  if (review.status !== "unverified")
    return { state: review.status === "published" ? "published" : "held", businessId: review.business_id };
  const reason = holdReasonOf(review) ?? (review.repeated >= 2 ? "repeated" : null);
  const status = reason ? "held" : "published";
  await app.db.batch([
    app.db.statement(
      `UPDATE reviews SET status = ?2, held_reason = ?3, published_at = CASE WHEN ?2 = 'published' THEN ?4 ELSE NULL END, updated_at = ?4
       WHERE id = ?1 AND status = 'unverified'`,
      [review.id, status, reason, now],
    ),
    ...(status === "published"
      ? [
          app.db.statement(BUMP_DATA_VERSION),
          auditD1Statement(app.db, {
            actor: `reviewer:${review.email}`,
            action: "review-publish",
            detail: `Review ${review.id} published by its e-mailed link`,
            targetId: review.business_id,
          }),
        ]
      : []),
  ]);
  return { state: status, businessId: review.business_id };
}

export type ManagedReview = {
  id: number;
  businessId: number;
  businessName: string;
  rating: number;
  title: string;
  body: string;
  visitMonth: string | null;
  name: string;
  email: string;
  status: string;
};

/** The review a manage link names, when its token is the review's own (compared in constant time); else null. */
export async function managedReview(app: AppContext, id: number, token: string): Promise<ManagedReview | null> {
  if (!reviewManageConfigured(app) || !MANAGE_TOKEN_SHAPE.test(token)) return null;
  const row = await app.db.first<{
    id: number;
    business_id: number;
    business_name: string;
    rating: number;
    title: string;
    body: string;
    visit_month: string | null;
    name: string;
    email: string;
    status: string;
  }>(
    `SELECT r.id, r.business_id, b.name AS business_name, r.rating, r.title, r.body, r.visit_month, r.name, r.email, r.status
     FROM reviews AS r JOIN businesses AS b ON b.id = r.business_id WHERE r.id = ?1`,
    [id],
  );
  if (!row || !constantTimeEqualText(token, await reviewManageToken(app, row.id, row.email))) return null;
  return {
    id: row.id,
    businessId: row.business_id,
    businessName: row.business_name,
    rating: row.rating,
    title: row.title,
    body: row.body,
    visitMonth: row.visit_month,
    name: row.name,
    email: row.email,
    status: row.status,
  };
}

/** Deletes a review by its manage link (the triggers take it out of the own rating), audited. False for a wrong token. */
export async function deleteManagedReview(app: AppContext, id: number, token: string): Promise<{ businessId: number } | null> {
  const review = await managedReview(app, id, token);
  if (!review) return null;
  await app.db.batch([
    app.db.statement("DELETE FROM reviews WHERE id = ?1", [review.id]),
    app.db.statement(BUMP_DATA_VERSION),
    auditD1Statement(app.db, {
      actor: `reviewer:${review.email}`,
      action: "review-delete",
      detail: `Review ${review.id} deleted by its author`,
      targetId: review.businessId,
    }),
  ]);
  return { businessId: review.businessId };
}
