/**
 * The static pages (about, contact, privacy, terms, add-business, advertise): their frame, their head
 * and their words. A static page's prose is long and shown on that page alone, so it lives in the
 * server's content catalogs (app/locales/{locale}/content.json) rather than in the interface catalog
 * every page's browser loads: the page's loader reads its words in the page's locale
 * (`staticTexts`), and the page and its `meta` show them (docs/i18n.md).
 */
import { memoized } from "#app/lib/memo";
import type { MessageId } from "@lingui/core";
import { cloneElement, Fragment, type ReactElement } from "react";
import type { MetaDescriptor } from "react-router";
import { pageLocaleOf } from "#app/components/page-locale";
import { i18nFor } from "#app/lib/i18n/i18n";
import { localePath } from "#app/lib/i18n/locales";
import { pageMeta } from "#app/lib/seo/meta";

/** Shared frame of the static pages. */
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

/** A static page's words by message id, in the page's locale. */
type StaticTexts<K extends MessageId = MessageId> = Record<K, string>;

/** For a static page's loader: its messages in `locale`, with the site's values ({siteName}, {email}, {date}). */
export function staticTexts<const K extends MessageId>(locale: string, ids: readonly K[], values: Record<string, string>): StaticTexts<K> {
  const i18n = i18nFor(locale);
  return Object.fromEntries(ids.map((id) => [id, i18n._(id, values)])) as StaticTexts<K>;
}

/** The legal pages' date (SPEC §9: January 28, 2025), written the locale's way ("28 tháng 1, 2025"). */
export const legalDate = memoized(
  (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(Date.UTC(2025, 0, 28)),
  100,
);

type StaticMetaArgs = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  loaderData?: { siteName: string; siteUrl: string; texts: Partial<StaticTexts> };
};

/**
 * A static page's head: "{title} | {siteName}" and its description (two of the texts its loader
 * read, in the page's locale) and the canonical link of the locale's page.
 */
export function staticMeta(
  { matches, loaderData }: StaticMetaArgs,
  title: MessageId,
  description: MessageId,
  path: string,
): MetaDescriptor[] {
  const { siteName, siteUrl, texts } = loaderData ?? { siteName: "LocalAtlas", siteUrl: "", texts: {} };
  const page = pageLocaleOf(matches);
  return pageMeta({
    title: `${texts[title] ?? ""} | ${siteName}`,
    description: texts[description] ?? "",
    canonical: `${siteUrl}${localePath(page, page.locale, path)}`,
    card: "basic",
  });
}

/**
 * A text with numbered tags ("Listing is free. <0>Add your business</0> or <1>learn more</1>.") as
 * React nodes: each tag's words inside its element (a link), the rest as text.
 */
export function RichText({ text, elements }: { text: string; elements: Record<number, ReactElement<{ children?: React.ReactNode }>> }) {
  // split() with the two groups gives [text, tag, words, text, tag, words, …, text].
  const parts = text.split(/<(\d+)>(.*?)<\/\1>/);
  return parts.map((part, i) => {
    if (i % 3 === 0) return <Fragment key={i}>{part}</Fragment>;
    if (i % 3 === 2) return null;
    const element = elements[Number(part)];
    return element ? cloneElement(element, { key: i }, parts[i + 1]) : <Fragment key={i}>{parts[i + 1]}</Fragment>;
  });
}
