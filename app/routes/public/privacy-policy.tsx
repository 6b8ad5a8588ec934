import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { legalDate, RichText, StaticPage, staticMeta, staticTexts } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Route } from "./+types/privacy-policy";

export const queryParams: QueryParams = [];

const TEXTS = [
  "privacy.title",
  "privacy.metaDescription",
  "common.lastUpdated",
  "privacy.collect",
  "privacy.collectText",
  "privacy.analytics",
  "privacy.analyticsText",
  "privacy.advertising",
  "privacy.advertisingText",
  "privacy.rights",
  "privacy.rightsIntro",
  "privacy.rightAccess",
  "privacy.rightCorrect",
  "privacy.rightDelete",
  "privacy.rightOptOut",
  "privacy.request",
] as const;

export function loader({ context, params }: Route.LoaderArgs) {
  const { siteName, siteUrl, contactEmail, localeSettings } = siteConfig(getApp(context).env);
  const locale = loaderLocale(localeSettings, params);
  return { siteName, siteUrl, contactEmail, texts: staticTexts(locale, TEXTS, { siteName, email: contactEmail, date: legalDate(locale) }) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "privacy.title", "privacy.metaDescription", "/privacy-policy");
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { contactEmail, texts: t } = loaderData;
  return (
    <StaticPage title={t["privacy.title"]} intro={t["common.lastUpdated"]}>
      <section>
        <h2>{t["privacy.collect"]}</h2>
        <p>{t["privacy.collectText"]}</p>
      </section>
      <section>
        <h2>{t["privacy.analytics"]}</h2>
        <p>{t["privacy.analyticsText"]}</p>
      </section>
      <section>
        <h2>{t["privacy.advertising"]}</h2>
        <p>{t["privacy.advertisingText"]}</p>
      </section>
      <section>
        <h2>{t["privacy.rights"]}</h2>
        <p>{t["privacy.rightsIntro"]}</p>
        <ul>
          <li>{t["privacy.rightAccess"]}</li>
          <li>{t["privacy.rightCorrect"]}</li>
          <li>{t["privacy.rightDelete"]}</li>
          <li>{t["privacy.rightOptOut"]}</li>
        </ul>
        <p>
          <RichText text={t["privacy.request"]} elements={{ 0: <a className="text-blue-800 underline" href={`mailto:${contactEmail}`}>{contactEmail}</a> }} />
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
