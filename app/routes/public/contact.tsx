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

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const d = loaderData ?? { siteName: "LocalAtlas", siteUrl: "" };
  return staticMeta("Contact Us", `Contact the ${d.siteName} team. We respond within 24 hours on business days.`, d.siteName, d.siteUrl, "/contact");
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { siteName, contactEmail, contactPhone } = loaderData;
  const faq: Array<[string, React.ReactNode]> = [
    [
      "How do I add my business?",
      <>
        Send the business name, address, phone number, category and opening hours to{" "}
        <a className="text-blue-800 underline" href={`mailto:${contactEmail}`}>
          {contactEmail}
        </a>{" "}
        and we will add it to the directory.
      </>,
    ],
    ["How do I update or remove my listing?", "E-mail us from an address connected to the business with the changes you need; we update listings within a few business days."],
    ["Is listing my business free?", `Yes. Listing a business on ${siteName} is free. Advertising is optional.`],
    ["Where does the business information come from?", "It is collected from public online sources and from business owners. We cannot guarantee its accuracy, so please confirm details with the business."],
  ];
  return (
    <StaticPage title="Contact Us" intro="Questions, corrections or partnership ideas — we'd love to hear from you.">
      <section>
        <h2>Get in touch</h2>
        <p>
          E-mail:{" "}
          <a className="text-blue-800 underline" href={`mailto:${contactEmail}`}>
            {contactEmail}
          </a>
        </p>
        {contactPhone ? <p>Phone: {contactPhone}</p> : null}
        <p>We respond within 24 hours on business days.</p>
      </section>
      <section>
        <h2>Frequently Asked Questions</h2>
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
