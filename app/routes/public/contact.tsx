import { Trans, useLingui } from "@lingui/react";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary";
import { StaticPage, staticMeta } from "#app/components/static-page";
import { getApp } from "#app/server/platform/context.server";
import { siteConfig } from "#app/server/platform/config.server";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/contact";

export const queryParams: QueryParams = [];

export function loader({ context }: Route.LoaderArgs) {
  const { siteName, siteUrl, contactEmail, contactPhone } = siteConfig(getApp(context).env);
  return { siteName, siteUrl, contactEmail, contactPhone };
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return staticMeta(args, "contact.title", "contact.metaDescription", "/contact");
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { siteName, contactEmail, contactPhone } = loaderData;
  const { _ } = useLingui();
  const mail = <a className="text-blue-800 underline" href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  const faq: Array<[string, React.ReactNode]> = [
    [_("contact.faqAdd"), <Trans key="add" id="contact.faqAddAnswer" values={{ email: contactEmail }} components={{ 0: mail }} />],
    [_("contact.faqUpdate"), _("contact.faqUpdateAnswer")],
    [_("contact.faqFree"), _("contact.faqFreeAnswer", { siteName })],
    [_("contact.faqSource"), _("contact.faqSourceAnswer")],
  ];
  return (
    <StaticPage title={_("contact.title")} intro={_("contact.intro")}>
      <section>
        <h2>{_("contact.getInTouch")}</h2>
        <p>
          <Trans id="contact.email" values={{ email: contactEmail }} components={{ 0: mail }} />
        </p>
        {contactPhone ? <p>{_("contact.phone", { phone: contactPhone })}</p> : null}
        <p>{_("contact.responseTime")}</p>
      </section>
      <section>
        <h2>{_("contact.faq")}</h2>
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
