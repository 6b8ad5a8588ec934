import { beforeAll, describe, expect, it } from "vitest";
import enContent from "#app/locales/en/content.json";
import enInterface from "#app/locales/en/interface.json";
import esContent from "#app/locales/es/content.json";
import esInterface from "#app/locales/es/interface.json";
import viContent from "#app/locales/vi/content.json";
import viInterface from "#app/locales/vi/interface.json";
import { buildBusiness, idOf, insert, request } from "../helpers/factories";

// No English interface word is left on a page of another locale: every text node (and every text a
// reader or a screen reader gets from an attribute) of /vi/ and /es/ pages is compared with the
// English catalogs' messages that the locale translates differently.

type Catalog = Record<string, string>;
const english: Catalog = { ...enInterface, ...enContent };
const translated: Record<string, Catalog> = { vi: { ...viInterface, ...viContent }, es: { ...esInterface, ...esContent } };

/** A message as a pattern over a whole text: its arguments match anything, its plural forms each. */
function patterns(message: string): RegExp[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // A plural or select: each case's text, with "#" and arguments as wildcards.
  const cases = [...message.matchAll(/(?:one|other|few|many|zero|two|=\d+|\w+)\s*\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g)].map((m) => m[1]);
  const texts = message.includes(", plural,") || message.includes(", select,") ? cases : [message];
  return texts
    .map((text) => text.replace(/<\/?\d+>/g, "").trim())
    .filter((text) => /[A-Za-z]{3}/.test(text.replace(/\{[^}]*\}/g, "")))
    .map((text) => new RegExp(`^${escape(text).replace(/\\\{[^}]*\\\}|#/g, ".+")}$`));
}

/** The English messages a locale says differently: the ones that must not show on its pages. */
function englishLeftIn(locale: string): Array<{ key: string; pattern: RegExp }> {
  return Object.entries(english)
    .filter(([key, message]) => translated[locale][key] !== message)
    .flatMap(([key, message]) => patterns(message).map((pattern) => ({ key, pattern })));
}

/** Text nodes and the attributes people read (alt, aria-label, placeholder, title, meta description). */
function readableTexts(html: string): string[] {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<style[\s\S]*?<\/style>/g, " ");
  const decode = (text: string) =>
    text
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&nbsp;|&#160;/g, " ");
  const nodes = [...body.matchAll(/>([^<]+)</g)].map((m) => m[1]);
  const attributes = [...body.matchAll(/\s(?:alt|aria-label|placeholder|title)="([^"]*)"/g)].map((m) => m[1]);
  const meta = [...body.matchAll(/<meta (?:name="description"|property="og:(?:title|description)") content="([^"]*)"/g)].map((m) => m[1]);
  const title = [...body.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
  return [...nodes, ...attributes, ...meta, ...title].map((text) => decode(text).replace(/\s+/g, " ").trim()).filter(Boolean);
}

const run = crypto.randomUUID().slice(0, 6);
const city = `Huế ${run}`;
let cafe = 0;

beforeAll(async () => {
  await insert(
    ...[0, 1, 2].map((n) =>
      buildBusiness({
        placeId: `text-${n}-${run}`,
        name: `Cà Phê Sân Vườn ${n} ${run}`,
        category: "Coffee shop",
        city,
        state: "Thừa Thiên Huế",
        country: "Vietnam",
        address: `${7 + n} Sư Vạn Hạnh, Kim Long, ${city} 530000, Vietnam`,
        phone: "+84 234 3823 456",
        rating: 4.5,
        reviewCount: n,
        openingHours: { Monday: "7AM-10PM", Tuesday: "7AM-10PM", Wednesday: "Closed", Saturday: "Open 24 hours" },
        about: { "Service options": { "Dine-in": true } },
        latitude: 16.46 + n / 1000,
        longitude: 107.59,
      }),
    ),
  );
  cafe = await idOf(`text-0-${run}`);
});

describe("no English interface text on another locale's page", () => {
  const pages = () => [
    ["vi", `/vi/city/${encodeURIComponent(city)}`],
    ["vi", `/vi/business/${cafe}`],
    ["es", `/es/search?q=${encodeURIComponent("café")}`],
    ["es", `/es/business/${cafe}`],
    ["vi", "/vi"],
    // The visitor's forms.
    ["vi", `/vi/business/${cafe}/suggest`],
    ["es", `/es/business/${cafe}/suggest?kind=closed`],
    ["vi", `/vi/business/${cafe}/suggest?kind=duplicate`],
    ["vi", "/vi/add-business"],
    ["es", "/es/add-business"],
    ["vi", "/vi/advertise"],
    ["es", "/es/advertise"],
  ];

  it("finds every text of the page in the page's language", async () => {
    const left: string[] = [];
    for (const [locale, path] of pages()) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      const forbidden = englishLeftIn(locale);
      for (const text of readableTexts(await response.text())) {
        const hit = forbidden.find(({ pattern }) => pattern.test(text));
        if (hit) left.push(`${path}: "${text}" is the English of ${hit.key}`);
      }
    }
    expect(left).toEqual([]);
  });

  it("tells times in the 24-hour clock on Vietnamese pages, and in the 12-hour one at the root", async () => {
    const vi = readableTexts(await (await request(`/vi/business/${cafe}`)).text()).join("\n");
    expect(vi).toMatch(/\b07:00\b/);
    expect(vi).toMatch(/\b22:00\b/);
    expect(vi).not.toMatch(/\d\s?(AM|PM)\b/);
    const en = readableTexts(await (await request(`/business/${cafe}`)).text()).join("\n");
    expect(en).toMatch(/7:00\sAM/);
  });

  it("keeps the stored SEO title and description, written in the default locale's language, to its pages", async () => {
    await insert(
      buildBusiness({
        placeId: `text-seo-${run}`,
        name: `Titled Café ${run}`,
        category: "Coffee shop",
        city,
        seoTitle: `Best coffee by the river ${run}`,
        seoDescription: "An English description written for the English page.",
      }),
    );
    const id = await idOf(`text-seo-${run}`);
    const root = await (await request(`/business/${id}`)).text();
    expect(root).toContain(`<title>Best coffee by the river ${run}</title>`);
    expect(root).toContain('content="An English description written for the English page."');
    const vi = await (await request(`/vi/business/${id}`)).text();
    const head = vi.slice(0, vi.indexOf("</head>"));
    expect(head).not.toContain("Best coffee by the river");
    expect(head).not.toContain("An English description");
    expect(vi).toMatch(/<title>Titled Café [^<]*Quán cà phê[^<]*<\/title>/);
  });

  it("names countries in the page's language, and as stored at the root", async () => {
    const vi = await (await request("/vi/cities")).text();
    expect(vi).toMatch(/<h2[^>]*>Việt Nam<\/h2>/);
    const root = await (await request("/cities")).text();
    expect(root).toMatch(/<h2[^>]*>Vietnam<\/h2>/);
  });

  it("checks itself: the English page does show the English messages this test looks for", async () => {
    const texts = readableTexts(await (await request(`/city/${encodeURIComponent(city)}`)).text());
    const english = englishLeftIn("vi");
    expect(texts.filter((text) => english.some(({ pattern }) => pattern.test(text))).length).toBeGreaterThan(5);
  });
});
