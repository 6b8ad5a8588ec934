import { beforeAll, describe, expect, it } from "vitest";
import en from "#app/locales/en/interface.json";
import es from "#app/locales/es/interface.json";
import vi from "#app/locales/vi/interface.json";
import { buildBusiness, getJson, insert, request, roundTrips, rowsRead } from "../helpers/factories";

// The search page in the page's language (docs/i18n.md): its texts from the catalogs, distances in
// the units of the place searched, and category words of any enabled language.

const run = crypto.randomUUID().slice(0, 6);
const CHICAGO = { lat: 41.8781, lng: -87.6298 };
const HUE = { lat: 16.46, lng: 107.59 };

/** A point `km` east of `from` (along its parallel). */
const eastOf = (from: { lat: number; lng: number }, km: number) => ({
  latitude: from.lat,
  longitude: from.lng + km / (111.32 * Math.cos((from.lat * Math.PI) / 180)),
});

// A coffee shop whose own words hold neither "café", "cà phê" nor "cafetería".
const brew = `Morning Brew ${run}`;

beforeAll(async () => {
  await insert(
    buildBusiness({
      name: brew,
      category: "Coffee shop",
      description: "Espresso and pastries.",
      city: `Tostado ${run}`,
      country: "Vietnam",
      ...eastOf(HUE, 1.5),
    }),
    buildBusiness({ name: `Loop Diner ${run}`, category: "Diner", city: "Chicago", ...eastOf(CHICAGO, 0.8) }),
  );
});

async function page(path: string) {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  return { response, html: await response.text() };
}

/**
 * The search page's own text nodes (its <main>: the header and footer are the layout's) and the
 * attributes people read (placeholder, aria-label, title, alt), entities read, and the page's title.
 */
function textNodes(html: string): string[] {
  const body = html.slice(html.indexOf("<main"), html.indexOf("</main>")).replace(/<script[\s\S]*?<\/script>/g, "");
  const read = (s: string) =>
    s
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .trim();
  const texts = body
    .split(/<[^>]*>|<!-- -->/)
    .map(read)
    .filter(Boolean);
  const attributes = [...body.matchAll(/\s(?:placeholder|aria-label|title|alt)="([^"]*)"/g)].map((m) => read(m[1])).filter(Boolean);
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return [...texts, ...attributes, ...(title ? [read(title)] : [])];
}

/** An English message as a pattern of a whole text: its placeholders match anything; null when it is placeholders alone. */
function englishPattern(message: string): RegExp | null {
  let pattern = "";
  let literal = "";
  for (let i = 0, depth = 0; i < message.length; i++) {
    const c = message[i];
    if (c === "{") {
      if (depth === 0) pattern += `${literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.+?`;
      if (depth === 0) literal = "";
      depth += 1;
    } else if (c === "}") depth -= 1;
    else if (depth === 0) literal += c;
  }
  pattern += literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return /\p{L}/u.test(pattern.replace(/\.\+\?/g, "")) ? new RegExp(`^${pattern}$`) : null;
}

/** The English interface messages a page in `translated`'s locale must not show (those that differ there). */
function untranslated(texts: string[], translated: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [id, message] of Object.entries(en)) {
    if (translated[id] === message) continue;
    const pattern = englishPattern(message);
    if (pattern) for (const text of texts) if (pattern.test(text)) found.push(`${id}: ${text}`);
  }
  return found;
}

describe("the search page in Spanish and Vietnamese", () => {
  it("renders /es/search?q=café in Spanish: the heading, the count, the form, the title; no English message left", async () => {
    const { html } = await page("/es/search?q=caf%C3%A9");
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(html).toContain("Resultados para «café»");
    expect(html).toMatch(/\d+ resultados?</);
    expect(html).toContain('placeholder="¿Qué estás buscando?"');
    expect(html).toContain(">Ordenar por<");
    expect(html).toContain(">Más cercanos primero<");
    expect(html).toContain("<title>café | Búsqueda | LocalAtlas</title>");
    // The form and the links stay in Spanish; a blank search goes to the Spanish home.
    expect(html).toMatch(/<form[^>]*action="\/es\/search"/);
    const blank = await request("/es/search?q=%20", { redirect: "manual" });
    expect(blank.headers.get("Location")).toBe("/es");
    const texts = textNodes(html);
    expect(untranslated(texts, es)).toEqual([]);
    // The check would see an English message: the root page has them.
    expect(untranslated(textNodes((await page("/search?q=caf%C3%A9")).html), es).length).toBeGreaterThan(0);
  });

  it("renders the empty state and a filtered count in Vietnamese, with its plural and number forms", async () => {
    const empty = await page(`/vi/search?q=qqxyzzy&location=${encodeURIComponent("Nowhere Known")}`);
    expect(empty.html).toContain("Không tìm thấy doanh nghiệp nào");
    expect(empty.html).toContain("Chúng tôi chưa biết địa điểm nào tên “Nowhere Known”");
    expect(empty.html).toContain('href="/vi/search?q=qqxyzzy"');
    expect(untranslated(textNodes(empty.html), vi)).toEqual([]);

    const filtered = await page(`/vi/search?q=${encodeURIComponent(brew)}&minRating=4.5`);
    expect(filtered.html).toContain(">1 kết quả<");
    expect(filtered.html).toContain("từ 4,5 sao");
    expect(untranslated(textNodes(filtered.html), vi)).toEqual([]);
  });

  it("keeps the root's English texts, with one result in the singular", async () => {
    const { html } = await page(`/search?q=${encodeURIComponent(brew)}`);
    expect(html).toContain(`Results for &quot;${brew}&quot;`);
    expect(html).toContain(">1 result<");
    expect(html).toContain(`<title>${brew} | Search | LocalAtlas</title>`);
  });
});

describe("distances in the units of the place searched", () => {
  it("shows miles around Chicago and kilometres around Huế, whatever the page's language", async () => {
    const chicago = (await page(`/search?near=${CHICAGO.lat},${CHICAGO.lng}`)).html;
    expect(chicago).toContain("0.5 mi away");
    expect(chicago).not.toMatch(/\d km away/);
    const hue = (await page(`/search?near=${HUE.lat},${HUE.lng}`)).html;
    expect(hue).toContain("1.5 km away");
    expect(hue).not.toMatch(/\d mi away/);
    // The unit is the place's, not the language's: a Spanish page around Chicago is in miles too.
    expect((await page(`/es/search?near=${CHICAGO.lat},${CHICAGO.lng}`)).html).toMatch(/0[.,]5 mi/);
    expect((await page(`/vi/search?near=${HUE.lat},${HUE.lng}`)).html).toMatch(/1[.,]5 km/);
  });
});

describe("category words in any enabled language", () => {
  it("finds a coffee shop by its category's Spanish and Vietnamese words, on any page", async () => {
    for (const path of ["/es/search?q=caf%C3%A9", `/vi/search?q=${encodeURIComponent("cà phê")}`, "/search?q=cafeter%C3%ADa"]) {
      expect((await page(path)).html, path).toContain(brew);
    }
    // Words that name no category still find nothing.
    expect((await page("/es/search?q=qqxyzzy")).html).not.toContain(brew);
  });

  it("stays one bounded plan: no more round trips than the English words, rows within the page budget", async () => {
    const english = await getJson<{ businesses: Array<{ name: string }> }>("/api/search?q=coffee%20shop");
    const spanish = await getJson<{ businesses: Array<{ name: string }> }>("/api/search?q=cafeter%C3%ADa");
    expect(spanish.body.businesses.map((b) => b.name)).toContain(brew);
    expect(roundTrips(spanish.response)).toBeLessThanOrEqual(roundTrips(english.response));
    expect(rowsRead(spanish.response)).toBeLessThanOrEqual(300);
  });
});
