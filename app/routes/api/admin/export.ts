import { exportQuerySchema } from "#app/lib/admin/admin-data-schemas";
import { parseQuery } from "#app/server/platform/api.server";
import { requireAdminApi } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { auditedExport } from "#app/server/admin/export.server";
import type { Route } from "./+types/export";

/** GET /api/admin/export[?country] → the .xlsx as a download, streamed (SPEC §7: businesses_{country or all}_{date}.xlsx). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const session = await requireAdminApi(request, app);
  const { country } = parseQuery(request, exportQuerySchema);
  const { fileName, body } = await auditedExport(app.db, country ?? null, session.username);
  // filename= for old clients (ASCII only), filename*= keeps a country's accents (RFC 6266).
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_");
  return new Response(body, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "no-store",
    },
  });
}
