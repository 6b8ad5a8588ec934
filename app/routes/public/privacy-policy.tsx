import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { StaticPage, staticMeta } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/privacy-policy";

export const queryParams: QueryParams = [];

export function loader({ context }: Route.LoaderArgs) {
  const { siteName, siteUrl, contactEmail } = siteConfig(getApp(context).env);
  return { siteName, siteUrl, contactEmail };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const d = loaderData ?? { siteName: "LocalAtlas", siteUrl: "" };
  return staticMeta("Privacy Policy", `How ${d.siteName} collects and uses information.`, d.siteName, d.siteUrl, "/privacy-policy");
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { siteName, contactEmail } = loaderData;
  const mail = (
    <a className="text-blue-800 underline" href={`mailto:${contactEmail}`}>
      {contactEmail}
    </a>
  );
  return (
    <StaticPage title="Privacy Policy" intro="Last updated: January 28, 2025">
      <section>
        <h2>Information we collect</h2>
        <p>
          {siteName} does not require an account to browse. We collect information you send us by e-mail (for example a listing request) and
          basic technical data about visits.
        </p>
      </section>
      <section>
        <h2>Analytics</h2>
        <p>
          We use Cloudflare Web Analytics, a privacy-first web analytics provider, to count visits and measure page performance. It does not
          use cookies and does not track you across sites.
        </p>
      </section>
      <section>
        <h2>Advertising</h2>
        <p>
          Business pages show ads from Google AdSense. The ad provider may set cookies to show and measure ads; you can manage them in your
          browser or in Google's ad settings.
        </p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>You may ask us to:</p>
        <ul>
          <li>access the information we hold about you;</li>
          <li>correct it;</li>
          <li>delete it;</li>
          <li>opt out of any further processing.</li>
        </ul>
        <p>Send your request by e-mail to {mail}.</p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
