import { desc, getTableColumns, sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * One row per listed business. Every write goes through app/server/write/business-writer.server.ts, which
 * adds a batch's new rows to the FTS index (businesses_fts) and the summary tables itself; triggers
 * keep both exact after an edit or a delete (db/schema.sql lists them, and
 * test/integration/schema-agreement.test.ts says what each is for).
 * Positions in the public lists live in list_sections and list_blocks (docs/decisions/0011-list-positions.md).
 */
export const businesses = sqliteTable(
  "businesses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placeId: text("place_id"),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull().default(""),
    categorySlug: text("category_slug").notNull().default(""),
    groupSlug: text("group_slug").notNull().default("other"),
    subtypes: text("subtypes").notNull().default(""),
    /** Words of the category group ("doctor clinic medical …") so searches find the group. */
    keywords: text("keywords").notNull().default(""),
    description: text("description"),
    address: text("address").notNull().default(""),
    city: text("city").notNull().default(""),
    citySlug: text("city_slug").notNull().default(""),
    state: text("state").notNull().default(""),
    stateCode: text("state_code").notNull().default(""),
    zipCode: text("zip_code").notNull().default(""),
    country: text("country").notNull().default(""),
    countryCode: text("country_code").notNull().default(""),
    phone: text("phone"),
    email: text("email"),
    website: text("website"),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    /** JSON array of the review counts per star, 1★ to 5★ (Outscraper's reviews_per_score_1..5); null when unknown. */
    reviewsPerScore: text("reviews_per_score"),
    /** rating weighted by review count; the "recommended" order. */
    score: real("score").notNull().default(0),
    isOpen: integer("is_open", { mode: "boolean" }).notNull().default(true),
    isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
    /** JSON array of image URLs. */
    photos: text("photos").notNull().default("[]"),
    /** JSON object weekday → text ("9:00 AM - 5:00 PM", "Open 24 hours", "Closed"). */
    openingHours: text("opening_hours"),
    /** JSON object of Outscraper's feature groups ("Service options", "Payments", …). */
    about: text("about"),
    timeZone: text("time_zone"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    locationLink: text("location_link"),
    businessStatus: text("business_status"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    canonicalUrl: text("canonical_url"),
    uniqueContent: text("unique_content"),
    /** Whether uniqueContent was written by SEO generation (GENERATED_TEXT=off hides it), not by an admin or an import. */
    uniqueContentGenerated: integer("unique_content_generated", { mode: "boolean" }).notNull().default(false),
    importId: integer("import_id"),
    /**
     * The search's filters as FTS tokens (city, state, country, postal code, category, group, rating
     * tenths), so a location or category narrows the FTS match itself and the search reads only the
     * page's rows (docs/decisions/0007-search-facets.md). Computed, never stored; the same spelling
     * is built for queries by app/lib/search/search-query.ts (facetToken).
     */
    facets: text("facets").generatedAlwaysAs(
      sql`'ci' || replace(city_slug, '-', '') || '0 st' || replace(state_code, '-', '') || '0 co' || country_code
        || '0 zi' || replace(replace(zip_code, ' ', ''), '-', '') || '0 ca' || replace(category_slug, '-', '')
        || '0 gr' || replace(group_slug, '-', '') || '0 ra' || CAST(round(rating * 10) AS INTEGER) || '0'`,
      { mode: "virtual" },
    ),
    createdAt: integer("created_at")
      .notNull()
      .default(sql`(unixepoch())`),
    updatedAt: integer("updated_at")
      .notNull()
      .default(sql`(unixepoch())`),
    /**
     * Columns an admin changed by hand (JSON array of column names, e.g. ["name","phone"]): an import
     * in update mode never overwrites them (docs/decisions/0018-reimport-update.md). Set by the edit path only.
     */
    editedFields: text("edited_fields").notNull().default("[]"),
    /**
     * The 0.001° grid cell (~110 m) of the coordinates: row (latitude + 90) × 1000, column
     * (longitude + 180) × 1000, as row × 360,000 + column, so the cells of one grid row are one
     * range of the index and a box is one range per row (app/server/search/near.server.ts). Computed,
     * never stored; null without coordinates.
     */
    geoCell: integer("geo_cell").generatedAlwaysAs(
      sql`CAST((latitude + 90) * 1000 AS INTEGER) * 360000 + CAST((longitude + 180) * 1000 AS INTEGER)`,
      { mode: "virtual" },
    ),
    /**
     * How many of {opening hours (a day with text), phone, rating > 0} the business has: its page is indexed
     * and in the business sitemaps from INDEX_MIN_FACTS on (docs/decisions/0020-indexing-and-city-categories.md).
     * Computed, never stored.
     */
    indexFacts: integer("index_facts").generatedAlwaysAs(
      sql`coalesce(instr(replace(replace(opening_hours, ': ', ':'), ':""', ''), ':"') > 0, 0) + coalesce(phone <> '', 0) + (rating > 0)`,
      { mode: "virtual" },
    ),
    /**
     * The grid cells of the coordinates as FTS tokens, one per level (0.001° to 1.024°, ×4 a level),
     * indexed by businesses_fts so words, filters and place narrow one match (near.server.ts,
     * geoToken spells them for queries). Computed, never stored; null without coordinates.
     */
    geoTerms: text("geo_terms").generatedAlwaysAs(
      sql`'zz0' || CAST((latitude + 90) * 1000 AS INTEGER) || 'x' || CAST((longitude + 180) * 1000 AS INTEGER)
  || ' zz1' || CAST((latitude + 90) * 250 AS INTEGER) || 'x' || CAST((longitude + 180) * 250 AS INTEGER)
  || ' zz2' || CAST((latitude + 90) * 62.5 AS INTEGER) || 'x' || CAST((longitude + 180) * 62.5 AS INTEGER)
  || ' zz3' || CAST((latitude + 90) * 15.625 AS INTEGER) || 'x' || CAST((longitude + 180) * 15.625 AS INTEGER)
  || ' zz4' || CAST((latitude + 90) * 3.90625 AS INTEGER) || 'x' || CAST((longitude + 180) * 3.90625 AS INTEGER)
  || ' zz5' || CAST((latitude + 90) * 0.9765625 AS INTEGER) || 'x' || CAST((longitude + 180) * 0.9765625 AS INTEGER)`,
      { mode: "virtual" },
    ),
    /**
     * The grid cells of geo_terms joined with the category, the category group and the rating band
     * (4.5–5, 4–4.5, 3.5–4, 3–3.5, below 3), three FTS tokens a level from 0.004°, indexed by businesses_fts: a
     * near search with a category or a high minimum rating walks only that filter's businesses of
     * each cell (near.server.ts, nearFacetToken; migration 20261124120000). Computed, never stored.
     */
    nearFacets: text("near_facets").generatedAlwaysAs(
      sql`CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL THEN printf(
    'zz1%dx%dca%s0 zz1%dx%dgr%s0 zz1%dx%drb%d0 zz2%dx%dca%s0 zz2%dx%dgr%s0 zz2%dx%drb%d0 zz3%dx%dca%s0 zz3%dx%dgr%s0 zz3%dx%drb%d0 zz4%dx%dca%s0 zz4%dx%dgr%s0 zz4%dx%drb%d0 zz5%dx%dca%s0 zz5%dx%dgr%s0 zz5%dx%drb%d0',
    CAST((latitude + 90) * 250 AS INTEGER), CAST((longitude + 180) * 250 AS INTEGER), replace(category_slug, '-', ''),
    CAST((latitude + 90) * 250 AS INTEGER), CAST((longitude + 180) * 250 AS INTEGER), replace(group_slug, '-', ''),
    CAST((latitude + 90) * 250 AS INTEGER), CAST((longitude + 180) * 250 AS INTEGER), CASE WHEN round(rating * 10) >= 45 THEN 45 WHEN round(rating * 10) >= 40 THEN 40 WHEN round(rating * 10) >= 35 THEN 35 WHEN round(rating * 10) >= 30 THEN 30 ELSE 0 END,
    CAST((latitude + 90) * 62.5 AS INTEGER), CAST((longitude + 180) * 62.5 AS INTEGER), replace(category_slug, '-', ''),
    CAST((latitude + 90) * 62.5 AS INTEGER), CAST((longitude + 180) * 62.5 AS INTEGER), replace(group_slug, '-', ''),
    CAST((latitude + 90) * 62.5 AS INTEGER), CAST((longitude + 180) * 62.5 AS INTEGER), CASE WHEN round(rating * 10) >= 45 THEN 45 WHEN round(rating * 10) >= 40 THEN 40 WHEN round(rating * 10) >= 35 THEN 35 WHEN round(rating * 10) >= 30 THEN 30 ELSE 0 END,
    CAST((latitude + 90) * 15.625 AS INTEGER), CAST((longitude + 180) * 15.625 AS INTEGER), replace(category_slug, '-', ''),
    CAST((latitude + 90) * 15.625 AS INTEGER), CAST((longitude + 180) * 15.625 AS INTEGER), replace(group_slug, '-', ''),
    CAST((latitude + 90) * 15.625 AS INTEGER), CAST((longitude + 180) * 15.625 AS INTEGER), CASE WHEN round(rating * 10) >= 45 THEN 45 WHEN round(rating * 10) >= 40 THEN 40 WHEN round(rating * 10) >= 35 THEN 35 WHEN round(rating * 10) >= 30 THEN 30 ELSE 0 END,
    CAST((latitude + 90) * 3.90625 AS INTEGER), CAST((longitude + 180) * 3.90625 AS INTEGER), replace(category_slug, '-', ''),
    CAST((latitude + 90) * 3.90625 AS INTEGER), CAST((longitude + 180) * 3.90625 AS INTEGER), replace(group_slug, '-', ''),
    CAST((latitude + 90) * 3.90625 AS INTEGER), CAST((longitude + 180) * 3.90625 AS INTEGER), CASE WHEN round(rating * 10) >= 45 THEN 45 WHEN round(rating * 10) >= 40 THEN 40 WHEN round(rating * 10) >= 35 THEN 35 WHEN round(rating * 10) >= 30 THEN 30 ELSE 0 END,
    CAST((latitude + 90) * 0.9765625 AS INTEGER), CAST((longitude + 180) * 0.9765625 AS INTEGER), replace(category_slug, '-', ''),
    CAST((latitude + 90) * 0.9765625 AS INTEGER), CAST((longitude + 180) * 0.9765625 AS INTEGER), replace(group_slug, '-', ''),
    CAST((latitude + 90) * 0.9765625 AS INTEGER), CAST((longitude + 180) * 0.9765625 AS INTEGER), CASE WHEN round(rating * 10) >= 45 THEN 45 WHEN round(rating * 10) >= 40 THEN 40 WHEN round(rating * 10) >= 35 THEN 35 WHEN round(rating * 10) >= 30 THEN 30 ELSE 0 END
  ) END`,
      { mode: "virtual" },
    ),
    /**
     * Each shown fact's source and when it was last confirmed (docs/people.md): JSON object keyed by
     * fact (app/lib/business/provenance.ts FACTS) of {by: "admin" | "owner" | "visitor", at: unix
     * seconds}. A fact without an entry comes from the import. Set by the write path only.
     */
    factSources: text("fact_sources").notNull().default("{}"),
    /** Holidays and one-off closures (app/lib/business/special-hours.ts): JSON array of date ranges; null when none. */
    specialHours: text("special_hours"),
    /** When the current owner's claim was verified; null when unclaimed or revoked. */
    claimedAt: integer("claimed_at"),
    /** Featured (a paid placement) until this time (unix seconds); it ends by itself. */
    featuredUntil: integer("featured_until"),
    /** When an update-mode import last changed the imported facts; null: as first imported (created_at). */
    refreshedAt: integer("refreshed_at"),
    /**
     * The own rating: published reviews written here (docs/reviews.md), kept by the reviews triggers —
     * their count, the sum of their stars, the count per star, and when the first was published.
     */
    ownReviewCount: integer("own_review_count").notNull().default(0),
    ownRatingSum: integer("own_rating_sum").notNull().default(0),
    ownStars1: integer("own_stars_1").notNull().default(0),
    ownStars2: integer("own_stars_2").notNull().default(0),
    ownStars3: integer("own_stars_3").notNull().default(0),
    ownStars4: integer("own_stars_4").notNull().default(0),
    ownStars5: integer("own_stars_5").notNull().default(0),
    firstReviewAt: integer("first_review_at"),
    /**
     * The business's filter tokens as a JSON array (app/lib/business/attributes.ts): its attributes
     * that are true, open late, open 24 hours, the weekly slots it is open at. Derived by the writer
     * from `about` and the weekly hours, indexed as the FTS index's last column; null when none.
     */
    filterTerms: text("filter_terms"),
  },
  (t) => [
    uniqueIndex("businesses_place_id_unique").on(t.placeId),
    uniqueIndex("businesses_slug_unique").on(t.slug),
    index("businesses_order_idx").on(t.score, t.id),
    index("businesses_category_order_idx").on(t.categorySlug, t.score, t.id),
    index("businesses_group_order_idx").on(t.groupSlug, t.score, t.id),
    index("businesses_created_idx").on(t.createdAt, t.id),
    index("businesses_country_idx").on(t.countryCode, t.id),
    index("businesses_verified_idx").on(t.isVerified, t.id),
    // 0003_import_jobs: the businesses SEO generation still has to fill.
    index("businesses_needs_content_idx")
      .on(t.id)
      .where(sql`${t.uniqueContent} IS NULL OR ${t.uniqueContent} = ''`),
    // 0004_search_indexes.sql (hand-written): location search and sitemap lastmod.
    index("businesses_city_score_idx").on(t.citySlug, t.score, t.id),
    index("businesses_state_score_idx").on(t.stateCode, t.score, t.id),
    index("businesses_zip_score_idx").on(t.zipCode, t.score, t.id),
    index("businesses_country_score_idx").on(t.countryCode, t.score, t.id),
    index("businesses_updated_idx").on(t.updatedAt),
    // near_me: the near-me search's boxes (one range of cells per grid row).
    index("businesses_geo_idx").on(t.geoCell),
    // indexing_city_categories: the indexable businesses of an id range (sitemaps), the city × category pages' order
    // (also the generated text's comparison and peers, ADR 0021).
    index("businesses_index_facts_idx").on(t.indexFacts, t.id),
    index("businesses_city_category_order_idx").on(t.citySlug, t.categorySlug, t.score, t.id),
    index("businesses_city_group_order_idx").on(t.citySlug, t.groupSlug, t.score, t.id),
    // title_twins: another business of the same name in the same city (a business page's title).
    index("businesses_city_name_idx").on(t.citySlug, t.name),
    // people_take_part: a listing page's featured businesses, among the few featured rows.
    index("businesses_featured_city_idx")
      .on(t.citySlug, t.featuredUntil)
      .where(sql`${t.featuredUntil} IS NOT NULL`),
    index("businesses_featured_category_idx")
      .on(t.categorySlug, t.featuredUntil)
      .where(sql`${t.featuredUntil} IS NOT NULL`),
    index("businesses_featured_group_idx")
      .on(t.groupSlug, t.featuredUntil)
      .where(sql`${t.featuredUntil} IS NOT NULL`),
    index("businesses_featured_until_idx")
      .on(t.featuredUntil)
      .where(sql`${t.featuredUntil} IS NOT NULL`),
  ],
);

/** Fine categories ("Italian restaurant") with their group: the category → group mapping. */
export const categories = sqliteTable(
  "categories",
  {
    slug: text("slug").primaryKey(),
    name: text("name").notNull(),
    groupSlug: text("group_slug").notNull(),
    businessCount: integer("business_count").notNull().default(0),
  },
  (t) => [index("categories_count_idx").on(desc(t.businessCount), t.name), index("categories_group_idx").on(t.groupSlug)],
);

/** The broad groups of the header and footer (restaurants, healthcare, …). */
export const categoryGroups = sqliteTable("category_groups", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  businessCount: integer("business_count").notNull().default(0),
});

/** Cities by slug (case- and accent-insensitive); same-named cities in several countries share one. */
export const cities = sqliteTable(
  "cities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    businessCount: integer("business_count").notNull().default(0),
  },
  (t) => [uniqueIndex("cities_slug_unique").on(t.slug), index("cities_count_idx").on(desc(t.businessCount), t.name)],
);

/** Per city and country, for the /cities page grouped by country. */
export const cityCountries = sqliteTable(
  "city_countries",
  {
    citySlug: text("city_slug").notNull(),
    country: text("country").notNull(),
    name: text("name").notNull(),
    state: text("state").notNull().default(""),
    businessCount: integer("business_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.citySlug, t.country] }), index("city_countries_country_idx").on(t.country, t.name)],
);

export const countries = sqliteTable(
  "countries",
  {
    name: text("name").primaryKey(),
    code: text("code").notNull().default(""),
    businessCount: integer("business_count").notNull().default(0),
  },
  (t) => [index("countries_count_idx").on(desc(t.businessCount), t.name)],
);

/**
 * Businesses per city and fine category (kind "category") and per city and header group (kind
 * "group"): the city × category pages (/city/{city}/{category}), their sitemap and the links between
 * them and their parents. Inserts are counted by the writer, edits and deletes by triggers
 * (db/migrations/20261124090300_indexing_city_categories.sql).
 */
export const cityCategories = sqliteTable(
  "city_categories",
  {
    id: integer("id").primaryKey(),
    citySlug: text("city_slug").notNull(),
    kind: text("kind", { enum: ["category", "group"] }).notNull(),
    slug: text("slug").notNull(),
    businessCount: integer("business_count").notNull().default(0),
  },
  (t) => [
    uniqueIndex("city_categories_key_idx").on(t.citySlug, t.kind, t.slug),
    index("city_categories_city_idx").on(t.citySlug, t.kind, desc(t.businessCount), t.slug),
    index("city_categories_category_idx").on(t.kind, t.slug, desc(t.businessCount), t.citySlug),
  ],
);

/**
 * The attributes met in imports and edits (db/migrations/20261126103000_attribute_filters.sql): a filter
 * term, its slug (the URL's has=), its label as the data spells it and its group. The writer stores
 * new ones; the first spelling stays.
 */
export const attributes = sqliteTable(
  "attributes",
  {
    term: text("term").primaryKey(),
    slug: text("slug").notNull(),
    label: text("label").notNull(),
    groupName: text("group_name").notNull(),
  },
  // The filter bar's accessibility attributes: a seek by group.
  (t) => [index("attributes_group_idx").on(t.groupName)],
);

/**
 * How many businesses of a listing have each filter term (the weekly slots aside): the counts beside
 * a listing's filters, exact. scope: `all`, `city:{slug}`, `category:{slug}`, `group:{slug}`,
 * `city:{slug}/category:{slug}`, `city:{slug}/group:{slug}` (app/lib/search/listing-filters.ts
 * spells them). The writer counts a batch's new rows; triggers keep edits and deletes. Rows may
 * hold 0: read business_count > 0.
 */
export const attributeCounts = sqliteTable(
  "attribute_counts",
  {
    scope: text("scope").notNull(),
    term: text("term").notNull(),
    businessCount: integer("business_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.term] }), index("attribute_counts_top_idx").on(t.scope, t.businessCount)],
);

/** A single row (id = 1): the global statistics. */
export const siteStats = sqliteTable("site_stats", {
  id: integer("id").primaryKey(),
  totalBusinesses: integer("total_businesses").notNull().default(0),
  verifiedBusinesses: integer("verified_businesses").notNull().default(0),
  categories: integer("categories").notNull().default(0),
  totalCities: integer("total_cities").notNull().default(0),
  /** Bumped on every admin write; part of the edge cache key. */
  dataVersion: integer("data_version").notNull().default(0),
  /**
   * 1 from the start of a delete-all until it ends (or, if it stopped half-way, until the lists are
   * rebuilt): the list positions are then emptied at once instead of being kept per deleted row,
   * and pages are read with an exact ORDER BY … OFFSET (docs/decisions/0011-list-positions.md).
   */
  listsNeedRebuild: integer("lists_need_rebuild").notNull().default(0),
  /** Set only inside a bulk insert batch: the highest id before the chunk (see migration 0005). */
  bulkFromId: integer("bulk_from_id"),
});

/**
 * The public lists ("all", "latest", "c:{category}", "g:{group}", "city:{city}") cut into blocks
 * of at most 100 businesses, grouped into sections of at most 100 blocks and chapters of at most 32
 * sections (docs/decisions/0011-list-positions.md). Each is named by its first entry's sort key and
 * id (`start_key`, `start_id`; the first of a list starts at LIST_START (1e300, above every sort
 * key)) and covers the list from there to the next one's start. Chapters and blocks keep their
 * count, sections their count and position within their chapter: page N reads a few chapter rows,
 * one section seek, one section's blocks and a short walk of the order index.
 */
export const listChapters = sqliteTable(
  "list_chapters",
  {
    id: integer("id").primaryKey(),
    list: text("list").notNull(),
    startKey: real("start_key").notNull(),
    startId: integer("start_id").notNull(),
    entries: integer("entries").notNull().default(0),
  },
  (t) => [uniqueIndex("list_chapters_start_idx").on(t.list, t.startKey, t.startId)],
);

export const listSections = sqliteTable(
  "list_sections",
  {
    id: integer("id").primaryKey(),
    list: text("list").notNull(),
    startKey: real("start_key").notNull(),
    startId: integer("start_id").notNull(),
    entries: integer("entries").notNull().default(0),
    /** Entries before it in its chapter. */
    position: integer("position").notNull().default(0),
    chapterId: integer("chapter_id").notNull().default(0),
  },
  (t) => [
    uniqueIndex("list_sections_start_idx").on(t.list, t.startKey, t.startId),
    index("list_sections_chapter_position_idx").on(t.chapterId, t.position),
  ],
);

export const listBlocks = sqliteTable(
  "list_blocks",
  {
    id: integer("id").primaryKey(),
    list: text("list").notNull(),
    sectionId: integer("section_id").notNull(),
    startKey: real("start_key").notNull(),
    startId: integer("start_id").notNull(),
    /** Businesses in the block; -1 marks a block just split off, counted in the same batch. */
    entries: integer("entries").notNull().default(0),
    /** The entries of the blocks before it in its section (recomputed by every write batch that changes them). */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("list_blocks_start_idx").on(t.list, t.startKey, t.startId),
    index("list_blocks_section_idx").on(t.sectionId, t.startKey, t.startId),
    // A page's block: the last one at or before its offset in its section, one seek.
    index("list_blocks_section_position_idx").on(t.sectionId, t.position),
    // Blocks to split or count: found without a scan (the WHERE is the writer's, to the letter).
    index("list_blocks_rebalance_idx")
      .on(t.list)
      .where(sql`entries > 100 OR entries < 0`),
  ],
);

/** Sections whose block positions a running write batch must recompute; empty between batches. */
export const sectionsTouched = sqliteTable("sections_touched", {
  sectionId: integer("section_id").primaryKey(),
});

/** Lists whose section positions a running write batch must recompute; empty between batches. */
export const listsTouched = sqliteTable("lists_touched", {
  list: text("list").primaryKey(),
  /** 1 when blocks were split: its sections' counts are recomputed from their blocks too. */
  rebalanced: integer("rebalanced").notNull().default(0),
});

export const imports = sqliteTable(
  "imports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    r2Key: text("r2_key").notNull(),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    uploadedBy: text("uploaded_by").notNull().default(""),
    status: text("status", { enum: ["pending", "running", "done", "failed"] })
      .notNull()
      .default("pending"),
    message: text("message"),
    totalRows: integer("total_rows").notNull().default(0),
    processedRows: integer("processed_rows").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    duplicatesSkipped: integer("duplicates_skipped").notNull().default(0),
    totalErrors: integer("total_errors").notNull().default(0),
    /** JSON array of the first row errors: {row, column, reason}. */
    errors: text("errors").notNull().default("[]"),
    createdAt: integer("created_at")
      .notNull()
      .default(sql`(unixepoch())`),
    finishedAt: integer("finished_at"),
    // 0003_import_jobs: the chunked import's position and lease (docs/decisions/0005-chunked-import.md).
    format: text("format", { enum: ["xlsx", "xls"] })
      .notNull()
      .default("xlsx"),
    headerRow: integer("header_row").notNull().default(1),
    nextRow: integer("next_row").notNull().default(2),
    leaseUntil: integer("lease_until"),
    /** 'skip' (SPEC §3): a place_id already stored is skipped; 'update': it is refreshed from the file (ADR 0018). */
    mode: text("mode", { enum: ["skip", "update"] })
      .notNull()
      .default("skip"),
    /** Known businesses this import refreshed (update mode); unchanged ones count as duplicates skipped. */
    updated: integer("updated").notNull().default(0),
  },
  (t) => [index("imports_created_idx").on(t.createdAt)],
);

/**
 * Every row error of an import (row number, column, offending value, reason): the per-import error
 * report. imports.errors keeps only the first few for the status call; this keeps them all, up to
 * the import's error cap.
 */
export const importErrors = sqliteTable(
  "import_errors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    importId: integer("import_id").notNull(),
    row: integer("row").notNull(),
    column: text("column").notNull().default(""),
    value: text("value").notNull().default(""),
    reason: text("reason").notNull(),
  },
  (t) => [index("import_errors_import_idx").on(t.importId, t.row)],
);

/** What admins did (login, edit, verify, delete, import, export, SEO, delete all): who, when and what. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at")
      .notNull()
      .default(sql`(unixepoch())`),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    /** A short human-readable description ("business 42 verified", "import 7: report.xlsx"). */
    detail: text("detail").notNull().default(""),
    targetId: integer("target_id"),
  },
  (t) => [index("audit_log_at_idx").on(t.at, t.id)],
);

/** A business as drizzle reads it (schema keys: placeId, …); app/lib/business/business.ts maps it to the API shape. */
export type BusinessRow = typeof businesses.$inferSelect;
export type CityRow = typeof cities.$inferSelect;

/**
 * A table's row keyed by SQL column name (place_id, …), with the schema's types: what hand-written
 * SQL through the Db helpers (`SELECT *`, `RETURNING *`) gives back, and what the writer's payload
 * carries. A boolean column reads as 0/1 there.
 */
export type SqlRow<T extends SQLiteTable> = {
  [K in keyof T["_"]["columns"] as T["_"]["columns"][K]["_"]["name"]]: T["$inferSelect"][K & keyof T["$inferSelect"]];
};

/** The businesses columns the write module sets itself, not from an input (facets, geo_cell, geo_terms and index_facts are computed). */
const WRITER_OWN_COLUMNS = [
  "id",
  "slug",
  "import_id",
  "created_at",
  "updated_at",
  "facets",
  "geo_cell",
  "edited_fields",
  "unique_content_generated",
  "index_facts",
  "geo_terms",
  "near_facets",
  // Set by their own writes (provenance, special hours, claims, featuring, refreshes), never from an input.
  "fact_sources",
  "special_hours",
  "claimed_at",
  "featured_until",
  "refreshed_at",
  // The own rating, kept by the reviews triggers.
  "own_review_count",
  "own_rating_sum",
  "own_stars_1",
  "own_stars_2",
  "own_stars_3",
  "own_stars_4",
  "own_stars_5",
  "first_review_at",
] as const;
export type BusinessInputColumn = Exclude<keyof SqlRow<typeof businesses>, (typeof WRITER_OWN_COLUMNS)[number]>;

/**
 * The one list of the businesses columns a write sets from an input, by SQL name, in table order:
 * the writer's INSERT and UPDATE (app/server/write/business-writer.server.ts) and PreparedBusiness
 * (app/lib/business/business.ts) follow it, so a new column is added here, in the table, only.
 */
export const BUSINESS_INPUT_COLUMNS = Object.values(getTableColumns(businesses))
  .map((column) => column.name)
  .filter((name) => !(WRITER_OWN_COLUMNS as readonly string[]).includes(name)) as BusinessInputColumn[];

/**
 * Admin sessions (db/migrations/0002_admin_auth.sql). The cookie holds a signed random id; this
 * table keys on its SHA-256 hex, so logout (a DELETE) kills every copy of the cookie.
 */
export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    username: text("username").notNull(),
    createdAt: integer("created_at")
      .notNull()
      .default(sql`(unixepoch())`),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("admin_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Failed admin logins, for the login throttle (app/server/auth/auth.server.ts): one row per attempt and
 * throttled key — the client address ("ip:…") and the submitted username ("user:…"). An attempt is
 * written before its password is checked and removed again when the login succeeds.
 */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    throttleKey: text("throttle_key").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("login_failures_key_idx").on(t.throttleKey, t.createdAt), index("login_failures_created_idx").on(t.createdAt)],
);

/**
 * Each business's duplicate-match keys (app/lib/business/duplicate-keys.ts), written by the writer;
 * a business's candidates are found by seeks on its own keys (docs/decisions/0019-duplicates-and-gone.md).
 */
export const duplicateKeys = sqliteTable(
  "duplicate_keys",
  {
    businessId: integer("business_id").primaryKey(),
    nameKey: text("name_key").notNull(),
    /** The phone's last nine digits ('' without a phone): the national number, whatever the country-code spelling. */
    phoneKey: text("phone_key").notNull().default(""),
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** cos(latitude): a longitude degree's length relative to a latitude degree's, for the 100 m test in SQL. */
    cosLat: real("cos_lat"),
    /** The businesses table's 0.001° grid cell, same formula. */
    geoCell: integer("geo_cell").generatedAlwaysAs(
      sql`CAST((latitude + 90) * 1000 AS INTEGER) * 360000 + CAST((longitude + 180) * 1000 AS INTEGER)`,
      { mode: "virtual" },
    ),
  },
  (t) => [index("duplicate_keys_phone_idx").on(t.nameKey, t.phoneKey), index("duplicate_keys_geo_idx").on(t.nameKey, t.geoCell)],
);

/** Candidate pairs (low id, high id): open until merged (the loser's delete removes them) or dismissed for good. */
export const duplicatePairs = sqliteTable(
  "duplicate_pairs",
  {
    lowId: integer("low_id").notNull(),
    highId: integer("high_id").notNull(),
    reason: text("reason", { enum: ["phone", "nearby"] }).notNull(),
    status: text("status", { enum: ["open", "dismissed"] })
      .notNull()
      .default("open"),
    foundAt: integer("found_at")
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [
    primaryKey({ columns: [t.lowId, t.highId] }),
    index("duplicate_pairs_status_idx").on(t.status, t.highId, t.lowId),
    index("duplicate_pairs_high_idx").on(t.highId),
  ],
);

/** Businesses an admin deleted (merged_into null: 410) or merged into another (301 there). */
export const retiredBusinesses = sqliteTable(
  "retired_businesses",
  {
    id: integer("id").primaryKey(),
    placeId: text("place_id"),
    mergedInto: integer("merged_into"),
    retiredAt: integer("retired_at")
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [index("retired_businesses_place_idx").on(t.placeId), index("retired_businesses_merged_idx").on(t.mergedInto)],
);

/** Slugs a business no longer answers to (an edit changed it, or the business retired) → its id. */
export const oldSlugs = sqliteTable(
  "old_slugs",
  {
    slug: text("slug").primaryKey(),
    businessId: integer("business_id").notNull(),
  },
  (t) => [index("old_slugs_business_idx").on(t.businessId)],
);

/**
 * The moderation queue (docs/people.md): one row per request a visitor or an owner sent, pending until
 * an admin decides. `payload` holds the proposed values as JSON (app/lib/moderation/submission.ts);
 * `sender` a hash of the client address keyed with SESSION_SECRET (senderOf), never shown.
 */
export const submissions = sqliteTable(
  "submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["edit", "closed", "duplicate", "addition", "claim", "advertise"] }).notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    businessId: integer("business_id"),
    ownerId: integer("owner_id"),
    payload: text("payload").notNull().default("{}"),
    contactEmail: text("contact_email"),
    sender: text("sender").notNull().default(""),
    createdAt: integer("created_at")
      .notNull()
      .default(sql`(unixepoch())`),
    decidedAt: integer("decided_at"),
    decidedBy: text("decided_by"),
    note: text("note").notNull().default(""),
    /** The language of the page it was sent from: the outcome's notice is written in it (null: the default). */
    locale: text("locale"),
  },
  (t) => [
    index("submissions_status_idx").on(t.status, t.id),
    index("submissions_status_kind_idx").on(t.status, t.kind, t.id),
    index("submissions_kind_idx").on(t.kind, t.id),
    index("submissions_business_idx")
      .on(t.businessId, t.id)
      .where(sql`${t.businessId} IS NOT NULL`),
    index("submissions_owner_idx")
      .on(t.ownerId, t.id)
      .where(sql`${t.ownerId} IS NOT NULL`),
  ],
);
export type SubmissionRow = typeof submissions.$inferSelect;

/** Submissions per status and kind, kept by triggers: the Moderation tab's counts without counting rows. */
export const submissionCounts = sqliteTable(
  "submission_counts",
  {
    status: text("status").notNull(),
    kind: text("kind").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.kind] })],
);

/** Business owners: one account per e-mail address (lower case), signed in by one-time links. */
export const owners = sqliteTable("owners", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  createdAt: integer("created_at")
    .notNull()
    .default(sql`(unixepoch())`),
  lastSignInAt: integer("last_sign_in_at"),
});
export type OwnerRow = typeof owners.$inferSelect;

/** Owner sessions, as admin_sessions: the cookie holds a signed random id, this table its SHA-256 hex. */
export const ownerSessions = sqliteTable(
  "owner_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    ownerId: integer("owner_id").notNull(),
    createdAt: integer("created_at")
      .notNull()
      .default(sql`(unixepoch())`),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("owner_sessions_owner_idx").on(t.ownerId), index("owner_sessions_expires_idx").on(t.expiresAt)],
);

/** One-time sign-in links: the token's SHA-256 hex, the address, where it leads; used_at marks its one use. */
export const signInLinks = sqliteTable(
  "sign_in_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    nextPath: text("next_path").notNull().default("/owner"),
    createdAt: integer("created_at")
      .notNull()
      .default(sql`(unixepoch())`),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("sign_in_links_expires_idx").on(t.expiresAt), index("sign_in_links_email_idx").on(t.email, t.createdAt)],
);

/** Who owns which business and how it was proved; a revoked claim keeps its row for the record. */
export const businessOwners = sqliteTable(
  "business_owners",
  {
    businessId: integer("business_id").notNull(),
    ownerId: integer("owner_id").notNull(),
    method: text("method", { enum: ["email-domain", "website-token", "admin"] }).notNull(),
    verifiedAt: integer("verified_at").notNull(),
    revokedAt: integer("revoked_at"),
    revokedBy: text("revoked_by"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.ownerId] }),
    index("business_owners_owner_idx").on(t.ownerId, t.businessId),
    index("business_owners_verified_idx")
      .on(t.verifiedAt)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

/** The local outbox (EMAIL_OUTBOX = "on", never in production): every e-mail sent, readable in the admin panel. */
export const outbox = sqliteTable("outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  sentAt: integer("sent_at")
    .notNull()
    .default(sql`(unixepoch())`),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body"),
});

/**
 * Reviews written here (docs/reviews.md): published only after the e-mailed link is followed, held by
 * the automatic checks or hidden by the admin; one per address and business. The business's own rating
 * (businesses.own_*) is kept by triggers from the published ones.
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    businessId: integer("business_id").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    visitMonth: text("visit_month"),
    status: text("status", { enum: ["unverified", "published", "held", "hidden"] })
      .notNull()
      .default("unverified"),
    heldReason: text("held_reason"),
    locale: text("locale"),
    sender: text("sender").notNull().default(""),
    /** The normalised text's SHA-256: the same text on several businesses is held. */
    bodyHash: text("body_hash").notNull().default(""),
    helpfulCount: integer("helpful_count").notNull().default(0),
    reportCount: integer("report_count").notNull().default(0),
    replyBody: text("reply_body"),
    replyBy: text("reply_by"),
    replyAt: integer("reply_at"),
    /** Earlier versions (JSON array of {rating, title, body, visitMonth, at}) when the reviewer edited it. */
    history: text("history").notNull().default("[]"),
    createdAt: integer("created_at")
      .notNull()
      .default(sql`(unixepoch())`),
    publishedAt: integer("published_at"),
    updatedAt: integer("updated_at")
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [
    uniqueIndex("reviews_business_email_unique").on(t.businessId, t.email),
    index("reviews_business_newest_idx")
      .on(t.businessId, t.publishedAt, t.id)
      .where(sql`${t.status} = 'published'`),
    index("reviews_business_helpful_idx")
      .on(t.businessId, t.helpfulCount, t.id)
      .where(sql`${t.status} = 'published'`),
    index("reviews_status_idx").on(t.status, t.id),
    index("reviews_reported_idx")
      .on(t.reportCount, t.id)
      .where(sql`${t.reportCount} > 0 AND ${t.status} = 'published'`),
    index("reviews_body_hash_idx")
      .on(t.bodyHash)
      .where(sql`${t.bodyHash} <> ''`),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;

/** A review's one-time links ('verify': publishes it), by the token's SHA-256, as sign-in links. */
export const reviewLinks = sqliteTable(
  "review_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    reviewId: integer("review_id").notNull(),
    purpose: text("purpose").notNull().default("verify"),
    createdAt: integer("created_at")
      .notNull()
      .default(sql`(unixepoch())`),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("review_links_review_idx").on(t.reviewId)],
);

/** Helpful votes: one per browser (a hashed random id from a cookie) and review. */
export const reviewVotes = sqliteTable(
  "review_votes",
  {
    reviewId: integer("review_id").notNull(),
    voter: text("voter").notNull(),
    createdAt: integer("created_at")
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voter] })],
);

/** Reports of a review by visitors and owners, with their reason. */
export const reviewReports = sqliteTable(
  "review_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reviewId: integer("review_id").notNull(),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    sender: text("sender").notNull().default(""),
    byOwner: integer("by_owner").notNull().default(0),
    createdAt: integer("created_at")
      .notNull()
      .default(sql`(unixepoch())`),
  },
  (t) => [index("review_reports_review_idx").on(t.reviewId, t.id)],
);
