import { data } from "react-router";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { AdvertiseRequest } from "#app/components/request-forms";
import { RichText, StaticPage, staticMeta, staticTexts } from "#app/components/static-page";
import type { FormOutcome } from "#app/lib/moderation/public-form";
import { turnstileSiteKey } from "#app/server/moderation/form-guard.server";
import { receiveAdvertising } from "#app/server/moderation/public-forms.server";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { NO_STORE } from "#app/server/platform/http.server";
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
  const app = getApp(context);
  const { siteName, siteUrl, contactEmail, localeSettings } = siteConfig(app.env);
  const texts = staticTexts(loaderLocale(localeSettings, params), TEXTS, { siteName, email: contactEmail });
  return { siteName, siteUrl, contactEmail, texts, turnstile: turnstileSiteKey(app) };
}

/** The request form: into the moderation queue, never cached. */
export async function action({ context, request }: Route.ActionArgs) {
  const { outcome, status } = await receiveAdvertising(request, getApp(context));
  return data<FormOutcome>(outcome, { status, headers: { "Cache-Control": NO_STORE } });
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "advertise.title", "advertise.metaDescription", "/advertise");
}

export default function Advertise({ loaderData, actionData }: Route.ComponentProps) {
  const { contactEmail, texts: t, turnstile } = loaderData;
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
      <AdvertiseRequest outcome={actionData} turnstile={turnstile} />
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
