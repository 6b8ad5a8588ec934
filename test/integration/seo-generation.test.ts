import { introspectWorkflow } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countWords, generateSeoText, MIN_SEO_WORDS, type SeoFacts } from "#app/lib/seo/seo-content";
import { insertBusinesses } from "#app/server/write/business-writer.server";
import { SEO_STEP_ROWS } from "#app/server/seo/seo-workflow.server";
import { generateSeoChunk, SEO_CHUNK_ROWS, seoRemaining } from "#app/server/seo/seo.server";
import { adminRequest, loginAsAdmin, SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, idOf, insert, testDb } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { fetchWith } from "../helpers/worker";

type Row = { seo_title: string | null; seo_description: string | null; unique_content: string | null };
const byPlace = (placeId: string) =>
  env.DB.prepare("SELECT seo_title, seo_description, unique_content FROM businesses WHERE place_id = ?1").bind(placeId).first<Row>();

const sparse: SeoFacts = {
  id: 1,
  placeId: null,
  name: "Bare Shop",
  category: "",
  address: "",
  city: "",
  state: "",
  country: "",
  phone: null,
  website: null,
  rating: 0,
  reviewCount: 0,
  openingHours: null,
  about: null,
  businessStatus: null,
};

describe("generated SEO text", () => {
  it("reaches 200 words even for a business with almost no facts, and is deterministic", () => {
    const text = generateSeoText(sparse);
    expect(countWords(text.uniqueContent)).toBeGreaterThanOrEqual(MIN_SEO_WORDS);
    expect(generateSeoText(sparse)).toEqual(text);
    // Nothing is claimed that the facts do not hold.
    expect(text.uniqueContent).not.toMatch(/\d(\.\d)? out of 5/);
  });

  it("uses the business's own facts and varies between businesses", () => {
    const rich: SeoFacts = {
      ...sparse,
      id: 2,
      placeId: "p-2",
      name: "Kim Long Coffee",
      category: "Coffee shop",
      address: "25 Sư Vạn Hạnh, Huế",
      city: "Huế",
      country: "Vietnam",
      rating: 4.5,
      reviewCount: 124,
      phone: "+84 903 020 425",
      openingHours: { Monday: "6:00 AM - 6:00 PM", Sunday: "Closed" },
      about: { "Service options": { Takeout: true, Delivery: false } },
    };
    const text = generateSeoText(rich).uniqueContent;
    expect(text).toContain("4.5");
    expect(text).toContain("124 reviews");
    expect(text).toContain("Monday: 6:00 AM - 6:00 PM");
    expect(text).toMatch(/lists takeout but not delivery/);
    expect(text).not.toContain("Cafe");
    // The structure follows the facts, not a random pick: what stands out leads after the contact line.
    const second = (facts: SeoFacts) => generateSeoText(facts).uniqueContent.split("\n\n")[1];
    expect(second({ ...rich, name: "Cafe A", reviewsPerScore: [2, 3, 9, 30, 80] })).toMatch(/^Cafe A averages 4.5 out of 5/);
    const allDay = Object.fromEntries(
      ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "Open 24 hours"]),
    );
    expect(second({ ...rich, name: "Cafe B", openingHours: allDay })).toBe("Cafe B is listed as open 24 hours a day, seven days a week.");
    const first = { id: 99, name: "Cafe C", rating: 4.5, reviewCount: 124, latitude: null, longitude: null };
    const neighbourhood = { limit: 30, peers: [first, { ...first, id: 98, name: "Cafe D", rating: 4.1, reviewCount: 30 }] };
    expect(second({ ...rich, id: 99, name: "Cafe C", neighbourhood })).toMatch(
      /^Cafe C comes first of the 2 coffee shop listings we hold for Huế/,
    );
    // Same facts, same text: nothing depends on the id or a hash.
    expect(generateSeoText({ ...rich, id: 7, placeId: "p-7" }).uniqueContent).toBe(text);
  });
});

describe("POST /api/admin/generate-seo logic", () => {
  it("fills only businesses without content, never overwriting an admin's title or text, in chunks until none remain", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const own = buildBusiness({ name: `Own Title ${tag}`, seoTitle: "Admin title" });
    const written = buildBusiness({ name: `Written ${tag}`, uniqueContent: "An admin wrote this." });
    const plain = buildBusiness({ name: `Plain ${tag}` });
    await insert(own, written, plain);

    let run = await generateSeoChunk(testDb(), 1);
    expect(run.updated).toBe(1);
    for (let i = 0; run.remaining > 0 && i < 10_000; i++) run = await generateSeoChunk(testDb(), 200);
    expect(run.remaining).toBe(0);

    const ownRow = await byPlace(String(own.placeId));
    expect(ownRow?.seo_title).toBe("Admin title");
    expect(countWords(String(ownRow?.unique_content))).toBeGreaterThanOrEqual(200);
    expect(ownRow?.seo_description).toContain(`Own Title ${tag}`);
    expect(await byPlace(String(written.placeId))).toMatchObject({ unique_content: "An admin wrote this.", seo_title: null });
    expect((await byPlace(String(plain.placeId)))?.seo_title).toContain(`Plain ${tag}`);

    const again = await generateSeoChunk(testDb());
    expect(again).toEqual({ message: "Every business already has SEO content.", updated: 0, remaining: 0 });
  });

  it("one POST fills a chunk and starts a workflow for the rest, which finishes with no further request", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    await insertBusinesses(
      testDb(),
      Array.from({ length: SEO_CHUNK_ROWS + SEO_STEP_ROWS + 40 }, (_, i) => buildBusiness({ name: `Job Shop ${tag} ${i}` })),
    );
    const waiting = await seoRemaining(testDb());
    expect(waiting).toBeGreaterThan(SEO_CHUNK_ROWS + SEO_STEP_ROWS);

    await using introspector = await introspectWorkflow(env.SEO_WORKFLOW);
    const response = await adminRequest("/api/admin/generate-seo", { method: "POST" });
    expect(response.status).toBe(202);
    const answer = (await response.json()) as { message: string; updated: number; remaining: number; jobId: string; statusUrl: string };
    expect(answer).toMatchObject({ updated: SEO_CHUNK_ROWS, remaining: waiting - SEO_CHUNK_ROWS });
    expect(answer.message).toBe(
      `Generated SEO content for ${SEO_CHUNK_ROWS} businesses; the other ${waiting - SEO_CHUNK_ROWS} are being generated in the background.`,
    );

    const [instance] = await introspector.get();
    await instance.waitForStatus("complete");
    expect(await instance.getOutput()).toEqual({ updated: waiting - SEO_CHUNK_ROWS });
    expect(await instance.waitForStepResult({ name: "seo 1" })).toMatchObject({ updated: SEO_STEP_ROWS, done: false });
    expect(await seoRemaining(testDb())).toBe(0);
    const filled = await env.DB.prepare("SELECT count(*) AS n FROM businesses WHERE name LIKE ?1 AND length(unique_content) > 0")
      .bind(`Job Shop ${tag} %`)
      .first<{ n: number }>();
    expect(filled?.n).toBe(SEO_CHUNK_ROWS + SEO_STEP_ROWS + 40);

    const status = await adminRequest(answer.statusUrl);
    expect(await status.json()).toEqual({
      status: "done",
      updated: waiting - SEO_CHUNK_ROWS,
      remaining: 0,
      message: `Generated SEO content for ${waiting - SEO_CHUNK_ROWS} more businesses in the background.`,
    });
    const audit = await env.DB.prepare("SELECT actor, detail FROM audit_log WHERE action = 'seo' ORDER BY id DESC LIMIT 1").first();
    expect(audit).toMatchObject({ actor: "admin", detail: expect.stringContaining(`started job ${answer.jobId}`) });

    // Nothing left: the call says so at once and starts nothing.
    const again = await adminRequest("/api/admin/generate-seo", { method: "POST" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: "Every business already has SEO content.", updated: 0, remaining: 0 });
  });

  it("writes the default locale's text: with DEFAULT_LOCALE=vi the stored title, description and text are Vietnamese, and the root page shows them", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const cafe = buildBusiness({
      placeId: `vi-default-${tag}`,
      name: `Cà Phê Mộc ${tag}`,
      category: "Coffee shop",
      city: "Huế",
      state: "Thừa Thiên Huế",
      country: "Vietnam",
      address: "7 Sư Vạn Hạnh, Huế",
      rating: 4.5,
      reviewCount: 2,
    });
    await insert(cafe);
    const vi = { DEFAULT_LOCALE: "vi" };
    const response = await fetchWith(vi, "/api/admin/generate-seo", {
      method: "POST",
      headers: { Cookie: await loginAsAdmin(), Origin: SITE_ORIGIN },
    });
    expect(await response.json()).toMatchObject({ updated: 1, remaining: 0 });
    const row = await byPlace(String(cafe.placeId));
    expect(row?.seo_title).toBe(`Cà Phê Mộc ${tag} - Quán cà phê tại Huế, Thừa Thiên Huế`);
    expect(row?.seo_description).toContain(
      `Cà Phê Mộc ${tag} là một quán cà phê ở Huế, Thừa Thiên Huế, Vietnam. Đạt 4,5/5 điểm từ 2 lượt đánh giá.`,
    );
    expect(row?.unique_content).toContain(`Cà Phê Mộc ${tag} là một quán cà phê tại 7 Sư Vạn Hạnh, Huế.`);
    expect(countWords(String(row?.unique_content))).toBeGreaterThanOrEqual(MIN_SEO_WORDS);

    const page = visibleText(await (await fetchWith(vi, `/business/${await idOf(String(cafe.placeId))}`)).text());
    expect(page).toContain(`Cà Phê Mộc ${tag} là một quán cà phê tại 7 Sư Vạn Hạnh, Huế.`);
  });
});
