import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { RichText, StaticPage, staticMeta, staticTexts } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Route } from "./+types/advertise";

export const queryParams: QueryParams = [];

const TEXTS = [
  "advertise.title",
  "advertise.metaDescription",
  "advertise.intro",
  "advertise.why",
  "advertise.whyIntent",
  "advertise.whyPlacements",
  "advertise.whyCoverage",
  "advertise.getStarted",
  "advertise.getStartedText",
  "advertise.mailSubject",
] as const;

export function loader({ context, params }: Route.LoaderArgs) {
  const { siteName, siteUrl, contactEmail, localeSettings } = siteConfig(getApp(context).env);
  return { siteName, siteUrl, contactEmail, texts: staticTexts(loaderLocale(localeSettings, params), TEXTS, { siteName, email: contactEmail }) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "advertise.title", "advertise.metaDescription", "/advertise");
}

export default function Advertise({ loaderData }: Route.ComponentProps) {
  const { contactEmail, texts: t } = loaderData;
  const subject = encodeURIComponent(t["advertise.mailSubject"]);
  return (
    <StaticPage title={t["advertise.title"]} intro={t["advertise.intro"]}>
      <section>
        <h2>{t["advertise.why"]}</h2>
        <ul>
          <li>{t["advertise.whyIntent"]}</li>
          <li>{t["advertise.whyPlacements"]}</li>
          <li>{t["advertise.whyCoverage"]}</li>
        </ul>
      </section>
      <section>
        <h2>{t["advertise.getStarted"]}</h2>
        <p>
          <RichText
            text={t["advertise.getStartedText"]}
            elements={{
              0: (
                <a className="text-blue-800 underline" href={`mailto:${contactEmail}?subject=${subject}`}>
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
