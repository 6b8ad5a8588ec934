/**
 * The answers of resource routes (JSON API, sitemaps). A route parses its input with zod, calls a
 * server module — which returns data (null for "no such thing") or throws a typed error that carries
 * its status, such as ImportRefused — and answers with these: JSON with PUBLIC_CACHE (public) or
 * no-store (admin). Pages instead throw `data(null, { status })` for their error boundary
 * (app/components/general-error-boundary.tsx).
 */

export const PUBLIC_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
export const NO_STORE = "no-store";

type JsonInit = { status?: number; headers?: HeadersInit; cache?: "public" | "no-store" };

export function json(data: unknown, init: JsonInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  const status = init.status ?? 200;
  // Errors are not cached at the edge: a 404 for a business imported a minute later must not stick.
  headers.set("Cache-Control", init.cache === "no-store" || status >= 400 ? NO_STORE : PUBLIC_CACHE);
  return new Response(JSON.stringify(data), { status, headers });
}

export function badRequest(message: string, issues?: unknown): Response {
  return json({ message, ...(issues ? { issues } : {}) }, { status: 400 });
}

export function notFound(message: string): Response {
  return json({ message }, { status: 404 });
}

/** An XML document (sitemaps), cacheable at the edge like every public response. */
export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_CACHE },
  });
}
