/**
 * Deterministic demo directory: the same seed number always yields the same businesses, so the
 * seed is idempotent (place ids repeat, and the write module skips them as duplicates).
 */
import { article } from "#app/lib/seo/article";
import type { BusinessInput } from "#app/lib/business/business";
import { DEMO_CITIES, type DemoCity } from "./cities";

/** mulberry32: small, fast, deterministic. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type DemoCategory = { category: string; nouns: string[]; hours: HoursKind[] };

type HoursKind = "office" | "restaurant" | "night" | "always" | "split" | "retail";

const CATEGORIES: DemoCategory[] = [
  { category: "Italian restaurant", nouns: ["Trattoria", "Osteria", "Cucina"], hours: ["restaurant"] },
  { category: "Pizza restaurant", nouns: ["Pizzeria", "Pizza Co.", "Slice House"], hours: ["restaurant", "night"] },
  { category: "Coffee shop", nouns: ["Coffee", "Espresso Bar", "Roasters"], hours: ["retail"] },
  { category: "Bakery", nouns: ["Bakery", "Bakehouse", "Boulangerie"], hours: ["retail"] },
  { category: "Sushi restaurant", nouns: ["Sushi", "Sushi Bar", "Omakase"], hours: ["restaurant"] },
  { category: "Mexican restaurant", nouns: ["Taqueria", "Cantina", "Cocina"], hours: ["restaurant", "night"] },
  { category: "Diner", nouns: ["Diner", "Grill"], hours: ["always", "restaurant"] },
  { category: "Dentist", nouns: ["Dental", "Dental Care", "Smile Studio"], hours: ["office", "split"] },
  { category: "Medical clinic", nouns: ["Medical Clinic", "Health Center", "Family Clinic"], hours: ["office"] },
  { category: "Pharmacy", nouns: ["Pharmacy", "Apothecary"], hours: ["retail", "always"] },
  { category: "Chiropractor", nouns: ["Chiropractic", "Spine Center"], hours: ["office", "split"] },
  { category: "Pediatrician", nouns: ["Pediatrics", "Kids Clinic"], hours: ["office"] },
  { category: "Auto repair shop", nouns: ["Auto Repair", "Garage", "Motor Works"], hours: ["office"] },
  { category: "Car wash", nouns: ["Car Wash", "Auto Spa"], hours: ["retail"] },
  { category: "Tire shop", nouns: ["Tire & Wheel", "Tires"], hours: ["office"] },
  { category: "Hair salon", nouns: ["Hair Studio", "Salon", "Hair Lounge"], hours: ["retail"] },
  { category: "Barber shop", nouns: ["Barbers", "Barber Co."], hours: ["retail"] },
  { category: "Nail salon", nouns: ["Nails", "Nail Bar"], hours: ["retail"] },
  { category: "Day spa", nouns: ["Spa", "Wellness Spa"], hours: ["retail"] },
  { category: "Gym", nouns: ["Fitness", "Gym", "Athletic Club"], hours: ["always", "retail"] },
  { category: "Plumber", nouns: ["Plumbing", "Plumbing & Drains"], hours: ["office", "always"] },
  { category: "Electrician", nouns: ["Electric", "Electrical Services"], hours: ["office"] },
  { category: "House cleaning service", nouns: ["Cleaning Co.", "Maids", "Home Cleaning"], hours: ["office"] },
  { category: "HVAC contractor", nouns: ["Heating & Air", "HVAC"], hours: ["office"] },
  { category: "Locksmith", nouns: ["Locksmith", "Lock & Key"], hours: ["always"] },
  { category: "Law firm", nouns: ["Law Group", "Legal", "& Partners"], hours: ["office"] },
  { category: "Accountant", nouns: ["Accounting", "Tax & Accounting"], hours: ["office"] },
  { category: "Insurance agency", nouns: ["Insurance", "Insurance Agency"], hours: ["office"] },
  { category: "Real estate agency", nouns: ["Realty", "Properties", "Real Estate"], hours: ["office"] },
  { category: "Language school", nouns: ["Language School", "Language Academy"], hours: ["split", "office"] },
  { category: "Tutoring service", nouns: ["Tutoring", "Learning Center"], hours: ["office"] },
  { category: "Driving school", nouns: ["Driving School"], hours: ["office"] },
  { category: "Movie theater", nouns: ["Cinema", "Picture House"], hours: ["night"] },
  { category: "Bowling alley", nouns: ["Lanes", "Bowl"], hours: ["night"] },
  { category: "Museum", nouns: ["Museum", "Gallery"], hours: ["retail"] },
  { category: "Escape room center", nouns: ["Escape Rooms", "Escape Games"], hours: ["night"] },
  { category: "Software company", nouns: ["Software", "Labs", "Digital"], hours: ["office"] },
  { category: "Computer repair service", nouns: ["Computer Repair", "PC Clinic"], hours: ["office"] },
];

const WORDS = [
  "Golden",
  "Blue",
  "Corner",
  "Old Town",
  "Sunrise",
  "Harbor",
  "Maple",
  "Olive",
  "Urban",
  "Riverside",
  "Green",
  "Royal",
  "Bright",
  "Summit",
  "Cedar",
  "Silver",
  "North Star",
  "Evergreen",
  "Liberty",
  "Park",
  "Lakeside",
  "Union",
  "Copper",
  "Crescent",
  "Pioneer",
  "Atlas",
  "Beacon",
  "Willow",
  "Granite",
  "Juniper",
];

/** Names with accents, scripts and chains, as real scraped data has them. */
const SPECIAL_NAMES: Array<{ name: string; city: string; category: string }> = [
  { name: "Café Zürich", city: "Zürich", category: "Coffee shop" },
  { name: "Müller & Söhne Elektrotechnik", city: "Berlin", category: "Electrician" },
  { name: "Bäckerei Köln", city: "Köln", category: "Bakery" },
  { name: "東京寿司", city: "Tokyo", category: "Sushi restaurant" },
  { name: "Cà Phê Muối Huế", city: "Huế", category: "Coffee shop" },
  { name: "Pâtisserie Lumière", city: "Paris", category: "Bakery" },
  { name: "São Paulo Auto Center", city: "São Paulo", category: "Auto repair shop" },
];

const FEATURES = {
  "Service options": ["Online appointments", "Onsite services", "Delivery", "Takeout", "Dine-in"],
  Payments: ["Credit cards", "Debit cards", "NFC mobile payments", "Cash only"],
  Accessibility: ["Wheelchair accessible entrance", "Wheelchair accessible parking lot", "Wheelchair accessible restroom"],
  Planning: ["Appointment required", "Accepts reservations"],
};

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

function hoursFor(kind: HoursKind): Record<string, string> {
  const days = (f: (day: (typeof WEEK)[number], i: number) => string) => Object.fromEntries(WEEK.map((d, i) => [d, f(d, i)]));
  switch (kind) {
    case "office":
      return days((_, i) => (i < 5 ? "9:00 AM - 6:00 PM" : i === 5 ? "10:00 AM - 2:00 PM" : "Closed"));
    case "split":
      return days((_, i) => (i < 5 ? "8:00 AM - 12:00 PM, 1:00 PM - 5:30 PM" : "Closed"));
    case "restaurant":
      return days((_, i) => (i === 0 ? "Closed" : i >= 4 && i <= 5 ? "11:30 AM - 11:00 PM" : "11:30 AM - 10:00 PM"));
    case "night":
      // Past midnight: Friday's evening runs into Saturday morning.
      return days((_, i) => (i >= 4 && i <= 5 ? "5:00 PM - 2:00 AM" : "5:00 PM - 11:00 PM"));
    case "always":
      return days(() => "Open 24 hours");
    case "retail":
      return days((_, i) => (i === 6 ? "10:00 AM - 4:00 PM" : "7:00 AM - 7:00 PM"));
  }
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)];
}

const TOTAL_WEIGHT = DEMO_CITIES.reduce((s, c) => s + c.weight, 0);

function weightedCity(rnd: () => number): DemoCity {
  let x = rnd() * TOTAL_WEIGHT;
  for (const c of DEMO_CITIES) {
    x -= c.weight;
    if (x < 0) return c;
  }
  return DEMO_CITIES[0];
}

/** Mean stars of weights over 1★..5★. */
function meanOf(weights: number[]): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.reduce((sum, w, i) => sum + w * (i + 1), 0) / total;
}

/**
 * Review counts per star (1★..5★) that add up to `reviews` and average about `rating`, shaped as
 * Google's are: rising towards 5★ (weights growing by a common factor, found by bisection to meet
 * the rating) with a small bump of 1★ reviews. Its own deterministic variation from (seed, index),
 * so the main random stream (and so every other field of every row) is what it was before
 * histograms existed. Null without reviews.
 */
export function demoHistogram(rating: number, reviews: number, seed: number, index: number): number[] | null {
  if (reviews <= 0 || rating <= 0) return null;
  const target = Math.min(5, Math.max(1, rating));
  // The 1★ bump: a few percent, less the closer the rating is to 5 (a 5.0 has none).
  const bump = Math.min(0.08, (5 - target) / 10) * (0.5 + random(seed * 100003 + index)());
  const mixed = (growth: number) => {
    const w = [0, 1, 2, 3, 4].map((k) => Math.exp(growth * (k - 4)));
    const total = w.reduce((sum, x) => sum + x, 0);
    return w.map((x, k) => (1 - bump) * (x / total) + (k === 0 ? bump : 0));
  };
  // The mean rises with the growth factor: bisect for the one that meets the rating.
  let low = -8;
  let high = 12;
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2;
    if (meanOf(mixed(mid)) < target) low = mid;
    else high = mid;
  }
  const weights = mixed((low + high) / 2);
  // Whole counts by largest remainder, so they add up exactly.
  const raw = weights.map((w) => w * reviews);
  const counts = raw.map(Math.floor);
  let left = reviews - counts.reduce((sum, n) => sum + n, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i] += 1;
  }
  return counts;
}

/** 2025-01-01T00:00:00Z: demo businesses are "added" an hour apart from here. */
const FIRST_CREATED_AT = 1735689600;

export type DemoOptions = { count?: number; seed?: number };

/** The place id of the demo business at `index` (0-based): the seed's resume point counts these. */
function demoPlaceId(seed: number, index: number): string {
  return `demo-${seed}-${String(index + 1).padStart(5, "0")}`;
}

/**
 * The demo directory as a lazy sequence: one business at a time, nothing kept, so a million costs
 * the memory of one. Row i depends only on (seed, i) (the random stream is consumed row by row), and
 * `from` skips the first rows (built and dropped: their random numbers must still be drawn), so a
 * resumed seed yields exactly the rows an uninterrupted one would.
 */
export function* demoBusinesses({ count = 1200, seed = 2025, from = 0 }: DemoOptions & { from?: number } = {}): Generator<BusinessInput> {
  const rnd = random(seed);
  for (let i = 0; i < count; i++) {
    const business = demoBusiness(rnd, seed, i);
    if (i >= from) yield business;
  }
}

/** The first `count` demo businesses as an array (the 1,200-row demo, tests and bench:search). */
export function generateDemoBusinesses(options: DemoOptions = {}): BusinessInput[] {
  return [...demoBusinesses(options)];
}

function demoBusiness(rnd: () => number, seed: number, i: number): BusinessInput {
  const special = i < SPECIAL_NAMES.length ? SPECIAL_NAMES[i] : null;
  const city = special ? DEMO_CITIES.find((c) => c.city === special.city)! : weightedCity(rnd);
  const cat = special ? CATEGORIES.find((c) => c.category === special.category)! : CATEGORIES[i % CATEGORIES.length];
  const name = special?.name ?? `${pick(rnd, WORDS)} ${pick(rnd, cat.nouns)}`.replace(/ & Partners$/, " & Partners");
  const n = Math.floor(rnd() * 100000);
  const zip = city.zip(n);
  const hasRating = rnd() > 0.06;
  const reviews = hasRating ? Math.floor(Math.pow(rnd(), 2.2) * 3000) : 0;
  const rating = hasRating ? Math.round((3 + rnd() * 2) * 10) / 10 : 0;
  const hoursKind = pick(rnd, cat.hours);
  const withHours = rnd() > 0.1;
  const about: Record<string, Record<string, boolean>> = {};
  if (rnd() > 0.3) {
    for (const [group, items] of Object.entries(FEATURES)) {
      if (rnd() > 0.35) about[group] = Object.fromEntries(items.filter(() => rnd() > 0.4).map((item) => [item, rnd() > 0.2]));
      if (about[group] && Object.keys(about[group]).length === 0) delete about[group];
    }
  }
  return {
    placeId: demoPlaceId(seed, i),
    name,
    category: cat.category,
    description: `${name} is ${article(cat.category)} ${cat.category.toLowerCase()} in ${city.city}, known for friendly service and fair prices.`,
    address: city.address(pick(rnd, city.streets), 1 + Math.floor(rnd() * 400), zip),
    city: city.city,
    state: city.state,
    stateCode: city.stateCode,
    zipCode: zip,
    country: city.country,
    countryCode: city.countryCode,
    phone: rnd() > 0.12 ? city.phone(n) : null,
    website: rnd() > 0.5 ? `https://www.example.com/${i + 1}` : null,
    rating,
    reviewCount: reviews,
    reviewsPerScore: demoHistogram(rating, reviews, seed, i),
    isVerified: rnd() > 0.6,
    isOpen: rnd() > 0.3,
    // A storefront of its category, by day or at dusk (public/demo, scripts/generate-demo-photos.ts).
    photos: rnd() > 0.35 ? [`/demo/${cat.category.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${1 + (i % 2)}.svg`] : [],
    openingHours: withHours ? hoursFor(hoursKind) : null,
    about: Object.keys(about).length ? about : null,
    timeZone: city.timeZone,
    latitude: Math.round((city.lat + (rnd() - 0.5) * 0.1) * 1e6) / 1e6,
    longitude: Math.round((city.lng + (rnd() - 0.5) * 0.1) * 1e6) / 1e6,
    businessStatus: "OPERATIONAL",
    createdAt: FIRST_CREATED_AT + i * 3600,
  };
}
