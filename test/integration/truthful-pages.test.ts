/**
 * The pages and the API claim nothing the data does not say (open status,
 * badges, generated text) and show the contact facts the data holds (website, directions, review
 * histogram, today's hours). Through the Worker's fetch, against real D1.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Business } from "#app/lib/business/business";
import { buildBusiness, getJson, idOf, insert, request, rowsRead } from "../helpers/factories";
import { visibleText } from "../helpers/html";

const run = crypto.randomUUID().slice(0, 6);
const city = `Truthton ${run}`;
const ALWAYS = Object.fromEntries(
  ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "Open 24 hours"]),
);
const NEVER = Object.fromEntries(Object.keys(ALWAYS).map((d) => [d, "Closed"]));

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

const text = visibleText;

async function detail(placeId: string) {
  const id = await idOf(placeId);
  const response = await request(`/business/${id}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { id, html, t: text(html) };
}

beforeAll(async () => {
  await insert(
    // Stored is_open says open, but there are no hours: nothing may claim it is open.
    buildBusiness({
      placeId: `tr-nohours-${run}`,
      name: `No Hours ${run}`,
      city,
      isOpen: true,
      openingHours: null,
      rating: 4.9,
      reviewCount: 3,
    }),
    buildBusiness({
      placeId: `tr-always-${run}`,
      name: `Always Open ${run}`,
      category: "Electrician",
      city,
      openingHours: ALWAYS,
      timeZone: "America/Chicago",
      website: "https://always-open.example/shop/",
      locationLink: "https://www.google.com/maps/place/?q=place_id:abc",
      rating: 4.6,
      reviewCount: 124,
      reviewsPerScore: [6, 2, 5, 24, 87],
    }),
    buildBusiness({
      placeId: `tr-never-${run}`,
      name: `Never Open ${run}`,
      category: "Escape room center",
      city,
      openingHours: NEVER,
      isOpen: true,
      latitude: 16.4555774,
      longitude: 107.5479149,
      rating: 4.5,
      reviewCount: 9,
    }),
    buildBusiness({
      placeId: `tr-gone-${run}`,
      name: `Gone For Good ${run}`,
      city,
      openingHours: ALWAYS,
      businessStatus: "CLOSED_PERMANENTLY",
      phone: "(217) 555-0111",
      rating: 5,
      reviewCount: 5000,
    }),
    buildBusiness({
      placeId: `tr-paused-${run}`,
      name: `Paused ${run}`,
      city,
      openingHours: ALWAYS,
      businessStatus: "CLOSED_TEMPORARILY",
      phone: "(217) 555-0112",
    }),
    buildBusiness({
      placeId: `tr-bare-${run}`,
      name: `Bare ${run}`,
      category: "",
      address: "",
      city: "",
      state: "",
      country: "",
      zipCode: "",
      stateCode: "",
      phone: null,
      website: "ftp://files.example/",
    }),
  );
});

describe("open status only from real hours", () => {
  it("with no hours: 'Hours not listed', the typical schedule labelled, no Open Now, isOpen false in the API", async () => {
    const { id, html, t } = await detail(`tr-nohours-${run}`);
    expect(t).toContain("Hours not listed");
    expect(t).not.toContain("Open Now");
    expect(t).toContain("Typical schedule; hours not listed");
    expect(t).toContain("Monday 9:00 AM - 6:00 PM");
    expect(jsonLd(html)[0].openingHoursSpecification).toBeUndefined();
    const api = await getJson<Business>(`/api/businesses/${id}`);
    expect(api.body.isOpen).toBe(false);
    expect(api.body.openStatus).toEqual({ state: "unknown", label: "Hours not listed", phrase: "hoursNotListed" });
  });

  it("open and closed come from the hours whatever the stored flag says", async () => {
    const always = await detail(`tr-always-${run}`);
    expect(always.t).toContain("Open Now · Open 24 hours");
    const never = await detail(`tr-never-${run}`);
    expect(never.t).toContain("Closed");
    expect(never.t).not.toContain("Open Now");
    expect((await getJson<Business>(`/api/businesses/${always.id}`)).body.isOpen).toBe(true);
    expect((await getJson<Business>(`/api/businesses/${never.id}`)).body.isOpen).toBe(false);
  });

  it("a permanently closed business: a banner, no Call Now, no tel: link, no hours in JSON-LD, isOpen false", async () => {
    const { id, html, t } = await detail(`tr-gone-${run}`);
    expect(t).toContain("Permanently closed");
    expect(t).toContain("Our data lists this business as permanently closed.");
    expect(t).not.toContain("Call Now");
    // (The footer's tel: link is the site's own contact phone.)
    expect(html).not.toMatch(/href="tel:(\+1)?2175550111"/);
    expect(t).toContain("(217) 555-0111");
    expect(jsonLd(html)[0].openingHoursSpecification).toBeUndefined();
    expect((await getJson<Business>(`/api/businesses/${id}`)).body.isOpen).toBe(false);
  });

  it("a temporarily closed business: a banner, still callable, not open", async () => {
    const { t, html } = await detail(`tr-paused-${run}`);
    expect(t).toContain("Temporarily closed");
    expect(t).toContain("Our data lists this business as temporarily closed.");
    expect(t).not.toContain("Open Now");
    expect(html).toContain('href="tel:+12175550112"');
  });

  it("the home page's recommended list leaves closed businesses out, reading O(page) rows", async () => {
    // Gone For Good has the best score of the directory (5.0 from 5,000 reviews) but is closed for good.
    const { body } = await getJson<Business[]>("/api/businesses/recommended");
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(6);
    for (const b of body) expect(["CLOSED_PERMANENTLY", "CLOSED_TEMPORARILY"]).not.toContain(b.businessStatus);
    expect(body.map((b) => b.name)).not.toContain(`Gone For Good ${run}`);
    const home = await request("/");
    const html = await home.text();
    // Its own section: "Recently Added" may list it, being new.
    const section = html.slice(html.indexOf("Recommended Businesses"), html.indexOf("Recently Added"));
    expect(section).toContain("/details/");
    expect(section).not.toContain(`Gone For Good ${run}`);
    expect(rowsRead(home)).toBeLessThan(150);
  });
});

describe("nothing claimed without data", () => {
  it("Customer Favorite only with rating ≥ 4.5 and ≥ 10 reviews; Global Network always", async () => {
    const favorite = await detail(`tr-always-${run}`);
    expect(favorite.t).toContain("Customer Favorite");
    expect(favorite.t).toContain("Global Network");
    const fewReviews = await detail(`tr-never-${run}`);
    expect(fewReviews.t).not.toContain("Customer Favorite");
    expect(fewReviews.t).toContain("Global Network");
  });

  it("right articles, and no empty headings or links without data", async () => {
    expect((await detail(`tr-always-${run}`)).t).toContain(`Always Open ${run} is an electrician`);
    expect((await detail(`tr-never-${run}`)).t).toContain(`Never Open ${run} is an escape room center`);
    const bare = await detail(`tr-bare-${run}`);
    expect(bare.html).not.toMatch(/<h3[^>]*>Address<\/h3>/);
    expect(bare.html).not.toMatch(/<h3[^>]*>Phone<\/h3>/);
    expect(bare.t).not.toContain("Directions");
    // An ftp address is no website link.
    expect(bare.html).not.toContain("ftp://");
    expect(bare.t).not.toMatch(/\bWebsite\b/);
  });
});

describe("contact facts shown", () => {
  it("links the website (nofollow ugc noopener) and the stored Google Maps link for directions", async () => {
    const { html } = await detail(`tr-always-${run}`);
    expect(html).toContain('href="https://always-open.example/shop/" rel="nofollow ugc noopener"');
    expect(text(html)).toContain("always-open.example/shop");
    expect(html).toMatch(/href="https:\/\/www\.google\.com\/maps\/place\/\?q=place_id:abc"[^>]*>Directions</);
  });

  it("builds directions from coordinates, else from the address", async () => {
    expect((await detail(`tr-never-${run}`)).html).toContain(
      "https://www.google.com/maps/search/?api=1&amp;query=16.4555774%2C107.5479149",
    );
    const { html } = await detail(`tr-nohours-${run}`);
    expect(html).toMatch(/https:\/\/www\.google\.com\/maps\/search\/\?api=1&amp;query=No%20Hours%20\w+%2C%20\d+%20Main%20St/);
  });

  it("shows the review histogram beside the average as text", async () => {
    const { t } = await detail(`tr-always-${run}`);
    expect(t).toContain("Reviews by star rating");
    expect(t).toContain("5 stars 87 (70%)");
    expect(t).toContain("4 stars 24 (19%)");
    expect(t).toContain("1 star 6 (5%)");
    // No counts, no histogram.
    expect((await detail(`tr-never-${run}`)).t).not.toContain("Reviews by star rating");
  });

  it("marks today's row of the hours table, in the business's time zone", async () => {
    const { html } = await detail(`tr-always-${run}`);
    const today = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", weekday: "long" }).format(new Date());
    const current = [...html.matchAll(/<tr aria-current="date"[^>]*>([\s\S]*?)<\/tr>/g)];
    expect(current).toHaveLength(1);
    // The request and this check may straddle midnight in Chicago: either day is right then.
    const yesterday = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", weekday: "long" }).format(
      new Date(Date.now() - 60_000),
    );
    expect([today, yesterday]).toContain(text(current[0][1]).trim().split(" ")[0]);
  });
});
