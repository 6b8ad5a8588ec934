import { ImportTab } from "~/components/admin/import-tab";
import { useAdminApi } from "~/components/admin/use-admin-api";
import { requireAdminPage } from "~/server/auth.server";
import { getApp } from "~/server/context.server";
import type { Route } from "./+types/import";

/** /admin-panel/import: import a spreadsheet, generate SEO content, delete all data (CLARIFICATIONS 31). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, getApp(context));
  return null;
}

export default function ImportRoute() {
  const { sessionEnded } = useAdminApi();
  return <ImportTab onUnauthorized={sessionEnded} />;
}
