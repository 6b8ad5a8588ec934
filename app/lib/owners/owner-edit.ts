/**
 * What a verified owner edits (docs/people.md): weekly hours, special hours, a temporary closure,
 * phone, website, description and photos. The form's fields → one checked edit; errors are message
 * ids of the owner edit page (owner.error*), so the page says them in its language.
 */
import { WEEKDAYS, parseDayText, type OpeningHours, type Weekday } from "#app/lib/business/hours";
import type { SpecialHours } from "#app/lib/business/special-hours";
import { specialHoursSchema } from "#app/lib/business/special-hours-schema";
import { cleanLine, cleanMultiline } from "#app/lib/business/untrusted-text";

/** Most photos an owner lists (image addresses, https only). */
export const OWNER_MAX_PHOTOS = 10;
/** Empty special-hours rows the form offers for new dates (it works without JavaScript). */
export const SPECIAL_HOURS_NEW_ROWS = 3;

type OwnerEditError =
  | "owner.errorHours"
  | "owner.errorPhone"
  | "owner.errorWebsite"
  | "owner.errorDescription"
  | "owner.errorPhotos"
  | "owner.errorSpecialHours";

export type OwnerEdit = {
  openingHours: OpeningHours | null;
  specialHours: SpecialHours;
  temporarilyClosed: boolean;
  phone: string;
  website: string;
  description: string;
  photos: string[];
};

/** The form's values as the page shows them again after a refused save. */
export type OwnerEditValues = {
  hours: Record<Weekday, string>;
  special: Array<{ from: string; to: string; closed: boolean; opens: string; closes: string }>;
  temporarilyClosed: boolean;
  phone: string;
  website: string;
  description: string;
  photos: string;
};

const PHONE = /^[0-9+()\-.\s/x]*$/i;

function httpUrl(value: string, httpsOnly: boolean): boolean {
  try {
    const url = new URL(value);
    return httpsOnly ? url.protocol === "https:" : url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The form as submitted, cleaned as imports are (controls dropped), not yet checked. */
export function ownerEditValues(form: FormData): OwnerEditValues {
  const special: OwnerEditValues["special"] = [];
  const rows = Math.min(Number(text(form, "specialRows")) || 0, 50);
  for (let i = 0; i < rows; i++) {
    if (text(form, `special.${i}.remove`)) continue;
    const from = cleanLine(text(form, `special.${i}.from`)).trim();
    if (!from) continue;
    special.push({
      from,
      to: cleanLine(text(form, `special.${i}.to`)).trim() || from,
      closed: text(form, `special.${i}.kind`) !== "open",
      opens: cleanLine(text(form, `special.${i}.opens`)).trim(),
      closes: cleanLine(text(form, `special.${i}.closes`)).trim(),
    });
  }
  return {
    hours: Object.fromEntries(WEEKDAYS.map((d) => [d, cleanLine(text(form, `hours.${d}`)).trim()])) as Record<Weekday, string>,
    special,
    temporarilyClosed: text(form, "temporarilyClosed") === "on",
    phone: cleanLine(text(form, "phone")).trim(),
    website: cleanLine(text(form, "website")).trim(),
    description: cleanMultiline(text(form, "description")).trim(),
    photos: cleanMultiline(text(form, "photos")),
  };
}

function photoLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Checks the values: the edit, or the fields' error ids. */
export function parseOwnerEdit(
  values: OwnerEditValues,
): { ok: true; edit: OwnerEdit } | { ok: false; errors: Partial<Record<string, OwnerEditError>> } {
  const errors: Partial<Record<string, OwnerEditError>> = {};
  for (const day of WEEKDAYS) {
    const value = values.hours[day];
    if (value && (value.length > 100 || parseDayText(value) === null)) errors[`hours.${day}`] = "owner.errorHours";
  }
  if (values.phone.length > 50 || !PHONE.test(values.phone)) errors.phone = "owner.errorPhone";
  if (values.website && (values.website.length > 500 || !httpUrl(values.website, false))) errors.website = "owner.errorWebsite";
  if (values.description.length > 5000) errors.description = "owner.errorDescription";
  const photos = photoLines(values.photos);
  // An image of this site itself (a path such as /demo/cafe-1.svg, which listings may already have) stays acceptable.
  const photoOk = (p: string) => httpUrl(p, true) || /^\/(?![/\\])\S*$/.test(p);
  if (photos.length > OWNER_MAX_PHOTOS || photos.some((p) => p.length > 1000 || !photoOk(p))) errors.photos = "owner.errorPhotos";
  const special = specialHoursSchema.safeParse(
    values.special.map((s) =>
      s.closed ? { from: s.from, to: s.to, closed: true } : { from: s.from, to: s.to, closed: false, opens: s.opens, closes: s.closes },
    ),
  );
  if (!special.success) errors.special = "owner.errorSpecialHours";
  if (Object.keys(errors).length || !special.success) return { ok: false, errors };
  const hours = Object.fromEntries(WEEKDAYS.filter((d) => values.hours[d]).map((d) => [d, values.hours[d]]));
  return {
    ok: true,
    edit: {
      openingHours: Object.keys(hours).length ? hours : null,
      specialHours: [...special.data].sort((a, b) => a.from.localeCompare(b.from)),
      temporarilyClosed: values.temporarilyClosed,
      phone: values.phone,
      website: values.website,
      description: values.description,
      photos,
    },
  };
}

/** The form's starting values for a business as stored. */
export function ownerEditValuesOf(business: {
  openingHours: OpeningHours | null;
  specialHours: SpecialHours;
  businessStatus: string | null;
  phone: string | null;
  website: string | null;
  description: string | null;
  photos: string[];
}): OwnerEditValues {
  return {
    hours: Object.fromEntries(WEEKDAYS.map((d) => [d, business.openingHours?.[d] ?? ""])) as Record<Weekday, string>,
    special: business.specialHours.map((s) => ({ from: s.from, to: s.to, closed: s.closed, opens: s.opens ?? "", closes: s.closes ?? "" })),
    temporarilyClosed: business.businessStatus === "CLOSED_TEMPORARILY",
    phone: business.phone ?? "",
    website: business.website ?? "",
    description: business.description ?? "",
    photos: business.photos.join("\n"),
  };
}

export const specialHoursEqual = (a: SpecialHours, b: SpecialHours) => JSON.stringify(a) === JSON.stringify(b);
