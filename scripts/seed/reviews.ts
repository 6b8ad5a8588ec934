/**
 * Deterministic demo reviews for `npm run db:seed -- --reviews N` (docs/perf/seed.md): review i
 * depends only on (seed, i, total, the directory's business ids), so a resumed seed writes exactly
 * the rows an uninterrupted one would. Names, titles and texts come from the small word lists below;
 * stars lean to 4–5 but every star is present; published_at rises with i over two years (so each
 * business's first review is also its earliest, as the trigger's first_review_at expects); some
 * reviews have helpful votes and a few an owner's reply. Every review is published.
 */

/** mulberry32, one small generator per review: row i never depends on the rows before it. */
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

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];

const FIRST_NAMES = [
  "Maria",
  "James",
  "Linh",
  "Carlos",
  "Aisha",
  "Tom",
  "Sofia",
  "Minh",
  "Emma",
  "Diego",
  "Hana",
  "Lucas",
  "Olivia",
  "Ngoc",
  "Mateo",
  "Grace",
  "Yuki",
  "Daniel",
  "Chloe",
  "Anh",
  "Pablo",
  "Nora",
  "Ethan",
  "Lucia",
  "Sam",
  "Fatima",
  "Jonas",
  "Mai",
  "Leo",
  "Isabel",
];
const LAST_INITIALS = "ABCDEFGHIJKLMNOPRSTVWY";

/** Titles by stars, 1★ to 5★. */
const TITLES: readonly (readonly string[])[] = [
  ["Very disappointing", "Would not come back", "Not as advertised", "Poor experience", "Avoid"],
  ["Below expectations", "Could be much better", "Not great", "Mixed feelings, mostly bad"],
  ["Okay overall", "Average visit", "Decent but nothing special", "Some good, some bad", "Fine for the price"],
  ["Good experience", "Would recommend", "Solid choice", "Friendly and reliable", "Pleasant visit", "Nice place"],
  ["Excellent!", "Best in town", "Highly recommend", "Fantastic service", "Could not be happier", "A gem"],
];

/** Sentences by stars, 1★ to 5★; a text is two to four of them. */
const SENTENCES: readonly (readonly string[])[] = [
  [
    "We waited far too long and nobody seemed to care.",
    "The staff were rude when we asked a simple question.",
    "The price was much higher than what we were told.",
    "Nothing was ready at the time we had agreed on.",
    "I called twice to sort it out and never got an answer.",
  ],
  [
    "The place was not very clean on the day we went.",
    "It took several tries to get what we had asked for.",
    "The service felt rushed and a bit careless.",
    "Parking was a problem and the wait was long.",
  ],
  [
    "It was fine, though the wait was a little long.",
    "The staff were polite but clearly very busy.",
    "Prices are fair for what you get.",
    "Nothing went wrong, nothing stood out either.",
    "I might come back if I am in the area.",
  ],
  [
    "The staff were friendly and explained everything clearly.",
    "We were served quickly even though it was busy.",
    "Good value for money and an easy place to find.",
    "Everything was clean and well organised.",
    "They fixed a small mistake right away without any fuss.",
    "I have been here a few times and it is always consistent.",
  ],
  [
    "Absolutely wonderful from start to finish.",
    "The team went out of their way to help us.",
    "Quick, professional and very reasonably priced.",
    "I recommend them to all my friends and family.",
    "Spotless, welcoming and on time, every time.",
    "Easily the best in the neighbourhood.",
    "They remembered us from our last visit, which was a lovely touch.",
  ],
];

const REPLIES = [
  "Thank you for taking the time to write this. We hope to see you again soon!",
  "Thanks for your kind words, the whole team appreciates it.",
  "We are sorry to hear this. Please get in touch so we can make it right.",
  "Thank you for the feedback: we have shared it with the team and are working on it.",
];

/** 1★..5★ weights: most reviews are 4 or 5 stars, every star appears. */
const STAR_WEIGHTS = [0.07, 0.06, 0.11, 0.27, 0.49];

/** The two years the reviews are published over: 2024-11-01 to 2026-11-01 (UTC). */
const REVIEWS_FROM = 1730419200;
const REVIEWS_SPAN = 2 * 365 * 86_400;

/** The e-mail of seeded review i: unique per review (one review per address and business), and how a resumed seed finds where it stopped. */
const seedReviewEmail = (seed: number, i: number) => `seed-${seed}-review-${i}@example.com`;
/** The review index back from its e-mail, or null for a review the seed did not write. */
export function seedReviewIndex(seed: number, email: string): number | null {
  const m = new RegExp(`^seed-${seed}-review-(\\d+)@example\\.com$`).exec(email);
  return m ? Number(m[1]) : null;
}

/**
 * One review as a compact row: [business_id, email, name, rating, title, body, visit_month,
 * helpful_count, reply_body, reply_at, published_at]. `businessIds` is the directory in id order;
 * a few businesses get many reviews and many get none (a power law, spread over the ids).
 */
export type SeedReviewRow = [number, string, string, number, string, string, string | null, number, string | null, number | null, number];

export function demoReview(seed: number, i: number, total: number, businessIds: readonly number[]): SeedReviewRow {
  const rnd = random(seed * 7_919 + i * 2_654_435_761);
  const n = businessIds.length;
  // A power law over ranks, then spread over the ids by a step coprime with almost any count.
  const rank = Math.min(n - 1, Math.floor(n * Math.pow(rnd(), 2.5)));
  const businessId = businessIds[(rank * 1_000_003 + 17) % n];
  let x = rnd();
  let stars = 5;
  for (let s = 0; s < 5; s++) {
    x -= STAR_WEIGHTS[s];
    if (x < 0) {
      stars = s + 1;
      break;
    }
  }
  const name = `${pick(rnd, FIRST_NAMES)} ${LAST_INITIALS[Math.floor(rnd() * LAST_INITIALS.length)]}.`;
  const title = pick(rnd, TITLES[stars - 1]);
  const sentences = SENTENCES[stars - 1];
  const count = 2 + Math.floor(rnd() * 3);
  const start = Math.floor(rnd() * sentences.length);
  const body = Array.from({ length: count }, (_, k) => sentences[(start + k) % sentences.length]).join(" ");
  // Rising with i (ties allowed): each business's reviews are inserted oldest first.
  const publishedAt = REVIEWS_FROM + Math.floor(((i + rnd()) * REVIEWS_SPAN) / Math.max(1, total));
  const visitMonth = rnd() < 0.6 ? new Date((publishedAt - Math.floor(rnd() * 60) * 86_400) * 1000).toISOString().slice(0, 7) : null;
  const helpful = rnd() < 0.3 ? 1 + Math.floor(Math.pow(rnd(), 3) * 40) : 0;
  const replied = rnd() < 0.04;
  const reply = replied ? pick(rnd, stars >= 3 ? REPLIES.slice(0, 2) : REPLIES.slice(2)) : null;
  const replyAt = replied ? publishedAt + 3_600 + Math.floor(rnd() * 5 * 86_400) : null;
  return [businessId, seedReviewEmail(seed, i), name, stars, title, body, visitMonth, helpful, reply, replyAt, publishedAt];
}

/**
 * Inserts one batch of rows (a JSON array bound as one parameter) in one statement: published, so
 * the reviews_summary_ai trigger keeps each business's own rating. OR IGNORE: a row already stored
 * (a resumed seed) is skipped, and its trigger does not fire.
 */
export const INSERT_REVIEWS_SQL = `INSERT OR IGNORE INTO reviews
  (business_id, email, name, rating, title, body, visit_month, status, locale, sender, helpful_count,
   reply_body, reply_by, reply_at, created_at, published_at, updated_at)
SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'),
  json_extract(value, '$[4]'), json_extract(value, '$[5]'), json_extract(value, '$[6]'), 'published', 'en', 'seed',
  json_extract(value, '$[7]'), json_extract(value, '$[8]'), CASE WHEN json_extract(value, '$[8]') IS NULL THEN NULL ELSE 'owner' END,
  json_extract(value, '$[9]'), json_extract(value, '$[10]') - 600, json_extract(value, '$[10]'), coalesce(json_extract(value, '$[9]'), json_extract(value, '$[10]'))
FROM json_each(?1)`;
