/**
 * Generated SEO text for a business (SPEC §9: 200+ words; CLARIFICATIONS 32). Built only from the
 * business's own facts — name, category, place, rating, reviews, hours, the features its data
 * lists — plus plain guidance on using the listing; it never claims anything the data does not say.
 * Deterministic: the same business always gets the same text; the wording varies between businesses
 * by a hash of its identity. Pure.
 */
import { article as articleFor } from "./article";
import { websiteHref } from "./contact-links";
import { WEEKDAYS, type OpeningHours } from "./hours";

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
};

export type SeoText = { seoTitle: string; seoDescription: string; uniqueContent: string };

export const MIN_SEO_WORDS = 200;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Picks one of the variants, differently for each business and each slot. */
function pick<T>(seed: number, slot: number, variants: readonly T[]): T {
  return variants[hash(`${seed}:${slot}`) % variants.length];
}

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

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > max / 2 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

export function seoTitle(f: SeoFacts): string {
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

export function seoDescription(f: SeoFacts): string {
  const category = (f.category || "local business").toLowerCase();
  const where = place(f);
  let text = `${f.name} is ${article(f)} ${category}${where ? ` in ${where}` : ""}.`;
  const extras = [
    f.rating > 0 ? ` Rated ${f.rating.toFixed(1)}/5 from ${f.reviewCount.toLocaleString("en-US")} reviews.` : "",
    " See the address, opening hours and contact details.",
  ];
  for (const extra of extras) if (extra && text.length + extra.length <= 160) text += extra;
  return truncate(text, 160);
}

function hoursParagraph(f: SeoFacts, seed: number): string {
  const hours = f.openingHours;
  if (!hours || Object.keys(hours).length === 0) {
    return pick(seed, 20, [
      `The data we hold for ${f.name} does not include opening hours, so this page shows a typical weekly schedule only as a guide. Please confirm the actual hours with the business before you visit.`,
      `No opening hours were supplied for ${f.name}. The schedule on this page is a general default rather than the business's own, so it is worth checking directly before making a trip.`,
    ]);
  }
  const known = WEEKDAYS.filter((d) => hours[d]);
  const closed = known.filter((d) => hours[d] === "Closed");
  const allDay = known.filter((d) => hours[d] === "Open 24 hours");
  const open = known.filter((d) => hours[d] !== "Closed");
  const sentences = [
    known.length === 7
      ? pick(seed, 21, [
          `According to its listed hours, ${f.name} opens on ${open.length} day${open.length === 1 ? "" : "s"} of the week.`,
          `The weekly schedule recorded for ${f.name} has it open on ${open.length} of the seven days.`,
        ])
      : `The hours on record for ${f.name} cover ${known.length} day${known.length === 1 ? "" : "s"} of the week, and it is listed as open on ${open.length} of them.`,
  ];
  const sample = open.slice(0, 3).map((d) => `${d}: ${hours[d]}`);
  if (sample.length) sentences.push(`For example, the hours read ${list(sample)}.`);
  if (allDay.length) sentences.push(`It is listed as open 24 hours on ${list(allDay)}.`);
  if (closed.length) sentences.push(`It is listed as closed on ${list(closed)}.`);
  sentences.push(
    pick(seed, 22, [
      "The open status on this page is worked out from these hours in the business's own time zone.",
      "Whether it is open right now is calculated from these hours in the local time zone of the business.",
    ]),
  );
  return sentences.join(" ");
}

function ratingParagraph(f: SeoFacts, seed: number): string {
  if (!(f.rating > 0)) {
    return pick(seed, 30, [
      `There is no rating for ${f.name} in our data yet, so the stars on this page stay empty. A rating appears once reviews are recorded in an update of the listing.`,
      `${f.name} has no recorded rating at the moment. Rather than guess, this listing leaves the stars empty until review data is available.`,
    ]);
  }
  const reviews = f.reviewCount.toLocaleString("en-US");
  if (f.reviewCount === 0) {
    return `${f.name} holds a rating of ${f.rating.toFixed(1)} out of 5; the number of reviews behind it is not recorded in our data. Our recommended order weighs the rating by the number of reviews, so a high score from many reviewers counts for more than one from a few.`;
  }
  return [
    pick(seed, 31, [
      `${f.name} holds an average rating of ${f.rating.toFixed(1)} out of 5, based on ${reviews} review${f.reviewCount === 1 ? "" : "s"}.`,
      `Reviewers have given ${f.name} an average of ${f.rating.toFixed(1)} stars out of 5 across ${reviews} review${f.reviewCount === 1 ? "" : "s"}.`,
      `With ${reviews} review${f.reviewCount === 1 ? "" : "s"} counted, the average score for ${f.name} stands at ${f.rating.toFixed(1)} out of 5.`,
    ]),
    f.reviewCount >= 50
      ? "That is a fairly large number of reviews, so the average reflects many separate visits."
      : f.reviewCount > 0
        ? "The number of reviews is still modest, so each new review can move the average noticeably."
        : "",
    "Our recommended order weighs the rating by the number of reviews, so a high score from many reviewers counts for more than one from a few.",
  ]
    .filter(Boolean)
    .join(" ");
}

function featuresParagraph(f: SeoFacts, seed: number): string {
  const groups = Object.entries(f.about ?? {});
  if (groups.length === 0) {
    return pick(seed, 40, [
      `Our data does not list service options, payment methods or accessibility features for ${f.name}, so the feature section of this page marks them as not listed rather than guessing.`,
      `Features such as service options, payments and accessibility are not listed for ${f.name} in the data we hold; ask the business directly if one of them matters to you.`,
    ]);
  }
  const sentences: string[] = [];
  for (const [group, items] of groups.slice(0, 5)) {
    const yes = Object.entries(items)
      .filter(([, v]) => v)
      .map(([k]) => k);
    const no = Object.entries(items)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (yes.length) sentences.push(`Under ${group.toLowerCase()}, the listing notes ${list(yes.slice(0, 6).map((s) => s.toLowerCase()))}.`);
    if (no.length)
      sentences.push(
        `It also records that ${list(no.slice(0, 4).map((s) => s.toLowerCase()))} ${no.length === 1 ? "is" : "are"} not available.`,
      );
  }
  return [
    pick(seed, 41, [
      `The details supplied for ${f.name} describe several of its features.`,
      `Here is what the listing data says about ${f.name}'s features.`,
    ]),
    ...sentences,
  ].join(" ");
}

/**
 * Where to compare: only the category and city pages this business page links (its category badge
 * and its place line link them when the business has a category and a city).
 */
function comparisonSentence(f: SeoFacts, seed: number, category: string): string {
  if (f.category && f.city) {
    return pick(seed, 50, [
      `If you are comparing options in ${f.city}, the ${category} category page lists other businesses of the same kind, and the ${f.city} page gathers everything we list nearby. Both are linked from this page.`,
      `To see alternatives, open the ${category} category or the ${f.city} page from the links on this page; they list other businesses with their ratings and hours side by side.`,
    ]);
  }
  if (f.category)
    return `To see alternatives, the ${category} category page, linked from this page, lists other businesses of the same kind.`;
  if (f.city) return `To see alternatives, the ${f.city} page, linked from this page, gathers everything we list nearby.`;
  return "Other businesses can be found by browsing the directory by category or by city.";
}

/** The full text: 200+ words, paragraphs separated by blank lines. */
export function uniqueContent(f: SeoFacts): string {
  const seed = hash(`${f.placeId ?? ""}|${f.id}|${f.name}`);
  const category = (f.category || "local business").toLowerCase();
  const where = place(f);
  const paragraphs: string[] = [];
  paragraphs.push(
    pick(seed, 1, [
      `${f.name} is ${article(f)} ${category}${where ? ` in ${where}` : ""}.`,
      `Looking for ${article(f)} ${category}${f.city ? ` in ${f.city}` : ""}? ${f.name} is listed here${where ? ` in ${where}` : ""}.`,
      `${f.name} appears in the LocalAtlas directory as ${article(f)} ${category}${where ? ` serving ${where}` : ""}.`,
    ]) +
      (f.address ? ` Its listed address is ${f.address}.` : " No street address was supplied for it.") +
      (f.phone ? ` You can reach it by phone at ${f.phone}.` : " No phone number is listed for it.") +
      // Only when the page links it: the page links http(s) addresses only (contact-links.ts).
      (websiteHref(f.website) ? ` It also lists a website, linked from this page.` : "") +
      (f.businessStatus === "CLOSED_TEMPORARILY"
        ? " The data marks it as temporarily closed."
        : f.businessStatus === "CLOSED_PERMANENTLY"
          ? " The data marks it as permanently closed."
          : ""),
  );
  paragraphs.push(ratingParagraph(f, seed));
  paragraphs.push(hoursParagraph(f, seed));
  paragraphs.push(featuresParagraph(f, seed));
  paragraphs.push(
    comparisonSentence(f, seed, category) +
      " " +
      pick(seed, 51, [
        `Before a visit, it is sensible to confirm the hours and any booking requirements with ${f.name}${f.phone ? ` by calling ${f.phone}` : ""}, since details can change after our data was collected.`,
        `Details such as hours and services can change, so a quick check with ${f.name}${f.phone ? ` at ${f.phone}` : ""} before you travel is always a good idea.`,
      ]),
  );
  let text = paragraphs.join("\n\n");
  // Sparse listings: add plain guidance (no claims about the business) until the minimum is met.
  const guidance = [
    `This page brings together the information LocalAtlas holds about ${f.name}: its category, location, contact details, opening hours, rating and listed features. Everything shown here comes from the business's listing data.`,
    `If you run ${f.name} and something here is out of date, contact LocalAtlas with the correct details and the listing will be updated.`,
    `LocalAtlas is a free directory of local businesses. Listings can be browsed by category and by city, and every business page shows the same set of facts so that businesses are easy to compare.`,
    `Ratings, review counts and hours on this page reflect the most recent import of the listing data for ${f.name}${where ? ` in ${where}` : ""}.`,
  ];
  for (let i = 0; countWords(text) < MIN_SEO_WORDS && i < guidance.length; i++) text += `\n\n${guidance[(seed + i) % guidance.length]}`;
  return text;
}

export function generateSeoText(f: SeoFacts): SeoText {
  return { seoTitle: seoTitle(f), seoDescription: seoDescription(f), uniqueContent: uniqueContent(f) };
}
