/**
 * A listing's filter counts from attribute_counts (ADR 0031): exact, kept by the writer and the
 * triggers, read as three small statements a page puts in its opening batch (ADR 0025: still one
 * round trip) — every accessibility attribute the listing has (attributes_group_idx, then one
 * seek each), the most common others (attribute_counts_top_idx, MAX_OTHER_CHOICES and the
 * accessibility ones at most), and "open late" / "open 24 hours" with the chosen attributes (a seek each:
 * a chosen attribute past the most common ones still shows its count). Query builders, not
 * sql``: drizzle's D1 batch cannot carry a sql`` with parameters.
 */
import { and, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { ACCESSIBILITY_GROUP, attributeTerm, OPEN_24_HOURS_TERM, OPEN_LATE_TERM } from "#app/lib/business/attributes";
import { choicesFromCounts, MAX_OTHER_CHOICES, POPULAR_FILTERS, type AttributeCountRow } from "#app/lib/search/filter-choices";
import type { AttributeFilters, FilterChoices } from "#app/lib/search/listing-filters";
import { attributeCounts, attributes } from "#db/schema";
import type { Db } from "#app/server/platform/db.server";

const counted = {
  term: attributeCounts.term,
  count: attributeCounts.businessCount,
  slug: attributes.slug,
  label: attributes.label,
  group: attributes.groupName,
};

/**
 * The statements of a scope's counts (attributeScope's key), for a batch; attributeChoices reads their
 * results. `selected`: the attribute slugs a visitor chose, read by key too, so a chosen filter shows
 * its count even when it is not among the most common.
 */
export function attributeCountQueries(db: Db, scope: string, selected: readonly string[] = []) {
  // The accessibility attributes drive (CROSS JOIN keeps the order: attributes_group_idx), one count
  // seek each; joined the other way SQLite walks every count of the scope (31 rows read for 3 at 1M).
  const accessibility = db.orm
    .select(counted)
    .from(attributes)
    .crossJoin(attributeCounts)
    .where(
      and(
        eq(attributes.groupName, ACCESSIBILITY_GROUP),
        eq(attributeCounts.scope, scope),
        eq(attributeCounts.term, attributes.term),
        gt(attributeCounts.businessCount, 0),
      ),
    );
  // The scope's counts drive (CROSS JOIN keeps the order): its (scope, business_count) index, largest first.
  const others = db.orm
    .select(counted)
    .from(attributeCounts)
    .crossJoin(attributes)
    .where(
      and(
        eq(attributeCounts.scope, scope),
        gt(attributeCounts.businessCount, 0),
        eq(attributes.term, attributeCounts.term),
        ne(attributes.groupName, ACCESSIBILITY_GROUP),
      ),
    )
    .orderBy(desc(attributeCounts.businessCount))
    .limit(MAX_OTHER_CHOICES);
  // "Open late", "open 24 hours", the chosen attributes and the popular ones: seeks by key (their labels when they have one).
  const times = db.orm
    .select({
      term: attributeCounts.term,
      count: attributeCounts.businessCount,
      slug: sql<string | null>`${attributes.slug}`,
      label: sql<string | null>`${attributes.label}`,
      group: sql<string | null>`${attributes.groupName}`,
    })
    .from(attributeCounts)
    .leftJoin(attributes, eq(attributes.term, attributeCounts.term))
    .where(
      and(
        eq(attributeCounts.scope, scope),
        inArray(attributeCounts.term, [
          OPEN_LATE_TERM,
          OPEN_24_HOURS_TERM,
          ...[...new Set([...selected, ...POPULAR_FILTERS])].map(attributeTerm),
        ]),
      ),
    );
  return [accessibility, others, times] as const;
}

/** The choices from the three statements' rows. */
export function attributeChoices(
  results: readonly [AttributeCountRow[], AttributeCountRow[], AttributeCountRow[]],
  selected: AttributeFilters,
  locale: string,
): FilterChoices {
  return choicesFromCounts(results.flat(), selected, locale);
}

/** A scope's choices in a round trip of their own (where no opening batch is sent: the list API's later pages). */
export async function readAttributeChoices(db: Db, scope: string, selected: AttributeFilters, locale: string): Promise<FilterChoices> {
  const [a, b, c] = attributeCountQueries(db, scope, selected.has);
  const results = await db.orm.batch([a, b, c]);
  return attributeChoices(results, selected, locale);
}
