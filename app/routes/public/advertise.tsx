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

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const d = loaderData ?? { siteName: "LocalAtlas", siteUrl: "" };
  return staticMeta("Advertise With Us", `Reach local customers on ${d.siteName}.`, d.siteName, d.siteUrl, "/advertise");
}

export default function Advertise({ loaderData }: Route.ComponentProps) {
  const { siteName, contactEmail } = loaderData;
  return (
    <StaticPage title="Advertise With Us" intro={`Reach people who are looking for local services on ${siteName}.`}>
      <section>
        <h2>Why advertise</h2>
        <ul>
          <li>Visitors arrive with intent: they are searching for a service near them.</li>
          <li>Business pages carry two 300×250 display placements.</li>
          <li>Worldwide coverage, with city and category targeting on request.</li>
        </ul>
      </section>
      <section>
        <h2>Get started</h2>
        <p>
          Write to{" "}
          <a className="text-blue-800 underline" href={`mailto:${contactEmail}?subject=${encodeURIComponent("Advertising")}`}>
            {contactEmail}
          </a>{" "}
          and tell us about your business and goals. We respond within 24 hours on business days.
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
