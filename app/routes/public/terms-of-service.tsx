import { Trans, useLingui } from "@lingui/react";
import type { MessageId } from "@lingui/core";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { LastUpdated, StaticPage, staticMeta } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/terms-of-service";

export const queryParams: QueryParams = [];

export function loader({ context }: Route.LoaderArgs) {
  const { siteName, siteUrl, contactEmail } = siteConfig(getApp(context).env);
  return { siteName, siteUrl, contactEmail };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "terms.title", "terms.metaDescription", "/terms-of-service");
}

/** A section of the terms: its heading, its sentence and, for some, a list. */
const SECTIONS: ReadonlyArray<{ title: MessageId; text: MessageId; items?: readonly MessageId[] }> = [
  { title: "terms.acceptance", text: "terms.acceptanceText" },
  {
    title: "terms.permitted",
    text: "terms.permittedIntro",
    items: ["terms.permittedSearching", "terms.permittedContacting", "terms.permittedSubmitting", "terms.permittedBusiness"],
  },
  {
    title: "terms.prohibited",
    text: "terms.prohibitedIntro",
    items: ["terms.prohibitedFalse", "terms.prohibitedScraping", "terms.prohibitedDisrupting", "terms.prohibitedIllegal", "terms.prohibitedAccess"],
  },
  { title: "terms.content", text: "terms.contentText" },
  {
    title: "terms.owners",
    text: "terms.ownersIntro",
    items: ["terms.ownersAccurate", "terms.ownersNotify", "terms.ownersRespond", "terms.ownersComply"],
  },
  { title: "terms.disclaimer", text: "terms.disclaimerText" },
  { title: "terms.liability", text: "terms.liabilityText" },
  { title: "terms.termination", text: "terms.terminationText" },
];

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  const { siteName, contactEmail } = loaderData;
  const { _ } = useLingui();
  return (
    <StaticPage title={_("terms.title")} intro={<LastUpdated />}>
      {SECTIONS.map(({ title, text, items }) => (
        <section key={title}>
          <h2>{_(title)}</h2>
          <p>{_(text, { siteName })}</p>
          {items ? (
            <ul>
              {items.map((item) => (
                <li key={item}>{_(item)}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <section>
        <h2>{_("terms.contact")}</h2>
        <p>
          <Trans
            id="terms.contactText"
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
