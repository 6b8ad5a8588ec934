import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { AppContext } from "#app/server/platform/context.server";
import { testDb } from "./factories";

/** The Worker's context for calling server modules directly (query-level tests). */
export function testApp(): AppContext {
  return { env, ctx: createExecutionContext(), db: testDb() };
}

export async function settle(app: AppContext) {
  await waitOnExecutionContext(app.ctx);
}

/**
 * A form's body as a browser sends it: workerd's own multipart encoding of the FormData, with the
 * Content-Length a browser sets (a Request built in the isolate carries none).
 */
export async function multipartInit(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; headers: Headers }> {
  const encoded = new Request("https://localatlas.test/", { method: "POST", body: form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  const headers = new Headers({ "Content-Type": encoded.headers.get("Content-Type") ?? "", "Content-Length": String(body.byteLength) });
  return { body, headers };
}

/** POST /api/admin/import as the admin panel sends it, with `file` in the field excelFile. */
export async function uploadRequest(file: File | string | null): Promise<Request> {
  const form = new FormData();
  if (file !== null) form.set("excelFile", file);
  return new Request("https://localatlas.test/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
}

/** What a refusal must leave untouched. */
export async function writtenState() {
  const imports = await env.DB.prepare("SELECT count(*) AS n FROM imports").first<{ n: number }>();
  const businesses = await env.DB.prepare("SELECT count(*) AS n FROM businesses").first<{ n: number }>();
  const files = await env.UPLOADS.list();
  return { imports: imports?.n ?? 0, businesses: businesses?.n ?? 0, files: files.objects.length };
}
