/**
 * Duplicates (ADR 0019) found on import and edit, listed for the admin, merged (the loser's
 * URLs 301 to the winner) or dismissed for good; a deleted business answers 410, an edited slug 301s.
 */
import { introspectWorkflow } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DuplicatePage } from "#app/lib/admin/admin-duplicates";
import { editValues } from "#app/lib/admin/admin-businesses";
import type { Business } from "#app/lib/business/business";
import { DUPLICATE_SCAN_CHUNK_ROWS, scanDuplicatesAfter } from "#app/server/admin/duplicate-scan-workflow.server";
import { mergedInto } from "#app/server/admin/duplicates.server";
import { withEdgeCache } from "#app/server/platform/edge-cache.server";
import { adminRequest, SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, getJson, idOf, insert, request, rowsRead, testDb } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { multipartInit } from "../helpers/import";
import { fileOf, SPEC_HEADER, sheetBytes, specRow } from "../helpers/spreadsheets";
import { keptSummaries, recomputedSummaries } from "../helpers/summaries";

const json = (body: unknown) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

async function importSheet(rows: unknown[][]) {
  const form = new FormData();
  form.set("excelFile", fileOf(sheetBytes([SPEC_HEADER, ...rows]), "duplicates.xlsx"));
  const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
  expect(response.status).toBe(200);
  return (await response.json()) as { stats: { imported: number } };
}

/** Every open pair, all pages (the tests' own pairs are few; other tests' pairs may be listed too). */
async function allOpenPairs() {
  const pairs: DuplicatePage["pairs"] = [];
  let before = "";
  for (let page = 0; page < 50; page++) {
    const { status, body } = await adminJson<DuplicatePage>(`/api/admin/duplicates${before}`);
    expect(status).toBe(200);
    pairs.push(...body.pairs);
    if (!body.next) return pairs;
    before = `?before=${body.next.highId}-${body.next.lowId}`;
  }
  throw new Error("too many pages");
}

async function adminJson<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T; response: Response }> {
  const response = await adminRequest(path, init);
  return { status: response.status, body: (await response.json()) as T, response };
}

const pairOf = (pairs: DuplicatePage["pairs"], a: number, b: number) =>
  pairs.find((p) => p.lowId === Math.min(a, b) && p.highId === Math.max(a, b));

async function slugOf(id: number): Promise<string> {
  return (await env.DB.prepare("SELECT slug FROM businesses WHERE id = ?1").bind(id).first<{ slug: string }>())!.slug;
}

/** A request that does not follow redirects: status and Location. */
async function visit(path: string) {
  const response = await request(path, { redirect: "manual" });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}

describe("duplicates from an import", () => {
  it("lists one business imported under two place ids, and merging it 301s the loser's URLs to the winner", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const [first, second] = [`dup-a-${run}`, `dup-b-${run}`];
    const outcome = await importSheet([
      specRow({
        place_id: first,
        name: `Lakeview Dental ${run}`,
        phone: "+1 312-555-0142",
        reviews: 40,
        full_address: "1 Lake St, Chicago, IL 60601",
      }),
      specRow({
        place_id: second,
        name: `Lakeview Dental ${run}, LLC`,
        phone: "(312) 555-0142",
        reviews: 7,
        full_address: "1 Lake Street, Chicago, IL 60601",
      }),
      specRow({ place_id: `dup-c-${run}`, name: `Lakeview Dental ${run} North`, phone: "(312) 555-0142" }),
    ]);
    expect(outcome.stats.imported).toBe(3);
    const [winner, loser] = [await idOf(first), await idOf(second)];
    const loserSlug = await slugOf(loser);

    // The API lists the pair with the facts that tell the two apart; the one with more reviews is the default winner.
    const pair = pairOf(await allOpenPairs(), winner, loser);
    expect(pair).toMatchObject({ reason: "phone", suggestedKeepId: winner, distanceMetres: null });
    const sides = pair!.businesses.map((b) => [b.id, b.placeId, b.phone, b.reviewCount]);
    expect(sides).toContainEqual([winner, first, "+1 312-555-0142", 40]);
    expect(sides).toContainEqual([loser, second, "(312) 555-0142", 7]);
    // "… North" is another business: no pair.
    const north = await idOf(`dup-c-${run}`);
    expect((await allOpenPairs()).some((p) => p.lowId === north || p.highId === north)).toBe(false);

    // The tab shows it too.
    const tab = await adminRequest("/admin-panel/duplicates");
    expect(tab.status).toBe(200);
    const text = visibleText(await tab.text());
    expect(text).toContain(`Lakeview Dental ${run}, LLC`);
    expect(text).toContain("Same name and phone");
    expect(text).toContain(second);

    const merge = await adminRequest("/api/admin/duplicates", json({ action: "merge", keepId: winner, removeId: loser }));
    expect(merge.status).toBe(200);
    expect(await keptSummaries()).toEqual(await recomputedSummaries());

    const target = `/business/${winner}`;
    for (const path of [`/business/${loser}`, `/details/${loserSlug}`, `/details/${loserSlug}-${second.slice(0, 7)}`]) {
      const { status, location } = await visit(path);
      expect(status, path).toBe(301);
      expect(location, path).toBe(target);
    }
    for (const path of [`/api/businesses/${loser}`, `/api/businesses/slug/${loserSlug}`]) {
      const { status, location } = await visit(path);
      expect(status, path).toBe(301);
      expect(location, path).toBe(`/api/businesses/${winner}`);
    }
    expect((await visit(target)).status).toBe(200);
    expect(pairOf(await allOpenPairs(), winner, loser)).toBeUndefined();
    // The importer can skip the merged place id on a re-import.
    expect(await mergedInto(testDb(), [first, second, "no-such-place"])).toEqual(new Map([[second, winner]]));
    // Sitemaps list the winner only.
    const sitemap = await Promise.all(
      [...(await (await request("/sitemap.xml")).text()).matchAll(/<loc>https?:\/\/[^/]+(\/sitemaps\/businesses-\d+\.xml)<\/loc>/g)].map(
        async (m) => (await request(m[1])).text(),
      ),
    );
    expect(sitemap.join("\n")).toContain(`/business/${winner}<`);
    expect(sitemap.join("\n")).not.toContain(`/business/${loser}<`);
    // The audit log says who merged what.
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'merge' AND target_id = ?1")
      .bind(winner)
      .first<{ detail: string }>();
    expect(audit?.detail).toContain(`business ${loser}`);
    // A second merge of the same pair finds nothing to merge.
    expect((await adminRequest("/api/admin/duplicates", json({ action: "merge", keepId: winner, removeId: loser }))).status).toBe(404);
  });

  it("a re-import of the merged file, in either mode, does not bring the merged-away listing back", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const rows = [
      specRow({ place_id: `re-a-${run}`, name: `Harbor Bakery ${run}`, phone: "+1 312-555-0177", reviews: 90 }),
      specRow({ place_id: `re-b-${run}`, name: `Harbor Bakery ${run} LLC`, phone: "(312) 555-0177", reviews: 3 }),
    ];
    expect((await importSheet(rows)).stats.imported).toBe(2);
    const [winner, loser] = [await idOf(`re-a-${run}`), await idOf(`re-b-${run}`)];
    expect((await adminRequest("/api/admin/duplicates", json({ action: "merge", keepId: winner, removeId: loser }))).status).toBe(200);

    for (const mode of ["skip", "update"]) {
      const form = new FormData();
      form.set("mode", mode);
      form.set("excelFile", fileOf(sheetBytes([SPEC_HEADER, ...rows]), "again.xlsx"));
      const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
      expect(response.status, mode).toBe(200);
      const { stats } = (await response.json()) as { stats: { imported: number; duplicatesSkipped: number } };
      expect(stats, mode).toMatchObject({ imported: 0, duplicatesSkipped: 2 });
      expect(await idOf(`re-b-${run}`).catch(() => null), mode).toBeNull();
    }
  });

  it("an update-mode import that gives a business its twin's phone lists the pair", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const twin = (placeId: string, phone: string) => specRow({ place_id: placeId, name: `Cedar Clinic ${run}`, phone });
    expect((await importSheet([twin(`ph-a-${run}`, "+1 415-555-0101"), twin(`ph-b-${run}`, "+1 415-555-0199")])).stats.imported).toBe(2);
    const [a, b] = [await idOf(`ph-a-${run}`), await idOf(`ph-b-${run}`)];
    expect(pairOf(await allOpenPairs(), a, b)).toBeUndefined();

    const form = new FormData();
    form.set("mode", "update");
    form.set("excelFile", fileOf(sheetBytes([SPEC_HEADER, twin(`ph-b-${run}`, "(415) 555-0101")]), "refresh.xlsx"));
    const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
    expect(((await response.json()) as { stats: { updated: number } }).stats.updated).toBe(1);
    expect(pairOf(await allOpenPairs(), a, b)).toMatchObject({ reason: "phone" });
  });

  it("a business merged into one that is merged later leads to the last one", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const make = (n: number) => buildBusiness({ placeId: `chain-${n}-${run}`, name: `Chain Bakery ${run}`, phone: "+1 217 555 0199" });
    await insert(make(1), make(2), make(3));
    const [a, b, c] = [await idOf(`chain-1-${run}`), await idOf(`chain-2-${run}`), await idOf(`chain-3-${run}`)];
    expect((await adminRequest("/api/admin/duplicates", json({ action: "merge", keepId: b, removeId: a }))).status).toBe(200);
    expect((await adminRequest("/api/admin/duplicates", json({ action: "merge", keepId: c, removeId: b }))).status).toBe(200);
    expect(await visit(`/business/${a}`)).toMatchObject({ status: 301, location: `/business/${c}` });
    expect(await visit(`/business/${b}`)).toMatchObject({ status: 301, location: `/business/${c}` });
  });
});

describe("duplicates by place", () => {
  it("pairs one name within 100 m, not 500 m away, and 'Not a duplicate' dismisses the pair for good", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const at = (n: string, latitude: number, phone: string) =>
      buildBusiness({ placeId: `geo-${n}-${run}`, name: `Corner Café ${run}`, phone, latitude, longitude: -87.6298 });
    // 0.0004° of latitude ≈ 44 m; 0.0045° ≈ 500 m.
    await insert(at("a", 41.8781, "(312) 555-1000"), at("b", 41.8785, "(312) 555-2000"), at("far", 41.8826, "(312) 555-3000"));
    const [a, b, far] = [await idOf(`geo-a-${run}`), await idOf(`geo-b-${run}`), await idOf(`geo-far-${run}`)];
    const pairs = await allOpenPairs();
    const pair = pairOf(pairs, a, b);
    expect(pair?.reason).toBe("nearby");
    expect(pair?.distanceMetres).toBeGreaterThan(40);
    expect(pair?.distanceMetres).toBeLessThan(50);
    expect(pairs.some((p) => p.lowId === far || p.highId === far)).toBe(false);

    const dismiss = await adminRequest("/api/admin/duplicates", json({ action: "dismiss", ids: [b, a] }));
    expect(dismiss.status).toBe(200);
    expect(pairOf(await allOpenPairs(), a, b)).toBeUndefined();
    // An edit looks for the business's candidates again; the dismissed pair stays dismissed.
    const current = (await getJson<Business>(`/api/businesses/${b}`)).body;
    const edit = await adminRequest(`/api/admin/businesses/${b}`, { ...json({ ...editValues(current), rating: 3.9 }), method: "PATCH" });
    expect(edit.status).toBe(200);
    expect(pairOf(await allOpenPairs(), a, b)).toBeUndefined();
    // Moving the far one next door by an edit makes it a candidate.
    const farNow = (await getJson<Business>(`/api/businesses/${far}`)).body;
    await env.DB.prepare("UPDATE businesses SET latitude = 41.8782 WHERE id = ?1").bind(far).run();
    const moved = await adminRequest(`/api/admin/businesses/${far}`, { ...json(editValues(farNow)), method: "PATCH" });
    expect(moved.status).toBe(200);
    expect(pairOf(await allOpenPairs(), a, far)?.reason).toBe("nearby");
  });

  it("the duplicates list reads O(page) rows, however many pairs exist", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    // 30 pairs: more than a page (20).
    await insert(
      ...Array.from({ length: 30 }, (_, i) => [
        buildBusiness({ placeId: `many-${i}-a-${run}`, name: `Twin Shop ${i} ${run}`, phone: `+1 217 555 ${String(1000 + i)}` }),
        buildBusiness({ placeId: `many-${i}-b-${run}`, name: `Twin Shop ${i} ${run}`, phone: `(217) 555-${String(1000 + i)}` }),
      ]).flat(),
    );
    const first = await adminJson<DuplicatePage>("/api/admin/duplicates");
    expect(first.body.pairs).toHaveLength(20);
    expect(first.body.next).not.toBeNull();
    // 21 pair index entries, 40 business seeks (and their json_each ids), the session: 142 rows measured,
    // the same with 30 or 330 pairs stored (docs/perf/duplicates.md).
    expect(rowsRead(first.response)).toBeLessThan(200);
    const second = await adminJson<DuplicatePage>(`/api/admin/duplicates?before=${first.body.next!.highId}-${first.body.next!.lowId}`);
    expect(second.body.pairs.length).toBeGreaterThan(0);
    expect(second.body.pairs[0].highId).toBeLessThanOrEqual(first.body.pairs[19].highId);
    expect(rowsRead(second.response)).toBeLessThan(200);
  });
});

describe("the edge cache", () => {
  it("does not keep serving a merged or deleted business's page", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const make = (n: number) => buildBusiness({ placeId: `cached-${n}-${run}`, name: `Cached Twin ${run}`, phone: "+1 217 555 0166" });
    await insert(make(1), make(2), buildBusiness({ placeId: `cached-gone-${run}` }));
    const [a, b, gone] = [await idOf(`cached-1-${run}`), await idOf(`cached-2-${run}`), await idOf(`cached-gone-${run}`)];
    // The suite runs with EDGE_CACHE=off: the cache is driven directly, as in edge-cache.test.ts.
    const cache = await caches.open(`duplicates-${run}`);
    const get = async (path: string) => {
      const pending: Promise<unknown>[] = [];
      const response = await withEdgeCache(
        new Request(`https://localatlas.test${path}`),
        { db: testDb(), cache, waitUntil: (p) => pending.push(p) },
        (page) => request(new URL(page.url).pathname, { redirect: "manual" }),
      );
      await Promise.all(pending);
      return response;
    };
    for (const id of [b, gone]) {
      await get(`/business/${id}`);
      expect((await get(`/business/${id}`)).headers.get("X-Edge-Cache"), `business ${id}`).toBe("HIT");
    }
    expect((await adminRequest("/api/admin/duplicates", json({ action: "merge", keepId: a, removeId: b }))).status).toBe(200);
    expect((await adminRequest(`/api/admin/businesses/${gone}`, { method: "DELETE" })).status).toBe(200);
    expect((await get(`/business/${b}`)).status).toBe(301);
    expect((await get(`/business/${gone}`)).status).toBe(410);
  });
});

describe("listings stored before duplicate detection", () => {
  it("are compared by the scan, chunk by chunk by id, and their pair is listed", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const twin = (n: number) => buildBusiness({ placeId: `old-${n}-${run}`, name: `Old Twin Garage ${run}`, phone: "+1 217 555 0177" });
    await insert(twin(1), twin(2));
    const [a, b] = [await idOf(`old-1-${run}`), await idOf(`old-2-${run}`)];
    // As the migration leaves them: no keys, no pair.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM duplicate_keys WHERE business_id IN (?1, ?2)").bind(a, b),
      env.DB.prepare("DELETE FROM duplicate_pairs WHERE low_id = ?1 AND high_id = ?2").bind(Math.min(a, b), Math.max(a, b)),
    ]);
    expect(pairOf(await allOpenPairs(), a, b)).toBeUndefined();

    // Small chunks: the pair's two businesses fall in different ones.
    let afterId = 0;
    let chunks = 0;
    for (;;) {
      const chunk = await scanDuplicatesAfter(testDb(), afterId, 7);
      expect(chunk.scanned).toBeLessThanOrEqual(7);
      chunks += 1;
      afterId = chunk.lastId;
      if (!chunk.full) break;
    }
    expect(chunks).toBeGreaterThan(1);
    expect(pairOf(await allOpenPairs(), a, b)?.reason).toBe("phone");

    // The admin's button: the whole directory here fits one chunk, so no job is needed.
    const scan = await adminRequest("/api/admin/duplicates", json({ action: "scan" }));
    expect(scan.status).toBe(200);
    expect(((await scan.json()) as { message: string }).message).toMatch(/^Compared \d+ businesses for duplicates\.$/);
  });
});

describe("a deleted business", () => {
  it("answers 410 with a 'no longer listed' page, noindex, on its URLs; an unknown id stays 404", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    await insert(buildBusiness({ placeId: `gone-${run}`, name: `Closing Down Shop ${run}` }));
    const id = await idOf(`gone-${run}`);
    const slug = await slugOf(id);
    expect((await adminRequest(`/api/admin/businesses/${id}`, { method: "DELETE" })).status).toBe(200);

    for (const path of [`/business/${id}`, `/details/${slug}`, `/details/${slug}-${`gone-${run}`.slice(0, 7)}`]) {
      const { status, html } = await visit(path);
      expect(status, path).toBe(410);
      expect(visibleText(html)).toContain("Business No Longer Listed");
      expect(visibleText(html)).not.toContain("Business Not Found");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain('action="/search"');
    }
    const api = await getJson<{ message: string }>(`/api/businesses/${id}`);
    expect(api.status).toBe(410);
    expect(api.body.message).toBe("Business no longer listed");
    expect((await visit("/business/99999999")).status).toBe(404);
  });

  it("answers 410 after a delete that left no record (delete-all): its id is below the ids ever given", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    await insert(buildBusiness({ placeId: `bulk-${run}` }));
    const id = await idOf(`bulk-${run}`);
    // What a delete-all chunk does to each row: a plain DELETE (the triggers keep the summaries).
    await env.DB.prepare("DELETE FROM businesses WHERE id = ?1").bind(id).run();
    expect((await visit(`/business/${id}`)).status).toBe(410);
  });
});

describe("an edited slug", () => {
  it("301s from the old page address to the business; a taken address is refused", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    await insert(
      buildBusiness({ placeId: `slug-${run}`, name: `Renamed Florist ${run}` }),
      buildBusiness({ placeId: `other-${run}`, name: `Other ${run}` }),
    );
    const id = await idOf(`slug-${run}`);
    const oldSlug = await slugOf(id);
    const current = (await getJson<Business>(`/api/businesses/${id}`)).body;

    const taken = await adminRequest(`/api/admin/businesses/${id}`, {
      ...json({ ...editValues(current), slug: await slugOf(await idOf(`other-${run}`)) }),
      method: "PATCH",
    });
    expect(taken.status).toBe(400);
    expect(((await taken.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.slug).toBeDefined();
    expect(await slugOf(id)).toBe(oldSlug);

    const newSlug = `florist-${run}`;
    const edit = await adminRequest(`/api/admin/businesses/${id}`, { ...json({ ...editValues(current), slug: newSlug }), method: "PATCH" });
    expect(edit.status).toBe(200);
    expect(await slugOf(id)).toBe(newSlug);
    expect((await visit(`/details/${newSlug}`)).status).toBe(200);
    expect(await visit(`/details/${oldSlug}`)).toMatchObject({ status: 301, location: `/business/${id}` });
    expect(await visit(`/api/businesses/slug/${oldSlug}`)).toMatchObject({ status: 301, location: `/api/businesses/${id}` });
  });
});

describe("an edited slug named by the canonical URL", () => {
  it("moves the canonical URL with it, so the old address 301s to the new one, not to itself", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    await insert(buildBusiness({ placeId: `canon-${run}`, name: `Canonical Bakery ${run}` }));
    const id = await idOf(`canon-${run}`);
    const oldSlug = await slugOf(id);
    const current = (await getJson<Business>(`/api/businesses/${id}`)).body;
    const pinned = await adminRequest(`/api/admin/businesses/${id}`, {
      ...json({ ...editValues(current), canonicalUrl: `/details/${oldSlug}` }),
      method: "PATCH",
    });
    expect(pinned.status).toBe(200);

    const newSlug = `bakery-${run}`;
    const edit = await adminRequest(`/api/admin/businesses/${id}`, {
      ...json({ ...editValues((await getJson<Business>(`/api/businesses/${id}`)).body), slug: newSlug }),
      method: "PATCH",
    });
    expect(edit.status).toBe(200);
    expect(await visit(`/details/${oldSlug}`)).toMatchObject({ status: 301, location: `/details/${newSlug}` });
    expect((await visit(`/details/${newSlug}`)).status).toBe(200);
  });
});

describe("the duplicates API and tab without a session", () => {
  it("refuse: 401 JSON for the API, the login page for the tab, 403 for a foreign Origin", async () => {
    expect((await request("/api/admin/duplicates")).status).toBe(401);
    expect(
      (await request("/api/admin/duplicates", { ...json({ action: "dismiss", ids: [1, 2] }), headers: { Origin: SITE_ORIGIN } })).status,
    ).toBe(401);
    const tab = await request("/admin-panel/duplicates", { redirect: "manual" });
    expect(tab.status).toBe(302);
    expect(tab.headers.get("Location")).toBe("/admin-login");
    const foreign = await adminRequest("/api/admin/duplicates", {
      ...json({ action: "dismiss", ids: [1, 2] }),
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const bad = await adminRequest("/api/admin/duplicates", json({ action: "merge", keepId: 5, removeId: 5 }));
    expect(bad.status).toBe(400);
  });
});

// Last in the file: it makes the directory larger than one scan chunk.
describe("the duplicate scan of a large directory", () => {
  it("does one chunk in the request and the rest as a workflow that finishes with no further request", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const filler = Array.from({ length: DUPLICATE_SCAN_CHUNK_ROWS }, (_, i) =>
      buildBusiness({ name: `Scan Filler ${run} ${i}`, phone: null }),
    );
    const twin = (n: number) => buildBusiness({ placeId: `late-${n}-${run}`, name: `Late Twin Salon ${run}`, phone: "+1 217 555 0188" });
    await insert(...filler, twin(1), twin(2));
    const [a, b] = [await idOf(`late-1-${run}`), await idOf(`late-2-${run}`)];
    await env.DB.prepare("DELETE FROM duplicate_keys").run();
    await env.DB.prepare("DELETE FROM duplicate_pairs WHERE low_id = ?1 AND high_id = ?2").bind(Math.min(a, b), Math.max(a, b)).run();

    await using introspector = await introspectWorkflow(env.DUPLICATE_SCAN_WORKFLOW);
    const response = await adminRequest("/api/admin/duplicates", json({ action: "scan" }));
    expect(response.status).toBe(202);
    const answer = (await response.json()) as { scanned: number; jobId: string; statusUrl: string };
    expect(answer.scanned).toBe(DUPLICATE_SCAN_CHUNK_ROWS);
    const [instance] = await introspector.get();
    await instance.waitForStatus("complete");
    const stored = (await env.DB.prepare("SELECT count(*) AS n FROM businesses").first<{ n: number }>())!.n;
    expect(await instance.getOutput()).toEqual({ scanned: stored - DUPLICATE_SCAN_CHUNK_ROWS });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM duplicate_keys").first<{ n: number }>())!.n).toBe(stored);
    expect(pairOf(await allOpenPairs(), a, b)?.reason).toBe("phone");
    const status = await adminJson<{ status: string; scanned: number }>(answer.statusUrl);
    expect(status.body).toMatchObject({ status: "done", scanned: stored - DUPLICATE_SCAN_CHUNK_ROWS });
  });
});
