import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { legalDate, RichText, StaticPage, staticMeta, staticTexts } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Route } from "./+types/terms-of-service";

export const queryParams: QueryParams = [];

/** The terms' sections, in order: a heading, a sentence and, for some, a list. */
const SECTIONS = [
  { title: "terms.acceptance", text: "terms.acceptanceText", items: [] },
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
  { title: "terms.content", text: "terms.contentText", items: [] },
  {
    title: "terms.owners",
    text: "terms.ownersIntro",
    items: ["terms.ownersAccurate", "terms.ownersNotify", "terms.ownersRespond", "terms.ownersComply"],
  },
  { title: "terms.disclaimer", text: "terms.disclaimerText", items: [] },
  { title: "terms.liability", text: "terms.liabilityText", items: [] },
  { title: "terms.termination", text: "terms.terminationText", items: [] },
] as const;

const TEXTS = [
  "terms.title",
  "terms.metaDescription",
  "common.lastUpdated",
  ...SECTIONS.flatMap((s) => [s.title, s.text, ...s.items]),
  "terms.contact",
  "terms.contactText",
] as const;

export function loader({ context, params }: Route.LoaderArgs) {
  const { siteName, siteUrl, contactEmail, localeSettings } = siteConfig(getApp(context).env);
  const locale = loaderLocale(localeSettings, params);
  return { siteName, siteUrl, contactEmail, texts: staticTexts(locale, TEXTS, { siteName, email: contactEmail, date: legalDate(locale) }) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "terms.title", "terms.metaDescription", "/terms-of-service");
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  const { contactEmail, texts: t } = loaderData;
  return (
    <StaticPage title={t["terms.title"]} intro={t["common.lastUpdated"]}>
      {SECTIONS.map(({ title, text, items }) => (
        <section key={title}>
          <h2>{t[title]}</h2>
          <p>{t[text]}</p>
          {items.length ? (
            <ul>
              {items.map((item) => (
                <li key={item}>{t[item]}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <section>
        <h2>{t["terms.contact"]}</h2>
        <p>
          <RichText
            text={t["terms.contactText"]}
            elements={{
              0: (
                <a className="text-blue-800 underline" href={`mailto:${contactEmail}`}>
                  {contactEmail}
                </a>
              ),
            }}
          />
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
