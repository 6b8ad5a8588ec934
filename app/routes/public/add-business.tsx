import { Trans, useLingui } from "@lingui/react";
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

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "common.addYourBusiness", "addBusiness.metaDescription", "/add-business");
}

export default function AddBusiness({ loaderData }: Route.ComponentProps) {
  const { siteName, contactEmail } = loaderData;
  const { _ } = useLingui();
  const subject = encodeURIComponent(_("addBusiness.mailSubject"));
  return (
    <StaticPage title={_("common.addYourBusiness")} intro={_("addBusiness.intro", { siteName })}>
      <section>
        <h2>{_("addBusiness.howToRequest")}</h2>
        <p>
          <Trans
            id="addBusiness.emailWith"
            values={{ email: contactEmail }}
            components={{ 0: <a className="text-blue-800 underline" href={`mailto:${contactEmail}?subject=${subject}`}>{contactEmail}</a> }}
          />
        </p>
        <ul>
          <li>{_("addBusiness.itemName")}</li>
          <li>{_("addBusiness.itemAddress")}</li>
          <li>{_("addBusiness.itemPhone")}</li>
          <li>{_("addBusiness.itemHours")}</li>
          <li>{_("addBusiness.itemDescription")}</li>
        </ul>
      </section>
      <section>
        <h2>{_("addBusiness.whatNext")}</h2>
        <p>{_("addBusiness.whatNextText")}</p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
