import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businessInputSchema, rowToInput, type ValidBusinessInput } from "#app/lib/business/business";
import type { SpecialHours } from "#app/lib/business/special-hours";
import { featuredQuery, type FeaturedScope } from "#app/server/lists/featured.server";
import { grantOwnership } from "#app/server/owners/ownership.server";
import { setFeaturedUntil, updateBusiness } from "#app/server/write/business-writer.server";
import { businesses, type BusinessRow } from "#db/schema";
import { buildBusiness, idOf, insert, request, rowsRead, roundTrips, testDb } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { fetchWith } from "../helpers/worker";
import { schemaOrgProblems } from "../helpers/schema-vocabulary";

// What the public pages show of the people who take part (docs/people.md): where each fact comes
// from, the claimed mark, special hours in the open status and the JSON-LD, and featured cards.

const run = crypto.randomUUID().slice(0, 6);
const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** 3 March 2026, the import's date of the businesses here. */
const IMPORTED = Math.floor(Date.UTC(2026, 2, 3, 12) / 1000);
const EVERY_DAY_24H = Object.fromEntries(
  ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "Open 24 hours"]),
);

async function page(path: string) {
  const response = await request(path);
  const html = await response.text();
  return { response, status: response.status, html, text: visibleText(html) };
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

async function storedInput(id: number): Promise<ValidBusinessInput> {
  const row = await testDb().orm.select().from(businesses).where(eq(businesses.id, id)).get();
  return businessInputSchema.parse(rowToInput(row as BusinessRow));
}

/** Moves a fact's recorded date to a given unix time. */
async function dateFact(id: number, fact: string, at: number) {
  await env.DB.prepare("UPDATE businesses SET fact_sources = json_set(fact_sources, ?2, ?3) WHERE id = ?1")
    .bind(id, `$.${fact}.at`, at)
    .run();
}

/** Today's date in a time zone, as special hours write it. */
function localToday(timeZone: string, plusDays = 0): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(
    new Date(Date.now() + plusDays * DAY * 1000),
  );
  const get = (t: string) => parts.find((p) => p.type === t)?.value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

async function newOwner(email: string): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO owners (email) VALUES (?1) RETURNING id").bind(email).first<{ id: number }>();
  return row!.id;
}

describe("where each fact comes from", () => {
  let imported = 0;
  let owned = 0;
  beforeAll(async () => {
    await insert(
      buildBusiness({ placeId: `imp-${run}`, name: `Imported Bakery ${run}`, city: "Sourceton", createdAt: IMPORTED }),
      buildBusiness({
        placeId: `own-${run}`,
        name: `Owned Cafe ${run}`,
        city: "Sourceton",
        website: "https://owned.example",
        timeZone: "America/Chicago",
        openingHours: EVERY_DAY_24H,
        createdAt: IMPORTED,
      }),
    );
    imported = await idOf(`imp-${run}`);
    owned = await idOf(`own-${run}`);
    const db = testDb();
    const input = await storedInput(owned);
    await updateBusiness(db, owned, { ...input, openingHours: { ...EVERY_DAY_24H, Sunday: "Closed" } }, ["opening_hours"], { by: "owner" });
    await updateBusiness(
      db,
      owned,
      { ...input, openingHours: { ...EVERY_DAY_24H, Sunday: "Closed" }, phone: "(312) 555-0199" },
      ["phone"],
      {
        by: "admin",
      },
    );
    await updateBusiness(
      db,
      owned,
      { ...input, openingHours: { ...EVERY_DAY_24H, Sunday: "Closed" }, phone: "(312) 555-0199", website: "https://owned.example/new" },
      ["website"],
      { by: "visitor" },
    );
    // Calendar days count: an hour into the day 12 days before today (UTC), and 3 days before.
    const today = Math.floor(nowSeconds() / DAY) * DAY;
    await dateFact(owned, "hours", today - 12 * DAY + 3600);
    await dateFact(owned, "phone", Math.floor(Date.UTC(2026, 2, 10, 12) / 1000));
    await dateFact(owned, "website", today - 3 * DAY + 3600);
  });

  it("says once that imported facts come from public sources, with the import's date", async () => {
    const { text } = await page(`/business/${imported}`);
    expect(text).toContain("From public sources, last updated March 3, 2026");
    expect(text).not.toContain("confirmed by the owner");
    expect(text.match(/from public sources/gi)).toHaveLength(1);
  });

  it("names the owner's, the admin's and an approved visitor's facts, then the rest from the import", async () => {
    const { text } = await page(`/business/${owned}`);
    expect(text).toContain("Hours confirmed by the owner 12 days ago");
    expect(text).toContain("Phone updated by LocalAtlas (admin) on March 10, 2026");
    expect(text).toContain("Website suggested by a visitor, approved 3 days ago");
    expect(text).toContain("Other details from public sources, last updated March 3, 2026");
  });

  it("says the same in Vietnamese and Spanish", async () => {
    const vi = await page(`/vi/business/${owned}`);
    expect(vi.text).toContain("Giờ mở cửa được chủ doanh nghiệp xác nhận 12 ngày trước");
    expect(vi.text).toContain("Số điện thoại được LocalAtlas (quản trị viên) cập nhật vào ngày 10 tháng 3, 2026");
    expect(vi.text).toContain("Các thông tin khác từ nguồn công khai");
    expect(vi.text).not.toContain("confirmed by the owner");
    const es = await page(`/es/business/${owned}`);
    expect(es.text).toContain("El propietario confirmó el horario hace 12 días");
    expect(es.text).toContain("Sugerencia de un visitante sobre el sitio web, aprobada hace 3 días");
    expect(es.text).toContain("Otros datos de fuentes públicas, actualizados por última vez el 3 de marzo de 2026");
  });

  it("marks a claimed business and its owner's information; an unclaimed one shows no mark", async () => {
    const before = await page(`/business/${owned}`);
    expect(before.text).not.toMatch(/\bClaimed\b/);
    const ownerId = await newOwner(`owner-${run}@owned.example`);
    expect(await grantOwnership(testDb(), { businessId: owned, ownerId, method: "admin", actor: "admin", detail: "test" })).toBe(true);
    const after = await page(`/business/${owned}`);
    expect(after.text).toMatch(/\bClaimed\b/);
    expect(after.text).toContain("Information confirmed by the owner");
    // Claimed, the owner's way back is "Manage this business" (the edit page asks them to sign in).
    expect(before.text).toContain("Claim this business");
    expect(after.text).not.toContain("Claim this business");
    expect(after.text).toContain("Manage this business");
    expect(after.html).toContain(`href="/owner/businesses/${owned}"`);
    const vi = await page(`/vi/business/${owned}`);
    expect(vi.text).toContain("Đã xác nhận quyền sở hữu");
    const other = await page(`/business/${imported}`);
    expect(other.text).not.toMatch(/\bClaimed\b/);
    expect(other.text).not.toContain("Information confirmed by the owner");
  });
});

describe("special hours", () => {
  let id = 0;
  const zone = "Asia/Ho_Chi_Minh";
  beforeAll(async () => {
    await insert(
      buildBusiness({
        placeId: `sp-${run}`,
        name: `Holiday Noodles ${run}`,
        city: "Hue",
        country: "Viet Nam",
        countryCode: "VN",
        timeZone: zone,
        openingHours: EVERY_DAY_24H,
      }),
    );
    id = await idOf(`sp-${run}`);
  });

  it("closes the business on a special day in its own time zone, lists the day and marks it up in JSON-LD", async () => {
    const before = await page(`/business/${id}`);
    expect(before.text).toContain("Open Now · Open 24 hours");
    const today = localToday(zone);
    const special: SpecialHours = [
      { from: today, to: today, closed: true },
      { from: localToday(zone, 3), to: localToday(zone, 3), closed: false, opens: "09:00", closes: "14:00" },
    ];
    await updateBusiness(testDb(), id, await storedInput(id), [], { by: "owner", specialHours: special });
    const after = await page(`/business/${id}`);
    expect(after.text).not.toContain("Open Now");
    expect(after.text).toMatch(/Closed · Opens 12:00 AM/);
    expect(after.text).toContain("Special hours");
    expect(after.text).toContain("9:00 AM – 2:00 PM");
    expect(after.text).toContain("Hours confirmed by the owner today");
    const vi = await page(`/vi/business/${id}`);
    expect(vi.text).toContain("Giờ mở cửa đặc biệt");
    expect(vi.text).toContain("09:00 – 14:00");

    const business = jsonLd(after.html).find((d) => d["specialOpeningHoursSpecification"]);
    expect(business?.specialOpeningHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", validFrom: today, validThrough: today, opens: "00:00", closes: "00:00" },
      { "@type": "OpeningHoursSpecification", validFrom: special[1].from, validThrough: special[1].to, opens: "09:00", closes: "14:00" },
    ]);
    const api = (await (await request(`/api/businesses/${id}`)).json()) as { isOpen: boolean; specialHours: SpecialHours };
    expect(api.isOpen).toBe(false);
    expect(api.specialHours).toEqual(special);
  });

  it("gives JSON-LD in schema.org's vocabulary on a page with special hours and a claimed mark", async () => {
    const ownerId = await newOwner(`noodles-${run}@example.com`);
    await grantOwnership(testDb(), { businessId: id, ownerId, method: "admin", actor: "admin", detail: "test" });
    const { html, text } = await page(`/business/${id}`);
    expect(text).toMatch(/\bClaimed\b/);
    const docs = jsonLd(html);
    expect(docs.some((d) => d.specialOpeningHoursSpecification)).toBe(true);
    expect(schemaOrgProblems(docs)).toEqual([]);
  });
});

describe("featured businesses on listing pages", () => {
  const city = `Featureville ${run}`;
  const ids: number[] = [];
  beforeAll(async () => {
    await insert(
      ...Array.from({ length: 8 }, (_, i) =>
        buildBusiness({ placeId: `ft-${run}-${i}`, name: `Feature Plumbing ${i} ${run}`, city, category: "Plumber", rating: 4.9 - i / 10 }),
      ),
    );
    for (let i = 0; i < 8; i++) ids.push(await idOf(`ft-${run}-${i}`));
  });

  /** The ids of a page's featured cards, in order, and of the cards after them. */
  function cards(html: string): { featured: number[]; all: string[] } {
    const articles = [...html.matchAll(/<article([^>]*)>([\s\S]*?)<\/article>/g)];
    const featured: number[] = [];
    const all: string[] = [];
    for (const [, attributes, body] of articles) {
      const name = /Feature Plumbing (\d) /.exec(body)?.[1];
      if (name === undefined) continue;
      const isFeatured = attributes.includes("data-featured");
      all.push(`${isFeatured ? "F" : ""}${name}`);
      if (isFeatured) featured.push(ids[Number(name)]);
    }
    return { featured, all };
  }

  it("shows nothing featured while nobody is", async () => {
    const { html, text } = await page(`/city/${encodeURIComponent(city)}`);
    expect(cards(html).featured).toEqual([]);
    expect(text).not.toContain("Paid placement");
  });

  it("shows up to three featured businesses first, labelled as paid, in the hour's turn, in one round trip", async () => {
    const db = testDb();
    // The last four of the list are featured: they show first, and in the list too.
    const featuredIds = ids.slice(4).sort((a, b) => a - b);
    for (const id of featuredIds) await setFeaturedUntil(db, id, nowSeconds() + 30 * DAY);
    const hourBefore = Math.floor(Date.now() / 3_600_000);
    const { html, text, response } = await page(`/city/${encodeURIComponent(city)}`);
    const hourAfter = Math.floor(Date.now() / 3_600_000);
    const { featured, all } = cards(html);
    expect(featured).toHaveLength(3);
    // The featured cards come first; the ordinary list follows with all eight.
    expect(all.slice(0, 3).every((c) => c.startsWith("F"))).toBe(true);
    expect(all.slice(3)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7"]);
    expect(text.match(/Featured · Paid placement/g)).toHaveLength(3);
    // The rotation: the ring of featured ids, from the hour's place on it.
    const turn = (hour: number) => Array.from({ length: 3 }, (_, i) => featuredIds[(hour + i) % featuredIds.length]);
    expect([turn(hourBefore), turn(hourAfter)]).toContainEqual(featured);
    expect(rowsRead(response)).toBeLessThanOrEqual(300);
    // A production miss at a known data version (the site's totals already read at it): the city or
    // category with its links, its first cards and its featured ones, in one round trip of D1.
    for (const path of [`/city/${encodeURIComponent(city)}`, "/category/plumber", `/city/${encodeURIComponent(city)}/plumber`]) {
      await fetchWith({ EDGE_CACHE: "miss" }, path);
      const miss = await fetchWith({ EDGE_CACHE: "miss" }, path);
      expect(cards(await miss.text()).featured).toHaveLength(3);
      expect(roundTrips(miss)).toBe(1);
      expect(rowsRead(miss)).toBeLessThanOrEqual(300);
    }

    const vi = await page(`/vi/city/${encodeURIComponent(city)}`);
    expect(vi.text).toContain("Nổi bật · Vị trí trả phí");
  });

  it("reads the featured rows through the partial featured indexes, not the scope's whole list", async () => {
    const scopes: Array<[FeaturedScope, string]> = [
      [{ city: "springfield" }, "businesses_featured_city_idx"],
      [{ category: { kind: "category", slug: "plumber" } }, "businesses_featured_category_idx"],
      [{ category: { kind: "group", slug: "home-services" } }, "businesses_featured_group_idx"],
      // A city × category: either of its two featured indexes.
      [{ city: "springfield", category: { kind: "category", slug: "plumber" } }, "businesses_featured_"],
    ];
    for (const [scope, index] of scopes) {
      const query = featuredQuery(testDb(), scope, new Date(), 20).toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .bind(...query.params)
        .all<{ detail: string }>();
      expect(plan.results.map((r) => r.detail).join(" | ")).toContain(index);
    }
  });

  it("shows no featured cards on a filtered list, and none once their end date has passed", async () => {
    const filtered = await page(`/city/${encodeURIComponent(city)}?minRating=4`);
    expect(cards(filtered.html).featured).toEqual([]);
    const db = testDb();
    for (const id of ids.slice(4, 7)) await setFeaturedUntil(db, id, nowSeconds() - 60);
    const one = await page(`/city/${encodeURIComponent(city)}`);
    expect(cards(one.html).featured).toEqual([ids[7]]);
    await setFeaturedUntil(db, ids[7], nowSeconds() - 60);
    const none = await page(`/city/${encodeURIComponent(city)}`);
    expect(cards(none.html).featured).toEqual([]);
    expect(cards(none.html).all).toHaveLength(8);
  });
});
