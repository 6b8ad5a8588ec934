import { redirect } from "react-router";
import { DashboardTab } from "#app/components/admin/dashboard-tab";
import { legacyTabPath } from "#app/components/admin/tabs";
import { getAdminSummary } from "#app/server/admin/admin-businesses.server";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/dashboard";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";

/** /admin-panel (and /admin/dashboard): the statistics and the country summary. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  // The old panel kept its tab in ?tab=: such bookmarks land on the tab's own address.
  const legacy = legacyTabPath(new URL(request.url).searchParams.get("tab"));
  if (legacy) throw redirect(legacy, { headers: { "Cache-Control": "no-store" } });
  return { summary: await getAdminSummary(app.db) };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardTab summary={loaderData.summary} />;
}

// Any failure (a thrown status or an error) reads the same: the tab has nothing else to offer.
export function ErrorBoundary() {
  const failed = () => <p className="text-red-700">Unable to load statistics. Please try again later.</p>;
  return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
