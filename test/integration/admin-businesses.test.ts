import { beforeAll, describe, expect, it } from "vitest";
import type { AdminBusinessPage, AdminSummary } from "#app/lib/admin/admin-businesses";
import { editValues } from "#app/lib/admin/admin-businesses";
import type { Business } from "#app/lib/business/business";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, getJson, idOf, insert, request } from "../helpers/factories";

// Unique names per run: other files may share the database.
const tag = `adm${crypto.randomUUID().slice(0, 6)}`;
const city = `Adminville ${tag}`;
const category = `Admin Test Category ${tag}`;

async function adminJson<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T; response: Response }> {
  const response = await adminRequest(path, init);
  return { status: response.status, body: (await response.json()) as T, response };
}

async function statistics() {
  return (await adminJson<AdminSummary>("/api/admin/summary")).body.statistics;
}

function patch(id: number, values: unknown) {
  return adminJson<Business & { fieldErrors?: Record<string, string[]> }>(`/api/admin/businesses/${id}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(values),
  });
}

beforeAll(async () => {
  const rows = [];
  for (let i = 0; i < 7; i++) {
    rows.push(
      buildBusiness({
        placeId: `${tag}-${i}`,
        name: `${tag} Shop ${i}`,
        city,
        category,
        country: i < 4 ? "Germany" : "France",
        isVerified: i % 2 === 0,
      }),
    );
  }
  await insert(...rows);
});

describe("GET /api/admin/businesses", () => {
  it("applies the status filter on the server", async () => {
    const q = `category=${encodeURIComponent(category)}`;
    const all = await adminJson<AdminBusinessPage>(`/api/admin/businesses?${q}`);
    const verified = await adminJson<AdminBusinessPage>(`/api/admin/businesses?${q}&status=verified`);
    const pending = await adminJson<AdminBusinessPage>(`/api/admin/businesses?${q}&status=pending`);
    expect(all.body.totalCount).toBe(7);
    expect(verified.body.totalCount).toBe(4);
    expect(verified.body.businesses.every((b) => b.isVerified)).toBe(true);
    expect(pending.body.totalCount).toBe(3);
    expect(pending.body.businesses.every((b) => !b.isVerified)).toBe(true);
    expect(all.response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("narrows by country (name or code) and by search", async () => {
    const q = `category=${encodeURIComponent(category)}`;
    const germany = await adminJson<AdminBusinessPage>(`/api/admin/businesses?${q}&country=Germany`);
    expect(germany.body.totalCount).toBe(4);
    expect(germany.body.businesses.every((b) => b.country === "Germany")).toBe(true);
    const de = await adminJson<AdminBusinessPage>(`/api/admin/businesses?${q}&country=DE&status=pending`);
    expect(de.body.businesses.map((b) => b.name).sort()).toEqual([`${tag} Shop 1`, `${tag} Shop 3`]);
    const fr = await adminJson<AdminBusinessPage>(`/api/admin/businesses?${q}&country=France&status=pending`);
    expect(fr.body.businesses.map((b) => b.name)).toEqual([`${tag} Shop 5`]);
    const search = await adminJson<AdminBusinessPage>(`/api/admin/businesses?search=${tag}&status=verified`);
    expect(search.body.totalCount).toBe(4);
  });

  it("pages by 50, newest first, and clamps the page", async () => {
    const first = await adminJson<AdminBusinessPage>("/api/admin/businesses");
    expect(first.body.businesses.length).toBeLessThanOrEqual(50);
    const ids = first.body.businesses.map((b) => b.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const beyond = await adminJson<AdminBusinessPage>("/api/admin/businesses?page=999999");
    expect(beyond.body.page).toBe(Math.max(1, beyond.body.totalPages));
    const junk = await adminJson<AdminBusinessPage>("/api/admin/businesses?page=abc&status=bogus");
    expect(junk.body.page).toBe(1);
  });
});

describe("editing a business", () => {
  it("saves validated fields, keeps the slug, and the public API shows the change", async () => {
    const id = await idOf(`${tag}-1`);
    const before = (await adminJson<Business>(`/api/admin/businesses/${id}`)).body;
    const values = {
      ...editValues(before),
      name: `${tag} Renamed`,
      phone: "+49 30 1234567",
      openingHours: { ...editValues(before).openingHours, Monday: "8:00 AM - 4:00 PM" },
      seoTitle: `${tag} SEO title`,
    };
    const saved = await patch(id, values);
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe(`${tag} Renamed`);
    expect(saved.body.slug).toBe(before.slug);
    expect(saved.body.placeId).toBe(before.placeId);
    const pub = await getJson<Business>(`/api/businesses/${id}`);
    expect(pub.body.name).toBe(`${tag} Renamed`);
    expect(pub.body.openingHours?.Monday).toBe("8:00 AM - 4:00 PM");
    expect(pub.body.seoTitle).toBe(`${tag} SEO title`);
  });

  it("answers invalid fields with 400 and an error per field", async () => {
    const id = await idOf(`${tag}-2`);
    const before = (await adminJson<Business>(`/api/admin/businesses/${id}`)).body;
    const response = await patch(id, { ...editValues(before), name: "", email: "not-an-email", rating: 7, website: "javascript:alert(1)" });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toMatchObject({
      name: ["Name is required"],
      email: ["Enter a valid e-mail address"],
      rating: ["Rating must be between 0 and 5"],
      website: ["Enter a full web address starting with http:// or https://"],
    });
    expect((await adminJson<Business>(`/api/admin/businesses/${id}`)).body.name).toBe(before.name);
  });

  it("keeps the statistics exact when a category or city changes", async () => {
    const id = await idOf(`${tag}-3`);
    const before = (await adminJson<Business>(`/api/admin/businesses/${id}`)).body;
    const stats0 = await statistics();
    const movedCategory = `Moved Category ${tag}`;
    const movedCity = `Moved City ${tag}`;
    expect((await patch(id, { ...editValues(before), category: movedCategory, city: movedCity })).status).toBe(200);
    const stats1 = await statistics();
    // A new category and a new city appear; the old ones still have businesses.
    expect(stats1).toEqual({ ...stats0, categories: stats0.categories + 1, totalCities: stats0.totalCities + 1 });
    const inMoved = await getJson<Business[]>(`/api/category/${encodeURIComponent(movedCategory)}`);
    expect(inMoved.body.map((b) => b.id)).toEqual([id]);
    const cityPage = await getJson<Business[]>(`/api/city/${encodeURIComponent(movedCity)}`);
    expect(cityPage.body.map((b) => b.id)).toEqual([id]);
    // Moving it back removes them again.
    expect((await patch(id, { ...editValues(before) })).status).toBe(200);
    expect(await statistics()).toEqual(stats0);
  });
});

describe("verify toggle", () => {
  it("flips the status and the verified count", async () => {
    const id = await idOf(`${tag}-4`);
    const stats0 = await statistics();
    const { status, body } = await adminJson<Business>(`/api/admin/businesses/${id}/verify`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ verified: false }),
    });
    expect(status).toBe(200);
    expect(body.isVerified).toBe(false);
    expect((await statistics()).verifiedBusinesses).toBe(stats0.verifiedBusinesses - 1);
  });
});

describe("deleting a business", () => {
  it("removes it everywhere and keeps the statistics exact", async () => {
    const lonelyCity = `Lonely ${tag}`;
    const lonelyCategory = `Lonely Category ${tag}`;
    await insert(
      buildBusiness({ placeId: `${tag}-lonely`, name: `${tag} Lonely`, city: lonelyCity, category: lonelyCategory, isVerified: true }),
    );
    const id = await idOf(`${tag}-lonely`);
    const stats0 = await statistics();
    const response = await adminRequest(`/api/admin/businesses/${id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await statistics()).toEqual({
      totalBusinesses: stats0.totalBusinesses - 1,
      verifiedBusinesses: stats0.verifiedBusinesses - 1,
      categories: stats0.categories - 1,
      totalCities: stats0.totalCities - 1,
    });
    // Gone, not missing: 410.
    expect((await request(`/api/businesses/${id}`)).status).toBe(410);
    const cityList = await request(`/api/city/${encodeURIComponent(lonelyCity)}`);
    // Gone from the city's list (the city itself is a 404 once unknown, or an empty list while still known).
    if (cityList.status === 200) expect(await cityList.json()).toEqual([]);
    else expect(cityList.status).toBe(404);
    const search = await adminJson<AdminBusinessPage>(`/api/admin/businesses?search=${encodeURIComponent(`${tag} Lonely`)}`);
    expect(search.body.businesses.map((b) => b.id)).not.toContain(id);
    expect((await adminRequest(`/api/admin/businesses/${id}`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("dashboard summary", () => {
  it("reports the statistics and the country summary from the summary tables", async () => {
    const { body } = await adminJson<AdminSummary>("/api/admin/summary");
    const pub = await getJson<{ totalBusinesses: number }>("/api/statistics");
    expect(body.statistics.totalBusinesses).toBe(pub.body.totalBusinesses);
    expect(body.countries.find((c) => c.country === "France")?.businessCount).toBeGreaterThanOrEqual(3);
  });
});
