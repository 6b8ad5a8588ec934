/**
 * Generated SEO text for a business (SPEC §9: 200+ words, written only where uniqueContent is empty;
 * docs/decisions/0021-generated-text-from-facts.md), in any locale: every sentence is a message of
 * the server's content catalogs (`text.*` in app/locales/{locale}/content.json), so each language
 * has its own sentences and grammar (plurals, ordinals, prepositions) for the same facts. Every
 * sentence states a fact the business page shows: its contact details, hours, rating and the split
 * of its reviews by stars, its features, and how it stands among the best-ranked businesses of its
 * category in its city (its peers, read by seo.server.ts from one index). The structure follows the
 * facts (which paragraph leads, which comparisons are made), never a random synonym, so that two
 * businesses of one category in one city share little text (test/integration/generated-text.test.ts
 * measures it in every locale). Deterministic. Pure.
 *
 * English keeps the site's own forms: "a"/"an" before the category, lists without a serial comma,
 * hours as the data writes them. Other locales take their list words, weekday names, times and
 * numbers from `Intl`, and the labels of categories and features from the catalogs (labelOf).
 */
import type { MessageId } from "@lingui/core";
import { formatCount, formatDistance, formatRating } from "#app/lib/format";
import { article as articleFor } from "#app/lib/seo/article";
import { i18nFor } from "#app/lib/i18n/i18n";
import { labelOf } from "#app/lib/i18n/labels";
import { websiteHref, websiteLabel } from "#app/lib/business/contact-links";
import { formatMinutes, parseDayText, WEEKDAYS, type OpeningHours, type Weekday } from "#app/lib/business/hours";

/** A business of the same category in the same city, as the comparison needs it. */
export type Peer = { id: number; name: string; rating: number; reviewCount: number; latitude: number | null; longitude: number | null };

/**
 * The best-ranked businesses of the category in the city (recommended order, best first), this one
 * included when it ranks among them; `limit` is how many were asked for, so a full list means there
 * may be more.
 */
export type Neighbourhood = { peers: Peer[]; limit: number };

export type SeoFacts = {
  id: number;
  placeId: string | null;
  name: string;
  category: string;
  address: string;
  city: string;
  state: string;
  country: string;
  phone: string | null;
  website: string | null;
  rating: number;
  reviewCount: number;
  openingHours: OpeningHours | null;
  about: Record<string, Record<string, boolean>> | null;
  businessStatus: string | null;
  /** Review counts per star, 1★ to 5★ (the page's histogram). */
  reviewsPerScore?: number[] | null;
  latitude?: number | null;
  longitude?: number | null;
  neighbourhood?: Neighbourhood | null;
};

export type SeoText = { seoTitle: string; seoDescription: string; uniqueContent: string };

export const MIN_SEO_WORDS = 200;

export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

type Values = Record<string, string | number>;

/** How one locale says things: its messages and the forms `Intl` gives it. */
type Speech = {
  locale: string;
  /** English: the site's own forms (a/an, no serial comma, the hours as the data writes them). */
  english: boolean;
  t: (id: MessageId, values?: Values) => string;
  count: (n: number) => string;
  /** One decimal: a rating, a median, a difference of ratings. */
  decimal: (v: number) => string;
  /** "a, b and c"; "or" where the locale's negation wants it ("no … ni/o …"; English keeps "and"). */
  list: (items: string[], kind?: "and" | "or") => string;
  day: (day: Weekday) => string;
  time: (minutes: number) => string;
  /** A label inside a sentence: lowercased, except initialisms ("NFC"). */
  lower: (label: string) => string;
};

const speeches = new Map<string, Speech>();

function speechOf(locale: string): Speech {
  const known = speeches.get(locale);
  if (known) return known;
  const english = locale.split("-")[0] === "en";
  const lists = {
    and: new Intl.ListFormat(locale, { type: "conjunction" }),
    or: new Intl.ListFormat(locale, { type: "disjunction" }),
  };
  const days = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  const times = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  const speech: Speech = {
    locale,
    english,
    // Looked up each time: the catalogs may be registered after this locale's first text.
    t: (id, values) => i18nFor(locale)._(id, values),
    count: (n) => formatCount(n, locale),
    decimal: (v) => (english ? v.toFixed(1) : formatRating(v, locale)),
    list: (items, kind = "and") => (english ? englishList(items) : lists[kind].format(items)),
    // 1 January 2024 was a Monday.
    day: (day) => (english ? day : days.format(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)))),
    time: (minutes) => (english ? formatMinutes(minutes) : times.format(Date.UTC(2024, 0, 1, 0, minutes % 1440))),
    lower: (label) =>
      label
        .split(" ")
        .map((w) =>
          w.length > 1 && w === w.toLocaleUpperCase(locale) && w !== w.toLocaleLowerCase(locale) ? w : w.toLocaleLowerCase(locale),
        )
        .join(" "),
  };
  speeches.set(locale, speech);
  return speech;
}

function englishList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function place(f: SeoFacts): string {
  return [f.city, f.state && f.state !== f.city ? f.state : "", f.country].filter(Boolean).join(", ");
}

/** The category's label in the locale, as a title shows it ("Quán cà phê"); empty when there is none. */
function categoryLabel(sp: Speech, f: { category: string }): string {
  return f.category ? labelOf(sp.locale, "category", f.category) : "";
}

/** The category inside a sentence ("quán cà phê"; "local business" when there is none) and English's article for it. */
function categoryWords(sp: Speech, f: { category: string }): { category: string; article: string } {
  const label = categoryLabel(sp, f) || sp.t("text.localBusiness");
  // "a"/"an" judged on the label's own spelling ("an HVAC contractor") before it is lowercased.
  return { category: label.toLocaleLowerCase(sp.locale), article: articleFor(label) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > max / 2 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

function seoTitle(sp: Speech, f: SeoFacts): string {
  const where = [f.city, f.state && f.state !== f.city ? f.state : ""].filter(Boolean).join(", ");
  const category = categoryLabel(sp, f);
  const name = f.name;
  // The most informative form that fits a search result title.
  const candidates = [
    category && where ? sp.t("text.title.categoryIn", { name, category, where }) : "",
    category && f.city ? sp.t("text.title.categoryIn", { name, category, where: f.city }) : "",
    where ? sp.t("text.title.in", { name, where }) : "",
    f.city ? sp.t("text.title.in", { name, where: f.city }) : "",
    category ? sp.t("text.title.category", { name, category }) : "",
  ].filter(Boolean);
  return candidates.find((c) => c.length <= 65) ?? truncate(f.name, 65);
}

/** "Kim Long Coffee is a coffee shop in Huế, Vietnam." (the description's and the about paragraph's first sentence). */
export function identitySentence(locale: string, facts: { name: string; category: string }, where: string): string {
  const sp = speechOf(locale);
  return sp.t("text.identity", { name: facts.name, ...categoryWords(sp, facts), place: where, hasPlace: where ? "yes" : "no" });
}

function seoDescription(sp: Speech, f: SeoFacts): string {
  let text = identitySentence(sp.locale, f, place(f));
  const extras = [
    f.rating > 0 ? sp.t("text.description.rated", { rating: sp.decimal(f.rating), count: f.reviewCount }) : "",
    sp.t("text.description.seeDetails"),
  ];
  for (const extra of extras) if (extra && text.length + 1 + extra.length <= 160) text += ` ${extra}`;
  return truncate(text, 160);
}

/** A paragraph and how strongly its facts stand out for this business: the most telling leads. */
type Part = { text: string; weight: number };

/** A day's hours inside a sentence: the data's own text in English, the locale's clock elsewhere. */
function hoursOfDay(sp: Speech, text: string): string {
  if (sp.english) return text === "Closed" ? sp.t("text.hours.closed") : text;
  const schedule = parseDayText(text);
  if (!schedule) return text;
  if (schedule.kind === "closed") return sp.t("text.hours.closed");
  if (schedule.kind === "24h") return sp.t("text.hours.allDay");
  return schedule.intervals.map((i) => `${sp.time(i.open)}–${sp.time(i.close)}`).join(", ");
}

/** Runs of consecutive days with the same hours: "Monday to Friday: 9:00 AM - 5:00 PM" (closed days left out when `open`). */
function dayRuns(sp: Speech, hours: OpeningHours, open = false): string[] {
  const runs: Array<{ from: Weekday; to: Weekday; text: string }> = [];
  for (const day of WEEKDAYS) {
    const text = hours[day];
    if (!text) continue;
    const last = runs.at(-1);
    if (last && last.text === text && WEEKDAYS.indexOf(last.to) === WEEKDAYS.indexOf(day) - 1) last.to = day;
    else runs.push({ from: day, to: day, text });
  }
  return runs
    .filter((r) => !open || r.text !== "Closed")
    .map((r) => {
      const span = WEEKDAYS.indexOf(r.to) - WEEKDAYS.indexOf(r.from);
      const days =
        span === 0
          ? sp.day(r.from)
          : span === 1
            ? sp.list([sp.day(r.from), sp.day(r.to)])
            : sp.t("text.hours.range", { from: sp.day(r.from), to: sp.day(r.to) });
      return `${days}: ${hoursOfDay(sp, r.text)}`;
    });
}

/** Days as a reader says them: consecutive runs of three or more joined ("Monday to Friday and Sunday"). */
function dayList(sp: Speech, days: Weekday[]): string {
  const runs: Weekday[][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && WEEKDAYS.indexOf(last[last.length - 1]) === WEEKDAYS.indexOf(day) - 1) last.push(day);
    else runs.push([day]);
  }
  return sp.list(
    runs.flatMap((run) =>
      run.length >= 3
        ? [sp.t("text.hours.range", { from: sp.day(run[0]), to: sp.day(run[run.length - 1]) })]
        : run.map((day) => sp.t("text.hours.listDay", { day: sp.day(day) })),
    ),
  );
}

function hoursPart(sp: Speech, f: SeoFacts): Part {
  const name = f.name;
  const hours = f.openingHours;
  if (!hours || Object.keys(hours).length === 0) return { text: sp.t("text.hours.none", { name }), weight: 0 };
  const schedules = WEEKDAYS.map((day) => ({ day, schedule: parseDayText(hours[day]) }));
  const known = schedules.filter((d) => d.schedule);
  const open = known.filter((d) => d.schedule?.kind !== "closed");
  const allDay = known.filter((d) => d.schedule?.kind === "24h");
  const closed = known.filter((d) => d.schedule?.kind === "closed").map((d) => d.day);
  const weekend = open.filter((d) => d.day === "Saturday" || d.day === "Sunday").map((d) => d.day);
  const sentences: string[] = [];
  if (allDay.length === 7) sentences.push(sp.t("text.hours.alwaysOpen", { name }));
  else if (open.length === 7) sentences.push(sp.t("text.hours.everyDay", { name, runs: sp.list(dayRuns(sp, hours)) }));
  else
    sentences.push(
      sp.t("text.hours.someDays", {
        name,
        days: open.length,
        hasClosed: closed.length ? "yes" : "no",
        closed: closed.length ? dayList(sp, closed) : "",
        runs: sp.list(dayRuns(sp, hours, closed.length > 0)),
      }),
    );
  let earliest: { minutes: number; days: Weekday[] } | null = null;
  let latest: { minutes: number; days: Weekday[] } | null = null;
  let weekly = 0;
  for (const { day, schedule } of known) {
    if (schedule?.kind === "24h") weekly += 24 * 60;
    if (schedule?.kind !== "intervals") continue;
    for (const i of schedule.intervals) weekly += i.close > i.open ? i.close - i.open : i.close + 1440 - i.open;
    const first = Math.min(...schedule.intervals.map((i) => i.open));
    // Past midnight counts as later than any evening.
    const last = Math.max(...schedule.intervals.map((i) => (i.close <= i.open ? i.close + 1440 : i.close)));
    if (!earliest || first < earliest.minutes) earliest = { minutes: first, days: [day] };
    else if (first === earliest.minutes) earliest.days.push(day);
    if (!latest || last > latest.minutes) latest = { minutes: last, days: [day] };
    else if (last === latest.minutes) latest.days.push(day);
  }
  const timed = open.length - allDay.length;
  const daysOf = (days: Weekday[]) =>
    days.length === timed && days.length > 2
      ? sp.t("text.hours.onEveryDayOpen")
      : sp.t("text.hours.onDays", { days: dayList(sp, days), many: days.length > 1 ? "yes" : "no" });
  // Uniform hours were said in full above.
  if (earliest && latest && allDay.length < 7 && !(earliest.days.length === timed && latest.days.length === timed)) {
    sentences.push(
      sp.t("text.hours.earliestLatest", {
        name,
        earliest: sp.time(earliest.minutes),
        earliestHour: Math.floor((earliest.minutes % 1440) / 60),
        earliestDays: daysOf(earliest.days),
        latest: sp.time(latest.minutes),
        latestHour: Math.floor((latest.minutes % 1440) / 60),
        afterMidnight: latest.minutes > 1440 ? "yes" : "no",
        latestDays: daysOf(latest.days),
      }),
    );
  }
  if (allDay.length && allDay.length < 7) {
    const days = allDay.map((d) => d.day);
    sentences.push(sp.t("text.hours.aroundTheClock", { days: dayList(sp, days), many: days.length > 1 ? "yes" : "no" }));
  }
  if (weekly > 0 && allDay.length < 7) sentences.push(sp.t("text.hours.weekly", { hours: Math.round(weekly / 60) }));
  if (allDay.length < 7)
    sentences.push(
      sp.t("text.hours.weekend", {
        open: weekend.length === 2 ? "both" : weekend.length === 1 ? "one" : "none",
        day: weekend.length === 1 ? sp.day(weekend[0]) : "",
      }),
    );
  // Long or unusual hours are what a visitor looks for first.
  return { text: sentences.join(" "), weight: allDay.length ? 4 : open.length >= 7 || (latest?.minutes ?? 0) >= 21 * 60 ? 3 : 1.5 };
}

const STAR_WORDS = ["one", "two", "three", "four", "five"];

function ratingPart(sp: Speech, f: SeoFacts): Part {
  const name = f.name;
  if (!(f.rating > 0)) return { text: sp.t("text.rating.none", { name }), weight: 0 };
  const rating = sp.decimal(f.rating);
  const counts = f.reviewsPerScore && f.reviewsPerScore.length === 5 ? f.reviewsPerScore : null;
  const total = counts ? counts.reduce((a, b) => a + b, 0) : 0;
  if (!counts || total === 0) {
    const text = sp.t("text.rating.noSplit", { name, rating, hasCount: f.reviewCount > 0 ? "yes" : "no", count: f.reviewCount });
    return { text, weight: 1 };
  }
  const share = (n: number) => Math.round((n / total) * 100);
  const stars = [5, 4, 3, 2, 1].map((s) => ({ s, n: counts[s - 1] }));
  // Most common first: the order itself tells the shape of the opinions.
  const ranked = [...stars].filter((x) => x.n > 0).sort((a, b) => b.n - a.n || b.s - a.s);
  const word = (s: number) => sp.t("text.rating.stars", { stars: STAR_WORDS[s - 1] });
  const split = ranked.map((x, i) =>
    i === 0
      ? sp.t("text.rating.splitFirst", { stars: word(x.s), count: sp.count(x.n), share: share(x.n) })
      : sp.t("text.rating.splitOther", { stars: word(x.s), count: sp.count(x.n) }),
  );
  const high = share(counts[3] + counts[4]);
  const low = share(counts[0] + counts[1]);
  const sentences = [
    sp.t("text.rating.average", { name, rating, count: f.reviewCount || total }),
    ranked.length === 1
      ? sp.t("text.rating.allSame", { count: total, stars: word(ranked[0].s) })
      : sp.t("text.rating.mostCommon", { first: split[0], rest: sp.list(split.slice(1)) }),
  ];
  const missing = stars.filter((x) => x.n === 0).map((x) => word(x.s));
  if (ranked.length === 1) {
    // Said already: every review gives the same score.
  } else if (low >= 20) sentences.push(sp.t("text.rating.divided", { name, low, high }));
  else if (share(counts[4]) >= 75) sentences.push(sp.t("text.rating.fiveStars", { share: share(counts[4]), total: sp.count(total) }));
  else sentences.push(sp.t("text.rating.highLow", { name, high, low }));
  if (missing.length && ranked.length > 1) sentences.push(sp.t("text.rating.missing", { stars: sp.list(missing, "or") }));
  return { text: sentences.join(" "), weight: total >= 100 ? 3 : 2 };
}

function featuresPart(sp: Speech, f: SeoFacts): Part {
  const name = f.name;
  const groups = Object.entries(f.about ?? {});
  if (groups.length === 0) return { text: sp.t("text.features.none", { name }), weight: 0 };
  const sentences: string[] = [];
  let features = 0;
  for (const [source, items] of groups.slice(0, 5)) {
    const label = (attribute: string) => sp.lower(labelOf(sp.locale, "aboutAttribute", attribute));
    const yes = Object.entries(items)
      .filter(([, v]) => v)
      .map(([k]) => label(k));
    const no = Object.entries(items)
      .filter(([, v]) => !v)
      .map(([k]) => label(k));
    features += yes.length;
    const group = labelOf(sp.locale, "aboutGroup", source);
    const lowerGroup = group.toLocaleLowerCase(sp.locale);
    if (yes.length && no.length)
      sentences.push(
        sp.t("text.features.listsNot", { group: lowerGroup, name, yes: sp.list(yes.slice(0, 6)), no: sp.list(no.slice(0, 4), "or") }),
      );
    else if (yes.length) sentences.push(sp.t("text.features.lists", { group, yes: sp.list(yes.slice(0, 6)) }));
    else if (no.length) sentences.push(sp.t("text.features.notAvailable", { group: lowerGroup, no: sp.list(no.slice(0, 4), "or") }));
  }
  return { text: sentences.join(" "), weight: features >= 6 ? 2 : 1 };
}

/** Distance in metres (haversine). */
function metres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

function distance(sp: Speech, m: number): string {
  if (!sp.english) return formatDistance(m / 1000, sp.locale, "km");
  return m < 1000 ? `${Math.max(10, Math.round(m / 10) * 10)} m` : `${(m / 1000).toFixed(1)} km`;
}

/** How the business stands among its peers, and which of them are closest. */
function neighbourhoodParts(sp: Speech, f: SeoFacts, category: string): Part[] {
  const hood = f.neighbourhood;
  if (!hood || !f.city || !f.category) return [];
  const name = f.name;
  const city = f.city;
  const others = hood.peers.filter((p) => p.id !== f.id);
  if (others.length === 0) return [{ text: sp.t("text.rank.only", { name, category, city }), weight: 2 }];
  const full = hood.peers.length >= hood.limit;
  const group = sp.t("text.rank.group", { full: full ? "yes" : "no", count: hood.peers.length, category, city });
  const rank = hood.peers.findIndex((p) => p.id === f.id) + 1;
  const ratings = others.filter((p) => p.rating > 0).map((p) => p.rating);
  const sentences: string[] = [];
  if (rank === 1) sentences.push(sp.t("text.rank.first", { name, group }));
  else if (rank > 0) sentences.push(sp.t("text.rank.nth", { name, rank, group }));
  else sentences.push(sp.t("text.rank.outside", { name, group }));
  if (f.rating > 0 && ratings.length) {
    const above = ratings.filter((r) => r < f.rating).length;
    const below = ratings.filter((r) => r > f.rating).length;
    sentences.push(
      sp.t("text.rank.rating", {
        position: above === ratings.length ? "top" : below === ratings.length ? "bottom" : "between",
        rating: sp.decimal(f.rating),
        median: sp.decimal(median(ratings)),
        others: sp.count(ratings.length),
        othersCount: ratings.length,
        above: sp.count(above),
        aboveCount: above,
        below: sp.count(below),
        belowCount: below,
      }),
    );
  }
  const mostReviewed = others.reduce((a, b) => (b.reviewCount > a.reviewCount ? b : a));
  if (f.reviewCount > mostReviewed.reviewCount)
    sentences.push(sp.t("text.rank.mostReviews", { name, count: sp.count(f.reviewCount), reviews: f.reviewCount }));
  else if (mostReviewed.reviewCount > 0)
    sentences.push(
      sp.t("text.rank.mostReviewed", {
        peer: mostReviewed.name,
        count: sp.count(mostReviewed.reviewCount),
        reviews: mostReviewed.reviewCount,
        hasOwn: f.reviewCount > 0 ? "yes" : "no",
        own: sp.count(f.reviewCount),
        name,
      }),
    );
  const parts: Part[] = [{ text: sentences.join(" "), weight: rank > 0 && rank <= 3 ? 5 : 2.5 }];

  const here = f.latitude != null && f.longitude != null ? { latitude: f.latitude, longitude: f.longitude } : null;
  const located = here
    ? others
        .filter((p) => p.latitude != null && p.longitude != null)
        .map((p) => ({ peer: p, m: metres(here, { latitude: p.latitude as number, longitude: p.longitude as number }) }))
        .sort((a, b) => a.m - b.m)
        .slice(0, 3)
    : [];
  if (located.length) {
    const near = located.map(({ peer, m }) =>
      sp.t("text.near.peer", {
        peer: peer.name,
        distance: distance(sp, m),
        hasRating: peer.rating > 0 ? "yes" : "no",
        rating: peer.rating > 0 ? sp.decimal(peer.rating) : "",
      }),
    );
    const closest = located[0];
    const sentences = [sp.t("text.near.nearest", { name, count: located.length, near: sp.list(near) })];
    if (closest.peer.rating > 0 && f.rating > 0) {
      const difference = closest.peer.rating - f.rating;
      sentences.push(
        sp.t("text.near.compare", {
          rated: difference > 0 ? "higher" : difference < 0 ? "lower" : "same",
          peer: closest.peer.name,
          name,
          difference: sp.decimal(Math.abs(difference)),
        }),
      );
    }
    parts.push({ text: sentences.join(" "), weight: closest.m < 500 ? 3 : 1 });
  }
  return parts;
}

function contactPart(sp: Speech, f: SeoFacts, where: string): string {
  const website = websiteHref(f.website);
  const sentences = [
    sp.t("text.contact.identity", {
      name: f.name,
      ...categoryWords(sp, f),
      at: f.address ? "address" : where ? "place" : "nowhere",
      address: f.address,
      place: where,
    }),
    // Only when the page links it: the page links http(s) addresses only (contact-links.ts).
    sp.t("text.contact.reach", {
      by: f.phone && website ? "both" : f.phone ? "phone" : website ? "website" : "neither",
      phone: f.phone ?? "",
      website: website ? websiteLabel(website) : "",
    }),
  ];
  if (!f.address) sentences.push(sp.t("text.contact.noAddress"));
  if (f.businessStatus === "CLOSED_TEMPORARILY" || f.businessStatus === "CLOSED_PERMANENTLY")
    sentences.push(sp.t("text.contact.closed", { status: f.businessStatus === "CLOSED_TEMPORARILY" ? "temporarily" : "permanently" }));
  return sentences.join(" ");
}

/** The full text: 200+ words, paragraphs separated by blank lines. */
function uniqueContent(sp: Speech, f: SeoFacts): string {
  const where = place(f);
  const { category } = categoryWords(sp, f);
  const parts: Part[] = [ratingPart(sp, f), hoursPart(sp, f), ...neighbourhoodParts(sp, f, category), featuresPart(sp, f)];
  // The strongest facts lead; ties keep the order above (a stable sort).
  const ordered = parts
    .map((p, i) => ({ p, i }))
    .sort((a, b) => b.p.weight - a.p.weight || a.i - b.i)
    .map(({ p }) => p.text);
  let text = [contactPart(sp, f, where), ...ordered].join("\n\n");
  // Sparse listings: add plain statements about the listing itself (no claims about the business) until the minimum is met.
  const values = { name: f.name, hasPhone: f.phone ? "yes" : "no", phone: f.phone ?? "", hasPlace: where ? "yes" : "no", place: where };
  const guidance: MessageId[] = [
    "text.guidance.sources",
    "text.guidance.check",
    "text.guidance.owner",
    "text.guidance.directory",
    "text.guidance.freshness",
  ];
  for (let i = 0; countWords(text) < MIN_SEO_WORDS && i < guidance.length; i++) text += `\n\n${sp.t(guidance[i], values)}`;
  return text;
}

/** The title, description and Detailed Information of a business in `locale` (the SEO run stores the default locale's). */
export function generateSeoText(f: SeoFacts, locale = "en"): SeoText {
  const sp = speechOf(locale);
  return { seoTitle: seoTitle(sp, f), seoDescription: seoDescription(sp, f), uniqueContent: uniqueContent(sp, f) };
}
