import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { attributesOf } from "#app/lib/business/attributes";
import type { About } from "#app/lib/business/business";
import { adminRequest } from "../helpers/admin";
import { request } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { multipartInit } from "../helpers/import";
import { fileOf, fixtureBytes, VN_FIXTURE } from "../helpers/spreadsheets";
import { schemaOrgProblems } from "../helpers/schema-vocabulary";

// The real Huế file, imported as an operator would: a café's page says what it has and what its data
// says it lacks ("No wheelchair accessible entrance"), accessibility first, in every locale, and marks
// both up as schema.org amenityFeature.

type Stored = { id: number; name: string; about: About };
let cafes: Stored[] = [];

beforeAll(async () => {
  const form = new FormData();
  form.set("excelFile", fileOf(fixtureBytes(VN_FIXTURE), VN_FIXTURE));
  const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
  expect(response.status).toBe(200);
  const rows = await env.DB.prepare("SELECT id, name, about FROM businesses WHERE city = 'Hue' AND about IS NOT NULL").all<{
    id: number;
    name: string;
    about: string;
  }>();
  cafes = rows.results.map((r) => ({ ...r, about: JSON.parse(r.about) as About }));
});

async function page(path: string) {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { html, text: visibleText(html) };
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

/** The café whose data says its entrance is not wheelchair accessible. */
function lackingEntrance(): Stored {
  const cafe = cafes.find((c) => c.about.Accessibility?.["Wheelchair accessible entrance"] === false);
  expect(cafe, "a Huế café without a wheelchair accessible entrance").toBeDefined();
  return cafe!;
}

describe("a business page's attributes", () => {
  it("says what the data says a café lacks, in words and with a mark, accessibility first", async () => {
    const cafe = lackingEntrance();
    const { html, text } = await page(`/business/${cafe.id}`);
    expect(text).toContain("No wheelchair accessible entrance");
    // The row carries its has/lacks mark as data for the e2e, and an icon beside the words.
    expect(html).toMatch(/<li[^>]*data-attribute="wheelchair-accessible-entrance"[^>]*data-has="false"[^>]*>\s*<svg aria-hidden="true"/);
    // What it has is listed as it is (its dine-in, in the spec's flag form).
    expect(text).toMatch(/Dine-in Available/);
    // The accessibility group comes before the others in the feature list.
    const features = text.slice(text.indexOf("Features & Services"));
    expect(features.indexOf("Accessibility")).toBeGreaterThan(-1);
    expect(features.indexOf("Accessibility")).toBeLessThan(features.indexOf("Service Options"));
    expect(features.indexOf("No wheelchair accessible entrance")).toBeLessThan(features.indexOf("Service Options"));
  });

  it("shows every attribute of the data, has or lacks, once", async () => {
    for (const cafe of cafes) {
      const { html } = await page(`/business/${cafe.id}`);
      const rows = [...html.matchAll(/<li[^>]*data-attribute="([^"]+)"[^>]*data-has="(true|false)"/g)].map((m) => `${m[1]}=${m[2]}`);
      expect(rows.sort(), cafe.name).toEqual(
        attributesOf(cafe.about)
          .map((a) => `${a.slug}=${a.value}`)
          .sort(),
      );
    }
  });

  it("says it in Vietnamese and Spanish", async () => {
    const cafe = lackingEntrance();
    expect((await page(`/vi/business/${cafe.id}`)).text).toContain("Không có lối vào có chỗ cho xe lăn");
    expect((await page(`/es/business/${cafe.id}`)).text).toContain("Sin entrada accesible para personas en silla de ruedas");
  });

  it("marks up has and lacks as amenityFeature, in schema.org's vocabulary", async () => {
    const cafe = lackingEntrance();
    const docs = jsonLd((await page(`/business/${cafe.id}`)).html);
    const business = docs.find((d) => d.amenityFeature);
    expect(business?.["@type"]).toBeTruthy();
    const features = business!.amenityFeature as Array<Record<string, unknown>>;
    expect(features).toContainEqual({ "@type": "LocationFeatureSpecification", name: "Wheelchair accessible entrance", value: false });
    expect(features.map((f) => `${String(f.name)}=${String(f.value)}`).sort()).toEqual(
      attributesOf(cafe.about)
        .map((a) => `${a.label}=${a.value}`)
        .sort(),
    );

    expect(schemaOrgProblems(docs)).toEqual([]);
  });

  it("names the amenities in the page's language", async () => {
    const cafe = lackingEntrance();
    const business = jsonLd((await page(`/vi/business/${cafe.id}`)).html).find((d) => d.amenityFeature);
    expect(business!.amenityFeature).toContainEqual({
      "@type": "LocationFeatureSpecification",
      name: "Lối vào có chỗ cho xe lăn",
      value: false,
    });
  });
});
