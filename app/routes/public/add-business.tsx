import { data } from "react-router";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { AddBusinessRequest } from "#app/components/request-forms";
import { RichText, StaticPage, staticMeta, staticTexts } from "#app/components/static-page";
import type { FormOutcome } from "#app/lib/moderation/public-form";
import { turnstileSiteKey } from "#app/server/moderation/form-guard.server";
import { receiveAddition } from "#app/server/moderation/public-forms.server";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { NO_STORE } from "#app/server/platform/http.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Route } from "./+types/add-business";

export const queryParams: QueryParams = [];

const TEXTS = [
  "common.addYourBusiness",
  "addBusiness.metaDescription",
  "addBusiness.intro",
  "addBusiness.howToRequest",
  "addBusiness.emailWith",
  "addBusiness.itemName",
  "addBusiness.itemAddress",
  "addBusiness.itemPhone",
  "addBusiness.itemHours",
  "addBusiness.itemDescription",
  "addBusiness.whatNext",
  "addBusiness.whatNextText",
  "addBusiness.mailSubject",
] as const;

export function loader({ context, params }: Route.LoaderArgs) {
  const app = getApp(context);
  const { siteName, siteUrl, contactEmail, localeSettings } = siteConfig(app.env);
  const texts = staticTexts(loaderLocale(localeSettings, params), TEXTS, { siteName, email: contactEmail });
  return { siteName, siteUrl, contactEmail, texts, turnstile: turnstileSiteKey(app) };
}

/** The request form: into the moderation queue, never cached. */
export async function action({ context, request }: Route.ActionArgs) {
  const { outcome, status } = await receiveAddition(request, getApp(context));
  return data<FormOutcome>(outcome, { status, headers: { "Cache-Control": NO_STORE } });
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "common.addYourBusiness", "addBusiness.metaDescription", "/add-business");
}

export default function AddBusiness({ loaderData, actionData }: Route.ComponentProps) {
  const { contactEmail, texts: t, turnstile } = loaderData;
  const subject = encodeURIComponent(t["addBusiness.mailSubject"]);
  return (
    <StaticPage title={t["common.addYourBusiness"]} intro={t["addBusiness.intro"]}>
      <section>
        <h2>{t["addBusiness.howToRequest"]}</h2>
        <p>
          <RichText
            text={t["addBusiness.emailWith"]}
            elements={{
              0: (
                <a className="text-blue-800 underline" href={`mailto:${contactEmail}?subject=${subject}`}>
                  {contactEmail}
                </a>
              ),
            }}
          />
        </p>
        <ul>
          <li>{t["addBusiness.itemName"]}</li>
          <li>{t["addBusiness.itemAddress"]}</li>
          <li>{t["addBusiness.itemPhone"]}</li>
          <li>{t["addBusiness.itemHours"]}</li>
          <li>{t["addBusiness.itemDescription"]}</li>
        </ul>
      </section>
      <AddBusinessRequest outcome={actionData} turnstile={turnstile} />
      <section>
        <h2>{t["addBusiness.whatNext"]}</h2>
        <p>{t["addBusiness.whatNextText"]}</p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
