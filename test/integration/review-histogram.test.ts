/**
 * Outscraper's reviews_per_score_1..5 (both layouts) reach businesses.reviews_per_score,
 * the API and the business page, matching the file; and the pages of the real 2025
 * file imported (no hours, permanently closed, website and directions).
 */
import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Business } from "#app/lib/business/business";
import { mapHeader, mapRow, parseReviewsPerScore, type CellValue } from "#app/lib/import/import-mapping";
import { adminRequest } from "../helpers/admin";
import { getJson, request } from "../helpers/factories";
import { multipartInit } from "../helpers/import";
import { fileOf, fixtureBytes, fixtureRecords, US_FIXTURE, VN_FIXTURE } from "../helpers/spreadsheets";

const SCORE_COLUMNS = [1, 2, 3, 4, 5].map((n) => `reviews_per_score_${n}`);

async function importFixture(name: string) {
  const form = new FormData();
  form.set("excelFile", fileOf(fixtureBytes(name), name));
  const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
  expect(response.status).toBe(200);
}

describe("parseReviewsPerScore", () => {
  it("reads the five count columns, else the 2026 JSON, else nothing", () => {
    expect(parseReviewsPerScore([1, 0, 0, 0, 15], null)).toEqual([1, 0, 0, 0, 15]);
    expect(parseReviewsPerScore(["6", "2", "5", "24", "1,087"], null)).toEqual([6, 2, 5, 24, 1087]);
    expect(parseReviewsPerScore([null, null, null, null, null], '{"1": 6, "2": 2, "3": 5, "4": 24, "5": 87}')).toEqual([6, 2, 5, 24, 87]);
    expect(parseReviewsPerScore([undefined, undefined, undefined, undefined, undefined], undefined)).toBeNull();
    expect(parseReviewsPerScore([1, 2, 3, 4, -5], "not json")).toBeNull();
    expect(parseReviewsPerScore([1, 2, 3, 4, 1.5], '{"1": 1}')).toBeNull();
  });

  it("maps every row of both fixtures to the file's own counts", async () => {
    for (const name of [US_FIXTURE, VN_FIXTURE]) {
      const records = await fixtureRecords(name);
      const header = Object.keys(records[0]);
      const map = mapHeader(header);
      let withHistogram = 0;
      records.forEach((record, i) => {
        const cells: CellValue[] = header.map((h) => record[h]);
        const mapped = mapRow(cells, map, i + 2);
        if (!mapped.ok) return;
        const expected = SCORE_COLUMNS.map((c) => record[c]);
        if (expected.every((n) => typeof n === "number")) {
          withHistogram += 1;
          expect(mapped.input.reviewsPerScore, `${name} row ${i + 2}`).toEqual(expected);
        } else expect(mapped.input.reviewsPerScore ?? null).toBeNull();
      });
      expect(withHistogram, name).toBeGreaterThan(records.length / 2);
    }
  });
});

describe("imported histograms", () => {
  it("are stored, answered by the API and shown on the page as in the file", async () => {
    await importFixture(VN_FIXTURE);
    const row = await env.DB.prepare("SELECT id, reviews_per_score FROM businesses WHERE place_id = 'ChIJr9PsEOqnQTERZFB_1Gj1HlQ'").first<{
      id: number;
      reviews_per_score: string;
    }>();
    expect(JSON.parse(String(row?.reviews_per_score))).toEqual([6, 2, 5, 24, 87]);
    const { body } = await getJson<Business>(`/api/businesses/${row?.id}`);
    expect(body.reviewsPerScore).toEqual([6, 2, 5, 24, 87]);
    const html = await (await request(`/business/${row?.id}`)).text();
    expect(html).toContain("Reviews by star rating");
    expect(html.replace(/<!-- -->/g, "")).toMatch(/5 stars<\/th>[\s\S]*?>87 <span[^>]*>\(70%\)/);
  });

  it("come from the 2025 layout's count columns too", async () => {
    await importFixture(US_FIXTURE);
    const records = await fixtureRecords(US_FIXTURE);
    const sample = records.find((r) => typeof r.reviews_per_score_5 === "number" && (r.reviews_per_score_5 as number) > 0);
    const row = await env.DB.prepare("SELECT reviews_per_score FROM businesses WHERE place_id = ?1")
      .bind(String(sample?.place_id))
      .first<{ reviews_per_score: string }>();
    expect(JSON.parse(String(row?.reviews_per_score))).toEqual(SCORE_COLUMNS.map((c) => sample?.[c]));
  });

  it("leave in the export as the five count columns, which re-import", async () => {
    await importFixture(VN_FIXTURE);
    const response = await adminRequest("/api/admin/export?country=VN");
    expect(response.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array", dense: true });
    const table = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true, defval: null });
    const header = table[0] as string[];
    const row = table.find((r) => r[header.indexOf("place_id")] === "ChIJr9PsEOqnQTERZFB_1Gj1HlQ");
    expect(SCORE_COLUMNS.map((c) => row?.[header.indexOf(c)])).toEqual([6, 2, 5, 24, 87]);
    const mapped = mapRow(row as CellValue[], mapHeader(header), 2);
    expect(mapped.ok && mapped.input.reviewsPerScore).toEqual([6, 2, 5, 24, 87]);
  });
});

describe("the real 2025 file imported: no hours, permanently closed, website and directions", () => {
  async function page(placeId: string) {
    const row = await env.DB.prepare("SELECT id FROM businesses WHERE place_id = ?1").bind(placeId).first<{ id: number }>();
    expect(row, placeId).not.toBeNull();
    const html = await (await request(`/business/${row?.id}`)).text();
    const api = (await getJson<Business>(`/api/businesses/${row?.id}`)).body;
    return { html, api };
  }

  it("a business with no working_hours: 'Hours not listed', no Open Now in HTML or JSON-LD, isOpen false; its website and directions linked", async () => {
    await importFixture(US_FIXTURE);
    // PRF For Hair Restoration: OPERATIONAL, no working_hours, a site and a Google Maps link.
    const { html, api } = await page("ChIJGWGChUZZwokRPVmKvj3Dvik");
    expect(api.openingHours).toBeNull();
    expect(api.isOpen).toBe(false);
    expect(html).toContain("Hours not listed");
    expect(html).not.toContain("Open Now");
    expect(html).not.toContain("openingHoursSpecification");
    expect(html).toContain('href="https://drgolberg.nyc/" rel="nofollow ugc noopener"');
    expect(html).toMatch(/href="https:\/\/www\.google\.com\/maps\/place\/PRF\+For\+Hair\+Restoration\/[^"]*"[^>]*>Directions</);
  });

  it("the permanently closed business: the banner and no tel: link for its number", async () => {
    await importFixture(US_FIXTURE);
    // Bosley - Hair Restoration & Transplant, CLOSED_PERMANENTLY, phone +1 213-336-5300.
    const { html, api } = await page("ChIJf-XtQc7HwoAR9iQ-aplh_hk");
    expect(api.isOpen).toBe(false);
    expect(api.openStatus.state).toBe("closed-permanently");
    expect(html).toContain("Permanently closed");
    expect(html).not.toContain("tel:+12133365300");
    expect(html).not.toContain(">Call Now<");
  });
});
