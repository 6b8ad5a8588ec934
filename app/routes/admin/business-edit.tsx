import { data, Link, redirect, useLocation } from "react-router";
import { BusinessEditForm, type EditActionResult } from "#app/components/admin/business-edit-form";
import { FeaturedForm } from "#app/components/admin/featured-form";
import { listParams } from "#app/components/admin/businesses-tab";
import { adminListQuerySchema, businessEditSchema, editFieldErrors } from "#app/lib/admin/admin-businesses";
import { parseBusinessId, readJsonBody } from "#app/server/admin/admin-api.server";
import { editBusiness, getAdminBusinessEdit } from "#app/server/admin/admin-businesses.server";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import { flashToastHeader } from "#app/server/platform/toast.server";
import type { Route } from "./+types/business-edit";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";

const NOT_FOUND = "Business not found";

/** The Businesses list this edit page came from: its filters ride along in the edit page's search params. */
function listHref(search: string): string {
  const parsed = adminListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
  const q = parsed.success ? listParams(parsed.data, parsed.data.page).toString() : "";
  return `/admin-panel/businesses${q ? `?${q}` : ""}`;
}

/** /admin-panel/businesses/:id: the edit form of one business. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  const id = parseBusinessId(params.id);
  const found = await getAdminBusinessEdit(app.db, id);
  if (!found) throw data({ message: NOT_FOUND }, { status: 404 });
  return found;
}

/** Saves the form (JSON, validated by businessEditSchema as in the JSON API) and returns to the list. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminPage(request, app);
  const id = parseBusinessId(params.id);
  const parsed = businessEditSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    return data<EditActionResult>(
      { message: "Please correct the highlighted fields", fieldErrors: editFieldErrors(parsed.error) },
      { status: 400 },
    );
  }
  const outcome = await editBusiness(app.db, id, parsed.data, session.username);
  if (outcome.ok) {
    const headers = new Headers({ "Cache-Control": "no-store" });
    headers.append("Set-Cookie", await flashToastHeader({ title: "Business updated", description: `${outcome.business.name} was saved` }));
    throw redirect(listHref(new URL(request.url).search), { headers });
  }
  if (outcome.notFound) return data<EditActionResult>({ message: NOT_FOUND, fieldErrors: {} }, { status: 404 });
  return data<EditActionResult>(
    { message: "The business's stored data does not pass validation", fieldErrors: outcome.fieldErrors },
    { status: 400 },
  );
}

export default function BusinessEdit({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <div className="space-y-6">
      <BusinessEditForm
        key={loaderData.business.id}
        business={loaderData.business}
        action={`${location.pathname}${location.search}`}
        cancelHref={listHref(location.search)}
      />
      <FeaturedForm
        key={`featured-${loaderData.business.id}`}
        businessId={loaderData.business.id}
        featuredUntil={loaderData.featuredUntil}
        running={loaderData.business.featured}
      />
    </div>
  );
}

export function ErrorBoundary() {
  const location = useLocation();
  const state = (text: string) => (
    <div className="space-y-3">
      <p className="text-red-700">{text}</p>
      <Link to={listHref(location.search)} className="text-sm text-blue-700 hover:underline">
        Back to Businesses
      </Link>
    </div>
  );
  const failed = () => state("Unable to load the business. Please try again later.");
  return (
    <GeneralErrorBoundary statusHandlers={{ 404: () => state(NOT_FOUND) }} defaultStatusHandler={failed} unexpectedErrorHandler={failed} />
  );
}
