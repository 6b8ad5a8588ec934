import { adminJson, methodNotAllowed } from "#app/server/admin/admin-api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { importRecordOf } from "#app/server/import/import-history.server";
import type { Route } from "./+types/imports-file";

/** GET /api/admin/imports/:id/file → the original upload from R2, streamed, under its own file name. */
export async function loader({ request, context, params: raw }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminApi(request, app);
  const record = await importRecordOf(app.db, raw);
  if (!record) return adminJson({ message: "Import not found" }, 404);
  const object = await app.env.UPLOADS.get(record.r2Key);
  if (!object) return adminJson({ message: "The original file is no longer stored" }, 404);
  // filename= for old clients (ASCII only), filename*= keeps the name as uploaded (RFC 6266).
  const ascii = record.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType || "application/octet-stream",
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(record.fileName)}`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminApi(request, getApp(context));
  return methodNotAllowed("GET");
}
