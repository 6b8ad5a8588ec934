import { Trans, useLingui } from "@lingui/react";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { LastUpdated, StaticPage, staticMeta } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/privacy-policy";

export const queryParams: QueryParams = [];

export function loader({ context }: Route.LoaderArgs) {
  const { siteName, siteUrl, contactEmail } = siteConfig(getApp(context).env);
  return { siteName, siteUrl, contactEmail };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "privacy.title", "privacy.metaDescription", "/privacy-policy");
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { siteName, contactEmail } = loaderData;
  const { _ } = useLingui();
  return (
    <StaticPage title={_("privacy.title")} intro={<LastUpdated />}>
      <section>
        <h2>{_("privacy.collect")}</h2>
        <p>{_("privacy.collectText", { siteName })}</p>
      </section>
      <section>
        <h2>{_("privacy.analytics")}</h2>
        <p>{_("privacy.analyticsText")}</p>
      </section>
      <section>
        <h2>{_("privacy.advertising")}</h2>
        <p>{_("privacy.advertisingText")}</p>
      </section>
      <section>
        <h2>{_("privacy.rights")}</h2>
        <p>{_("privacy.rightsIntro")}</p>
        <ul>
          <li>{_("privacy.rightAccess")}</li>
          <li>{_("privacy.rightCorrect")}</li>
          <li>{_("privacy.rightDelete")}</li>
          <li>{_("privacy.rightOptOut")}</li>
        </ul>
        <p>
          <Trans
            id="privacy.request"
            values={{ email: contactEmail }}
            components={{ 0: <a className="text-blue-800 underline" href={`mailto:${contactEmail}`}>{contactEmail}</a> }}
          />
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
