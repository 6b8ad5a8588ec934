import { describe, expect, it } from "vitest";
import { editedColumns, editValues } from "#app/lib/admin/admin-businesses";
import { prepareBusiness, toBusiness } from "#app/lib/business/business";
import { type RefreshableRow, refreshOf } from "#app/lib/business/business-refresh";
import type { BusinessRow } from "#db/schema";
import { buildBusiness } from "../helpers/factories";

/** A stored business as the writer reads it for a refresh. */
function storedRow(overrides: Partial<RefreshableRow> = {}): RefreshableRow {
  return {
    id: 7,
    place_id: "refresh-1",
    rating: 4.2,
    review_count: 40,
    reviews_per_score: "[1,2,3,4,30]",
    score: 4.14,
    opening_hours: '{"Monday":"9:00 AM - 5:00 PM"}',
    business_status: "OPERATIONAL",
    is_open: 1,
    photos: '["https://example.com/a.jpg"]',
    website: "https://example.com/",
    phone: "+1 555 0100",
    edited_fields: "[]",
    about: null,
    filter_terms: null,
    ...overrides,
  };
}

const fileRow = (overrides: Parameters<typeof buildBusiness>[0] = {}) =>
  prepareBusiness(
    buildBusiness({
      placeId: "refresh-1",
      rating: 4.2,
      reviewCount: 40,
      reviewsPerScore: [1, 2, 3, 4, 30],
      openingHours: { Monday: "9:00 AM - 5:00 PM" },
      businessStatus: "OPERATIONAL",
      photos: ["https://example.com/a.jpg"],
      website: "https://example.com/",
      phone: "+1 555 0100",
      ...overrides,
    }),
  );

describe("refreshOf: what an update-mode import writes to a business it already lists", () => {
  it("writes nothing when the file says what is stored", () => {
    expect(refreshOf(storedRow(), fileRow())).toBeNull();
  });

  it("takes the file's rating, reviews, hours, status, photos, website and phone, and recomputes the score", () => {
    const next = refreshOf(
      storedRow(),
      fileRow({
        rating: 3.1,
        reviewCount: 55,
        reviewsPerScore: [20, 5, 5, 5, 20],
        openingHours: { Tuesday: "Closed" },
        businessStatus: "CLOSED_TEMPORARILY",
        isOpen: false,
        photos: ["https://example.com/b.jpg"],
        website: "https://example.org/",
        phone: "+1 555 0199",
      }),
    );
    expect(next).toMatchObject({
      ranked: true,
      rating: 3.1,
      review_count: 55,
      reviews_per_score: "[20,5,5,5,20]",
      opening_hours: '{"Tuesday":"Closed"}',
      business_status: "CLOSED_TEMPORARILY",
      is_open: 0,
      photos: '["https://example.com/b.jpg"]',
      website: "https://example.org/",
      phone: "+1 555 0199",
    });
    expect(next?.score).toBeLessThan(4.14);
  });

  it("never blanks a stored value: empty cells and a rating of 0 with no reviews change nothing", () => {
    const blank = fileRow({ rating: 0, reviewCount: 0, reviewsPerScore: null, openingHours: null, photos: [], website: "", phone: "" });
    expect(refreshOf(storedRow(), { ...blank, business_status: null })).toBeNull();
  });

  it("keeps every field the admin edited by hand, and the histogram when the rating or count was edited", () => {
    const stored = storedRow({ edited_fields: '["phone","rating","opening_hours"]' });
    const next = refreshOf(
      stored,
      fileRow({
        rating: 2,
        reviewCount: 90,
        reviewsPerScore: [50, 10, 10, 10, 10],
        phone: "+1 555 0199",
        openingHours: { Monday: "Closed" },
      }),
    );
    expect(next).toMatchObject({ rating: 4.2, review_count: 90, phone: "+1 555 0100", opening_hours: stored.opening_hours });
    expect(next?.reviews_per_score).toBe(stored.reviews_per_score);
  });
});

describe("editedColumns: what an admin edit records as edited by hand", () => {
  const row = (): BusinessRow => {
    const p = prepareBusiness(buildBusiness({ placeId: "edit-cols", phone: "+1 555 0100", openingHours: { Monday: "9:00 AM - 5:00 PM" } }));
    return {
      id: 1,
      slug: "x",
      placeId: p.place_id,
      name: p.name,
      category: p.category,
      categorySlug: p.category_slug,
      groupSlug: p.group_slug,
      subtypes: p.subtypes,
      keywords: p.keywords,
      description: p.description,
      address: p.address,
      city: p.city,
      citySlug: p.city_slug,
      state: p.state,
      stateCode: p.state_code,
      zipCode: p.zip_code,
      country: p.country,
      countryCode: p.country_code,
      phone: p.phone,
      email: p.email,
      website: p.website,
      rating: p.rating,
      reviewCount: p.review_count,
      reviewsPerScore: null,
      score: p.score,
      isOpen: p.is_open,
      isVerified: p.is_verified,
      photos: JSON.stringify(p.photos),
      openingHours: JSON.stringify(p.opening_hours),
      about: null,
      filterTerms: null,
      timeZone: p.time_zone,
      latitude: p.latitude,
      longitude: p.longitude,
      locationLink: p.location_link,
      businessStatus: p.business_status,
      seoTitle: p.seo_title,
      seoDescription: p.seo_description,
      canonicalUrl: p.canonical_url,
      uniqueContent: p.unique_content,
      uniqueContentGenerated: false,
      importId: null,
      facets: "",
      createdAt: 0,
      updatedAt: 0,
      editedFields: "[]",
      factSources: "{}",
      specialHours: null,
      claimedAt: null,
      featuredUntil: null,
      refreshedAt: null,
      ownReviewCount: 0,
      ownRatingSum: 0,
      ownStars1: 0,
      ownStars2: 0,
      ownStars3: 0,
      ownStars4: 0,
      ownStars5: 0,
      firstReviewAt: null,
      indexFacts: 0,
      geoCell: null,
      geoTerms: null,
      nearFacets: null,
    };
  };

  it("is empty for a form saved untouched, and names the columns of the fields changed", () => {
    const form = editValues(toBusiness(row()));
    const parse = (values: typeof form) => ({
      ...values,
      rating: Number(values.rating),
      reviewCount: Number(values.reviewCount),
      isVerified: Boolean(values.isVerified),
    });
    expect(editedColumns(form, parse(form) as never)).toEqual([]);
    const changed = { ...form, name: "New Name", phone: " +1 555 0199 ", openingHours: { ...form.openingHours, Monday: "Closed" } };
    expect(editedColumns(form, parse(changed) as never)).toEqual(["name", "phone", "opening_hours"]);
  });
});
