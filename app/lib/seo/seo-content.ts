/**
 * Generated SEO text for a business (SPEC §9: 200+ words, written only where uniqueContent is empty;
 * docs/decisions/0021-generated-text-from-facts.md). Every sentence states a fact the business page
 * shows: its contact details, hours, rating and the split of its reviews by stars, its features,
 * and how it stands among the best-ranked businesses of its category in its city (its peers, read by
 * seo.server.ts from one index). The structure follows the facts (which paragraph leads, which
 * comparisons are made), never a random synonym, so that two businesses of one category in one
 * city share little text (test/integration/generated-text.test.ts measures it). Deterministic. Pure.
 */
import { formatCount } from "#app/lib/format";
import { article as articleFor } from "#app/lib/seo/article";
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

function place(f: SeoFacts): string {
  return [f.city, f.state && f.state !== f.city ? f.state : "", f.country].filter(Boolean).join(", ");
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "a"/"an" for a category, judged on its own spelling ("an HVAC contractor") before it is lowercased. */
function article(f: SeoFacts): string {
  return articleFor(f.category || "local business");
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  return `${n}${tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;
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

function seoTitle(f: SeoFacts): string {
  const where = [f.city, f.state && f.state !== f.city ? f.state : ""].filter(Boolean).join(", ");
  const what = f.category;
  // The most informative form that fits a search result title.
  const candidates = [
    what && where ? `${f.name} - ${what} in ${where}` : "",
    what && f.city ? `${f.name} - ${what} in ${f.city}` : "",
    where ? `${f.name} in ${where}` : "",
    f.city ? `${f.name} in ${f.city}` : "",
    what ? `${f.name} - ${what}` : "",
  ].filter(Boolean);
  return candidates.find((c) => c.length <= 65) ?? truncate(f.name, 65);
}

function seoDescription(f: SeoFacts): string {
  const category = (f.category || "local business").toLowerCase();
  const where = place(f);
  let text = `${f.name} is ${article(f)} ${category}${where ? ` in ${where}` : ""}.`;
  const extras = [
    f.rating > 0 ? ` Rated ${f.rating.toFixed(1)}/5 from ${formatCount(f.reviewCount)} reviews.` : "",
    " See the address, opening hours and contact details.",
  ];
  for (const extra of extras) if (extra && text.length + extra.length <= 160) text += extra;
  return truncate(text, 160);
}

/** A paragraph and how strongly its facts stand out for this business: the most telling leads. */
type Part = { text: string; weight: number };

/** Runs of consecutive days with the same hours: "Monday to Friday: 9:00 AM - 5:00 PM" (closed days left out when `open`). */
function dayRuns(hours: OpeningHours, open = false): string[] {
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
      const days =
        r.from === r.to ? r.from : `${r.from}${WEEKDAYS.indexOf(r.to) - WEEKDAYS.indexOf(r.from) === 1 ? " and " : " to "}${r.to}`;
      return `${days}: ${r.text === "Closed" ? "closed" : r.text}`;
    });
}

/** Days as a reader says them: consecutive runs of three or more joined ("Monday to Friday and Sunday"). */
function dayList(days: Weekday[]): string {
  const runs: Weekday[][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && WEEKDAYS.indexOf(last[last.length - 1]) === WEEKDAYS.indexOf(day) - 1) last.push(day);
    else runs.push([day]);
  }
  return list(runs.flatMap((run) => (run.length >= 3 ? [`${run[0]} to ${run[run.length - 1]}`] : run)));
}

function hoursPart(f: SeoFacts): Part {
  const hours = f.openingHours;
  if (!hours || Object.keys(hours).length === 0) {
    return {
      text: `The data we hold for ${f.name} does not include opening hours, so this page shows a typical weekly schedule only as a guide; confirm the actual hours with the business before you visit.`,
      weight: 0,
    };
  }
  const schedules = WEEKDAYS.map((day) => ({ day, schedule: parseDayText(hours[day]) }));
  const known = schedules.filter((d) => d.schedule);
  const open = known.filter((d) => d.schedule?.kind !== "closed");
  const allDay = known.filter((d) => d.schedule?.kind === "24h");
  const closed = known.filter((d) => d.schedule?.kind === "closed").map((d) => d.day);
  const weekend = open.filter((d) => d.day === "Saturday" || d.day === "Sunday").map((d) => d.day);
  const sentences: string[] = [];
  if (allDay.length === 7) sentences.push(`${f.name} is listed as open 24 hours a day, seven days a week.`);
  else if (open.length === 7) sentences.push(`${f.name} opens every day of the week: ${list(dayRuns(hours))}.`);
  else
    sentences.push(
      `${f.name} opens ${count(open.length, "day")} a week${closed.length ? ` and is closed on ${dayList(closed)}` : ""}. Its hours read ${list(dayRuns(hours, closed.length > 0))}.`,
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
  const daysOf = (days: Weekday[]) => (days.length === timed && days.length > 2 ? "on every day it opens" : `on ${dayList(days)}`);
  // Uniform hours were said in full above.
  if (earliest && latest && allDay.length < 7 && !(earliest.days.length === timed && latest.days.length === timed)) {
    sentences.push(
      `Doors open earliest at ${formatMinutes(earliest.minutes)} ${daysOf(earliest.days)}, and ${f.name} stays open latest, until ${formatMinutes(latest.minutes)}${latest.minutes > 1440 ? " after midnight" : ""}, ${daysOf(latest.days)}.`,
    );
  }
  if (allDay.length && allDay.length < 7) sentences.push(`On ${dayList(allDay.map((d) => d.day))} it is open around the clock.`);
  if (weekly > 0 && allDay.length < 7)
    sentences.push(`Added up, the listed hours come to ${count(Math.round(weekly / 60), "hour")} a week.`);
  if (allDay.length < 7)
    sentences.push(
      weekend.length === 2
        ? "Both weekend days are covered."
        : weekend.length === 1
          ? `At the weekend it opens on ${weekend[0]} only.`
          : "It does not open at weekends.",
    );
  // Long or unusual hours are what a visitor looks for first.
  return { text: sentences.join(" "), weight: allDay.length ? 4 : open.length >= 7 || (latest?.minutes ?? 0) >= 21 * 60 ? 3 : 1.5 };
}

function ratingPart(f: SeoFacts): Part {
  if (!(f.rating > 0)) {
    return {
      text: `There is no rating for ${f.name} in our data yet, so the stars on this page stay empty until reviews are recorded in an update of the listing.`,
      weight: 0,
    };
  }
  const rating = f.rating.toFixed(1);
  const counts = f.reviewsPerScore && f.reviewsPerScore.length === 5 ? f.reviewsPerScore : null;
  const total = counts ? counts.reduce((a, b) => a + b, 0) : 0;
  if (!counts || total === 0) {
    const reviews = f.reviewCount > 0 ? ` from ${count(f.reviewCount, "review")}` : "; the number of reviews behind it is not recorded";
    return { text: `${f.name} is rated ${rating} out of 5${reviews}. How those reviews split by stars is not in our data.`, weight: 1 };
  }
  const share = (n: number) => Math.round((n / total) * 100);
  const stars = [5, 4, 3, 2, 1].map((s) => ({ s, n: counts[s - 1] }));
  // Most common first: the order itself tells the shape of the opinions.
  const ranked = [...stars].filter((x) => x.n > 0).sort((a, b) => b.n - a.n || b.s - a.s);
  const word = (s: number) => ["one star", "two stars", "three stars", "four stars", "five stars"][s - 1];
  const split = ranked.map((x, i) =>
    i === 0 ? `${word(x.s)}, from ${formatCount(x.n)} (${share(x.n)}%)` : `${word(x.s)} (${formatCount(x.n)})`,
  );
  const high = share(counts[3] + counts[4]);
  const low = share(counts[0] + counts[1]);
  const sentences = [
    `${f.name} averages ${rating} out of 5 across ${count(f.reviewCount || total, "review")}.`,
    ranked.length === 1
      ? `Every one of the ${count(total, "counted review")} gives ${word(ranked[0].s)}.`
      : `The most common score is ${split[0]}, followed by ${list(split.slice(1))}.`,
  ];
  const missing = stars.filter((x) => x.n === 0).map((x) => word(x.s));
  if (ranked.length === 1) {
    // Said already: every review gives the same score.
  } else if (low >= 20)
    sentences.push(`With ${low}% of reviewers at one or two stars against ${high}% at four or five, opinions of ${f.name} are divided.`);
  else if (share(counts[4]) >= 75) sentences.push(`Five-star reviews alone are ${share(counts[4])}% of the ${formatCount(total)}.`);
  else sentences.push(`${high}% of ${f.name}'s reviewers gave four or five stars and ${low}% one or two.`);
  if (missing.length && ranked.length > 1) sentences.push(`No reviewer gave ${list(missing)}.`);
  return { text: sentences.join(" "), weight: total >= 100 ? 3 : 2 };
}

function featuresPart(f: SeoFacts): Part {
  const groups = Object.entries(f.about ?? {});
  if (groups.length === 0) {
    return {
      text: `Our data does not list service options, payment methods or accessibility features for ${f.name}, so the feature section of this page marks them as not listed rather than guessing.`,
      weight: 0,
    };
  }
  const sentences: string[] = [];
  let features = 0;
  for (const [group, items] of groups.slice(0, 5)) {
    const yes = Object.entries(items)
      .filter(([, v]) => v)
      .map(([k]) => lower(k));
    const no = Object.entries(items)
      .filter(([, v]) => !v)
      .map(([k]) => lower(k));
    features += yes.length;
    const name = group.toLowerCase();
    if (yes.length && no.length) sentences.push(`For ${name}, ${f.name} lists ${list(yes.slice(0, 6))} but not ${list(no.slice(0, 4))}.`);
    else if (yes.length) sentences.push(`${group}: ${list(yes.slice(0, 6))}.`);
    else if (no.length) sentences.push(`Under ${name} the data records ${list(no.slice(0, 4))} as not available.`);
  }
  return { text: sentences.join(" "), weight: features >= 6 ? 2 : 1 };
}

/** A feature name inside a sentence: lowercased, except initialisms ("NFC"). */
function lower(name: string): string {
  return name
    .split(" ")
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(" ");
}

/** Distance in metres (haversine). */
function metres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

function distance(m: number): string {
  return m < 1000 ? `${Math.max(10, Math.round(m / 10) * 10)} m` : `${(m / 1000).toFixed(1)} km`;
}

/** How the business stands among its peers, and which of them are closest. */
function neighbourhoodParts(f: SeoFacts, category: string): Part[] {
  const hood = f.neighbourhood;
  if (!hood || !f.city || !f.category) return [];
  const others = hood.peers.filter((p) => p.id !== f.id);
  if (others.length === 0) return [{ text: `${f.name} is the only ${category} we list in ${f.city} so far.`, weight: 2 }];
  const full = hood.peers.length >= hood.limit;
  const group = full
    ? `the ${hood.peers.length} best-ranked ${category} listings in ${f.city}`
    : `the ${hood.peers.length} ${category} listings we hold for ${f.city}`;
  const rank = hood.peers.findIndex((p) => p.id === f.id) + 1;
  const ratings = others.filter((p) => p.rating > 0).map((p) => p.rating);
  const sentences: string[] = [];
  if (rank === 1)
    sentences.push(`${f.name} comes first of ${group} in our recommended order, which weighs each rating by its number of reviews.`);
  else if (rank > 0)
    sentences.push(
      `In our recommended order, which weighs each rating by its number of reviews, ${f.name} is ${ordinal(rank)} of ${group}.`,
    );
  else sentences.push(`${f.name} is not among ${group} in our recommended order, which weighs each rating by its number of reviews.`);
  if (f.rating > 0 && ratings.length) {
    const above = ratings.filter((r) => r < f.rating).length;
    const below = ratings.filter((r) => r > f.rating).length;
    const mid = median(ratings).toFixed(1);
    sentences.push(
      above === ratings.length
        ? `Its ${f.rating.toFixed(1)} is higher than the rating of every one of those ${formatCount(ratings.length)} others (median ${mid}).`
        : below === ratings.length
          ? `Each of those ${formatCount(ratings.length)} others is rated above its ${f.rating.toFixed(1)}; their median is ${mid}.`
          : `Against a median of ${mid} among them, its ${f.rating.toFixed(1)} is higher than ${formatCount(above)} and lower than ${formatCount(below)}.`,
    );
  }
  const mostReviewed = others.reduce((a, b) => (b.reviewCount > a.reviewCount ? b : a));
  if (f.reviewCount > mostReviewed.reviewCount)
    sentences.push(`None of them has more reviews than the ${formatCount(f.reviewCount)} of ${f.name}.`);
  else if (mostReviewed.reviewCount > 0)
    sentences.push(
      `${mostReviewed.name} is the most reviewed of them with ${formatCount(mostReviewed.reviewCount)}, against ${f.reviewCount > 0 ? formatCount(f.reviewCount) : "none recorded"} for ${f.name}.`,
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
    const near = located.map(
      ({ peer, m }) => `${peer.name} (${distance(m)} away${peer.rating > 0 ? `, rated ${peer.rating.toFixed(1)}` : ""})`,
    );
    const closest = located[0];
    parts.push({
      text:
        `Of those listings, the nearest to ${f.name} ${located.length === 1 ? "is" : "are"} ${list(near)}.` +
        (closest.peer.rating > 0 && f.rating > 0
          ? closest.peer.rating > f.rating
            ? ` The closest alternative, ${closest.peer.name}, is rated ${(closest.peer.rating - f.rating).toFixed(1)} higher.`
            : closest.peer.rating < f.rating
              ? ` ${f.name} is rated ${(f.rating - closest.peer.rating).toFixed(1)} higher than its closest alternative.`
              : ` ${f.name} and ${closest.peer.name} share the same rating.`
          : ""),
      weight: closest.m < 500 ? 3 : 1,
    });
  }
  return parts;
}

function contactPart(f: SeoFacts, category: string, where: string): string {
  const website = websiteHref(f.website);
  const sentences = [`${f.name} is ${article(f)} ${category}${f.address ? ` at ${f.address}` : where ? ` in ${where}` : ""}.`];
  // Only when the page links it: the page links http(s) addresses only (contact-links.ts).
  if (f.phone && website) sentences.push(`Call ${f.phone} or visit ${websiteLabel(website)}.`);
  else if (f.phone) sentences.push(`Its phone number is ${f.phone}; no website is listed.`);
  else if (website) sentences.push(`No phone number is listed, but its website is ${websiteLabel(website)}.`);
  else sentences.push("Neither a phone number nor a website is listed for it.");
  if (!f.address) sentences.push("No street address was supplied for it.");
  if (f.businessStatus === "CLOSED_TEMPORARILY") sentences.push("The data marks it as temporarily closed.");
  else if (f.businessStatus === "CLOSED_PERMANENTLY") sentences.push("The data marks it as permanently closed.");
  return sentences.join(" ");
}

/** The full text: 200+ words, paragraphs separated by blank lines. */
function uniqueContent(f: SeoFacts): string {
  const category = (f.category || "local business").toLowerCase();
  const where = place(f);
  const parts: Part[] = [ratingPart(f), hoursPart(f), ...neighbourhoodParts(f, category), featuresPart(f)];
  // The strongest facts lead; ties keep the order above (a stable sort).
  const ordered = parts
    .map((p, i) => ({ p, i }))
    .sort((a, b) => b.p.weight - a.p.weight || a.i - b.i)
    .map(({ p }) => p.text);
  let text = [contactPart(f, category, where), ...ordered].join("\n\n");
  // Sparse listings: add plain statements about the listing itself (no claims about the business) until the minimum is met.
  const guidance = [
    `This page brings together the information LocalAtlas holds about ${f.name}: its category, location, contact details, opening hours, rating and listed features. Everything shown here comes from the business's listing data.`,
    `Details such as hours and services can change after our data was collected, so a quick check with ${f.name}${f.phone ? ` at ${f.phone}` : ""} before you travel is a good idea.`,
    `If you run ${f.name} and something here is out of date, contact LocalAtlas with the correct details and the listing will be updated.`,
    `LocalAtlas is a free directory of local businesses. Listings can be browsed by category and by city, and every business page shows the same set of facts so that businesses are easy to compare.`,
    `Ratings, review counts and hours on this page reflect the most recent import of the listing data for ${f.name}${where ? ` in ${where}` : ""}.`,
  ];
  for (let i = 0; countWords(text) < MIN_SEO_WORDS && i < guidance.length; i++) text += `\n\n${guidance[i]}`;
  return text;
}

export function generateSeoText(f: SeoFacts): SeoText {
  return { seoTitle: seoTitle(f), seoDescription: seoDescription(f), uniqueContent: uniqueContent(f) };
}
