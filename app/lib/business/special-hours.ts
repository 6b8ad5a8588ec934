/**
 * Special hours: holidays and one-off closures an owner or an admin set (docs/people.md), as Google
 * Business Profile's "special hours". Each is a date range in the business's own time zone, closed
 * all day or open at other times than usual. They override the weekly hours on their dates (the open
 * status, app/lib/business/open-status.ts) and are marked up as specialOpeningHoursSpecification.
 * Their zod schema is in special-hours-schema.ts, which the browser never loads.
 */

/** One range: the days `from`–`to` (local dates, inclusive), closed, or open `opens`–`closes` ("09:00"). */
export type SpecialHoursEntry = { from: string; to: string; closed: boolean; opens?: string; closes?: string };
export type SpecialHours = SpecialHoursEntry[];

/** The entry covering a local date ("2026-12-25"), if any: the last one listed wins when two overlap. */
export function specialHoursOn(entries: SpecialHours, localDate: string): SpecialHoursEntry | null {
  let found: SpecialHoursEntry | null = null;
  for (const entry of entries) if (entry.from <= localDate && localDate <= entry.to) found = entry;
  return found;
}
