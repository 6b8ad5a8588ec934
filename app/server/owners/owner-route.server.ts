/**
 * What every owner page's loader and action share (docs/people.md): the page's locale, the personal
 * Cache-Control, and the checks of a signed-in owner's form (the request comes from the site, its
 * body is small).
 */
import { data } from "react-router";
import type { LocaleSettings } from "#app/lib/i18n/locales";
import { localePath } from "#app/lib/i18n/locales";
import { OWNER_CACHE_CONTROL } from "#app/lib/owners/owner-path";
import { isSameOriginRequest } from "#app/server/auth/auth.server";
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

/** A signed-in owner's form, from this site, at most OWNER_FORM_MAX_BYTES; else a 403 or 413 is thrown. */
export async function readOwnerForm(request: Request, app: AppContext): Promise<FormData> {
  if (!isSameOriginRequest(request, app)) throw data({ error: "forms.crossSite" as const }, { status: 403, headers: ownerHeaders() });
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > OWNER_FORM_MAX_BYTES)
    throw data({ error: "forms.tooLarge" as const }, { status: 413, headers: ownerHeaders() });
  const body = await request.arrayBuffer();
  if (body.byteLength > OWNER_FORM_MAX_BYTES) throw data({ error: "forms.tooLarge" as const }, { status: 413, headers: ownerHeaders() });
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw data({ error: "forms.unreadable" as const }, { status: 400, headers: ownerHeaders() });
  }
}
