import { useRevalidator } from "react-router";
import { ImportTab } from "#app/components/admin/import-tab";
import { RecentImports } from "#app/components/admin/recent-imports";
import { useAdminApi } from "#app/components/admin/use-admin-api";
import { importsQuerySchema } from "#app/lib/admin/admin-imports";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { importHistoryPage } from "#app/server/import/import-history.server";
import type { Route } from "./+types/import";

/** How many of the latest imports the tab shows (the rest are in Import History). */
const RECENT_IMPORTS = 3;

/**
 * /admin-panel/import: import a spreadsheet, generate SEO content, delete all data (the last two are
 * buttons of this tab), and the latest imports, running or finished.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  return { recent: await importHistoryPage(app.db, importsQuerySchema.parse({ limit: RECENT_IMPORTS })) };
}

export default function ImportRoute({ loaderData }: Route.ComponentProps) {
  const { sessionEnded } = useAdminApi();
  const { revalidate } = useRevalidator();
  return (
    <div className="space-y-6">
      <ImportTab onUnauthorized={sessionEnded} onImportChanged={() => void revalidate()} />
      <RecentImports page={loaderData.recent} />
    </div>
  );
}
