import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { StaticPage, staticMeta } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/add-business";

export const queryParams: QueryParams = [];

export function loader({ context }: Route.LoaderArgs) {
  const { siteName, siteUrl, contactEmail } = siteConfig(getApp(context).env);
  return { siteName, siteUrl, contactEmail };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const d = loaderData ?? { siteName: "LocalAtlas", siteUrl: "" };
  return staticMeta("Add Your Business", `How to list your business on ${d.siteName} for free.`, d.siteName, d.siteUrl, "/add-business");
}

export default function AddBusiness({ loaderData }: Route.ComponentProps) {
  const { siteName, contactEmail } = loaderData;
  const subject = encodeURIComponent("Add my business");
  return (
    <StaticPage title="Add Your Business" intro={`Listing on ${siteName} is free. Send us your details by e-mail and we will add them.`}>
      <section>
        <h2>How to request a listing</h2>
        <p>
          E-mail{" "}
          <a className="text-blue-800 underline" href={`mailto:${contactEmail}?subject=${subject}`}>
            {contactEmail}
          </a>{" "}
          with:
        </p>
        <ul>
          <li>business name and category;</li>
          <li>full address (street, city, state, postal code, country);</li>
          <li>phone number and website;</li>
          <li>opening hours for each day of the week;</li>
          <li>a short description of what you offer.</li>
        </ul>
      </section>
      <section>
        <h2>What happens next</h2>
        <p>We review each request and reply within 24 hours on business days. Listings are added by our team; there is no sign-up form.</p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
