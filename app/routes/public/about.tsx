import { Trans, useLingui } from "@lingui/react";
import { Link } from "react-router";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { useLocalePath } from "#app/components/page-locale";
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

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "about.metaTitle", "about.metaDescription", "/about");
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { siteName } = loaderData;
  const { _ } = useLingui();
  const lp = useLocalePath();
  return (
    <StaticPage title={_("about.title", { siteName })} intro={_("about.intro")}>
      <section>
        <h2>{_("about.whatWeDo")}</h2>
        <p>{_("about.whatWeDoText", { siteName })}</p>
      </section>
      <section>
        <h2>{_("about.dataSource")}</h2>
        <p>{_("about.dataSourceText")}</p>
      </section>
      <section>
        <h2>{_("about.owners")}</h2>
        <p>
          <Trans
            id="about.ownersText"
            components={{
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
