/**
 * The walls every public form stands behind (docs/people.md): the request comes from the site
 * (Origin), its body is at most FORM_MAX_BYTES (413), the client address and the form's target (a
 * business, an e-mail address) are under their rate limits (429, the FORM_LIMIT_* bindings), the
 * honeypot is empty, and Turnstile passed when it is configured. Text cleaning and size caps per field
 * are the payload schemas' (app/lib/moderation/submission.ts).
 */
import type { MessageId } from "@lingui/core";
import { HONEYPOT_FIELD } from "#app/lib/moderation/honeypot";
import { FORM_MAX_BYTES } from "#app/lib/moderation/submission";
import { isSameOriginRequest } from "#app/server/auth/auth.server";
import { splitLocalePath } from "#app/lib/i18n/locales";
import { clientAddress, readRequestCapped } from "#app/server/platform/client.server";
import { sessionSecret, siteConfig, turnstileKeys } from "#app/server/platform/config.server";
import { sha256Hex } from "#app/server/platform/crypto.server";
import type { AppContext } from "#app/server/platform/context.server";

/** A refused form: its status and the interface message (forms.*) the page shows. Nothing was stored. */
export class FormRefused extends Error {
  constructor(
    readonly status: 400 | 403 | 413 | 429,
    readonly messageId: MessageId,
  ) {
    super(messageId);
  }
}

export type GuardedForm = {
  form: FormData;
  /** The client address as stored with a submission: a keyed hash, never the address itself. */
  sender: string;
  /** The honeypot was filled: answer as if it worked and store nothing. */
  trapped: boolean;
  /** The language of the page the form was sent from (its path's prefix). */
  locale: string;
};

/** Cloudflare Turnstile's answer for the form's token (only when TURNSTILE_SITE_KEY and its secret are set). */
async function turnstilePassed(app: AppContext, form: FormData, address: string): Promise<boolean> {
  const keys = turnstileKeys(app.env);
  if (!keys) return true;
  const token = form.get("cf-turnstile-response");
  if (typeof token !== "string" || !token) return false;
  const body = new URLSearchParams({ secret: keys.secretKey, response: token, remoteip: address });
  try {
    const answer = await fetch("https://challenges.cloudflare.com/turnstile/v0/siteverify", { method: "POST", body });
    const outcome: { success?: boolean } = await answer.json();
    return outcome.success === true;
  } catch {
    return false;
  }
}

/** Whether Turnstile is on (both keys set): the forms then show its widget. */
export function turnstileSiteKey(app: AppContext): string | null {
  return turnstileKeys(app.env)?.siteKey ?? null;
}

/**
 * Reads a public form's POST behind every wall above, or throws FormRefused. `target` names what the
 * request is about ("business:42", "email:a@b.example") for the second rate limit.
 */
export async function readPublicForm(request: Request, app: AppContext, options: { target?: string } = {}): Promise<GuardedForm> {
  if (!isSameOriginRequest(request, app)) throw new FormRefused(403, "forms.crossSite");
  const body = await readRequestCapped(request, FORM_MAX_BYTES);
  if (body === "tooLarge") throw new FormRefused(413, "forms.tooLarge");
  const address = clientAddress(request);
  if (!(await app.env.FORM_LIMIT_ADDRESS.limit({ key: `address:${address}` })).success) throw new FormRefused(429, "forms.tooMany");
  if (options.target && !(await app.env.FORM_LIMIT_TARGET.limit({ key: options.target })).success) {
    throw new FormRefused(429, "forms.tooMany");
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw new FormRefused(400, "forms.unreadable");
  }
  const trapped = String(form.get(HONEYPOT_FIELD) ?? "") !== "";
  if (!trapped && !(await turnstilePassed(app, form, address))) throw new FormRefused(400, "forms.turnstileFailed");
  return { form, sender: await senderOf(request, app), trapped, locale: requestLocale(request, app) };
}

/**
 * The client address as stored with a submission: the SHA-256 of SESSION_SECRET and the address
 * together (a keyed hash: without the secret nobody can test an address against it), never the address.
 */
export async function senderOf(request: Request, app: AppContext): Promise<string> {
  return sha256Hex(`${sessionSecret(app.env)}:${clientAddress(request)}`);
}

/** The language of the page a request was sent to: its path's locale prefix, or the default. */
export function requestLocale(request: Request, app: AppContext): string {
  return splitLocalePath(siteConfig(app.env).localeSettings, new URL(request.url).pathname).locale;
}
