/**
 * Special hours as stored and as an owner or an admin submits them (app/lib/business/special-hours.ts):
 * the schema lives apart from the helpers the pages use, so a page's JavaScript carries no zod for
 * them (docs/decisions/0036-visitor-javascript.md).
 */
import { z } from "zod";
import type { SpecialHours } from "#app/lib/business/special-hours";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Most special-hours ranges a business keeps (Google allows a year ahead; a handful is typical). */
const MAX_SPECIAL_HOURS = 20;

const isRealDate = (text: string) => DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

const specialHoursEntrySchema = z
  .object({
    from: z.string().refine(isRealDate, "Use a date like 2026-12-25"),
    to: z.string().refine(isRealDate, "Use a date like 2026-12-25"),
    closed: z.boolean(),
    opens: z.string().regex(TIME, "Use a time like 09:00").optional(),
    closes: z.string().regex(TIME, "Use a time like 17:00").optional(),
  })
  .refine((e) => e.to >= e.from, { message: "The last day cannot be before the first", path: ["to"] })
  .refine((e) => e.closed || (e.opens !== undefined && e.closes !== undefined), {
    message: "Give the opening and closing times, or mark the days closed",
    path: ["opens"],
  });

export const specialHoursSchema: z.ZodType<SpecialHours> = z.array(specialHoursEntrySchema).max(MAX_SPECIAL_HOURS);

/** businesses.special_hours as stored → its entries, sorted by first day; [] when none or unreadable. */
export function parseSpecialHours(json: string | null | undefined): SpecialHours {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const parsed = specialHoursSchema.safeParse(value);
  return parsed.success ? [...parsed.data].sort((a, b) => a.from.localeCompare(b.from)) : [];
}
