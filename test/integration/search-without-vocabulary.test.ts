/**
 * FTS5VOCAB=off (docs/search-and-lists.md, "Without fts5vocab"): the last word is matched by FTS5's
 * own prefix query instead of the vocabulary table's terms, and finds the same businesses.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "#app/lib/search/search-params";
import { search } from "#app/server/search/search.server";
import { buildBusiness, getJson, insert, testDb } from "../helpers/factories";
import { fetchWith } from "../helpers/worker";

const place = { city: "Vocabless Bay", state: "Oregon", stateCode: "OR", zipCode: "97999", country: "United States" };

beforeAll(async () => {
  await insert(
    buildBusiness({ ...place, name: "Vocabless Bakery", category: "Bakery", description: "Sourdough and pastries." }),
    buildBusiness({ ...place, name: "Friendly Bakers", category: "Bakery", description: "A friendly bakehouse." }),
    buildBusiness({ ...place, name: "Pizzeria Vocabless", category: "Pizza restaurant", description: "Wood-fired pizza." }),
    buildBusiness({ ...place, name: "Vocabless Services", category: "Plumber", description: "Servicing boilers." }),
    buildBusiness({ ...place, name: "Café Crème", category: "Coffee shop", description: "Espresso bar." }),
    buildBusiness({ ...place, name: "Vocabless Dental", category: "Dentist", description: "Family dentistry." }),
  );
});

const QUERIES = [
  "q=bak",
  "q=bakery",
  "q=bakeries",
  "q=piz",
  "q=pizzeria",
  "q=serv",
  "q=friend",
  "q=caf",
  "q=cr%C3%A8",
  "q=dent&location=Vocabless%20Bay",
  "q=vocabless%20bak",
  "q=family%20dent&sort=rating",
  "q=zzqx",
];

const ids = (result: { businesses: Array<{ id: number }> }) => result.businesses.map((b) => b.id).sort((a, b) => a - b);

describe("search without the vocabulary table", () => {
  it("a prefix finds the same businesses both ways", async () => {
    let found = 0;
    for (const query of QUERIES) {
      const params = parseSearchParams(`https://x.test/search?${query}`);
      const withTerms = await search(testDb(), params);
      const withPrefix = await search(testDb(), params, { vocabulary: false });
      expect(ids(withPrefix), query).toEqual(ids(withTerms));
      expect(withPrefix.total, query).toBe(withTerms.total);
      found += withTerms.businesses.length;
    }
    // The queries do find businesses (the comparison is not of empty pages).
    expect(found).toBeGreaterThan(10);
  });

  it("the setting reaches /search and /api/search", async () => {
    const off = await fetchWith({ FTS5VOCAB: "off" }, "/api/search?q=bak");
    const on = await getJson<{ businesses: Array<{ id: number }> }>("/api/search?q=bak");
    expect(off.status).toBe(200);
    expect(ids((await off.json()) as { businesses: Array<{ id: number }> })).toEqual(ids(on.body));
    const page = await fetchWith({ FTS5VOCAB: "off" }, "/search?q=bak");
    expect(await page.text()).toContain("Friendly Bakers");
  });
});
