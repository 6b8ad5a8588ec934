import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { RichText, StaticPage, staticMeta, staticTexts } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import { loaderLocale } from "#app/server/platform/i18n.server";
import type { Route } from "./+types/contact";

export const queryParams: QueryParams = [];

const TEXTS = [
  "contact.title",
  "contact.metaDescription",
  "contact.intro",
  "contact.getInTouch",
  "contact.email",
  "contact.phone",
  "contact.responseTime",
  "contact.faq",
  "contact.faqAdd",
  "contact.faqAddAnswer",
  "contact.faqUpdate",
  "contact.faqUpdateAnswer",
  "contact.faqFree",
  "contact.faqFreeAnswer",
  "contact.faqSource",
  "contact.faqSourceAnswer",
] as const;

export function loader({ context, params }: Route.LoaderArgs) {
  const { siteName, siteUrl, contactEmail, contactPhone, localeSettings } = siteConfig(getApp(context).env);
  const texts = staticTexts(loaderLocale(localeSettings, params), TEXTS, { siteName, email: contactEmail, phone: contactPhone });
  return { siteName, siteUrl, contactEmail, contactPhone, texts };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "contact.title", "contact.metaDescription", "/contact");
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { contactEmail, contactPhone, texts: t } = loaderData;
  const mail = { 0: <a className="text-blue-800 underline" href={`mailto:${contactEmail}`}>{contactEmail}</a> };
  const faq: Array<[string, React.ReactNode]> = [
    [t["contact.faqAdd"], <RichText key="add" text={t["contact.faqAddAnswer"]} elements={mail} />],
    [t["contact.faqUpdate"], t["contact.faqUpdateAnswer"]],
    [t["contact.faqFree"], t["contact.faqFreeAnswer"]],
    [t["contact.faqSource"], t["contact.faqSourceAnswer"]],
  ];
  return (
    <StaticPage title={t["contact.title"]} intro={t["contact.intro"]}>
      <section>
        <h2>{t["contact.getInTouch"]}</h2>
        <p>
          <RichText text={t["contact.email"]} elements={mail} />
        </p>
        {contactPhone ? <p>{t["contact.phone"]}</p> : null}
        <p>{t["contact.responseTime"]}</p>
      </section>
      <section>
        <h2>{t["contact.faq"]}</h2>
        <dl className="mt-4 space-y-5">
          {faq.map(([q, a]) => (
            <div key={q}>
              <dt className="font-semibold text-slate-900">{q}</dt>
              <dd className="mt-1">{a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
