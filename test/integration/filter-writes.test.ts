/**
 * Every write keeps a business's filter terms and the listings' counts beside the filters exact:
 * an edit of its features or hours (the admin's, an owner's), and an update-mode re-import whose
 * new hours change the opening-time filters. Checked through the writer, as the app writes, and
 * against a recount of the stored terms.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OPEN_24_HOURS_TERM, OPEN_LATE_TERM, attributeTerm } from "#app/lib/business/attributes";
import { insertBatch, updateBusiness } from "#app/server/write/business-writer.server";
import { buildBusiness, idOf, insert, testDb } from "../helpers/factories";

/** The businesses a filter term matches in the FTS index, as a listing's query does. */
async function matching(term: string): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ?1 ORDER BY rowid")
    .bind(`filter_terms : "${term}"`)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** The stored count beside a filter, and the same count recounted from the businesses' terms. */
async function counts(scope: string, term: string, citySlug: string) {
  const stored = await env.DB.prepare("SELECT business_count AS n FROM attribute_counts WHERE scope = ?1 AND term = ?2")
    .bind(scope, term)
    .first<{ n: number }>();
  const recount = await env.DB.prepare(
    "SELECT count(*) AS n FROM businesses, json_each(businesses.filter_terms) AS j WHERE j.value = ?1 AND businesses.city_slug = ?2",
  )
    .bind(term, citySlug)
    .first<{ n: number }>();
  return { stored: stored?.n ?? 0, recount: recount?.n ?? 0 };
}

describe("filter terms follow every write", () => {
  it("an edit of the features and the hours moves the business between filters, and the counts follow", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const city = `Filtertown ${run}`;
    const citySlug = `filtertown-${run}`;
    const input = buildBusiness({
      placeId: `fw-edit-${run}`,
      name: `Terrace Cafe ${run}`,
      city,
      about: { "Service options": { "Outdoor seating": false } },
      openingHours: { Monday: "9AM-5PM" },
    });
    await insert(input);
    const id = await idOf(String(input.placeId));
    const outdoor = attributeTerm("outdoor-seating");
    expect(await matching(outdoor)).not.toContain(id);
    expect(await matching(OPEN_LATE_TERM)).not.toContain(id);

    // The admin (or the owner) says it now has outdoor seating and stays open until 11 PM.
    const edited = buildBusiness({
      ...input,
      about: { "Service options": { "Outdoor seating": true } },
      openingHours: { Monday: "9AM-11PM" },
    });
    expect(await updateBusiness(testDb(), id, edited, ["about", "opening_hours"])).toBe(true);
    expect(await matching(outdoor)).toContain(id);
    expect(await matching(OPEN_LATE_TERM)).toContain(id);
    for (const term of [outdoor, OPEN_LATE_TERM]) {
      const { stored, recount } = await counts(`city:${citySlug}`, term, citySlug);
      expect(stored, term).toBe(1);
      expect(stored, term).toBe(recount);
    }

    // And back: the filters drop it, the counts fall to 0.
    expect(await updateBusiness(testDb(), id, input, ["about", "opening_hours"])).toBe(true);
    expect(await matching(outdoor)).not.toContain(id);
    expect(await counts(`city:${citySlug}`, outdoor, citySlug)).toEqual({ stored: 0, recount: 0 });
  });

  it("an update-mode re-import with new hours moves the business into 'open 24 hours'; one that changes only the phone leaves its terms", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const city = `Reimport ${run}`;
    const citySlug = `reimport-${run}`;
    const first = buildBusiness({ placeId: `fw-refresh-${run}`, name: `Night Shop ${run}`, city, openingHours: { Monday: "9AM-5PM" } });
    await insert(first);
    const id = await idOf(String(first.placeId));
    expect(await matching(OPEN_24_HOURS_TERM)).not.toContain(id);

    const allDay = Object.fromEntries(
      ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "Open 24 hours"]),
    );
    const outcome = await insertBatch(testDb(), [buildBusiness({ ...first, openingHours: allDay })], { refresh: true });
    expect(outcome.updated).toBe(1);
    expect(await matching(OPEN_24_HOURS_TERM)).toContain(id);
    expect(await counts(`city:${citySlug}`, OPEN_24_HOURS_TERM, citySlug)).toEqual({ stored: 1, recount: 1 });

    const terms = await env.DB.prepare("SELECT filter_terms AS t FROM businesses WHERE id = ?1").bind(id).first<{ t: string }>();
    const phoneOnly = await insertBatch(testDb(), [buildBusiness({ ...first, openingHours: allDay, phone: "+1 217 555 0142" })], {
      refresh: true,
    });
    expect(phoneOnly.updated).toBe(1);
    const after = await env.DB.prepare("SELECT filter_terms AS t, phone FROM businesses WHERE id = ?1")
      .bind(id)
      .first<{ t: string; phone: string }>();
    expect(after?.t).toBe(terms?.t);
    expect(after?.phone).toContain("555");
    expect(await counts(`city:${citySlug}`, OPEN_24_HOURS_TERM, citySlug)).toEqual({ stored: 1, recount: 1 });
  });
});
