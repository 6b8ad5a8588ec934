import { Link } from "react-router";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { useLocalePath } from "#app/components/page-locale";
import { RichText, StaticPage, staticMeta, staticTexts } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Route } from "./+types/about";

export const queryParams: QueryParams = [];

const TEXTS = [
  "about.metaTitle",
  "about.metaDescription",
  "about.title",
  "about.intro",
  "about.whatWeDo",
  "about.whatWeDoText",
  "about.dataSource",
  "about.dataSourceText",
  "about.owners",
  "about.ownersText",
] as const;

export function loader({ context, params }: Route.LoaderArgs) {
  const { siteName, siteUrl, localeSettings } = siteConfig(getApp(context).env);
  return { siteName, siteUrl, texts: staticTexts(loaderLocale(localeSettings, params), TEXTS, { siteName }) };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "about.metaTitle", "about.metaDescription", "/about");
}

export default function About({ loaderData }: Route.ComponentProps) {
  const t = loaderData.texts;
  const lp = useLocalePath();
  return (
    <StaticPage title={t["about.title"]} intro={t["about.intro"]}>
      <section>
        <h2>{t["about.whatWeDo"]}</h2>
        <p>{t["about.whatWeDoText"]}</p>
      </section>
      <section>
        <h2>{t["about.dataSource"]}</h2>
        <p>{t["about.dataSourceText"]}</p>
      </section>
      <section>
        <h2>{t["about.owners"]}</h2>
        <p>
          <RichText
            text={t["about.ownersText"]}
            elements={{
              0: <Link className="text-blue-800 underline" to={lp("/add-business")} />,
              1: <Link className="text-blue-800 underline" to={lp("/advertise")} />,
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
