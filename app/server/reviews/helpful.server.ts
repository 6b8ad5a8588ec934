/**
 * "Helpful" votes on a published review: one per browser. The browser carries a random id in a
 * long-lived HttpOnly cookie (la_voter); its keyed hash is the voter, so the table never holds the
 * cookie itself. A vote is an INSERT OR IGNORE into review_votes, and the review's helpful_count goes
 * up only when that row was inserted — both in one batch (one round trip, atomic).
 */
import { randomToken, sha256Hex } from "#app/server/platform/crypto.server";
import { sessionSecret } from "#app/server/platform/config.server";
import type { Db } from "#app/server/platform/db.server";

const VOTER_COOKIE = "la_voter";
/** Two years: a browser keeps its one vote per review. */
const VOTER_MAX_AGE = 2 * 365 * 24 * 60 * 60;

/** The browser's voter id from its cookie, or a new one with the Set-Cookie header that keeps it. */
export function voterOf(request: Request): { id: string; setCookie: string | null } {
  const cookies = request.headers.get("Cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${VOTER_COOKIE}=([A-Za-z0-9_-]{16,100})(?:;|$)`).exec(cookies);
  if (match) return { id: match[1], setCookie: null };
  const id = randomToken(18);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return { id, setCookie: `${VOTER_COOKIE}=${id}; Path=/; Max-Age=${VOTER_MAX_AGE}; HttpOnly; SameSite=Lax${secure}` };
}

/** Counts the vote once per voter and published review of this business; true when it was counted now. */
export async function voteHelpful(db: Db, env: Env, businessId: number, reviewId: number, voterId: string): Promise<boolean> {
  const voter = await sha256Hex(`${sessionSecret(env)}:voter:${voterId}`);
  const [inserted] = await db.batch([
    db.statement(
      `INSERT OR IGNORE INTO review_votes (review_id, voter)
       SELECT id, ? FROM reviews WHERE id = ? AND business_id = ? AND status = 'published'`,
      [voter, reviewId, businessId],
    ),
    // changes(): the insert just above, on the same connection inside the batch's transaction.
    db.statement(`UPDATE reviews SET helpful_count = helpful_count + 1 WHERE id = ? AND changes() = 1`, [reviewId]),
  ]);
  return (inserted.meta.changes ?? 0) > 0;
}
