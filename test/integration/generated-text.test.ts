/**
 * Generated text (ADR 0021) built from each business's facts and its neighbourhood, so
 * businesses of one category in one city share little text (5-word-shingle Jaccard similarity), in
 * every locale: the text SEO generation stores and the text other locales' pages write from the
 * facts; the GENERATED_TEXT switch (per locale).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BusinessInput } from "#app/lib/business/business";
import { countWords, MIN_SEO_WORDS } from "#app/lib/seo/seo-content";
import { updateBusiness } from "#app/server/write/business-writer.server";
import { fillSeoAfter, GENERATED_TEXT_OFF_MESSAGE, generatedTextOffMessage, PEER_LIMIT } from "#app/server/seo/seo.server";
import { siteConfig } from "#app/server/platform/config.server";
import { fetchWith } from "../helpers/worker";
import { adminRequest, loginAsAdmin, SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, idOf, insert, testDb } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { multipartInit } from "../helpers/import";
import { jaccard, median, shingles } from "../helpers/shingles";
import { fileOf, fixtureBytes, US_FIXTURE } from "../helpers/spreadsheets";

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

const NAMES = [
  "Bright Smile Dental",
  "Oak Street Family Dentistry",
  "Riverside Dental Care",
  "Lincoln Park Dentists",
  "Maple Grove Dental Studio",
  "Dr. Patel Dental Clinic",
  "Sunrise Orthodontics & Dentistry",
  "Capitol Dental Group",
  "Gentle Touch Dental",
  "Westside Smiles",
  "Prairie View Dental",
  "Downtown Dental Associates",
  "Harmony Dental Arts",
  "Lakeview Family Dental",
  "Evergreen Dental Center",
  "Main Street Dental Office",
  "Clearwater Dental",
  "Summit Dental Partners",
  "Heritage Dental Care",
  "Cedar Ridge Dentistry",
  "Pioneer Dental",
  "Northgate Dental Clinic",
  "Green Valley Dentistry",
  "Union Square Dental",
];

const STREETS = ["Main St", "Oak Ave", "Lincoln Blvd", "Washington St", "Cedar Ln", "Monroe St", "Park Ave", "Elm St"];

/** Hours as Google Maps lists dentists: weekday offices, some late evenings, some Saturdays, one emergency practice. */
const HOURS: Array<Record<string, string>> = [
  {
    Monday: "8:00 AM - 5:00 PM",
    Tuesday: "8:00 AM - 5:00 PM",
    Wednesday: "8:00 AM - 5:00 PM",
    Thursday: "8:00 AM - 5:00 PM",
    Friday: "8:00 AM - 2:00 PM",
    Saturday: "Closed",
    Sunday: "Closed",
  },
  {
    Monday: "9:00 AM - 6:00 PM",
    Tuesday: "9:00 AM - 6:00 PM",
    Wednesday: "Closed",
    Thursday: "9:00 AM - 7:00 PM",
    Friday: "9:00 AM - 5:00 PM",
    Saturday: "9:00 AM - 1:00 PM",
    Sunday: "Closed",
  },
  {
    Monday: "7:30 AM - 4:00 PM",
    Tuesday: "7:30 AM - 4:00 PM",
    Wednesday: "7:30 AM - 4:00 PM",
    Thursday: "7:30 AM - 4:00 PM",
    Friday: "Closed",
    Saturday: "Closed",
    Sunday: "Closed",
  },
  {
    Monday: "10:00 AM - 7:00 PM",
    Tuesday: "8:00 AM - 5:00 PM",
    Wednesday: "10:00 AM - 7:00 PM",
    Thursday: "8:00 AM - 5:00 PM",
    Friday: "8:00 AM - 3:00 PM",
    Saturday: "8:00 AM - 12:00 PM",
    Sunday: "Closed",
  },
  {
    Monday: "8:00 AM - 8:00 PM",
    Tuesday: "8:00 AM - 8:00 PM",
    Wednesday: "8:00 AM - 8:00 PM",
    Thursday: "8:00 AM - 8:00 PM",
    Friday: "8:00 AM - 8:00 PM",
    Saturday: "9:00 AM - 3:00 PM",
    Sunday: "10:00 AM - 2:00 PM",
  },
  {
    Monday: "Open 24 hours",
    Tuesday: "Open 24 hours",
    Wednesday: "Open 24 hours",
    Thursday: "Open 24 hours",
    Friday: "Open 24 hours",
    Saturday: "Open 24 hours",
    Sunday: "Open 24 hours",
  },
  {
    Monday: "9:00 AM - 5:00 PM",
    Tuesday: "9:00 AM - 5:00 PM",
    Wednesday: "9:00 AM - 5:00 PM",
    Thursday: "9:00 AM - 5:00 PM",
    Friday: "9:00 AM - 5:00 PM",
    Saturday: "Closed",
    Sunday: "Closed",
  },
];

const FEATURES: Array<BusinessInput["about"]> = [
  {
    Accessibility: { "Wheelchair accessible entrance": true, "Wheelchair accessible parking lot": true },
    Amenities: { "Gender-neutral restroom": true },
  },
  { "Service options": { "Online appointments": true, "Onsite services": true }, Payments: { "Credit cards": true, NFC: false } },
  { Accessibility: { "Wheelchair accessible entrance": false }, Planning: { "Appointment required": true } },
  null,
  { "From the business": { "Identifies as women-owned": true }, Payments: { "Debit cards": true, Checks: true, "Credit cards": true } },
];

/** Review counts per star that average close to the rating, as a real histogram does. */
function histogram(rating: number, reviews: number): number[] {
  const five = Math.min(0.85, Math.max(0, (rating - 3) / 2));
  const shares = [(1 - five) * 0.25, (1 - five) * 0.15, (1 - five) * 0.2, (1 - five) * 0.4, five];
  const counts = shares.map((s) => Math.round(s * reviews));
  counts[4] = Math.max(0, counts[4] + reviews - counts.reduce((a, b) => a + b, 0));
  return counts;
}

/** A fixed pseudo-random number in [0, 1) for a business and a coordinate. */
function scatter(i: number, axis: number): number {
  const x = Math.sin(i * 12.9898 + axis * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** Dentists of one city as an Outscraper scrape has them: ratings, reviews, hours, places and features that differ. */
function dentists(city: string, run: string): BusinessInput[] {
  return NAMES.map((name, i) => {
    const rating = Math.round((3.2 + ((i * 7) % 19) / 10) * 10) / 10;
    const reviews = [3, 12, 48, 127, 260, 9, 85, 412, 31, 640, 22, 150][i % 12] + i;
    return {
      placeId: `gen-${run}-${i}`,
      name,
      category: "Dentist",
      address: `${100 + i * 37} ${STREETS[i % STREETS.length]}, ${city}, IL 627${String(i).padStart(2, "0")}`,
      city,
      state: "Illinois",
      stateCode: "IL",
      zipCode: `627${String(i).padStart(2, "0")}`,
      country: "United States",
      phone: `(217) 555-${String(1000 + i * 83).slice(-4)}`,
      website: i % 3 === 0 ? null : `https://www.${name.toLowerCase().replace(/[^a-z]+/g, "")}.com/`,
      rating: Math.min(rating, 5),
      reviewCount: reviews,
      reviewsPerScore: histogram(Math.min(rating, 5), reviews),
      openingHours: HOURS[i % HOURS.length],
      about: FEATURES[i % FEATURES.length],
      // Scattered over a few kilometres, as offices in a town are.
      latitude: 39.78 + scatter(i, 1) * 0.05,
      longitude: -89.65 + scatter(i, 2) * 0.06,
    };
  });
}

/** The lowest id of a test's businesses (ids rise with the score within a write batch, not with the input). */
async function firstId(placePrefix: string): Promise<number> {
  const row = await env.DB.prepare("SELECT min(id) AS id FROM businesses WHERE place_id LIKE ?1")
    .bind(`${placePrefix}%`)
    .first<{ id: number }>();
  return Number(row?.id);
}

/** Every pair's similarity, their median and maximum, and the texts' lengths in words. */
function similarity(texts: string[]) {
  const sets = texts.map((t) => shingles(t));
  const pairs: number[] = [];
  for (let a = 0; a < sets.length; a++) for (let b = a + 1; b < sets.length; b++) pairs.push(jaccard(sets[a], sets[b]));
  return { pairs: pairs.length, median: median(pairs), max: Math.max(...pairs), minWords: Math.min(...texts.map(countWords)) };
}

/** The Detailed Information a business page shows, its paragraphs separated by blank lines; null when it has none. */
function detailsOf(html: string): string | null {
  const section = /<section aria-labelledby="details-heading"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1];
  if (!section) return null;
  return [...section.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((m) => visibleText(m[1]).trim()).join("\n\n");
}

async function contentOf(placeId: string) {
  return env.DB.prepare("SELECT unique_content AS text, unique_content_generated AS generated FROM businesses WHERE place_id = ?1")
    .bind(placeId)
    .first<{ text: string | null; generated: number }>();
}

describe("generated text from facts", () => {
  it("gives two dentists of one city little shared text: median 5-word-shingle Jaccard ≤ 0.3 over all pairs, each ≥ 200 words", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const city = `Springfield ${run}`;
    const inputs = dentists(city, run);
    await insert(...inputs.map((input) => buildBusiness(input)));
    const first = await firstId(`gen-${run}-`);
    const filled = await fillSeoAfter(testDb(), first - 1, NAMES.length);
    expect(filled.updated).toBe(NAMES.length);

    const texts: string[] = [];
    for (const input of inputs) {
      const row = await contentOf(String(input.placeId));
      expect(row?.generated).toBe(1);
      texts.push(String(row?.text));
    }
    for (const text of texts) expect(countWords(text)).toBeGreaterThanOrEqual(MIN_SEO_WORDS);
    const sets = texts.map((t) => shingles(t));
    const similarities: number[] = [];
    for (let a = 0; a < sets.length; a++) for (let b = a + 1; b < sets.length; b++) similarities.push(jaccard(sets[a], sets[b]));
    expect(similarities).toHaveLength((NAMES.length * (NAMES.length - 1)) / 2);
    const summary = { median: median(similarities), max: Math.max(...similarities), words: texts.map(countWords).sort((x, y) => x - y) };
    console.log(`generated text similarity over ${similarities.length} pairs: ${JSON.stringify(summary)}`);
    expect(summary.median).toBeLessThanOrEqual(0.3);

    // Facts of its own and of its neighbourhood, nothing else: its hours, its histogram, its rank, its nearest peers.
    const reviews = inputs.map((x) => x.reviewCount ?? 0);
    const top = texts[reviews.indexOf(Math.max(...reviews))];
    expect(top).toMatch(/None of them has more reviews than the \d[\d,]* of /);
    const emergency = texts[5];
    expect(emergency).toContain(`${NAMES[5]} is listed as open 24 hours a day, seven days a week.`);
    expect(texts[1]).toContain(
      "is closed on Wednesday and Sunday. Its hours read Monday and Tuesday: 9:00 AM - 6:00 PM, Thursday: 9:00 AM - 7:00 PM",
    );
    expect(texts[1]).toMatch(
      /Of those listings, the nearest to Oak Street Family Dentistry are [^.]+ \(\d+(\.\d)? k?m away, rated \d\.\d\)/,
    );
    expect(texts[0]).not.toMatch(/trust|popular|best|excellent|renowned/i);
  });

  it("keeps the median ≤ 0.3 on the real 2025 scrape too, in every locale: every pair within its four largest city × category groups", async () => {
    const form = new FormData();
    form.set("excelFile", fileOf(fixtureBytes(US_FIXTURE), US_FIXTURE));
    expect((await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) })).status).toBe(200);
    const db = testDb();
    for (const locale of ["en", "vi", "es"]) {
      // What a site whose default locale this is stores: the file's text written again in it.
      if (locale !== "en") await env.DB.prepare("UPDATE businesses SET unique_content = NULL WHERE import_id IS NOT NULL").run();
      for (let afterId = 0, full = true; full;) ({ lastId: afterId, full } = await fillSeoAfter(db, afterId, undefined, locale));
      const { results } = await env.DB.prepare(
        `SELECT city_slug || '|' || category_slug AS pair, unique_content AS text FROM businesses
          WHERE city_slug || '|' || category_slug IN (
            SELECT city_slug || '|' || category_slug FROM businesses WHERE import_id IS NOT NULL AND city_slug <> ''
             GROUP BY city_slug, category_slug HAVING count(*) >= 10)`,
      ).all<{ pair: string; text: string }>();
      const groups = new Map<string, Array<{ pair: string; text: string }>>();
      for (const row of results) groups.set(row.pair, [...(groups.get(row.pair) ?? []), row]);
      expect(groups.size).toBe(4);
      const similarities: number[] = [];
      for (const rows of groups.values()) {
        const sets = rows.map((r) => shingles(r.text));
        for (let a = 0; a < sets.length; a++) for (let b = a + 1; b < sets.length; b++) similarities.push(jaccard(sets[a], sets[b]));
      }
      const words = results.map((r) => countWords(r.text));
      const summary = {
        groups: [...groups.values()].map((g) => g.length),
        pairs: similarities.length,
        median: median(similarities),
        max: Math.max(...similarities),
        minWords: Math.min(...words),
      };
      console.log(`real 2025 file, ${locale}: ${JSON.stringify(summary)}`);
      expect(summary.minWords).toBeGreaterThanOrEqual(MIN_SEO_WORDS);
      expect(summary.median).toBeLessThanOrEqual(0.3);
    }
  });

  it("reads at most PEER_LIMIT peers per city × category: the same rows for a city of 40 as for one of 400", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const chunk = 10;
    const readFor = async (size: number) => {
      const city = `Bigtown ${size} ${run}`;
      await insert(
        ...Array.from({ length: size }, (_, i) =>
          buildBusiness({
            placeId: `big-${size}-${run}-${i}`,
            name: `Plumbing Pro ${i}`,
            city,
            rating: 3 + (i % 20) / 10,
            reviewCount: i * 3,
          }),
        ),
      );
      const db = testDb();
      const filled = await fillSeoAfter(db, (await firstId(`big-${size}-${run}-`)) - 1, chunk);
      expect(filled.updated).toBe(chunk);
      return db.meter.rowsRead;
    };
    const small = await readFor(40);
    const large = await readFor(400);
    console.log(
      `rows read for a chunk of ${chunk}: ${small} in a city × category of 40, ${large} in one of 400 (PEER_LIMIT ${PEER_LIMIT})`,
    );
    expect(large).toBe(small);
    // The chunk's rows, their peers (index entries, the id list, the rows) and the update.
    expect(large).toBeLessThan(chunk * 6 + 3 * PEER_LIMIT + 10);
  });
});

/** A sentence of the 24-hour emergency practice's text, in each locale. */
const ALWAYS_OPEN: Record<string, string> = {
  en: "is listed as open 24 hours a day, seven days a week.",
  vi: "mở cửa 24 giờ mỗi ngày, cả bảy ngày trong tuần.",
  es: "abre las 24 horas del día, los siete días de la semana.",
};

describe("generated text in every locale", () => {
  it("keeps SEO generation's text in vi and es as unlike between businesses as in en: median ≤ 0.3 over all pairs, each ≥ 200 words", async () => {
    for (const locale of ["en", "vi", "es"]) {
      const run = crypto.randomUUID().slice(0, 8);
      const inputs = dentists(`Springfield ${locale} ${run}`, run);
      await insert(...inputs.map((input) => buildBusiness(input)));
      // What a site whose default locale this is stores.
      const filled = await fillSeoAfter(testDb(), (await firstId(`gen-${run}-`)) - 1, NAMES.length, locale);
      expect(filled.updated).toBe(NAMES.length);
      const texts: string[] = [];
      for (const input of inputs) texts.push(String((await contentOf(String(input.placeId)))?.text));
      const summary = similarity(texts);
      console.log(`${locale}: SEO generation's text over ${summary.pairs} pairs: ${JSON.stringify(summary)}`);
      expect(summary.pairs).toBe((NAMES.length * (NAMES.length - 1)) / 2);
      expect(summary.minWords).toBeGreaterThanOrEqual(MIN_SEO_WORDS);
      expect(summary.median).toBeLessThanOrEqual(0.3);
      // The same facts, in the locale's own sentences.
      expect(texts[5]).toContain(ALWAYS_OPEN[locale]);
    }
  });

  it("writes the Detailed Information of /vi/ and /es/ pages from the facts, in their language and as unlike between businesses: median ≤ 0.3", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const inputs = dentists(`Shelbyville ${run}`, run);
    await insert(...inputs.map((input) => buildBusiness(input)));
    await fillSeoAfter(testDb(), (await firstId(`gen-${run}-`)) - 1, NAMES.length);
    const ids: number[] = [];
    for (const input of inputs) ids.push(await idOf(String(input.placeId)));
    const stored = String((await contentOf(String(inputs[1].placeId)))?.text);
    expect(detailsOf(await (await fetchWith({}, `/business/${ids[1]}`)).text())).toBe(stored);

    for (const locale of ["vi", "es"]) {
      const texts: string[] = [];
      for (const id of ids) {
        const details = detailsOf(await (await fetchWith({}, `/${locale}/business/${id}`)).text());
        expect(details, `/${locale}/business/${id}`).not.toBeNull();
        texts.push(String(details));
      }
      // Never the default locale's stored text under another locale's prefix.
      expect(texts[1]).not.toContain(stored.split("\n\n")[0]);
      expect(texts[1]).not.toMatch(/\b(opens|reviews|closed on)\b/);
      expect(texts[5]).toContain(ALWAYS_OPEN[locale]);
      const summary = similarity(texts);
      console.log(`${locale}: pages' Detailed Information over ${summary.pairs} pairs: ${JSON.stringify(summary)}`);
      expect(summary.minWords).toBeGreaterThanOrEqual(MIN_SEO_WORDS);
      expect(summary.median).toBeLessThanOrEqual(0.3);
    }
  });

  it("says a Huế café's facts in Vietnamese and Spanish: the category's name, the rating, 24-hour times, plural agreement", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const cafe = (n: number, reviews: number, perScore: number[]) =>
      buildBusiness({
        placeId: `hue-${n}-${run}`,
        name: `Kim Long Coffee ${n} ${run}`,
        category: "Coffee shop",
        address: `${25 + n} Sư Vạn Hạnh, Kim Long, Huế`,
        city: "Huế",
        state: "Thừa Thiên Huế",
        country: "Vietnam",
        phone: "+84 903 020 425",
        website: null,
        rating: 4.5,
        reviewCount: reviews,
        reviewsPerScore: perScore,
        openingHours: {
          Monday: "6:00 AM - 6:00 PM",
          Tuesday: "6:00 AM - 6:00 PM",
          Wednesday: "6:00 AM - 6:00 PM",
          Thursday: "6:00 AM - 10:00 PM",
          Friday: "6:00 AM - 10:00 PM",
          Saturday: "Open 24 hours",
          Sunday: "Closed",
        },
        about: { "Service options": { "Dine-in": true } },
        uniqueContent: null,
      });
    await insert(cafe(0, 124, [2, 3, 9, 30, 80]), cafe(1, 1, [0, 0, 0, 0, 1]));
    const many = await idOf(`hue-0-${run}`);
    const one = await idOf(`hue-1-${run}`);
    const page = async (path: string) => {
      const html = await (await fetchWith({}, path)).text();
      return { text: visibleText(html), details: String(detailsOf(html)) };
    };

    const vi = await page(`/vi/business/${many}`);
    expect(vi.text).toContain(
      `Kim Long Coffee 0 ${run} là một quán cà phê ở Huế, Thừa Thiên Huế. Nơi này đạt 4,5/5 điểm từ 124 lượt đánh giá.`,
    );
    expect(vi.details).toContain(`Kim Long Coffee 0 ${run} là một quán cà phê tại 25 Sư Vạn Hạnh, Kim Long, Huế.`);
    expect(vi.details).toContain(`Kim Long Coffee 0 ${run} đạt trung bình 4,5/5 điểm qua 124 lượt đánh giá.`);
    expect(vi.details).toContain(`Kim Long Coffee 0 ${run} mở cửa 6 ngày mỗi tuần và nghỉ Chủ Nhật.`);
    expect(vi.details).toMatch(/từ Thứ Hai đến Thứ Tư: 0?6:00–18:00, Thứ Năm và Thứ Sáu: 0?6:00–22:00 và Thứ Bảy: mở cửa 24 giờ/);
    expect(vi.details).toContain("Tùy chọn dịch vụ: ăn tại chỗ.");
    expect(vi.details).not.toMatch(/\d\s?(AM|PM)\b/);
    expect(vi.details.toLowerCase()).not.toContain("coffee shop");
    expect((await page(`/vi/business/${one}`)).details).toContain("Lượt đánh giá duy nhất được ghi nhận cho năm sao.");

    const es = await page(`/es/business/${many}`);
    expect(es.text).toContain(
      `Kim Long Coffee 0 ${run} figura como cafetería en Huế, Thừa Thiên Huế. Tiene una valoración de 4,5 sobre 5 con 124 reseñas.`,
    );
    expect(es.details).toContain(`Kim Long Coffee 0 ${run} abre 6 días a la semana y cierra el domingo.`);
    expect(es.details).toContain(
      "tiene una media de 4,5 sobre 5 en 124 reseñas. La puntuación más frecuente es cinco estrellas, con 80 (65 %)",
    );
    const esOne = await page(`/es/business/${one}`);
    expect(esOne.text).toContain("Tiene una valoración de 4,5 sobre 5 con 1 reseña.");
    expect(esOne.details).toContain("tiene una media de 4,5 sobre 5 en 1 reseña. La única reseña contabilizada da cinco estrellas.");

    // The root keeps its English, with the plural right.
    expect((await page(`/business/${many}`)).text).toContain(
      `Kim Long Coffee 0 ${run} is a coffee shop in Huế, Thừa Thiên Huế. It is rated 4.5 out of 5 from 124 reviews.`,
    );
    expect((await page(`/business/${one}`)).text).toContain("It is rated 4.5 out of 5 from 1 review.");
  });
});

describe("GENERATED_TEXT", () => {
  it("off: SEO generation writes nothing and says why; pages hide generated text but keep SPEC's about paragraph and an admin's text", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const generated = buildBusiness({ placeId: `gt-gen-${run}`, name: `Generated Cafe ${run}`, category: "Coffee shop" });
    const written = buildBusiness({
      placeId: `gt-own-${run}`,
      name: `Written Cafe ${run}`,
      uniqueContent: `An admin wrote this about ${run}.`,
    });
    await insert(generated, written);
    const generatedId = await idOf(String(generated.placeId));
    const writtenId = await idOf(String(written.placeId));

    const cookie = await loginAsAdmin();
    const post = (vars: Partial<Env>) =>
      fetchWith(vars, "/api/admin/generate-seo", { method: "POST", headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    const refused = await post({ GENERATED_TEXT: "off" });
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({ message: GENERATED_TEXT_OFF_MESSAGE, updated: 0 });
    expect((await contentOf(String(generated.placeId)))?.text).toBeNull();

    await fillSeoAfter(testDb(), generatedId - 1, 1);
    const stored = await contentOf(String(generated.placeId));
    expect(stored?.generated).toBe(1);
    const firstParagraph = String(stored?.text).split("\n\n")[0];

    const on = visibleText(await (await fetchWith({}, `/business/${generatedId}`)).text());
    expect(on).toContain("Detailed Information");
    expect(on).toContain(firstParagraph);
    expect(on).toContain(`Generated Cafe ${run} is a coffee shop in Springfield, Illinois. It is rated 4.5 out of 5 from 10 reviews.`);

    const off = visibleText(await (await fetchWith({ GENERATED_TEXT: "off" }, `/business/${generatedId}`)).text());
    expect(off).toContain(`Generated Cafe ${run}`);
    expect(off).not.toContain("Detailed Information");
    expect(off).not.toContain(firstParagraph);
    // SPEC §2's about paragraph is the page's, not generated text: it stays.
    expect(off).toContain(`Generated Cafe ${run} is a coffee shop in Springfield, Illinois.`);

    const own = visibleText(await (await fetchWith({ GENERATED_TEXT: "off" }, `/business/${writtenId}`)).text());
    expect(own).toContain("Detailed Information");
    expect(own).toContain(`An admin wrote this about ${run}.`);
  });

  it("per locale: a list gives generated text to the locales it names; SEO generation writes only for the default locale; an admin's text shows in every locale", async () => {
    const locales = (value: string | undefined) => siteConfig({ ...env, GENERATED_TEXT: value } as Env).generatedTextLocales;
    expect(locales("on")).toEqual(["en", "vi", "es"]);
    expect(locales(undefined)).toEqual(["en", "vi", "es"]);
    expect(locales("off")).toEqual([]);
    expect(locales("en, vi")).toEqual(["en", "vi"]);
    // Locales not served are ignored; a value that names none is "on", as any value but "off" always was.
    expect(locales("vi,fr")).toEqual(["vi"]);
    expect(locales("yes")).toEqual(["en", "vi", "es"]);

    const run = crypto.randomUUID().slice(0, 8);
    const generated = buildBusiness({
      placeId: `gtl-gen-${run}`,
      name: `Listed Cafe ${run}`,
      category: "Coffee shop",
      rating: 4.5,
      reviewCount: 3,
    });
    const written = buildBusiness({
      placeId: `gtl-own-${run}`,
      name: `Owned Cafe ${run}`,
      uniqueContent: `An admin wrote this about ${run}.`,
    });
    await insert(generated, written);
    const generatedId = await idOf(String(generated.placeId));
    const writtenId = await idOf(String(written.placeId));

    // Stored text is the default locale's: with GENERATED_TEXT=vi no page would show it, so none is written.
    const cookie = await loginAsAdmin();
    const refused = await fetchWith({ GENERATED_TEXT: "vi" }, "/api/admin/generate-seo", {
      method: "POST",
      headers: { Cookie: cookie, Origin: SITE_ORIGIN },
    });
    expect(await refused.json()).toMatchObject({ message: generatedTextOffMessage("vi", "en"), updated: 0 });
    expect(generatedTextOffMessage("vi", "en")).toBe(
      "Generated text is turned off for en, the default locale (GENERATED_TEXT=vi), so no SEO content was generated.",
    );
    expect((await contentOf(String(generated.placeId)))?.text).toBeNull();

    await fillSeoAfter(testDb(), generatedId - 1, 1);
    const stored = String((await contentOf(String(generated.placeId)))?.text);
    const details = async (vars: Partial<Env>, path: string) => detailsOf(await (await fetchWith(vars, path)).text());
    const only = { GENERATED_TEXT: "vi" };
    expect(await details(only, `/business/${generatedId}`)).toBeNull();
    expect(await details(only, `/es/business/${generatedId}`)).toBeNull();
    const vi = String(await details(only, `/vi/business/${generatedId}`));
    expect(vi).toContain(`Listed Cafe ${run} là một quán cà phê tại`);
    expect(vi).not.toContain(stored.split("\n\n")[0]);
    expect(await details({ GENERATED_TEXT: "en,es" }, `/business/${generatedId}`)).toBe(stored);
    expect(await details({ GENERATED_TEXT: "en,es" }, `/es/business/${generatedId}`)).toContain(`Listed Cafe ${run} figura como cafetería`);

    // The business's own text is its data: shown as written, in every locale, whatever GENERATED_TEXT says.
    for (const path of [`/business/${writtenId}`, `/vi/business/${writtenId}`, `/es/business/${writtenId}`]) {
      expect(await details({ GENERATED_TEXT: "off" }, path), path).toBe(`An admin wrote this about ${run}.`);
      expect(await details({}, path), path).toBe(`An admin wrote this about ${run}.`);
    }
  });

  it("an admin edit that keeps the generated text keeps it generated; one that changes it makes it the admin's", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const input = buildBusiness({ placeId: `gt-edit-${run}`, name: `Edited Shop ${run}` });
    await insert(input);
    const id = await idOf(String(input.placeId));
    const db = testDb();
    await fillSeoAfter(db, id - 1, 1);
    const text = String((await contentOf(String(input.placeId)))?.text);

    expect(await updateBusiness(db, id, buildBusiness({ ...input, phone: "(217) 555-0199", uniqueContent: text }))).toBe(true);
    expect(await contentOf(String(input.placeId))).toEqual({ text, generated: 1 });

    expect(await updateBusiness(db, id, buildBusiness({ ...input, uniqueContent: `${text} Edited.` }))).toBe(true);
    expect(await contentOf(String(input.placeId))).toEqual({ text: `${text} Edited.`, generated: 0 });
  });
});

describe("the business's JSON-LD rating", () => {
  it("never marks up the imported rating; the rest of the markup stays", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const input = buildBusiness({
      placeId: `sdr-${run}`,
      name: `Rated Salon ${run}`,
      category: "Hair salon",
      rating: 4.6,
      reviewCount: 37,
      latitude: 39.781723498,
      longitude: -89.650148912,
    });
    await insert(input);
    const id = await idOf(String(input.placeId));

    const [business, breadcrumbs] = jsonLd(await (await fetchWith({}, `/business/${id}`)).text());
    expect(business["@type"]).toBe("HairSalon");
    // Google's rating is shown on the page, never marked up: only reviews written here are.
    expect(business.aggregateRating).toBeUndefined();
    expect(business.geo).toEqual({ "@type": "GeoCoordinates", latitude: 39.78172, longitude: -89.65015 });
    expect(breadcrumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "Home", item: "https://localatlas.test/" },
        { position: 2, name: "Springfield", item: "https://localatlas.test/city/Springfield" },
        { position: 3, name: `Rated Salon ${run}`, item: `https://localatlas.test/business/${id}` },
      ],
    });

    // Without a city the trail goes through the category the page links.
    const nowhere = buildBusiness({
      placeId: `sdr-nc-${run}`,
      name: `Roaming Salon ${run}`,
      category: "Hair salon",
      city: "",
      address: "",
    });
    await insert(nowhere);
    const nowhereId = await idOf(String(nowhere.placeId));
    const [, trail] = jsonLd(await (await fetchWith({}, `/business/${nowhereId}`)).text());
    expect(trail.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://localatlas.test/" },
      { "@type": "ListItem", position: 2, name: "Hair salon", item: "https://localatlas.test/category/hair-salon" },
      { "@type": "ListItem", position: 3, name: `Roaming Salon ${run}`, item: `https://localatlas.test/business/${nowhereId}` },
    ]);
    expect(business).toMatchObject({ "@type": "HairSalon", name: `Rated Salon ${run}` });
  });
});
