import { beforeAll, describe, expect, it } from "vitest";
import { deleteBusiness } from "#app/server/write/business-writer.server";
import { buildBusiness, idOf, insert, request, rowsRead, testDb } from "../helpers/factories";
import { visibleText } from "../helpers/html";

const PUBLIC_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
const HOSTILE = "</script><script>alert(1)</script>";

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

async function page(path: string) {
  const response = await request(path);
  return { response, status: response.status, html: await response.text() };
}

const text = visibleText;

const run = crypto.randomUUID().slice(0, 6);
const cityName = `Vistaville ${run}`;
const emptyCityName = `Ghosttown ${run}`;
const category = `Dentist`;

beforeAll(async () => {
  await insert(
    buildBusiness({
      placeId: `vis-dent-${run}`,
      name: `Bright Smile ${run}`,
      category,
      city: cityName,
      state: "Oregon",
      address: `12 Elm St, ${cityName}, OR 97000`,
      rating: 4.7,
      reviewCount: 0,
      phone: "(503) 555-0199",
      openingHours: { Monday: "9AM-5PM", Tuesday: "Closed", Friday: "6PM-2AM", Saturday: "Open 24 hours" },
      latitude: 45.5,
      longitude: -122.6,
      about: { Payments: { "Credit cards": true, "Cash only": false } },
      isVerified: true,
    }),
    buildBusiness({
      placeId: `vis-hostile-${run}`,
      name: `${HOSTILE} Hostile ${run}`,
      description: `Evil ${HOSTILE} description`,
      category: "Plumber",
      city: cityName,
      state: "Oregon",
      rating: 0,
      reviewCount: 0,
    }),
    buildBusiness({
      placeId: `vis-seo-${run}`,
      name: `Seo Shop ${run}`,
      category: "Bakery",
      city: cityName,
      state: "",
      seoTitle: `Custom SEO title ${run}`,
      seoDescription: `Custom SEO description ${run}`,
      canonicalUrl: `/details/custom-${run}`,
      uniqueContent: `Long form text ${run}`,
    }),
    buildBusiness({ placeId: `vis-ghost-${run}`, name: `Ghost ${run}`, city: emptyCityName }),
  );
  // A known city with no businesses left: the empty state, not "City Not Found".
  await deleteBusiness(testDb(), await idOf(`vis-ghost-${run}`));
});

describe("security and cache headers", () => {
  it("public pages are cacheable at the edge and carry a CSP that allows their inline scripts by hash", async () => {
    const { response, html } = await page("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_CACHE);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("https://pagead2.googlesyndication.com");
    expect(csp).toContain("https://static.cloudflareinsights.com");
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toContain("nonce");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(html).not.toContain("nonce");
  });

  it("not-found pages are not cached", async () => {
    const { response } = await page(`/business/99999999`);
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("home", () => {
  it("shows the search, statistics, popular cities, lists and the owner call to action", async () => {
    const { html, status } = await page("/");
    expect(status).toBe(200);
    const t = text(html);
    expect(html).toContain('action="/search"');
    expect(t).toContain("Verified Businesses");
    expect(t).toContain("Popular Cities");
    expect(html).toContain('href="/businesses?sort=latest"');
    expect(html).toContain('href="/add-business"');
    expect(html).toContain('href="/advertise"');
    expect(t).toContain("Add Your Business");
    expect(t).toContain("Learn More");
  });

  it("has the header menus and the footer of SPEC §2: popular categories, cities, quick links, contact", async () => {
    const { html } = await page("/about");
    for (const slug of [
      "restaurants",
      "healthcare",
      "auto-services",
      "beauty-wellness",
      "home-services",
      "professional-services",
      "education",
      "entertainment",
    ]) {
      expect(html).toContain(`href="/category/${slug}"`);
    }
    for (const city of ["New%20York", "Los%20Angeles", "Chicago", "Houston", "Phoenix"]) expect(html).toContain(`href="/city/${city}"`);
    const t = text(html);
    expect(t).toContain("View All Cities");
    expect(t).toContain("© 2025");
    expect(t).toContain("public online sources");
    expect(t).toContain("accuracy is not guaranteed");
    for (const label of ["Browse Businesses", "All Cities", "Privacy Policy", "Terms of Service", "Sitemap"]) expect(t).toContain(label);
    expect(html).toContain('href="/sitemap.xml"');
    expect(html).toContain("mailto:hello@localatlas.example");
  });
});

describe("business detail", () => {
  it("resolves by id and by every slug link form, with the spec's metadata", async () => {
    const id = await idOf(`vis-dent-${run}`);
    const byId = await page(`/business/${id}`);
    expect(byId.status).toBe(200);
    expect(byId.response.headers.get("Cache-Control")).toBe(PUBLIC_CACHE);
    const t = text(byId.html);
    expect(byId.html).toContain(`<title>Bright Smile ${run} | Dentist in ${cityName}, Oregon | LocalAtlas</title>`);
    expect(byId.html).toContain(`content="Discover Dentist services at Bright Smile ${run} in ${cityName}, Oregon."`);
    expect(byId.html).toContain(`<link rel="canonical" href="https://localatlas.test/business/${id}"/>`);
    expect(byId.html).toContain('property="og:title"');
    expect(byId.html).toContain('name="twitter:card"');
    expect(byId.html).toContain('href="tel:+15035550199"');
    expect(t).toContain("Call Now");
    expect(t).toContain("Verified Business");
    expect(t).toContain("Global Network");
    // A 4.7 from no reviews is no Customer Favorite (it needs ≥ 10 reviews) (truthful-pages.test.ts has one that is).
    expect(t).not.toContain("Customer Favorite");
    expect(t).toContain("Back to Search");
    expect(t).toMatch(/Credit cards Available/);
    expect(t).toMatch(/Cash only Not Available/);
    expect(t).toContain("Service Options");
    expect(t).toContain("Not listed for this business.");

    const slug = `bright-smile-${run}`;
    for (const path of [
      `/details/${slug}`,
      `/details/${slug}-vis-den`,
      `/details/${encodeURIComponent(`Bright Smile ${run}`.toLowerCase().replace(/\s+/g, "-"))}-vis-den`,
    ]) {
      const r = await page(path);
      expect(r.status, path).toBe(200);
      expect(r.html).toContain(`<link rel="canonical" href="https://localatlas.test/business/${id}"/>`);
    }
  });

  it("resolves a city-card link when many place ids share its first 7 characters, reading few rows", async () => {
    const shared = Array.from({ length: 30 }, (_, i) =>
      buildBusiness({ placeId: `shared-${run}-${i}`, name: `Shared Prefix ${run} ${i}`, city: `Sharedville ${run}` }),
    );
    await insert(...shared);
    const last = await idOf(`shared-${run}-29`);
    const response = await request(`/details/shared-prefix-${run}-29-shared-`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="https://localatlas.test/business/${last}"/>`);
    expect(rowsRead(response)).toBeLessThan(200);
  });

  it("emits a specific LocalBusiness type with hours and geo, and never the imported rating", async () => {
    const id = await idOf(`vis-dent-${run}`);
    const [business, breadcrumbs] = jsonLd((await page(`/business/${id}`)).html);
    expect(business["@type"]).toBe("Dentist");
    expect(business.telephone).toBe("+1 503 555 0199");
    expect(business.geo).toMatchObject({ "@type": "GeoCoordinates", latitude: 45.5, longitude: -122.6 });
    expect(business.address).toMatchObject({ "@type": "PostalAddress", addressLocality: cityName, addressRegion: "Oregon" });
    // The 4.7 is Google's: only reviews written here are marked up (test/integration/reviews-show.test.ts).
    expect(business.aggregateRating).toBeUndefined();
    expect(business.openingHoursSpecification).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ dayOfWeek: ["https://schema.org/Monday"], opens: "09:00", closes: "17:00" }),
        expect.objectContaining({ dayOfWeek: ["https://schema.org/Tuesday"], opens: "00:00", closes: "00:00" }),
        expect.objectContaining({ dayOfWeek: ["https://schema.org/Friday"], opens: "18:00", closes: "02:00" }),
        expect.objectContaining({ dayOfWeek: ["https://schema.org/Saturday"], opens: "00:00", closes: "23:59" }),
      ]),
    );
    expect(breadcrumbs["@type"]).toBe("BreadcrumbList");
  });

  it("sends its JSON-LD once: the page's data, which the browser downloads too, does not carry it again", async () => {
    const id = await idOf(`vis-dent-${run}`);
    for (const path of [`/business/${id}`, `/city/${encodeURIComponent(cityName)}`, "/category/dentist"]) {
      const { html } = await page(path);
      expect(jsonLd(html).length, path).toBe(2);
      const pageData = html.match(/<script>window\.__reactRouterContext[\s\S]*?<\/script>/g)?.join("") ?? "";
      expect(pageData, path).toContain("loaderData");
      expect(pageData, path).not.toContain("schema.org");
    }
  });

  it("escapes a hostile name and description in HTML and JSON-LD, and omits a zero rating", async () => {
    const id = await idOf(`vis-hostile-${run}`);
    const { html, status } = await page(`/business/${id}`);
    expect(status).toBe(200);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain(`${HOSTILE}`);
    const [business] = jsonLd(html);
    expect(business.name).toBe(`${HOSTILE} Hostile ${run}`);
    expect(business.aggregateRating).toBeUndefined();
    // With no hours: the default schedule is shown but never claimed in structured data.
    expect(business.openingHoursSpecification).toBeUndefined();
    const t = text(html);
    expect(t).toContain("Monday 9:00 AM - 6:00 PM");
    expect(t).toContain("Friday 9:00 AM - 5:00 PM");
    expect(t).toContain("Saturday Closed");
    // Hostile text on listing pages too.
    const city = await page(`/city/${encodeURIComponent(cityName)}`);
    expect(city.html).not.toContain("<script>alert(1)</script>");
    const browse = await page(`/businesses?search=${encodeURIComponent(`Hostile ${run}`)}`);
    expect(browse.html).not.toContain("<script>alert(1)</script>");
  });

  it("uses seoTitle, seoDescription and canonicalUrl when present and shows Detailed Information", async () => {
    const id = await idOf(`vis-seo-${run}`);
    const { html } = await page(`/business/${id}`);
    expect(html).toContain(`<title>Custom SEO title ${run}</title>`);
    expect(html).toContain(`content="Custom SEO description ${run}"`);
    expect(html).toContain(`<link rel="canonical" href="https://localatlas.test/details/custom-${run}"/>`);
    expect(text(html)).toContain("Detailed Information");
    expect(text(html)).toContain(`Long form text ${run}`);
  });

  it("answers 404 with Business Not Found for a missing business", async () => {
    for (const path of ["/business/99999999", "/business/abc", `/details/no-such-business-${run}`]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      const t = text(html);
      expect(t).toContain("Business Not Found");
      expect(t).toContain("The business you're looking for doesn't exist");
      expect(t).toContain("Back to Home");
      expect(html).toContain("<title>Business Not Found | LocalAtlas</title>");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      // The thrown 404 renders inside the public layout: header and footer stay.
      expect(t).toContain("View All Cities");
    }
  });
});

describe("city page", () => {
  it("lists a city's businesses with the spec's texts, metadata and structured data", async () => {
    const { status, html } = await page(`/city/${encodeURIComponent(cityName)}`);
    expect(status).toBe(200);
    const t = text(html);
    expect(t).toContain(`Businesses in ${cityName}`);
    expect(t).toMatch(new RegExp(`Found \\d+ businesses in ${cityName}`));
    expect(t).toMatch(/\d+ Results/);
    expect(t).toContain("View Details");
    expect(html).toContain(`<title>Businesses in ${cityName} | Local Services &amp; Companies | LocalAtlas</title>`);
    expect(html).toContain(
      `Find the best businesses and services in ${cityName}. Browse local companies, read reviews, and discover trusted service providers in your area.`,
    );
    expect(html).toContain(`href="https://localatlas.test/city/${encodeURIComponent(cityName)}"`);
    expect(html).toContain(`href="/details/bright-smile-${run}-vis-den"`);
    const types = jsonLd(html).map((d) => d["@type"]);
    expect(types).toEqual(["ItemList", "BreadcrumbList"]);
    // The stylesheet is a file every page shares (ADR 0023), not a copy inlined in each.
    expect(html).toMatch(/<link rel="stylesheet" href="[^"]+app[^"]*\.css"/);
    expect(html).not.toContain("<style");
  });

  it("shows City Not Found (404) for an unknown city and the empty state for a city with none left", async () => {
    const missing = await page(`/city/Atlantis-${run}`);
    expect(missing.status).toBe(404);
    expect(text(missing.html)).toContain("City Not Found");
    expect(text(missing.html)).toContain("The city you're looking for doesn't exist or has no businesses.");
    expect(missing.html).toContain("<title>City Not Found | LocalAtlas</title>");
    const empty = await page(`/city/${encodeURIComponent(emptyCityName)}`);
    if (empty.status === 200) {
      expect(text(empty.html)).toContain("No businesses found");
      expect(text(empty.html)).toContain(`There are no businesses listed in ${emptyCityName} yet.`);
    } else {
      // The summary row of an emptied city may be dropped by the writer: then it is unknown.
      expect(empty.status).toBe(404);
    }
  });
});

describe("category page", () => {
  it("resolves group slugs and fine categories with the spec's texts", async () => {
    const fine = await page("/category/dentist");
    expect(fine.status).toBe(200);
    const t = text(fine.html);
    expect(t).toContain("Discover quality Dentist businesses and services in your area");
    // SPEC's 'N Businesses Found', in its singular for the one dentist.
    expect(t).toContain(" 1 Business Found ");
    expect(jsonLd(fine.html).map((d) => d["@type"])).toEqual(["ItemList", "BreadcrumbList"]);
    const group = await page("/category/healthcare");
    expect(group.status).toBe(200);
    expect(text(group.html)).toContain("Healthcare");
  });

  it("shows Category Not Found with the title-cased name (404)", async () => {
    const { status, html } = await page("/category/flying-carpets");
    expect(status).toBe(404);
    expect(text(html)).toContain("Category Not Found");
    expect(text(html)).toContain('The category "Flying Carpets" doesn\'t exist or has no businesses.');
    expect(html).toContain("<title>Category Not Found | LocalAtlas</title>");
  });
});

describe("all businesses", () => {
  it("shows the heading, total, search box and category drop-down", async () => {
    const { status, html } = await page("/businesses");
    expect(status).toBe(200);
    const t = text(html);
    expect(t).toContain("Browse All Businesses");
    expect(t).toMatch(/[\d,]+ Total Businesses/);
    expect(html).toContain('placeholder="Search businesses..."');
    expect(t).toContain("All Categories");
    expect(html).toMatch(/<option value="[a-z0-9-]+">[^<]+ \(\d[\d,]*\)<\/option>/);
    // The category drop-down lists at most 20 categories (the filter bar's day and time selects aside).
    const categorySelect = /<select[^>]*name="category"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
    const options = categorySelect.match(/<option value="[^"]+">/g) ?? [];
    expect(options.length).toBeGreaterThan(0);
    expect(options.length).toBeLessThanOrEqual(20);
  });

  it("searches, filters by category and keeps sort=latest in its links", async () => {
    const found = await page(`/businesses?search=${encodeURIComponent(`Bright Smile ${run}`)}&sort=latest`);
    expect(text(found.html)).toContain(`Bright Smile ${run}`);
    const empty = await page(`/businesses?search=zzqqxx${run}&sort=latest`);
    const t = text(empty.html);
    expect(t).toContain("No businesses found");
    expect(t).toContain("Try adjusting your search criteria or browse all categories.");
    expect(empty.html).toContain('href="/businesses?sort=latest"');
    expect(t).toContain("Clear Filters");
    const filtered = await page("/businesses?category=dentist");
    expect(text(filtered.html)).toContain(`Bright Smile ${run}`);
  });

  it("clamps the page and shows Page X of Y", async () => {
    await insert(
      ...Array.from({ length: 21 }, (_, i) => buildBusiness({ name: `Pager Probe ${run} ${i}`, category: `Pager Probe ${run}` })),
    );
    const category = `pager-probe-${run}`;
    const first = await page(`/businesses?category=${category}&page=abc`);
    expect(text(first.html)).toContain("Page 1 of 2");
    const beyond = await page(`/businesses?category=${category}&page=99`);
    expect(text(beyond.html)).toContain("Page 2 of 2");
    expect(beyond.html).toContain(`href="/businesses?category=${category}"`);
  });
});

describe("D1 budget", () => {
  it("every public page reads O(page) rows", async () => {
    const id = await idOf(`vis-dent-${run}`);
    const paths = [
      "/",
      "/businesses",
      "/businesses?sort=latest&page=2",
      `/city/${encodeURIComponent(cityName)}`,
      "/category/dentist",
      "/category/healthcare",
      `/business/${id}`,
      `/details/bright-smile-${run}-vis-den`,
      "/about",
    ];
    for (const path of paths) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      expect(rowsRead(response), path).toBeLessThan(150);
    }
  });
});

describe("cities, static pages and the 404 page", () => {
  it("lists cities grouped by country", async () => {
    const { status, html } = await page("/cities");
    expect(status).toBe(200);
    expect(text(html)).toContain("All Cities");
    expect(text(html)).toContain("United States");
  });

  it("has the facts of the static pages", async () => {
    const terms = text((await page("/terms-of-service")).html);
    for (const fact of [
      "January 28, 2025",
      "hello@localatlas.example",
      "searching and viewing business information",
      "automated means",
      "use, display and distribute",
      "notify us of changes",
      '"as is"',
      "twelve (12) months",
      "terminate access at any time",
      "24 hours on business days",
    ]) {
      expect(terms).toContain(fact);
    }
    const privacy = text((await page("/privacy-policy")).html);
    for (const fact of ["January 28, 2025", "Cloudflare Web Analytics", "access", "correct", "delete", "opt out", "Google AdSense"])
      expect(privacy).toContain(fact);
    const contact = await page("/contact");
    expect(text(contact.html)).toContain("24 hours on business days");
    expect(contact.html.match(/<dt class="font-semibold/g)?.length).toBe(4);
    for (const path of ["/about", "/add-business", "/advertise"]) expect((await page(path)).status).toBe(200);
    expect(text((await page("/add-business")).html)).toContain("hello@localatlas.example");
  });

  it("serves the 404 page for any other path and for /city/ with a blank name", async () => {
    for (const path of ["/no-such-page", "/city/%20"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(text(html)).toContain("404 Page Not Found");
      expect(text(html)).toContain("Did you forget to add the page to the router?");
      expect(html).toContain("<title>404 Page Not Found</title>");
    }
  });
});

describe("one card, numbered pages, a result count", () => {
  /** The class of every listing card on a page: one source file gives one class everywhere. */
  const cardClasses = (html: string) => [...html.matchAll(/<article class="([^"]+)"/g)].map((m) => m[1]);

  it("renders the same card on home, /businesses, city, category and search", async () => {
    const pages = await Promise.all(
      [
        "/",
        "/businesses",
        `/city/${encodeURIComponent(cityName)}`,
        "/category/dentist",
        `/search?q=${encodeURIComponent(`Bright Smile ${run}`)}`,
      ].map((path) => page(path)),
    );
    const classes = pages.map((p) => cardClasses(p.html));
    for (const list of classes) expect(list.length).toBeGreaterThan(0);
    expect(new Set(classes.flat()).size).toBe(1);
    // The card of a verified business says so, in the same words, on the city page and in search.
    for (const p of [pages[2], pages[4]]) {
      const at = p.html.indexOf(`>Bright Smile ${run}</a>`);
      const card = p.html.slice(p.html.lastIndexOf("<article", at), p.html.indexOf("</article>", at));
      expect(text(card)).toContain("Verified");
      expect(card).toContain('href="tel:+15035550199"');
    }
    // The city page keeps its spec texts on the same card.
    expect(text(pages[2].html)).toContain("View Details");
    expect(pages[2].html).toContain(`href="/details/bright-smile-${run}-vis-den"`);
  });

  it("shows the address once, with the country it does not name", async () => {
    const { html } = await page(`/city/${encodeURIComponent(cityName)}`);
    expect(text(html)).toContain(`12 Elm St, ${cityName}, OR 97000, United States`);
  });

  it("numbers the pages of /businesses: the first, the last and two either side of the current one", async () => {
    // Nine pages of one category of its own.
    await insert(...Array.from({ length: 170 }, (_, i) => buildBusiness({ name: `Numbered ${run} ${i}`, category: `Numbered ${run}` })));
    const category = `numbered-${run}`;
    const { html } = await page(`/businesses?category=${category}&page=5`);
    expect(text(html)).toContain("Page 5 of 9");
    const link = (n: number) => `href="/businesses?category=${category}${n > 1 ? `&amp;page=${n}` : ""}"`;
    for (const n of [1, 3, 4, 6, 7, 9]) expect(html).toContain(link(n));
    for (const n of [2, 8]) expect(html).not.toContain(link(n));
    expect(html).toMatch(/aria-current="page"[^>]*><span class="sr-only">Page <\/span>5</);
  });

  it("counts the results on /search", async () => {
    const one = await page(`/search?q=${encodeURIComponent(`Bright Smile ${run}`)}`);
    expect(text(one.html)).toContain("1 result ");
  });

  it("offers a way on from the 404 page: a search box and links home and to every business", async () => {
    const { status, html } = await page("/no-such-page");
    expect(status).toBe(404);
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain('action="/search"');
    expect(main).toContain('name="q"');
    expect(main).toContain('href="/businesses"');
    expect(text(html)).toContain("Go to the home page");
  });
});
