import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { AppContext } from "~/server/context.server";
import { testDb } from "./factories";

/** The Worker's context for calling server modules directly (query-level tests). */
export function testApp(): AppContext {
  return { env, ctx: createExecutionContext(), db: testDb() };
}

export async function settle(app: AppContext) {
  await waitOnExecutionContext(app.ctx);
}

export function formWith(file: File | string | null): FormData {
  const form = new FormData();
  if (file !== null) form.set("excelFile", file);
  return form;
}

/** What a refusal must leave untouched. */
export async function writtenState() {
  const imports = await env.DB.prepare("SELECT count(*) AS n FROM imports").first<{ n: number }>();
  const businesses = await env.DB.prepare("SELECT count(*) AS n FROM businesses").first<{ n: number }>();
  const files = await env.UPLOADS.list();
  return { imports: imports?.n ?? 0, businesses: businesses?.n ?? 0, files: files.objects.length };
}
