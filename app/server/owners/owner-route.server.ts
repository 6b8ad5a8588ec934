/**
 * What every owner page's loader and action share (docs/people.md): the page's locale, the personal
 * Cache-Control, and the checks of a signed-in owner's form (the request comes from the site, its
 * body is small).
 */
import { data } from "react-router";
import { businessIdParamsSchema } from "#app/lib/api-schemas";
import type { LocaleSettings } from "#app/lib/i18n/locales";
import { localePath } from "#app/lib/i18n/locales";
import { OWNER_CACHE_CONTROL } from "#app/lib/owners/owner-path";
import { isSameOriginRequest } from "#app/server/auth/auth.server";
import { ownerAccountsConfigured } from "#app/server/owners/owner-auth.server";
import { readRequestCapped } from "#app/server/platform/client.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { AppContext } from "#app/server/platform/context.server";
import { loaderLocale } from "#app/server/platform/i18n.server";

/** The most an owner's form may send (the edit form with every field full is far less). */
const OWNER_FORM_MAX_BYTES = 64 * 1024;

type OwnerPageLocale = { locale: string; settings: LocaleSettings; path: (path: string) => string };

export function ownerLocale(app: AppContext, params: { lang?: string }): OwnerPageLocale {
  const settings = siteConfig(app.env).localeSettings;
  const locale = loaderLocale(settings, params);
  return { locale, settings, path: (path) => localePath(settings, locale, path) };
}

/**
 * The wall of the pages that send or use sign-in links or show a claim token: without SESSION_SECRET
 * they answer 503 (the route's ErrorBoundary shows OwnersUnavailable), as the admin's login does.
 */
export function requireOwnerAccounts(app: AppContext): void {
  if (!ownerAccountsConfigured(app)) throw data(null, { status: 503, headers: ownerHeaders() });
}

/** An owner page's `:id` (businessIdParamsSchema, and never 0); anything else is the 404 page. */
export function ownerBusinessId(params: { id?: string }): number {
  const parsed = businessIdParamsSchema.safeParse(params);
  if (!parsed.success || parsed.data.id === 0) throw data(null, { status: 404, headers: ownerHeaders() });
  return parsed.data.id;
}

/** The headers of an owner page: never stored by a browser or a shared cache. */
export function ownerHeaders(): Headers {
  return new Headers({ "Cache-Control": OWNER_CACHE_CONTROL });
}

/** An owner page's `headers` export: the parents' headers, with the personal Cache-Control. */
export function ownerPageHeaders({ parentHeaders, actionHeaders }: { parentHeaders: Headers; actionHeaders: Headers }): Headers {
  const out = new Headers(parentHeaders);
  for (const [k, v] of actionHeaders) if (k.toLowerCase() !== "set-cookie") out.set(k, v);
  out.set("Cache-Control", OWNER_CACHE_CONTROL);
  return out;
}

/**
 * An owner's form, from this site, at most OWNER_FORM_MAX_BYTES (read as it streams: a chunked body
 * without Content-Length is cut off at the cap too), or why it was refused.
 */
export async function ownerFormOrRefusal(
  request: Request,
  app: AppContext,
): Promise<FormData | { status: 400 | 403 | 413; error: "forms.crossSite" | "forms.tooLarge" | "forms.unreadable" }> {
  if (!isSameOriginRequest(request, app)) return { status: 403, error: "forms.crossSite" };
  const body = await readRequestCapped(request, OWNER_FORM_MAX_BYTES);
  if (body === "tooLarge") return { status: 413, error: "forms.tooLarge" };
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    return { status: 400, error: "forms.unreadable" };
  }
}

/** A signed-in owner's form (ownerFormOrRefusal); a refusal is thrown as its 403, 413 or 400. */
export async function readOwnerForm(request: Request, app: AppContext): Promise<FormData> {
  const form = await ownerFormOrRefusal(request, app);
  if (form instanceof FormData) return form;
  throw data({ error: form.error }, { status: form.status, headers: ownerHeaders() });
}
