import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { StaticPage, staticMeta } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/terms-of-service";

export const queryParams: QueryParams = [];

export function loader({ context }: Route.LoaderArgs) {
  const { siteName, siteUrl, contactEmail } = siteConfig(getApp(context).env);
  return { siteName, siteUrl, contactEmail };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const d = loaderData ?? { siteName: "LocalAtlas", siteUrl: "" };
  return staticMeta("Terms of Service", `The terms for using ${d.siteName}.`, d.siteName, d.siteUrl, "/terms-of-service");
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  const { siteName, contactEmail } = loaderData;
  return (
    <StaticPage title="Terms of Service" intro="Last updated: January 28, 2025">
      <section>
        <h2>Acceptance of terms</h2>
        <p>By using {siteName} you agree to these terms.</p>
      </section>
      <section>
        <h2>Permitted use</h2>
        <p>You may use {siteName} for:</p>
        <ul>
          <li>searching and viewing business information;</li>
          <li>contacting businesses;</li>
          <li>submitting accurate listing information;</li>
          <li>legitimate business purposes.</li>
        </ul>
      </section>
      <section>
        <h2>Prohibited use</h2>
        <p>You may not:</p>
        <ul>
          <li>submit false or misleading information;</li>
          <li>scrape or collect data by automated means;</li>
          <li>disrupt or overload the service;</li>
          <li>use the service for any illegal purpose;</li>
          <li>attempt unauthorized access to the service or its systems.</li>
        </ul>
      </section>
      <section>
        <h2>Content you submit</h2>
        <p>By submitting information you grant {siteName} the right to use, display and distribute it.</p>
      </section>
      <section>
        <h2>Business owners</h2>
        <p>Business owners must:</p>
        <ul>
          <li>keep their information accurate and current;</li>
          <li>notify us of changes;</li>
          <li>respond professionally to customer inquiries;</li>
          <li>comply with all applicable laws.</li>
        </ul>
      </section>
      <section>
        <h2>Disclaimer</h2>
        <p>The service is provided "as is", without warranties of any kind. Business data comes from public online sources and its accuracy is not guaranteed.</p>
      </section>
      <section>
        <h2>Limitation of liability</h2>
        <p>Our liability is limited to the amount you paid us in the twelve (12) months before the claim.</p>
      </section>
      <section>
        <h2>Termination</h2>
        <p>We may terminate access at any time, with or without notice.</p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Questions about these terms:{" "}
          <a className="text-blue-800 underline" href={`mailto:${contactEmail}`}>
            {contactEmail}
          </a>
          . Support responds within 24 hours on business days.
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
