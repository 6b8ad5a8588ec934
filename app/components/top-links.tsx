import { useLingui } from "@lingui/react";
import { Link } from "react-router";
import { useLocalePath } from "#app/components/page-locale";
import { formatCount } from "#app/lib/format";

/** A chip: its site path ("/city/Hue/cafe"), its label in the page's locale, its business count. */
export type TopLink = { href: string; label: string; count: number };

/** The city × category pages of a city or a category (ADR 0020): chips with their business counts, in the page's locale. */
export function TopLinks({ title, links }: { title: string; links: TopLink[] }) {
  const { i18n } = useLingui();
  const lp = useLocalePath();
  if (links.length === 0) return null;
  return (
    <nav aria-label={title} className="mt-6">
      <h2 className="text-sm font-semibold text-slate-700">{title}</h2>
      {/* One scrolling row on a phone, so the listing stays near the top; wrapped from sm up. */}
      <ul className="mt-2 flex gap-2 overflow-x-auto pb-1 sm:flex-wrap sm:overflow-visible">
        {links.map((link) => (
          <li key={link.href} className="shrink-0">
            <Link to={lp(link.href)} className="chip-link">
              {link.label}
              <span className="text-xs text-slate-500">{formatCount(link.count, i18n.locale)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
