import { Trans, useLingui } from "@lingui/react";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { StaticPage, staticMeta } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/advertise";

export const queryParams: QueryParams = [];

export function loader({ context }: Route.LoaderArgs) {
  const { siteName, siteUrl, contactEmail } = siteConfig(getApp(context).env);
  return { siteName, siteUrl, contactEmail };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "advertise.title", "advertise.metaDescription", "/advertise");
}

export default function Advertise({ loaderData }: Route.ComponentProps) {
  const { siteName, contactEmail } = loaderData;
  const { _ } = useLingui();
  const subject = encodeURIComponent(_("advertise.mailSubject"));
  return (
    <StaticPage title={_("advertise.title")} intro={_("advertise.intro", { siteName })}>
      <section>
        <h2>{_("advertise.why")}</h2>
        <ul>
          <li>{_("advertise.whyIntent")}</li>
          <li>{_("advertise.whyPlacements")}</li>
          <li>{_("advertise.whyCoverage")}</li>
        </ul>
      </section>
      <section>
        <h2>{_("advertise.getStarted")}</h2>
        <p>
          <Trans
            id="advertise.getStartedText"
            values={{ email: contactEmail }}
            components={{ 0: <a className="text-blue-800 underline" href={`mailto:${contactEmail}?subject=${subject}`}>{contactEmail}</a> }}
          />
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
