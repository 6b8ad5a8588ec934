/**
 * Sending e-mail (sign-in links, "your suggestion was approved"): one module over Cloudflare Email
 * Service's `send_email` binding (EMAIL in wrangler.toml). Locally miniflare implements the binding and
 * keeps every message on the machine; with EMAIL_OUTBOX = "on" (npm start, the tests, the e2e) each
 * message is also stored in the outbox table, which the admin panel's Outbox tab shows, so every
 * e-mail flow works on a laptop (docs/people.md).
 *
 * A message's parts are written by the caller from trusted templates; untrusted text (a business
 * name) goes into `html` only through `escapeHtml`.
 */
import type { AppContext } from "#app/server/platform/context.server";

export type OutgoingEmail = { to: string; subject: string; text: string; html: string };

/** Text for an HTML e-mail body: &, <, >, " and ' escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** EMAIL_FROM ("LocalAtlas <no-reply@example.com>" or a bare address) as the binding's sender. */
function sender(from: string): string | EmailAddress {
  const named = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  return named ? { name: named[1], email: named[2] } : from.trim();
}

/** Thrown when the e-mail service refused or failed a message: the form says so and asks to try again. */
export class EmailNotSent extends Error {
  constructor(cause: unknown) {
    super(`E-mail not sent: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** Sends one message (and keeps it in the outbox when EMAIL_OUTBOX is on). */
export async function sendEmail(app: Pick<AppContext, "env" | "db">, email: OutgoingEmail): Promise<void> {
  const { env } = app;
  if (env.EMAIL_OUTBOX === "on") {
    await app.db.run("INSERT INTO outbox (to_address, subject, text_body, html_body) VALUES (?1, ?2, ?3, ?4)", [
      email.to,
      email.subject,
      email.text,
      email.html,
    ]);
  }
  try {
    await env.EMAIL.send({
      from: sender(env.EMAIL_FROM || "no-reply@localatlas.example"),
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
  } catch (error) {
    throw new EmailNotSent(error);
  }
}
