/**
 * Where each shown fact comes from and when it was last confirmed (docs/people.md). The write path
 * records an entry in businesses.fact_sources for every fact an admin, an owner or an approved visitor
 * suggestion set; a fact without an entry comes from the import (refreshed_at, or created_at).
 */
import { z } from "zod";

/** The facts a page states a source for, and the business columns each covers. */
const FACT_COLUMNS = {
  hours: ["opening_hours", "special_hours"],
  phone: ["phone"],
  website: ["website"],
  address: ["address", "city", "state", "state_code", "zip_code", "country", "country_code", "latitude", "longitude"],
  status: ["business_status"],
  description: ["description"],
  photos: ["photos"],
} as const;
export type Fact = keyof typeof FACT_COLUMNS;
const FACTS = Object.keys(FACT_COLUMNS) as Fact[];

/** Who set a fact: an admin, the verified owner, or a visitor's suggestion an admin approved. */
export type FactSourceKind = "admin" | "owner" | "visitor";
type FactSource = { by: FactSourceKind; at: number };
export type FactSources = Partial<Record<Fact, FactSource>>;

const factSourcesSchema = z.record(z.string(), z.object({ by: z.enum(["admin", "owner", "visitor"]), at: z.number() }));

/** businesses.fact_sources as stored → the known facts' entries; anything unreadable counts as imported. */
export function parseFactSources(json: string | null | undefined): FactSources {
  if (!json) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  const parsed = factSourcesSchema.safeParse(value);
  if (!parsed.success) return {};
  return Object.fromEntries(Object.entries(parsed.data).filter(([fact]) => fact in FACT_COLUMNS)) as FactSources;
}

/** The facts whose columns are among `columns` (an edit's changed columns). */
function factsOfColumns(columns: readonly string[]): Fact[] {
  return FACTS.filter((fact) => FACT_COLUMNS[fact].some((c) => columns.includes(c)));
}

/** The entries an edit of `columns` by `by` at `at` records: the JSON object merged into fact_sources. */
export function factSourcePatch(columns: readonly string[], by: FactSourceKind, at: number): FactSources {
  return Object.fromEntries(factsOfColumns(columns).map((fact) => [fact, { by, at }]));
}
