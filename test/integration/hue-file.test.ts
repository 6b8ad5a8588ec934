import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { adminRequest } from "../helpers/admin";
import { multipartInit } from "../helpers/import";
import { fileOf, fixtureBytes, VN_FIXTURE } from "../helpers/spreadsheets";
import { request } from "../helpers/factories";

// The real Huế file, imported as an operator would, read as a visitor would: each card says where
// the café is once, in every locale ("7 Sư Vạn Hạnh, Hương Long, Kim Long, Huế 530000, Vietnam",
// never with "Hue, Kim Long, Hue" appended).

const fold = (text: string) => text.replace(/[đĐ]/g, "d").normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();

let stored: Array<{ id: number; name: string; address: string }> = [];

beforeAll(async () => {
  const form = new FormData();
  form.set("excelFile", fileOf(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
  const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
  expect(response.status).toBe(200);
  stored = (
    await env.DB.prepare("SELECT id, name, address FROM businesses WHERE city = 'Hue'").all<{ id: number; name: string; address: string }>()
  ).results;
});

/** Each card's line of where it is (app/components/business-card.tsx), by the card's name. */
function whereLines(html: string): Map<string, string> {
  const decode = (text: string) => text.replace(/&amp;/g, "&").replace(/&#x27;/g, "'");
  const cards = [...html.matchAll(/<article[\s\S]*?<\/article>/g)].map((m) => m[0]);
  return new Map(
    cards.map((card) => {
      const name = /<h[23][^>]*>\s*<a[^>]*>([^<]*)<\/a>/.exec(card)?.[1] ?? "";
      const where = /<p class="text-sm text-slate-600">([^<]*)<\/p>/.exec(card)?.[1] ?? "";
      return [decode(name), decode(where)];
    }),
  );
}

describe("the Huế file's cards", () => {
  it("show each café's address once, as stored, at the root and under /vi and /es", async () => {
    expect(stored.length).toBeGreaterThanOrEqual(7);
    for (const path of ["/city/Hue", "/vi/city/Hue", "/es/city/Hue"]) {
      const lines = whereLines(await (await request(path)).text());
      for (const { name, address } of stored) {
        const line = lines.get(name);
        expect(line, `${path}: ${name}`).toBeDefined();
        // The stored full address names its city ("Huế" for "Hue"): nothing is appended to it.
        if (fold(address).includes("hue")) expect(line, `${path}: ${name}`).toBe(address);
        const parts = (line ?? "").split(",").map(fold);
        expect(new Set(parts).size, `${path}: ${line}`).toBe(parts.length);
      }
    }
  });

  it("name each place once in the business page's place line too (city, then its state's parts, then the country)", async () => {
    for (const { id } of stored) {
      for (const prefix of ["", "/vi", "/es"]) {
        const html = await (await request(`${prefix}/business/${id}`)).text();
        const line = new RegExp(`<a[^>]*href="${prefix}/city/Hue"[^>]*>([^<]+)</a>`).exec(html)?.[1] ?? "";
        expect(line, `${prefix}/business/${id}`).toMatch(/^Hue, /);
        const parts = line.split(",").map(fold);
        expect(new Set(parts).size, `${prefix}/business/${id}: ${line}`).toBe(parts.length);
      }
    }
  });
});
