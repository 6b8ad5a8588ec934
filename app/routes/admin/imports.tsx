import { ImportsTab } from "#app/components/admin/imports-tab";
import { importsQuerySchema } from "#app/lib/admin/admin-imports";
import { parseQuery } from "#app/server/platform/api.server";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { importHistoryPage } from "#app/server/import/import-history.server";
import type { Route } from "./+types/imports";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";

/** /admin-panel/imports[?before={id}]: the import history, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  const query = parseQuery(request, importsQuerySchema);
  return { page: await importHistoryPage(app.db, query), isFirstPage: !query.before };
}

export default function ImportsRoute({ loaderData }: Route.ComponentProps) {
  return <ImportsTab page={loaderData.page} isFirstPage={loaderData.isFirstPage} />;
}

// Any failure (a thrown status or an error) reads the same: the tab has nothing else to offer.
export function ErrorBoundary() {
  const failed = () => <p className="text-red-700">Unable to load the import history. Please try again later.</p>;
  return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
