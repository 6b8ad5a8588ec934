/**
 * The accessibility pages' counts (INDEXED_ACCESSIBILITY_PAGES; app/lib/seo/indexing.ts): how many
 * businesses of a city × category have the attribute, exact, from attribute_counts by primary key.
 */
import { accessibilityTerm, indexedAccessibilityFilter, type IndexedAccessibilitySlug, type IndexingRules } from "#app/lib/seo/indexing";
import { attributeScope, type ListingFilters } from "#app/lib/search/listing-filters";
import type { AttributeCountRow } from "#app/lib/search/filter-choices";
import type { Db } from "#app/server/platform/db.server";
import type { ListingScope } from "#app/server/search/search.server";

export type AccessibilityPage = { slug: IndexedAccessibilitySlug; count: number };

type PairScope = { city: { slug: string }; category: { kind: "category" | "group"; slug: string } };

const pairScopeKey = (pair: PairScope) => attributeScope({ kind: "city-category", ...pair });

/**
 * The accessibility page a listing view is (a city × category with one of the fixed filters, the
 * setting on), with its count; else null. `opened`: the filter counts the listing's opening batch
 * read (every accessibility attribute it has is among them), so no read is needed; null: one read
 * by primary key.
 */
export async function accessibilityPageOf(
  db: Db,
  scope: ListingScope,
  filters: ListingFilters,
  rules: IndexingRules,
  opened: ReadonlyArray<ReadonlyArray<Pick<AttributeCountRow, "term" | "count">>> | null = null,
): Promise<AccessibilityPage | null> {
  const slug = scope.kind === "city-category" ? indexedAccessibilityFilter(filters, rules) : null;
  if (!slug || scope.kind !== "city-category") return null;
  if (opened) {
    const known = opened.flat().find((r) => r.term === accessibilityTerm(slug));
    return { slug, count: Math.max(0, known?.count ?? 0) };
  }
  const row = await db.first<{ n: number }>("SELECT business_count AS n FROM attribute_counts WHERE scope = ?1 AND term = ?2", [
    pairScopeKey(scope),
    accessibilityTerm(slug),
  ]);
  return { slug, count: Math.max(0, row?.n ?? 0) };
}
