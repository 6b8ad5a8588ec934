import { useLingui } from "@lingui/react";
import type { MessageId } from "@lingui/core";
import type { MetaDescriptor } from "react-router";
import { pageLocaleOf } from "#app/components/page-locale";
import { i18nFor } from "#app/lib/i18n/i18n";
import { localePath } from "#app/lib/i18n/locales";
import { pageMeta } from "#app/lib/seo/meta";

/** Shared frame of the static pages (about, contact, privacy, terms, add-business, advertise). */
export function StaticPage({ title, intro, children }: { title: string; intro?: React.ReactNode; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {intro ? <div className="mt-3 text-lg text-slate-600">{intro}</div> : null}
      <div className="mt-8 space-y-8 leading-relaxed text-slate-700 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ms-5 [&_li]:list-disc [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:space-y-1">
        {children}
      </div>
    </main>
  );
}

type StaticMetaArgs = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  loaderData?: { siteName: string; siteUrl: string };
};

/**
 * A static page's head in the page's locale: "{title} | {siteName}", its description (both messages
 * of the interface catalog, given the site's name) and the canonical link of the locale's page.
 */
export function staticMeta(
  { matches, loaderData }: StaticMetaArgs,
  title: MessageId,
  description: MessageId,
  path: string,
): MetaDescriptor[] {
  const { siteName, siteUrl } = loaderData ?? { siteName: "LocalAtlas", siteUrl: "" };
  const page = pageLocaleOf(matches);
  const i18n = i18nFor(page.locale);
  return pageMeta({
    title: `${i18n._(title, { siteName })} | ${siteName}`,
    description: i18n._(description, { siteName }),
    canonical: `${siteUrl}${localePath(page, page.locale, path)}`,
    card: "basic",
  });
}

/** The legal pages' date (SPEC §9: January 28, 2025), written the locale's way. */
const LEGAL_DATE = Date.UTC(2025, 0, 28);

/** "Last updated: January 28, 2025" in the page's locale. */
export function LastUpdated() {
  const { _, i18n } = useLingui();
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "long", timeZone: "UTC" }).format(LEGAL_DATE);
  return <>{_("common.lastUpdated", { date })}</>;
}
