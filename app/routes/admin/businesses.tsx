import { data } from "react-router";
import { z } from "zod";
import { BusinessesTab, type RowActionResult } from "#app/components/admin/businesses-tab";
import { adminListQuerySchema } from "#app/lib/admin/admin-businesses";
import { getAdminSummary, listAdminBusinesses, removeBusiness, verifyBusiness } from "#app/server/admin/admin-businesses.server";
import { parseQuery } from "#app/server/platform/api.server";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/businesses";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";

/**
 * /admin-panel/businesses?search&category&status&country&page: the filters and the page live in the
 * URL, so a filter change is a navigation (React Router aborts the previous one's request: an older
 * answer never replaces a newer one) and the back button returns to the previous filter.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  const query = parseQuery(request, adminListQuerySchema);
  const [list, summary] = await Promise.all([listAdminBusinesses(app.db, query), getAdminSummary(app.db)]);
  return { query, list, summary };
}

/** A row's actions, submitted by the row's fetcher: verify / unverify, delete. */
const rowActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("verify"),
    id: z.coerce.number().int().positive(),
    verified: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const session = await requireAdminPage(request, app);
  const parsed = rowActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data<RowActionResult>({ ok: false, intent: "verify", message: "The request was not understood" }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "delete") {
    return (await removeBusiness(app.db, input.id, session.username))
      ? data<RowActionResult>({ ok: true, intent: "delete" })
      : data<RowActionResult>({ ok: false, intent: "delete", message: "Business not found" }, { status: 404 });
  }
  const business = await verifyBusiness(app.db, input.id, input.verified, session.username);
  return business
    ? data<RowActionResult>({ ok: true, intent: "verify", isVerified: business.isVerified })
    : data<RowActionResult>({ ok: false, intent: "verify", message: "Business not found" }, { status: 404 });
}

export default function BusinessesRoute({ loaderData }: Route.ComponentProps) {
  return <BusinessesTab query={loaderData.query} list={loaderData.list} summary={loaderData.summary} />;
}

// Any failure (a thrown status or an error) reads the same: the tab has nothing else to offer.
export function ErrorBoundary() {
  const failed = () => <p className="text-red-700">Unable to load businesses. Please try again later.</p>;
  return <GeneralErrorBoundary defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
