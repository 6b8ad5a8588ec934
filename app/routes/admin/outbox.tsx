import { data } from "react-router";
import { OutboxTab } from "#app/components/admin/outbox-tab";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { outboxQuerySchema } from "#app/lib/admin/admin-moderation";
import { outboxPage } from "#app/server/admin/people.server";
import { requireAdminPage } from "#app/server/auth/auth.server";
import { parseQuery } from "#app/server/platform/api.server";
import { siteConfig } from "#app/server/platform/config.server";
import { getApp } from "#app/server/platform/context.server";
import type { Route } from "./+types/outbox";

/**
 * /admin-panel/outbox[?before={id}]: the e-mails the site sent, newest first, when EMAIL_OUTBOX is
 * "on" (npm start, the tests): the local outbox, so sign-in links can be followed on a laptop. Off
 * (production), the tab does not exist (404).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  await requireAdminPage(request, app);
  if (app.env.EMAIL_OUTBOX !== "on") throw data({ message: "The local outbox is off" }, { status: 404 });
  const query = parseQuery(request, outboxQuerySchema);
  const siteOrigin = new URL(siteConfig(app.env).siteUrl).origin;
  return { page: await outboxPage(app.db, query.before), isFirstPage: !query.before, siteOrigin };
}

export default function OutboxRoute({ loaderData }: Route.ComponentProps) {
  return <OutboxTab page={loaderData.page} isFirstPage={loaderData.isFirstPage} siteOrigin={loaderData.siteOrigin} />;
}

export function ErrorBoundary() {
  const failed = () => <p className="text-red-700">Unable to load the outbox. Please try again later.</p>;
  const off = () => (
    <p className="text-slate-700">
      The local outbox is off (EMAIL_OUTBOX is not &ldquo;on&rdquo;): e-mail goes out through the e-mail service only.
    </p>
  );
  return <GeneralErrorBoundary statusHandlers={{ 404: off }} defaultStatusHandler={failed} unexpectedErrorHandler={failed} />;
}
