import { data } from "react-router";
import { DuplicatesTab } from "#app/components/admin/duplicates-tab";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { duplicateFormSchema, duplicatesQuerySchema, type DuplicateActionResult } from "#app/lib/admin/admin-duplicates";
import { parseQuery } from "#app/server/platform/api.server";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { dismissDuplicates, duplicatePage, mergeDuplicates } from "#app/server/admin/duplicates.server";
import { startDuplicateScan } from "#app/server/admin/duplicate-scan-workflow.server";
import type { Route } from "./+types/duplicates";

/** /admin-panel/duplicates[?before={highId}-{lowId}]: open duplicate candidates, the same pages as GET /api/admin/duplicates. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  const query = parseQuery(request, duplicatesQuerySchema);
  return { page: await duplicatePage(app.db, query), isFirstPage: !query.before };
}

/** A pair's Merge or Not a duplicate, or the scan of older listings (requireAdminPage checks the Origin of this POST). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminPage(request, app);
  const parsed = duplicateFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<DuplicateActionResult>({ ok: false, message: "The request was not understood" }, { status: 400 });
  const input = parsed.data;
  if (input.action === "scan") {
    const answer = await startDuplicateScan(app, session.username);
    return data<DuplicateActionResult>({ ok: true, intent: "scan", message: answer.message });
  }
  const done =
    input.action === "merge"
      ? await mergeDuplicates(app.db, input, session.username)
      : await dismissDuplicates(app.db, input, session.username);
  return done
    ? data<DuplicateActionResult>({ ok: true, intent: input.action })
    : data<DuplicateActionResult>({ ok: false, message: "This pair is no longer open (merged or dismissed already)" }, { status: 404 });
}

export default function DuplicatesRoute({ loaderData }: Route.ComponentProps) {
  return <DuplicatesTab page={loaderData.page} isFirstPage={loaderData.isFirstPage} />;
}

// Any failure (a thrown status or an error) reads the same: the tab has nothing else to offer.
export function ErrorBoundary() {
  const failed = () => <p className="text-red-700">Unable to load the duplicates. Please try again later.</p>;
  return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
