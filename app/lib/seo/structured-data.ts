/**
 * JSON-LD (schema.org) for the visitor pages: LocalBusiness (most specific type), ItemList,
 * BreadcrumbList, WebSite. Pure: no runtime imports. Serialize with `serializeJsonLd`, which makes
 * the text safe inside a <script> element.
 */
import { parseDayText, WEEKDAYS, type OpeningHours, type Weekday } from "#app/lib/business/hours";
import { detailPath, slugify } from "#app/lib/business/slug";
import type { SpecialHours } from "#app/lib/business/special-hours";

type JsonLd = Record<string, unknown>;

/** First match wins: the most specific schema.org LocalBusiness subtype for a Google category. */
const TYPE_RULES: ReadonlyArray<[RegExp, string]> = [
  [/internet caf/i, "InternetCafe"],
  [/\b(cafe|café|coffee)/i, "CafeOrCoffeeShop"],
  [/\bbaker(y|ies)\b|patisserie/i, "Bakery"],
  [/\bice cream/i, "IceCreamShop"],
  [/\bfast food|burger|hamburger/i, "FastFoodRestaurant"],
  [/\b(bar|pub|brewpub|cocktail)\b/i, "BarOrPub"],
  [/\bwinery/i, "Winery"],
  [/\bbrewery/i, "Brewery"],
  [/distiller/i, "Distillery"],
  [/restaurant|pizz|diner|bistro|sushi|steak|eatery|grill|brasserie|ramen|taco|kebab|bbq|barbecue/i, "Restaurant"],
  [/dentist|dental|orthodont/i, "Dentist"],
  [/pharmac|drugstore|chemist/i, "Pharmacy"],
  // schema.org's VeterinaryCare is no LocalBusiness (it is a MedicalOrganization, without address or hours).
  [/veterinar|animal hospital/i, "LocalBusiness"],
  [/hospital/i, "Hospital"],
  [/optician|optometr/i, "Optician"],
  [/physiotherap|physical therap/i, "MedicalBusiness"],
  [/doctor|physician|clinic|pediatric|dermatolog|cardiolog|surgeon|medical|urgent care|chiropract/i, "Physician"],
  [/auto ?body|collision/i, "AutoBodyShop"],
  [/car wash|auto wash/i, "AutoWash"],
  [/car dealer|auto dealer|used car/i, "AutoDealer"],
  [/tire|tyre/i, "TireShop"],
  [/auto parts|car parts/i, "AutoPartsStore"],
  [/motorcycle dealer/i, "MotorcycleDealer"],
  [/motorcycle repair/i, "MotorcycleRepair"],
  [/gas station|petrol|fuel station/i, "GasStation"],
  [/car rental/i, "AutoRental"],
  [/auto|mechanic|car repair|oil change|transmission|brake|garage\b/i, "AutoRepair"],
  [/hair|barber/i, "HairSalon"],
  [/nail/i, "NailSalon"],
  [/day spa|\bspa\b|massage/i, "DaySpa"],
  [/beauty|cosmetic|makeup|lash|brow|esthetic|aesthetic|waxing/i, "BeautySalon"],
  [/tattoo|piercing/i, "TattooParlor"],
  [/gym|fitness|yoga|pilates/i, "ExerciseGym"],
  [/plumb/i, "Plumber"],
  [/electrician|electrical contractor/i, "Electrician"],
  [/hvac|heating|air condition/i, "HVACBusiness"],
  [/locksmith/i, "Locksmith"],
  [/roof/i, "RoofingContractor"],
  [/painter|painting/i, "HousePainter"],
  [/moving|mover/i, "MovingCompany"],
  [/general contractor|contractor|remodel|construction/i, "GeneralContractor"],
  [/cleaning|cleaner|janitor|maid|landscap|lawn|pest|handyman/i, "HomeAndConstructionBusiness"],
  [/lawyer|attorney|law firm|legal/i, "LegalService"],
  [/notary/i, "Notary"],
  [/accountant|accounting|bookkeep|tax/i, "AccountingService"],
  [/insurance/i, "InsuranceAgency"],
  [/real estate|realtor/i, "RealEstateAgent"],
  [/\bbank\b|credit union/i, "BankOrCreditUnion"],
  [/employment|recruit|staffing/i, "EmploymentAgency"],
  [/travel agen/i, "TravelAgency"],
  [/bed (and|&) breakfast|guest ?house/i, "BedAndBreakfast"],
  [/motel/i, "Motel"],
  [/hostel/i, "Hostel"],
  [/resort\b/i, "Resort"],
  [/campground|camping/i, "Campground"],
  [/hotel/i, "Hotel"],
  [/inn\b|lodging/i, "LodgingBusiness"],
  [/child ?care|day ?care|preschool|kindergarten/i, "ChildCare"],
  [/florist/i, "Florist"],
  [/grocery|supermarket/i, "GroceryStore"],
  [/hardware store/i, "HardwareStore"],
  [/book ?store|bookshop/i, "BookStore"],
  [/clothing|boutique/i, "ClothingStore"],
  [/electronics|cell phone|mobile phone/i, "ElectronicsStore"],
  [/jewel/i, "JewelryStore"],
  [/furniture store/i, "FurnitureStore"],
  [/pet store|pet shop/i, "PetStore"],
  [/shoe store/i, "ShoeStore"],
  [/toy store/i, "ToyStore"],
  [/bicycle|bike shop/i, "BikeStore"],
  [/liquor store|wine store|wine shop/i, "LiquorStore"],
  [/convenience store/i, "ConvenienceStore"],
  [/garden center|nursery/i, "GardenStore"],
  [/sporting goods/i, "SportingGoodsStore"],
  [/computer store/i, "ComputerStore"],
  [/department store/i, "DepartmentStore"],
  [/pawn/i, "PawnShop"],
  [/laundr|dry clean/i, "DryCleaningOrLaundry"],
  [/self.?storage|storage facility/i, "SelfStorage"],
  [/store|shop\b|market/i, "Store"],
  [/night ?club/i, "NightClub"],
  [/bowling/i, "BowlingAlley"],
  [/cinema|movie theater/i, "MovieTheater"],
  [/casino/i, "Casino"],
  [/amusement park/i, "AmusementPark"],
  [/art gallery/i, "ArtGallery"],
  [/golf course/i, "GolfCourse"],
  [/tourist information/i, "TouristInformationCenter"],
  [/software|it services|computer|web design|marketing|consult|agency|architect|engineer/i, "ProfessionalService"],
];

/** Every type the rules can give, for the test that checks each is a LocalBusiness in the schema.org vocabulary. */
export const SCHEMA_TYPES: readonly string[] = [...new Set(TYPE_RULES.map(([, type]) => type))];

/** Most specific schema.org type for a category (LocalBusiness when nothing fits). */
export function schemaTypeForCategory(category: string, subtypes = ""): string {
  for (const probe of [category, subtypes]) {
    if (!probe) continue;
    for (const [pattern, type] of TYPE_RULES) if (pattern.test(probe)) return type;
  }
  return "LocalBusiness";
}

function hhmm(minutes: number): string {
  // Google: a close at midnight is written 23:59; an open at midnight 00:00.
  if (minutes >= 1440) return "23:59";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/**
 * openingHoursSpecification from real hours only (never the default schedule): days with equal
 * hours share one entry; closed days are opens = closes = "00:00", 24 hours is 00:00–23:59, and an
 * interval past midnight keeps its own opens/closes (closes earlier than opens), as Google documents.
 */
export function openingHoursSpecification(hours: OpeningHours | null | undefined): JsonLd[] {
  if (!hours) return [];
  const byHours = new Map<string, { opens: string; closes: string; days: Weekday[] }>();
  for (const day of WEEKDAYS) {
    const parsed = parseDayText(hours[day]);
    if (!parsed) continue;
    const spans: Array<{ opens: string; closes: string }> =
      parsed.kind === "closed"
        ? [{ opens: "00:00", closes: "00:00" }]
        : parsed.kind === "24h"
          ? [{ opens: "00:00", closes: "23:59" }]
          : parsed.intervals.map((i) => ({ opens: hhmm(i.open), closes: hhmm(i.close) }));
    for (const span of spans) {
      const key = `${span.opens}-${span.closes}`;
      const entry = byHours.get(key) ?? { ...span, days: [] };
      entry.days.push(day);
      byHours.set(key, entry);
    }
  }
  return [...byHours.values()].map((e) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: e.days.map((d) => `https://schema.org/${d}`),
    opens: e.opens,
    closes: e.closes,
  }));
}

/**
 * specialOpeningHoursSpecification from special hours (holidays, one-off hours), as Google documents
 * it: each range's validFrom/validThrough with its opens/closes; a closed day is opens = closes =
 * "00:00", a whole day 00:00–23:59, a close at midnight 23:59.
 */
export function specialOpeningHoursSpecification(special: SpecialHours | null | undefined): JsonLd[] {
  return (special ?? []).map((e) => {
    const open = e.closed || !e.opens || !e.closes ? null : { opens: e.opens, closes: e.closes === "00:00" ? "23:59" : e.closes };
    const times =
      open === null ? { opens: "00:00", closes: "00:00" } : open.opens === open.closes ? { opens: "00:00", closes: "23:59" } : open;
    return { "@type": "OpeningHoursSpecification", validFrom: e.from, validThrough: e.to, ...times };
  });
}

export type StructuredBusiness = {
  id: number;
  name: string;
  category: string;
  subtypes?: string;
  description: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  countryCode: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  /** The imported (Google Maps) rating: shown on the page, never marked up. */
  rating: number;
  reviewCount: number;
  /** The rating written here (ownReviews): the only one marked up. */
  ownReviews?: { count: number; average: number | null };
  latitude: number | null;
  longitude: number | null;
  openingHours: OpeningHours | null;
  /** Google's business_status: a permanently closed business has no opening hours to mark up. */
  businessStatus?: string | null;
  /** Holidays and one-off hours (special-hours.ts). */
  specialHours?: SpecialHours;
};

/**
 * Street part of a full address: what precedes the city, when the address names it, however it
 * spells it ("7 Sư Vạn Hạnh, Kim Long, Huế 530000, Vietnam" for the city "Hue" → "7 Sư Vạn Hạnh,
 * Kim Long"): locality, postal code and country have their own properties.
 */
function streetAddress(address: string, city: string): string {
  if (!address) return "";
  const cut = city ? address.indexOf(`, ${city}`) : -1;
  if (cut > 0) return address.slice(0, cut).trim();
  // Compared as the site compares names, by slug: accents and case aside ("Huế 530000" → "hue-530000").
  const folded = slugify(city);
  if (folded) {
    const parts = address.split(",");
    const at = parts.findIndex((part, i) => i > 0 && (slugify(part) === folded || slugify(part).startsWith(`${folded}-`)));
    if (at > 0) return parts.slice(0, at).join(",").trim();
  }
  return address.trim();
}

/** Degrees to 5 decimals (about 1 m), the precision Google's local business guidelines ask for. */
function degrees(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

/** A published review written here, as the JSON-LD `review` items carry it. */
type MarkedUpReview = { name: string; rating: number; title: string; body: string; publishedAt: string };

export type LocalBusinessOptions = {
  url: string;
  image: string;
  description: string;
  /**
   * The first page of published reviews written here, marked up as `review`. Google's review snippets
   * are for reviews a site collects itself: the imported (Google Maps) rating is never marked up.
   */
  reviews?: ReadonlyArray<MarkedUpReview>;
  /** The phone in its international form ("+84 234 3823 456", phone.ts); else the stored text. */
  telephone?: string;
  /** The business's attributes (`about`), has and lacks: schema.org `amenityFeature`. */
  amenities?: ReadonlyArray<{ name: string; value: boolean }>;
};

export function localBusinessJsonLd(business: StructuredBusiness, options: LocalBusinessOptions): JsonLd {
  const out: JsonLd = {
    "@context": "https://schema.org",
    "@type": schemaTypeForCategory(business.category, business.subtypes),
    "@id": `${options.url}#business`,
    name: business.name,
    description: options.description,
    url: options.url,
    image: options.image,
    address: {
      "@type": "PostalAddress",
      ...(business.address ? { streetAddress: streetAddress(business.address, business.city) } : {}),
      ...(business.city ? { addressLocality: business.city } : {}),
      ...(business.state ? { addressRegion: business.state } : {}),
      ...(business.zipCode ? { postalCode: business.zipCode } : {}),
      ...(business.countryCode || business.country ? { addressCountry: business.countryCode || business.country } : {}),
    },
  };
  const telephone = options.telephone ?? business.phone;
  if (telephone) out.telephone = telephone;
  if (business.email) out.email = business.email;
  if (business.website) out.sameAs = business.website;
  if (business.latitude != null && business.longitude != null) {
    out.geo = { "@type": "GeoCoordinates", latitude: degrees(business.latitude), longitude: degrees(business.longitude) };
  }
  // Real hours only: never the default schedule, never for a closed-for-good business.
  const spec = business.businessStatus === "CLOSED_PERMANENTLY" ? [] : openingHoursSpecification(business.openingHours);
  if (spec.length) out.openingHoursSpecification = spec;
  const special = business.businessStatus === "CLOSED_PERMANENTLY" ? [] : specialOpeningHoursSpecification(business.specialHours);
  if (special.length) out.specialOpeningHoursSpecification = special;
  if (options.amenities?.length)
    out.amenityFeature = options.amenities.map((a) => ({ "@type": "LocationFeatureSpecification", name: a.name, value: a.value }));
  // Only the rating of reviews written here, from the first published one; none without one.
  const own = business.ownReviews;
  if (own && own.count >= 1 && own.average !== null) {
    out.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: own.average,
      bestRating: 5,
      worstRating: 1,
      reviewCount: own.count,
    };
    const reviews = options.reviews ?? [];
    if (reviews.length) {
      out.review = reviews.map((r) => ({
        "@type": "Review",
        author: { "@type": "Person", name: r.name },
        reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
        datePublished: r.publishedAt.slice(0, 10),
        name: r.title,
        reviewBody: r.body,
      }));
    }
  }
  return out;
}

export type Crumb = { name: string; url: string };

export function breadcrumbJsonLd(crumbs: Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: c.url })),
  };
}

function itemListJsonLd(name: string, items: Array<{ name: string; url: string }>, offset = 0): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: offset + i + 1, name: item.name, url: item.url })),
  };
}

/**
 * A listing page's JSON-LD: the businesses it shows as an ItemList, and its breadcrumbs. Pages build
 * it where they render, from the cards already in their data, so the page's data does not carry the
 * same names and links a second time (that data is JavaScript the page sends before any interaction).
 */
export function listingJsonLd(options: {
  siteUrl: string;
  name: string;
  businesses: Array<{ id: number | string; placeId?: string | null; slug?: string | null; name: string }>;
  offset: number;
  crumbs: Crumb[];
}): JsonLd[] {
  const items = options.businesses.map((b) => ({ name: b.name, url: `${options.siteUrl}${detailPath(b)}` }));
  return [itemListJsonLd(options.name, items, options.offset), breadcrumbJsonLd(options.crumbs)];
}

export function webSiteJsonLd(siteName: string, siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: siteName,
    url: `${siteUrl}/`,
  };
}

/**
 * JSON for a <script type="application/ld+json"> element: `<`, `>`, `&` and the JS line separators
 * are written as \u escapes, so no text can close the script element or open a comment.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
