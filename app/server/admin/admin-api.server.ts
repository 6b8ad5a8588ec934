/** Small helpers shared by the /api/admin/* resource routes: every answer is no-store JSON. */
import { z } from "zod";
import { parseQuery } from "#app/server/platform/api.server";
import type { AppContext } from "#app/server/platform/context.server";
import { json } from "#app/server/platform/http.server";
import { JOB_ID_PATTERN } from "#app/server/platform/workflow-jobs.server";

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

const jobQuery = z.object({ job: z.string().regex(JOB_ID_PATTERN) });

/**
 * GET …?job={jobId} of a long job's API (delete all, SEO generation, the duplicate scan): the job's
 * status as `read` tells it, or 404 JSON for a job it does not know (a malformed id: parseQuery's 400).
 */
export async function jobStatusAnswer(
  request: Request,
  app: AppContext,
  read: (app: AppContext, jobId: string) => Promise<object | null>,
): Promise<Response> {
  const status = await read(app, parseQuery(request, jobQuery).job);
  return status ? adminJson(status) : adminJson({ message: "Job not found" }, 404);
}
