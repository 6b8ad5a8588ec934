import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { adminRequest } from "../helpers/admin";
import { request } from "../helpers/factories";
import { SPEC_HEADER, sheetBytes, specRow } from "../helpers/spreadsheets";

/**
 * Untrusted text, end to end: a scraped sheet whose name carries NUL and BEL and whose website,
 * map link and photo are `javascript:` is imported through the admin API, then read as a visitor,
 * a crawler and the operator's export would read it.
 */

const run = crypto.randomUUID().slice(0, 8);
const placeId = `untrusted-${run}`;
const NAME_IN_SHEET = `Sample\u0000 Bakery\u0007 ${run}`;
const NAME = `Sample Bakery ${run}`;
const CITY_IN_SHEET = `Nulburg\u0000 ${run}`;
const CITY = `Nulburg ${run}`;
const HOSTILE_LINK = "javascript:alert(5)";

/** Control characters no page, sitemap or export cell should carry (tab and line breaks are ordinary). */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

function expectClean(text: string) {
  expect(text).not.toMatch(CONTROLS);
  expect(text).not.toContain("%00");
  expect(text).not.toContain("%07");
  expect(text.toLowerCase()).not.toContain("javascript:");
}

let id = 0;
let slug = "";

beforeAll(async () => {
  const header = [...SPEC_HEADER, "website", "city"];
  const row = [
    ...specRow({ name: NAME_IN_SHEET, place_id: placeId, location_link: HOSTILE_LINK, photo: HOSTILE_LINK }),
    HOSTILE_LINK,
    CITY_IN_SHEET,
  ];
  // Two neighbours in the same hostile city: a city is listed in the sitemaps from 3 businesses (INDEX_MIN_LISTING).
  const neighbours = [1, 2].map((n) => [...specRow({ name: `${NAME_IN_SHEET} ${n}`, place_id: `${placeId}-n${n}` }), "", CITY_IN_SHEET]);
  // The workbook really carries the characters (written as _x0000_ and _x0007_ in its XML).
  const bytes = sheetBytes([header, row, ...neighbours]);
  const written = XLSX.read(bytes, { type: "array" });
  expect(XLSX.utils.sheet_to_json<unknown[]>(written.Sheets.Sheet1, { header: 1 })[1]).toContain(NAME_IN_SHEET);

  const form = new FormData();
  form.set("excelFile", new File([bytes as Uint8Array<ArrayBuffer>], "untrusted.xlsx"));
  const response = await adminRequest("/api/admin/import", { method: "POST", body: form });
  const result = (await response.json()) as { stats: { imported: number; totalErrors: number } };
  expect(response.status).toBe(200);
  // The odd links cost the row nothing: it is imported, not reported.
  expect(result.stats).toMatchObject({ imported: 3, totalErrors: 0 });

  const stored = await env.DB.prepare("SELECT id, slug, name, city, website, location_link, photos FROM businesses WHERE place_id = ?1")
    .bind(placeId)
    .first<{
      id: number;
      slug: string;
      name: string;
      city: string;
      website: string | null;
      location_link: string | null;
      photos: string;
    }>();
  expect(stored).toMatchObject({ name: NAME, city: CITY, website: null, location_link: null, photos: "[]" });
  ({ id, slug } = stored!);
});

describe("a sheet with control characters and javascript: links", () => {
  it("shows the name without NUL and BEL in the page's title, meta tags, body and JSON-LD, and no javascript: link", async () => {
    for (const path of [`/business/${id}`, `/details/${slug}`]) {
      const response = await request(path);
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expectClean(html);
      expect(html).toMatch(new RegExp(`<title>${NAME}[^<]*</title>`));
      expect(html).toMatch(new RegExp(`<meta property="og:title" content="${NAME}`));
      expect(html).toMatch(new RegExp(`<h1[^>]*>${NAME}</h1>`));
      const business = jsonLd(html).find((block) => block.name === NAME);
      expect(business, "LocalBusiness JSON-LD").toBeDefined();
      expect(business).not.toHaveProperty("sameAs");
    }
  });

  it("lists the city under its clean name, and an address with a control character finds nothing", async () => {
    const city = await request(`/city/${encodeURIComponent(CITY)}`);
    const html = await city.text();
    expect(city.status).toBe(200);
    expect(html).toContain(`<title>Businesses in ${CITY}`);
    expectClean(html);

    for (const path of [`/city/${encodeURIComponent(CITY)}%00`, `/city/Nice%00`, "/category/bakery%07", `/details/${slug}%00`]) {
      const response = await request(path);
      const page = await response.text();
      expect(response.status, path).toBe(404);
      expect(page, path).not.toMatch(CONTROLS);
    }
    expect((await request(`/api/city/${encodeURIComponent(CITY)}%00`)).status).toBe(404);
  });

  it("lists the business and its city in the sitemaps, in XML without control characters", async () => {
    const index = await (await request("/sitemap.xml")).text();
    const files = [...index.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]);
    const bodies = await Promise.all(files.map(async (file) => (await request(file)).text()));
    const all = [index, ...bodies].join("\n");
    expectClean(all);
    expect(all).toContain(`/business/${id}</loc>`);
    expect(all).toContain(`/city/${encodeURIComponent(CITY)}</loc>`);
  });

  it("exports the clean name and no javascript: link", async () => {
    const response = await adminRequest("/api/admin/export?country=Germany");
    expect(response.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array" });
    const table = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true, defval: null });
    const header = table[0] as string[];
    const ours = table.find((r) => r[header.indexOf("place_id")] === placeId);
    expect(ours?.[header.indexOf("name")]).toBe(NAME);
    expect(ours?.[header.indexOf("city")]).toBe(CITY);
    for (const cell of table.flat()) if (typeof cell === "string") expectClean(cell);
  });
});
