import { useLingui } from "@lingui/react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { LanguageSwitcher, samePageIn } from "#app/components/language-switcher";
import { useLocalePath, usePageLocale, useSamePage } from "#app/components/page-locale";
import { GROUP_MESSAGES, HEADER_GROUP_SLUGS } from "#app/lib/business/category-groups";
import { languageName } from "#app/lib/i18n/locales";

/** SPEC §2 header: 6 categories, 5 named cities plus View All Cities. City names are data, never translated. */
const HEADER_CITIES = ["New York", "Los Angeles", "Chicago", "Houston", "Phoenix"] as const;
/** The pages the main and the mobile menu link after the categories and cities. */
const PAGE_LINKS = [
  ["/businesses", "common.businesses"],
  ["/add-business", "header.addBusiness"],
  ["/advertise", "common.advertise"],
] as const;

/** SPEC §9: hover delays on desktop only; click and keyboard open at once, and menus work without JavaScript. */
const OPEN_DELAY_MS = 200;
const SKIP_DELAY_MS = 300;
const CLOSE_DELAY_MS = 150;
/** A click this soon after hovering opened a menu keeps it open. */
const HOVER_CLICK_GRACE_MS = 600;

/**
 * The menus are <details> elements, so they open and close without JavaScript. With it, this adds
 * what a menu should do: one open at a time, hover delays, close on Escape, outside click or a chosen link.
 */
function useMenus(root: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const header = root.current;
    if (!header) return;
    const menus = () => [...header.querySelectorAll<HTMLDetailsElement>("details[data-menu]")];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastClosed = 0;
    // When hovering opened a menu: a click on its summary a moment later (the pointer arrived, then
    // clicked) means "open", not "close" — without this the hover and the click race each other.
    const hoverOpenedAt = new WeakMap<HTMLDetailsElement, number>();
    const closeAll = (except?: Element) => menus().forEach((d) => d !== except && (d.open = false));
    const onToggle = (e: Event) => {
      const d = e.target as HTMLDetailsElement;
      if (d.open) closeAll(d);
      else lastClosed = Date.now();
    };
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element;
      const summary = target.closest("summary");
      const menu = summary?.parentElement;
      if (menu instanceof HTMLDetailsElement && menu.open && Date.now() - (hoverOpenedAt.get(menu) ?? 0) < HOVER_CLICK_GRACE_MS) {
        e.preventDefault();
        return;
      }
      if (target.closest("a")) {
        closeAll();
        return;
      }
      if (!target.closest("details[data-menu]")) closeAll();
    };
    const onDocClick = (e: MouseEvent) => {
      if (!header.contains(e.target as Node)) closeAll();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      const open = menus().find((d) => d.open);
      if (open) {
        open.open = false;
        open.querySelector("summary")?.focus();
      }
    };
    const hoverables = [...header.querySelectorAll<HTMLDetailsElement>("details[data-hover]")];
    const enter = (d: HTMLDetailsElement) => () => {
      clearTimeout(timer);
      // Moving straight from one menu to the next skips the open delay.
      const delay = Date.now() - lastClosed < SKIP_DELAY_MS ? 0 : OPEN_DELAY_MS;
      timer = setTimeout(() => {
        if (!d.open) hoverOpenedAt.set(d, Date.now());
        d.open = true;
      }, delay);
    };
    const leave = (d: HTMLDetailsElement) => () => {
      clearTimeout(timer);
      timer = setTimeout(() => (d.open = false), CLOSE_DELAY_MS);
    };
    const cleanups = hoverables.map((d) => {
      const onEnter = enter(d);
      const onLeave = leave(d);
      d.addEventListener("mouseenter", onEnter);
      d.addEventListener("mouseleave", onLeave);
      return () => {
        d.removeEventListener("mouseenter", onEnter);
        d.removeEventListener("mouseleave", onLeave);
      };
    });
    header.addEventListener("toggle", onToggle, true);
    header.addEventListener("click", onClick);
    document.addEventListener("click", onDocClick);
    document.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      cleanups.forEach((c) => c());
      header.removeEventListener("toggle", onToggle, true);
      header.removeEventListener("click", onClick);
      document.removeEventListener("click", onDocClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [root]);
}

const summaryClass = "menu-summary";
const menuLink = "menu-link";
const menuHeading = "mt-3 px-3 text-xs font-semibold uppercase tracking-wide text-slate-600";

function Chevron() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current" aria-hidden="true">
      <path d="M5.3 7.3a1 1 0 011.4 0L10 10.6l3.3-3.3a1 1 0 111.4 1.4l-4 4a1 1 0 01-1.4 0l-4-4a1 1 0 010-1.4z" />
    </svg>
  );
}

/**
 * Every menu closes when the page changes. The click handler of useMenus does this for a chosen link,
 * but React starts at the visitor's first move (deferred hydration): a link chosen while it starts can
 * navigate before that handler is attached. Not on the first render: a menu opened before React
 * started stays open.
 */
function useCloseMenusOnNavigation(root: React.RefObject<HTMLElement | null>) {
  const { key } = useLocation();
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    root.current?.querySelectorAll<HTMLDetailsElement>("details[data-menu]").forEach((d) => (d.open = false));
  }, [key, root]);
}

export function SiteHeader({ siteName }: { siteName: string }) {
  const ref = useRef<HTMLElement>(null);
  useMenus(ref);
  useCloseMenusOnNavigation(ref);
  const { _ } = useLingui();
  const lp = useLocalePath();
  const categories = HEADER_GROUP_SLUGS.map((slug) => [lp(`/category/${slug}`), _(GROUP_MESSAGES[slug])] as const);
  const cities = HEADER_CITIES.map((name) => [lp(`/city/${encodeURIComponent(name)}`), name] as const);
  return (
    <header ref={ref} id="top" className="sticky top-0 z-50 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={lp("/")} className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {siteName}
        </Link>
        <nav aria-label={_("header.mainNavigation")} className="hidden items-center gap-1 md:flex">
          <HoverMenu label={_("common.categories")} width="w-60" links={categories} />
          <HoverMenu label={_("common.cities")} width="w-56" links={cities}>
            <li className="mt-1 border-t border-slate-100 pt-1">
              <Link to={lp("/cities")} className={`${menuLink} font-semibold text-blue-800`}>
                {_("common.viewAllCities")}
              </Link>
            </li>
          </HoverMenu>
          {PAGE_LINKS.map(([to, label]) => (
            <Link key={to} to={lp(to)} className={summaryClass}>
              {_(label)}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <details data-menu className="relative">
            <summary className={`${summaryClass} border border-slate-300 whitespace-nowrap`}>
              <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current" aria-hidden="true">
                <path d="M8.5 2a6.5 6.5 0 015.2 10.4l4 4-1.3 1.3-4-4A6.5 6.5 0 118.5 2zm0 2a4.5 4.5 0 100 9 4.5 4.5 0 000-9z" />
              </svg>
              {_("common.search")}
            </summary>
            <form
              action={lp("/search")}
              method="get"
              role="search"
              className="absolute end-0 top-full mt-2 flex w-[min(90vw,22rem)] flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
            >
              <label htmlFor="header-q" className="text-xs font-medium text-slate-700">
                {_("header.serviceOrBusiness")}
              </label>
              <input
                id="header-q"
                name="q"
                required
                pattern=".*\S.*"
                placeholder={_("header.servicePlaceholder")}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm"
              />
              <label htmlFor="header-location" className="text-xs font-medium text-slate-700">
                {_("header.location")}
              </label>
              <input
                id="header-location"
                name="location"
                placeholder={_("common.cityStatePlaceholder")}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm"
              />
              <button type="submit" className="rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-800">
                {_("common.search")}
              </button>
            </form>
          </details>
          <details data-menu className="md:hidden" data-testid="mobile-menu">
            <summary className={`${summaryClass} border border-slate-300`} aria-label={_("header.openMenu")}>
              <svg viewBox="0 0 20 20" className="h-5 w-5 fill-current" aria-hidden="true">
                <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
              </svg>
            </summary>
            <div className="fixed bottom-0 end-0 top-16 z-50 w-72 max-w-[85vw] overflow-y-auto border-s border-slate-200 bg-white p-5 shadow-xl motion-safe:animate-[slide-in_200ms_ease-out]">
              <nav aria-label={_("header.mobileNavigation")} className="flex flex-col gap-1">
                <Link to={lp("/")} className={menuLink}>
                  {_("common.home")}
                </Link>
                <p className={menuHeading}>{_("common.categories")}</p>
                {categories.map(([to, name]) => (
                  <Link key={to} to={to} className={menuLink}>
                    {name}
                  </Link>
                ))}
                <p className={menuHeading}>{_("common.cities")}</p>
                {cities.map(([to, name]) => (
                  <Link key={to} to={to} className={menuLink}>
                    {name}
                  </Link>
                ))}
                <Link to={lp("/cities")} className={`${menuLink} font-semibold text-blue-800`}>
                  {_("common.viewAllCities")}
                </Link>
                <hr className="my-3 border-slate-200" />
                {PAGE_LINKS.map(([to, label]) => (
                  <Link key={to} to={lp(to)} className={menuLink}>
                    {_(label)}
                  </Link>
                ))}
                <MobileLanguages />
              </nav>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}

/** A menu of the main navigation that opens on hover (after a delay) or on a click, with its links and any item after them. */
function HoverMenu({
  label,
  width,
  links,
  children,
}: {
  label: string;
  width: string;
  links: ReadonlyArray<readonly [to: string, text: string]>;
  children?: React.ReactNode;
}) {
  return (
    <details data-menu data-hover className="relative">
      <summary className={summaryClass}>
        {`${label} `}
        <Chevron />
      </summary>
      <ul className={`absolute start-0 top-full mt-1 ${width} rounded-lg border border-slate-200 bg-white p-2 shadow-lg`}>
        {links.map(([to, text]) => (
          <li key={to}>
            <Link to={to} className={menuLink}>
              {text}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </details>
  );
}

/**
 * The mobile menu's languages: this page in each served language, as plain links (another language
 * is another document, with its own catalog), like the header's switcher.
 */
function MobileLanguages() {
  const page = usePageLocale();
  const samePage = useSamePage();
  const { _ } = useLingui();
  if (page.locales.length < 2) return null;
  return (
    <>
      <p id="mobile-languages" className={menuHeading}>
        {_("layout.language")}
      </p>
      <ul aria-labelledby="mobile-languages" className="flex flex-col gap-1">
        {samePageIn(page, samePage).map(({ locale, href }) => (
          <li key={locale}>
            <a href={href} hrefLang={locale} lang={locale} className={menuLink} aria-current={locale === page.locale ? "true" : undefined}>
              {languageName(locale)}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
