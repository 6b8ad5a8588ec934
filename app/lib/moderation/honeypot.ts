/**
 * The public forms' honeypot, apart from their zod schemas (app/lib/moderation/submission.ts): the
 * forms render it in the browser, which then carries no zod (docs/decisions/0036-visitor-javascript.md).
 */
/** The hidden field a person never fills (it is off-screen and named to tempt a bot): filled, the request is dropped. */
export const HONEYPOT_FIELD = "company_fax";
