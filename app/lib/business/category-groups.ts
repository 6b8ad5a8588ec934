/**
 * The category → group mapping of DESIGN.md: Google's fine categories ("Italian restaurant",
 * "Plumber") fall into the broad groups of the header and footer. Pure: no runtime imports.
 */

export type GroupSlug =
  | "restaurants"
  | "healthcare"
  | "auto-services"
  | "beauty-wellness"
  | "home-services"
  | "professional-services"
  | "education"
  | "entertainment"
  | "technology"
  | "shopping"
  | "other";

/** `name` is the source (English) name the database stores; pages show the group's message (GROUP_MESSAGES). */
export type CategoryGroup = { slug: GroupSlug; name: string; keywords: string };

/**
 * Each group's name in the interface catalogs (app/locales/{locale}/interface.json), as the header,
 * the footer and the home page show it: `group.<slug>`, each id spelled out once here.
 */
export const GROUP_MESSAGES = {
  restaurants: "group.restaurants",
  healthcare: "group.healthcare",
  "auto-services": "group.auto-services",
  "beauty-wellness": "group.beauty-wellness",
  "home-services": "group.home-services",
  "professional-services": "group.professional-services",
  education: "group.education",
  entertainment: "group.entertainment",
  technology: "group.technology",
  shopping: "group.shopping",
  other: "group.other",
} as const satisfies Record<GroupSlug, `group.${GroupSlug}`>;

/** Order matters: the first group whose pattern matches wins ("Coffee shop" is a restaurant, not shopping). */
const CATEGORY_GROUPS: ReadonlyArray<CategoryGroup & { pattern: RegExp }> = [
  {
    slug: "healthcare",
    name: "Healthcare",
    keywords: "healthcare health doctor doctors medical clinic physician hospital care",
    pattern:
      /\b(doctor|physician|clinic|hospital|dentist|dental|orthodont|medical|medicine|health|pharmac|chemist|chiropract|physiotherap|physical therap|therapist|optometr|optician|ophthalm|pediatric|paediatric|dermatolog|surgeon|surgery|cardiolog|gyn|obstetric|urolog|neurolog|psychiatr|psycholog|urgent care|laborator|radiolog|veterinar|animal hospital|hair transplant|nursing|acupunct|podiatr|audiolog|orthoped)/i,
  },
  {
    slug: "restaurants",
    name: "Restaurants",
    keywords: "restaurant restaurants food dining eat",
    pattern:
      /\b(restaurant|caf[eé]|coffee|bakery|baker|pizz|diner|bistro|sushi|steak|burger|food|taco|deli\b|grill|eatery|buffet|ice cream|tea house|juice|brasserie|ramen|noodle|barbecue|bbq|kebab|sandwich|dessert|patisserie|creperie|gastropub|canteen|brunch|breakfast|pho\b|dumpling)/i,
  },
  {
    slug: "auto-services",
    name: "Auto Services",
    keywords: "auto car cars vehicle mechanic automotive",
    pattern:
      /\b(auto|car\b|cars\b|car (wash|repair|dealer|rental|detail)|mechanic|tire|tyre|vehicle|oil change|body shop|towing|motorcycle|transmission|smog|muffler|windshield|brake|collision|truck repair|garage\b)/i,
  },
  {
    slug: "beauty-wellness",
    name: "Beauty & Wellness",
    keywords: "beauty wellness salon spa hair",
    pattern:
      /\b(beauty|salon|hair|barber|nail|spa\b|massage|cosmetic|makeup|tattoo|piercing|yoga|pilates|gym|fitness|wellness|esthetic|aesthetic|lash|brow|skin care|waxing|tanning|sauna)/i,
  },
  {
    slug: "home-services",
    name: "Home Services",
    keywords: "home house services repair cleaning",
    pattern:
      /\b(plumb|electrician|electrical|cleaning|cleaner|janitor|hvac|heating|air condition|roof|landscap|lawn|gardener|pest|locksmith|handyman|contractor|carpet|painter|painting|moving|mover|remodel|pool|garage door|window|floor|gutter|appliance repair|septic|chimney|drywall|fence|tree service|maid|interior design|furniture repair|pressure washing)/i,
  },
  {
    slug: "technology",
    name: "Technology",
    keywords: "technology software computer it",
    pattern:
      /\b(software|it services|it support|computer|web design|website design|app develop|internet|technology|tech\b|electronics|cell phone|mobile phone|data recovery|cyber|telecommunication)/i,
  },
  {
    slug: "professional-services",
    name: "Professional Services",
    keywords: "professional services consultant office",
    pattern:
      /\b(lawyer|attorney|law firm|legal|accountant|accounting|bookkeep|tax\b|tax |insurance|real estate|realtor|consultant|consulting|marketing|advertising|agency|financial|finance|notary|architect|bank|employment|recruit|staffing|printing|photograph|translator|surveyor|engineer|business|logistics|courier|coworking|mortgage|investment)/i,
  },
  {
    slug: "education",
    name: "Education",
    keywords: "education school learning courses",
    pattern:
      /\b(school|university|college|tutor|academy|education|training|kindergarten|preschool|day care|daycare|language|learning|library|institute|course|music lessons|driving instructor)/i,
  },
  {
    slug: "entertainment",
    name: "Entertainment",
    keywords: "entertainment fun leisure nightlife",
    pattern:
      /\b(cinema|movie|theater|theatre|museum|bowling|amusement|night ?club|\bbar\b|pub\b|karaoke|arcade|casino|concert|escape room|gallery|event venue|music|park\b|zoo|aquarium|stadium|golf|billiard|lounge|comedy|festival|tourist attraction|winery|brewery)/i,
  },
  {
    slug: "shopping",
    name: "Shopping",
    keywords: "shopping shop store retail",
    pattern: /\b(store|shop|boutique|market|mall|supermarket|grocery|outlet|florist|jewel|pharmacy|wholesale|dealer)/i,
  },
];

const OTHER_GROUP: CategoryGroup = { slug: "other", name: "Other Services", keywords: "services" };

/** Header: six group entries (SPEC §2). */
export const HEADER_GROUP_SLUGS: ReadonlyArray<GroupSlug> = [
  "restaurants",
  "healthcare",
  "auto-services",
  "beauty-wellness",
  "home-services",
  "professional-services",
];

/** Footer: the eight Popular Categories, linking to their group slugs (`beauty-wellness`). */
export const FOOTER_GROUPS: ReadonlyArray<{ name: string; slug: GroupSlug }> = [
  { name: "Restaurants", slug: "restaurants" },
  { name: "Healthcare", slug: "healthcare" },
  { name: "Auto Services", slug: "auto-services" },
  { name: "Beauty & Wellness", slug: "beauty-wellness" },
  { name: "Home Services", slug: "home-services" },
  { name: "Professional Services", slug: "professional-services" },
  { name: "Education", slug: "education" },
  { name: "Entertainment", slug: "entertainment" },
];

export function groupForCategory(category: string, subtypes = ""): CategoryGroup {
  const probes = [category, subtypes].filter(Boolean);
  for (const probe of probes) {
    for (const group of CATEGORY_GROUPS) {
      if (group.pattern.test(probe)) return group;
    }
  }
  return OTHER_GROUP;
}

export function groupBySlug(slug: string): CategoryGroup | undefined {
  if (slug === OTHER_GROUP.slug) return OTHER_GROUP;
  return CATEGORY_GROUPS.find((g) => g.slug === slug);
}

/** The six default card images of SPEC §2, chosen by group on the server (Service Provider for the rest). */
export type DefaultImage = "restaurant" | "healthcare" | "auto-service" | "cleaning-service" | "software-development" | "service-provider";

export function defaultImageForGroup(group: string): DefaultImage {
  switch (group) {
    case "restaurants":
      return "restaurant";
    case "healthcare":
      return "healthcare";
    case "auto-services":
      return "auto-service";
    case "home-services":
      return "cleaning-service";
    case "technology":
      return "software-development";
    default:
      return "service-provider";
  }
}
