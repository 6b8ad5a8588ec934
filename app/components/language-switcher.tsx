/**
 * The page in the site's other languages (docs/i18n.md): the header's switcher, the `hreflang`
 * alternates in the head, and a dismissible hint when the browser prefers a language the site has.
 * The hint is the browser's own doing after React starts: the page itself is the same for every
 * visitor (cacheable, and no redirect that a crawler would follow).
 */
import { useLingui } from "@lingui/react";
import { useState, useSyncExternalStore } from "react";
import { usePageLocale, useSamePage } from "#app/components/page-locale";
import { languageName, localePath, type PageLocale } from "#app/lib/i18n/locales";

/** The current page in every served locale, the default first. */
export function samePageIn(page: PageLocale, samePage: string): Array<{ locale: string; href: string }> {
  const [path, search = ""] = samePage.split(/(?=\?)/);
  return page.locales.map((locale) => ({ locale, href: localePath(page, locale, path) + search }));
}

/**
 * Links to this page in each language. Plain links: another language is another document (its own
 * catalog), never a client-side navigation.
 */
export function LanguageSwitcher() {
  const page = usePageLocale();
  const samePage = useSamePage();
  const { _ } = useLingui();
  if (page.locales.length < 2) return null;
  return (
    <details data-menu className="relative">
      <summary className="menu-summary border border-slate-300">
        <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current" aria-hidden="true">
          <path d="M10 2a8 8 0 100 16 8 8 0 000-16zm5.9 7h-2.4a12 12 0 00-1.1-4.5A6 6 0 0115.9 9zM10 4c.8 1 1.4 2.9 1.5 5h-3C8.6 6.9 9.2 5 10 4zM7.6 4.5A12 12 0 006.5 9H4.1a6 6 0 013.5-4.5zM4.1 11h2.4a12 12 0 001.1 4.5A6 6 0 014.1 11zm5.9 5c-.8-1-1.4-2.9-1.5-5h3c-.1 2.1-.7 4-1.5 5zm2.4-.5a12 12 0 001.1-4.5h2.4a6 6 0 01-3.5 4.5z" />
        </svg>
        <span className="sr-only">{_("layout.language")}</span> <span className="uppercase">{page.locale}</span>
      </summary>
      <ul className="absolute end-0 top-full mt-2 w-44 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
        {samePageIn(page, samePage).map(({ locale, href }) => (
          <li key={locale}>
            <a href={href} hrefLang={locale} lang={locale} className="menu-link" aria-current={locale === page.locale ? "true" : undefined}>
              {languageName(locale)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * `<link rel="alternate" hreflang>` for every served locale and `x-default` (the default locale's
 * page), on every public page; React puts them in the head. Reciprocal by construction: each
 * language's page lists the same set.
 */
export function LocaleAlternates({ siteUrl }: { siteUrl: string }) {
  const page = usePageLocale();
  const samePage = useSamePage();
  if (page.locales.length < 2) return null;
  const pages = samePageIn(page, samePage);
  return (
    <>
      {pages.map(({ locale, href }) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={siteUrl + href} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={siteUrl + pages[0].href} />
    </>
  );
}

const HINT_DISMISSED = "localeHintDismissed";

/** A served language the browser prefers over the page's, unless the visitor said no before. */
function browserSuggestion(page: PageLocale): string | null {
  if (localStorage.getItem(HINT_DISMISSED)) return null;
  const preferred = navigator.languages.map((tag) => tag.split("-")[0].toLowerCase()).find((language) => page.locales.includes(language));
  return preferred && preferred !== page.locale ? preferred : null;
}

const unchanging = () => () => {};

/** After React starts: "This page is also in Tiếng Việt." when the browser prefers a served language. */
export function LocaleHint() {
  const page = usePageLocale();
  const samePage = useSamePage();
  const { _ } = useLingui();
  // Nothing on the server and at hydration (the page is the same for everyone); the browser's wish after.
  const wished = useSyncExternalStore(
    unchanging,
    () => browserSuggestion(page),
    () => null,
  );
  const [dismissed, setDismissed] = useState(false);
  const suggested = dismissed ? null : wished;
  if (!suggested) return null;
  const href = samePageIn(page, samePage).find((p) => p.locale === suggested)?.href ?? "/";
  const dismiss = () => {
    localStorage.setItem(HINT_DISMISSED, "1");
    setDismissed(true);
  };
  return (
    // Fixed at the bottom: it comes after React starts, and must not move the page under the visitor's pointer.
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-blue-200 bg-blue-50 px-4 py-2 text-sm text-blue-900 shadow-lg"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        <a href={href} hrefLang={suggested} className="underline">
          {_("layout.localeHint", { language: languageName(suggested) })}
        </a>
        <button type="button" onClick={dismiss} className="rounded px-2 py-1 hover:bg-blue-100">
          {_("layout.localeHintDismiss")}
        </button>
      </div>
    </div>
  );
}
