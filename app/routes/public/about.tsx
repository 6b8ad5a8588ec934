import { Link } from "react-router";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { StaticPage, staticMeta } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/about";

export const queryParams: QueryParams = [];

export function loader({ context }: Route.LoaderArgs) {
  const { siteName, siteUrl } = siteConfig(getApp(context).env);
  return { siteName, siteUrl };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const d = loaderData ?? { siteName: "LocalAtlas", siteUrl: "" };
  return staticMeta("About Us", `${d.siteName} is a free, worldwide directory of local businesses.`, d.siteName, d.siteUrl, "/about");
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { siteName } = loaderData;
  return (
    <StaticPage title={`About ${siteName}`} intro="A free, worldwide directory of local businesses.">
      <section>
        <h2>What we do</h2>
        <p>
          {siteName} helps people find local businesses and services anywhere in the world. Search by service and location, browse by category
          or city, and open a business profile to see its rating, review count, address, phone number and opening hours.
        </p>
      </section>
      <section>
        <h2>Where the data comes from</h2>
        <p>
          Business information is collected from public online sources and added by our team through spreadsheet imports or e-mail requests
          from business owners. We work to keep it current, but its accuracy is not guaranteed — please confirm details with the business
          before you visit.
        </p>
      </section>
      <section>
        <h2>For business owners</h2>
        <p>
          Listing is free. <Link className="text-blue-800 underline" to="/add-business">Add your business</Link> or{" "}
          <Link className="text-blue-800 underline" to="/advertise">learn about advertising</Link>.
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
