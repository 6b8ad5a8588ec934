/**
 * A business's phone number as people of its country write it, with the international form for
 * `tel:` links and JSON-LD (libphonenumber-js, its smallest metadata). SERVER ONLY in practice:
 * loaders and toCard call it and pass the texts to components, so the library and its metadata
 * never ship to the browser.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { toCountryCode } from "#app/lib/business/address";
import { telHref } from "#app/lib/business/contact-links";

export type PhoneView = {
  /** As shown: the national form of the business's country ("(503) 555-0199", "0234 3823 456"); the international one for a number of another country; the text as written when it does not parse. */
  display: string;
  /** "tel:+842343823456" (E.164); for a text that does not parse, its digits; null when it holds none. */
  href: string | null;
  /** "+84 234 3823 456", for structured data; the text as written when it does not parse. */
  international: string;
};

/**
 * The views of `raw` for a business in `country` (an ISO code or a country's name; "" when unknown,
 * then only a number written with its "+" country code is read). Null for no number at all.
 */
export function phoneView(raw: string | null | undefined, country: string | null | undefined): PhoneView | null {
  const text = (raw ?? "").trim();
  if (!text) return null;
  const code = toCountryCode(country ?? "");
  let parsed: ReturnType<typeof parsePhoneNumberFromString>;
  try {
    parsed = parsePhoneNumberFromString(text, code ? { defaultCountry: code as CountryCode } : undefined);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !parsed.isValid()) return { display: text, href: telHref(text), international: text };
  const international = parsed.formatInternational();
  // A number of another country is written as people dial it from here: with its country code.
  const local = !code || parsed.country === code;
  return { display: local ? parsed.formatNational() : international, href: parsed.getURI(), international };
}
