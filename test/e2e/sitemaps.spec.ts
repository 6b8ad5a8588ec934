import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// xmllint cannot run inside workerd (vitest), so the XSD check of every sitemap file runs here,
// against the built Worker and the seeded directory.
const XSD = path.join(import.meta.dirname, "..", "fixtures", "xsd");
const dir = mkdtempSync(path.join(tmpdir(), "sitemaps-"));

// A urlset is checked against sitemap-hreflang.xsd: sitemaps.org's sitemap.xsd, whose strict wildcard
// demands a declaration for every foreign element, with the xhtml:link one (xhtml-link.xsd).
function xmllint(xml: string, schema: "sitemap-hreflang.xsd" | "siteindex.xsd", name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--schema", path.join(XSD, schema), file], { stdio: "pipe" });
    return "valid";
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e);
  }
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
}

async function get(request: APIRequestContext, url: string) {
  // Sitemap URLs are absolute on SITE_URL; fetch their paths from the server under test.
  const response = await request.get(new URL(url, "http://x").pathname);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  expect(response.headers()["cache-control"]).toContain("s-maxage");
  return response.text();
}

/** Each `<url>`'s loc and its `<xhtml:link rel="alternate">` set, as "hreflang href" strings. */
function alternates(xml: string): Map<string, string[]> {
  return new Map(
    [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(.*?)<\/url>/g)].map((m) => [
      m[1],
      [...m[2].matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((l) => `${l[1]} ${l[2]}`),
    ]),
  );
}

test("the sitemap index and every sitemap it lists, in every locale, validate against the XSDs", async ({ request }) => {
  const index = await get(request, "/sitemap.xml");
  expect(xmllint(index, "siteindex.xsd", "sitemap.xml")).toBe("valid");
  const files = locs(index);
  const names = ["main.xml", "categories.xml", "cities.xml", "businesses-1.xml"];
  // The default locale's files where they always were, every other served locale's under its prefix.
  expect(files.map((f) => new URL(f).pathname)).toEqual(
    expect.arrayContaining(["", "/vi", "/es"].flatMap((prefix) => names.map((name) => `/sitemaps${prefix}/${name}`))),
  );
  let businessUrls: string[] = [];
  const links = new Map<string, string[]>();
  for (const file of files) {
    const xml = await get(request, file);
    const name = new URL(file).pathname.slice("/sitemaps/".length).replace("/", "-");
    expect(xmllint(xml, "sitemap-hreflang.xsd", name), name).toBe("valid");
    for (const [loc, set] of alternates(xml)) links.set(loc, set);
    if (/^\/sitemaps\/businesses-/.test(new URL(file).pathname)) businessUrls = businessUrls.concat(locs(xml));
  }
  // Reciprocal: every page an alternate names is listed, naming the same set (x-default aside).
  const pairs = [...links].flatMap(([loc, set]) =>
    set.filter((a) => !a.startsWith("x-default ")).map((a) => ({ loc, set, href: a.split(" ")[1] })),
  );
  expect(pairs.filter((p) => JSON.stringify(links.get(p.href)) !== JSON.stringify(p.set)).map((p) => `${p.loc} → ${p.href}`)).toEqual([]);
  expect(pairs.length).toBeGreaterThan(businessUrls.length * 3);
  // Every indexed business listed exactly once (the seed's 1,200, less any an earlier admin spec
  // deleted, less the thin ones that are not indexed).
  const { totalBusinesses } = (await (await request.get("/api/statistics")).json()) as { totalBusinesses: number };
  expect(totalBusinesses).toBeGreaterThan(1100);
  expect(new Set(businessUrls).size).toBe(businessUrls.length);
  expect(businessUrls.length).toBeGreaterThan(totalBusinesses * 0.9);
  expect(businessUrls.length).toBeLessThanOrEqual(totalBusinesses);
  // A business left out is one whose page says noindex (or one that is gone); a listed one is indexed.
  const listed = new Set(businessUrls.map((u) => Number(new URL(u).pathname.split("/").pop())));
  const last = Math.max(...listed);
  const robotsOf = async (id: number) => {
    const response = await request.get(`/business/${id}`, { maxRedirects: 0 });
    const html = await response.text();
    return { status: response.status(), robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null };
  };
  for (let id = 1; id <= last; id++) {
    if (listed.has(id)) continue;
    const page = await robotsOf(id);
    // A business an earlier test merged away 301s to the one it was merged into, one it
    // deleted answers 410 Gone (noindex); any other left-out one is a thin page.
    if (page.status === 301) continue;
    const expected = page.status === 410 ? { status: 410, robots: "noindex" } : { status: 200, robots: "noindex, follow" };
    expect(page, `business ${id}`).toEqual(expected);
  }
  for (const id of [...listed].slice(0, 5)) expect(await robotsOf(id), `business ${id}`).toEqual({ status: 200, robots: null });
});

test("robots.txt names the sitemap and keeps crawlers out of the admin", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  expect(text).toContain("Disallow: /admin-panel");
});
