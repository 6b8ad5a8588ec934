/** Small helpers shared by the /api/admin/* resource routes: every answer is no-store JSON. */
import { json } from "#app/server/platform/http.server";

export function adminJson(data: unknown, status = 200, headers?: HeadersInit): Response {
  return json(data, { status, headers, cache: "no-store" });
}

export function methodNotAllowed(allow: string): Response {
  return adminJson({ message: `Method not allowed; use ${allow}` }, 405, { Allow: allow });
}

/** A route's :id as a positive integer, or a thrown 400 JSON Response. */
export function parseBusinessId(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value) || Number(value) < 1) {
    throw adminJson({ message: "Invalid business id: it must be a positive whole number" }, 400);
  }
  return Number(value);
}

/** The request's JSON body, or a thrown 400 JSON Response. */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw adminJson({ message: "The request body must be JSON" }, 400);
  }
}
