import { AuditTab } from "#app/components/admin/audit-tab";
import { auditQuerySchema } from "#app/lib/admin/admin-audit";
import { parseQuery } from "#app/server/platform/api.server";
import { auditLogPage } from "#app/server/write/audit.server";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/audit";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";

/** /admin-panel/audit[?before={at}-{id}]: the audit log, the same pages as GET /api/admin/audit. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  const query = parseQuery(request, auditQuerySchema);
  return { page: await auditLogPage(app.db, query), isFirstPage: !query.before };
}

export default function AuditRoute({ loaderData }: Route.ComponentProps) {
  return <AuditTab page={loaderData.page} isFirstPage={loaderData.isFirstPage} />;
}

// Any failure (a thrown status or an error) reads the same: the tab has nothing else to offer.
export function ErrorBoundary() {
  const failed = () => <p className="text-red-700">Unable to load the audit log. Please try again later.</p>;
  return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
