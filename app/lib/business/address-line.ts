/**
 * Where a business is, as one line: its stored address, then only the places the address does not
 * already name. Pure, and light enough for the browser (a card renders it): slugify alone.
 */
import { joinParts } from "#app/lib/format";
import { slugify } from "#app/lib/business/slug";

type AddressParts = { address: string; city: string; state: string; country: string };

/** Text as its words without accents or case ("Huế 530000" → "-hue-530000-"), for a whole-word match. */
function words(text: string): string {
  const slug = slugify(text);
  return slug ? `-${slug}-` : "";
}

/**
 * Whether `line` already names `place`: its words appear in it as whole words, accents and case
 * aside ("Huế" names "Hue"; "Hueco" does not). A place of several parts ("Kim Long, Hue") is named
 * when each part is. Text with no Latin letters (slugify leaves nothing) is compared as written.
 */
function names(line: string, place: string): boolean {
  const parts = place
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return true;
  const known = words(line);
  return parts.every((part) => {
    const wanted = words(part);
    return wanted ? known.includes(wanted) : line.toLocaleLowerCase().includes(part.toLocaleLowerCase());
  });
}

/**
 * The address shown once (a card's location line): the stored full address as written, then city,
 * state and country only where it does not contain them already. An address that names its city
 * names its state too ("12 Main St, Chicago, IL 60601"), so only the country may be added; a bare
 * street gets city, state and country, each part once ("18 Kim Long" in Hue, state "Kim Long, Hue"
 * → "18 Kim Long, Hue, Vietnam"). State and country show either way, so same-named cities can be told apart.
 */
export function addressLine({ address, city, state, country }: AddressParts): string {
  const stored = address.trim();
  const added: string[] = [];
  const line = () => joinParts([stored, ...added]);
  const add = (place: string) => {
    for (const part of place.split(",")) {
      const trimmed = part.trim();
      if (trimmed && !names(line(), trimmed)) added.push(trimmed);
    }
  };
  if (!stored || !city.trim() || !names(stored, city)) {
    add(city);
    add(state);
  }
  add(country);
  return line();
}
