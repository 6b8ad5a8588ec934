/**
 * The page's locale where a component or a route's `meta` needs it: from the root loader, which
 * reads it from the URL's prefix (docs/i18n.md). Links within the site go through `useLocalePath`,
 * so a visitor on /vi/… stays in Vietnamese.
 */
import { useRouteLoaderData } from "react-router";
import { localePath, type PageLocale } from "#app/lib/i18n/locales";

/** What the root loader says of the locale (app/root.tsx). */
type RootLocaleData = { locale: PageLocale; samePage: string };

const FALLBACK: PageLocale = { locale: "en", defaultLocale: "en", locales: ["en"] };

/** The locale of the page being rendered, with the site's locale settings. */
export function usePageLocale(): PageLocale {
  const data = useRouteLoaderData("root") as RootLocaleData | undefined;
  return data?.locale ?? FALLBACK;
}

/** This page's path without its locale prefix, with the query its cache key keeps ("/city/Hue?page=2"). */
export function useSamePage(): string {
  const data = useRouteLoaderData("root") as RootLocaleData | undefined;
  return data?.samePage ?? "/";
}

/** Turns a site path ("/city/Hue") into the page's locale's ("/vi/city/Hue"). */
export function useLocalePath(): (path: string) => string {
  const page = usePageLocale();
  return (path) => localePath(page, page.locale, path);
}

/** The page's locale inside a route's `meta` (its `matches`), where hooks cannot run. */
export function pageLocaleOf(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): PageLocale {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootLocaleData | undefined;
  return root?.locale ?? FALLBACK;
}
