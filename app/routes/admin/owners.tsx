import { data } from "react-router";
import { OwnersTab } from "#app/components/admin/owners-tab";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { ownersQuerySchema, type DecisionResult } from "#app/lib/admin/admin-moderation";
import { ownersPage, revokeClaim } from "#app/server/admin/people.server";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { parseQuery } from "#app/server/platform/api.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/owners";

/** /admin-panel/owners[?before={verifiedAt}-{businessId}-{ownerId}]: verified owners with their businesses, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  const query = parseQuery(request, ownersQuerySchema);
  return { page: await ownersPage(app.db, query), isFirstPage: !query.before };
}

/** Revoke a claim (requireAdminPage checks the Origin of this POST). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminPage(request, app);
  const form = await request.formData();
  const [businessId, ownerId] = [Number(form.get("businessId")), Number(form.get("ownerId"))];
  if (
    form.get("intent") !== "revoke" ||
    !Number.isSafeInteger(businessId) ||
    !Number.isSafeInteger(ownerId) ||
    businessId < 1 ||
    ownerId < 1
  ) {
    return data<DecisionResult>({ ok: false, message: "The request was not understood" }, { status: 400 });
  }
  return (await revokeClaim(app.db, { businessId, ownerId }, session.username))
    ? data<DecisionResult>({ ok: true, message: "Claim revoked" })
    : data<DecisionResult>({ ok: false, message: "This claim is no longer active" }, { status: 404 });
}

export default function OwnersRoute({ loaderData }: Route.ComponentProps) {
  return <OwnersTab page={loaderData.page} isFirstPage={loaderData.isFirstPage} />;
}

// Any failure (a thrown status or an error) reads the same: the tab has nothing else to offer.
export function ErrorBoundary() {
  const failed = () => <p className="text-red-700">Unable to load the owners. Please try again later.</p>;
  return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
