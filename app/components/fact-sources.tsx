/**
 * What the business page says about where its facts come from (docs/people.md): one short line per
 * source, in the page's locale — "Hours confirmed by the owner 12 days ago", "Phone updated by
 * LocalAtlas (admin) on March 3, 2026", "Hours suggested by a visitor, approved 3 days ago", and for
 * what came from the import "From public sources, last updated March 3, 2026". Facts with the same
 * source and the same date phrase share one line. Also the claimed mark and the upcoming special hours.
 *
 * Every date is worked out against `day`, the loader's day (UTC midnight), so the server's text and the
 * browser's agree and a page's data stays the same all day; the edge cache keeps a page a few minutes,
 * so the lines say calendar days, never hours or minutes.
 */
import { useLingui } from "@lingui/react";
import type { I18n, MessageId } from "@lingui/core";
import type { Business } from "#app/lib/business/business";
import { formatTimeOfDay } from "#app/lib/business/hours";
import { addDays, localDate } from "#app/lib/business/open-status";
import type { Fact, FactSourceKind } from "#app/lib/business/provenance";
import type { SpecialHours } from "#app/lib/business/special-hours";
import { effectiveTimeZone } from "#app/lib/business/time-zones";
import { Badge } from "#app/components/ui/badge";

/** The facts a line may name, in the order the lines name them. */
const SHOWN_FACTS = ["hours", "phone", "website", "address", "status"] as const satisfies readonly Fact[];
type ShownFact = (typeof SHOWN_FACTS)[number];

const FACT_NAME: Record<ShownFact, MessageId> = {
  hours: "provenance.factHours",
  phone: "provenance.factPhone",
  website: "provenance.factWebsite",
  address: "provenance.factAddress",
  status: "provenance.factStatus",
};

const SENTENCE: Record<FactSourceKind, MessageId> = {
  owner: "provenance.owner",
  admin: "provenance.admin",
  visitor: "provenance.visitor",
};

/** Up to this many days a date reads as "12 days ago"; older ones as "on March 3, 2026". */
const RELATIVE_DAYS = 30;
const DAY_MS = 86_400_000;

type SourcedBusiness = Pick<
  Business,
  | "factSources"
  | "importedAt"
  | "openingHours"
  | "specialHours"
  | "phone"
  | "website"
  | "address"
  | "city"
  | "businessStatus"
  | "timeZone"
  | "countryCode"
  | "state"
  | "claimed"
>;

/** The facts the page shows: a fact with nothing to show has no source to state. */
function shownFacts(b: SourcedBusiness): ShownFact[] {
  const shows: Record<ShownFact, boolean> = {
    hours: Boolean(b.openingHours) || b.specialHours.length > 0,
    phone: Boolean(b.phone),
    website: Boolean(b.website),
    address: Boolean(b.address || b.city),
    status: Boolean(b.businessStatus) || Boolean(b.factSources.status),
  };
  return SHOWN_FACTS.filter((fact) => shows[fact]);
}

/** A long date in the locale ("March 3, 2026", "3 tháng 3, 2026", "3 de marzo de 2026"). */
function longDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/** The start (UTC midnight, in ms) of the day of an instant: the `day` the page's loader gives. */
export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** "12 days ago" / "yesterday" within RELATIVE_DAYS calendar days of `day`, else "on March 3, 2026" — in the locale. */
function whenPhrase(iso: string, day: number, i18n: I18n): string {
  const days = Math.max(0, Math.round((day - dayOf(Date.parse(iso))) / DAY_MS));
  if (days > RELATIVE_DAYS) return i18n._("provenance.onDate", { date: longDate(iso, i18n.locale) });
  const relative = new Intl.RelativeTimeFormat(i18n.locale, { numeric: "auto" }).format(-days, "day");
  // Mid-sentence: some locales capitalise "Hôm qua" on its own.
  return relative.charAt(0).toLocaleLowerCase(i18n.locale) + relative.slice(1);
}

const capitalize = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/** The page's source lines: one per source and date phrase, then one for the facts from the import. */
function factSourceLines(b: SourcedBusiness, { day, siteName, i18n }: { day: number; siteName: string; i18n: I18n }): string[] {
  const facts = shownFacts(b);
  const list = new Intl.ListFormat(i18n.locale, { type: "conjunction" });
  const groups = new Map<string, { by: FactSourceKind; when: string; at: string; facts: ShownFact[] }>();
  const imported: ShownFact[] = [];
  for (const fact of facts) {
    const source = b.factSources[fact];
    if (!source) {
      imported.push(fact);
      continue;
    }
    const when = whenPhrase(source.at, day, i18n);
    const key = `${source.by} ${when}`;
    const group = groups.get(key) ?? { by: source.by, when, at: source.at, facts: [] };
    group.facts.push(fact);
    groups.set(key, group);
  }
  // The newest first: what someone confirmed lately is what a visitor wants to know.
  const lines = [...groups.values()]
    .sort((a, b) => b.at.localeCompare(a.at))
    .map((g) =>
      capitalize(
        i18n._(SENTENCE[g.by], { facts: list.format(g.facts.map((f) => i18n._(FACT_NAME[f]))), when: g.when, site: siteName }),
        i18n.locale,
      ),
    );
  if (imported.length) {
    const date = longDate(b.importedAt, i18n.locale);
    lines.push(groups.size ? i18n._("provenance.importedOthers", { date }) : i18n._("provenance.imported", { date }));
  }
  return lines;
}

/** The source of each shown fact, as a few short lines under the business's contact facts. */
export function FactSources({ business, day, siteName }: { business: SourcedBusiness; day: number; siteName: string }) {
  const { _, i18n } = useLingui();
  const lines = factSourceLines(business, { day, siteName, i18n });
  if (!lines.length) return null;
  return (
    <section aria-labelledby="fact-sources-heading" className="mt-4 border-t border-slate-200 pt-3">
      <h3 id="fact-sources-heading" className="text-sm font-semibold">
        {_("provenance.heading")}
      </h3>
      <ul className="mt-1 space-y-0.5 text-xs text-slate-600" data-fact-sources="">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** "Claimed" beside the name, and "Information confirmed by the owner" when the owner set a shown fact; nothing when unclaimed. */
export function ClaimedMark({ business }: { business: SourcedBusiness }) {
  const { _ } = useLingui();
  if (!business.claimed) return null;
  const ownerSet = shownFacts(business).some((fact) => business.factSources[fact]?.by === "owner");
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <Badge variant="success">
        <svg viewBox="0 0 20 20" className="h-3.5 w-3.5 fill-current" aria-hidden="true">
          <path d="M10 2a4 4 0 110 8 4 4 0 010-8zm-7 15c0-3.3 3.1-5 7-5s7 1.7 7 5v1H3z" />
        </svg>
        {_("claimed.badge")}
      </Badge>
      {ownerSet ? <span>{_("claimed.confirmedByOwner")}</span> : null}
    </p>
  );
}

/** How far ahead the page lists special hours. */
const UPCOMING_SPECIAL_DAYS = 60;

/**
 * The special hours still to come (or running today) within UPCOMING_SPECIAL_DAYS, in the business's
 * zone: what the page lists (worked out by its loader, so the list is the same in the browser).
 */
export function upcomingSpecialHours(
  b: Pick<SourcedBusiness, "specialHours" | "timeZone" | "countryCode" | "state">,
  now: number,
): SpecialHours {
  if (!b.specialHours.length) return [];
  const today = localDate(new Date(now), effectiveTimeZone(b));
  const last = addDays(today, UPCOMING_SPECIAL_DAYS);
  return b.specialHours.filter((e) => e.to >= today && e.from <= last);
}

const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "Dec 24 – 26", "Dec 31" in the locale. */
function dateRange(from: string, to: string, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  const text = from === to ? format.format(utcDate(from)) : format.formatRange(utcDate(from), utcDate(to));
  // Intl's thin and no-break spaces become plain ones, so the server and the browser write the same text.
  return text.replace(/[\u00a0\u2009\u202f]/g, " ");
}

const timeOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The upcoming special hours (upcomingSpecialHours) under the weekly table: "Dec 24 – 26: Closed", "Dec 31: 9:00 AM – 2:00 PM". */
export function SpecialHoursList({ upcoming }: { upcoming: SpecialHours }) {
  const { _, i18n } = useLingui();
  if (!upcoming.length) return null;
  const locale = i18n.locale;
  return (
    <>
      <h3 className="mt-3 text-sm font-semibold">{_("specialHours.heading")}</h3>
      <table className="mt-1 w-full text-sm" data-special-hours="">
        <caption className="sr-only">{_("specialHours.caption")}</caption>
        <tbody>
          {upcoming.map((e) => (
            <tr key={`${e.from}-${e.to}`}>
              <th scope="row" className="py-0.5 ps-2 text-start font-normal text-slate-600">
                {dateRange(e.from, e.to, locale)}
              </th>
              <td className="py-0.5 pe-1 text-end">
                {e.closed || !e.opens || !e.closes
                  ? _("specialHours.closed")
                  : _("specialHours.interval", {
                      open: formatTimeOfDay(timeOf(e.opens), locale),
                      close: formatTimeOfDay(timeOf(e.closes), locale),
                    })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
