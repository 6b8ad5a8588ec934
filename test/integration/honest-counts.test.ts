/**
 * A count shown is exact or a true lower bound (docs/search-and-lists.md, "Counts"): with the real
 * 2025 file imported, every page of a dense search, of a dense /businesses search, of a filtered
 * listing, of the list API and of the admin list says a count no larger than the results listed when
 * paged to the end — and exactly that number where it says an exact one — in every locale; no pager
 * offers a page past the last.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { adminRequest } from "../helpers/admin";
import { getJson, request } from "../helpers/factories";
import { visibleText } from "../helpers/html";
import { multipartInit } from "../helpers/import";
import { fileOf, fixtureBytes, US_FIXTURE } from "../helpers/spreadsheets";

type Shown = { kind: "exact" | "atLeast" | "moreThan"; n: number };

/** The words of "N results" in each locale: exact, "N+" (or "at least N") and "more than N". */
const RESULTS: Record<string, RegExp> = {
  en: /(More than )?(\d[\d,.]*)(\+)? results?\b/,
  es: /(Más de |Al menos )?(\d[\d,.\s]*?)(\+)? resultados?\b/,
  vi: /(Hơn |Ít nhất )?(\d[\d,.\s]*?)(\+)? kết quả/,
};

const digits = (s: string) => Number(s.replace(/[^\d]/g, ""));

function resultsShown(html: string, locale = "en"): Shown {
  const m = RESULTS[locale].exec(visibleText(html));
  if (!m) throw new Error(`no count on the page (${locale})`);
  const [, before, n, plus] = m;
  const kind = plus || before === "Al menos " || before === "Ít nhất " ? "atLeast" : before ? "moreThan" : "exact";
  return { kind, n: digits(n) };
}

function businessesShown(html: string): Shown {
  const m = /(\d[\d,]*)(\+)? Total Business(es)?\b/.exec(visibleText(html));
  if (!m) throw new Error("no total on the page");
  return { kind: m[2] ? "atLeast" : "exact", n: digits(m[1]) };
}

const cards = (html: string) => (html.match(/<article\b/g) ?? []).length;
const hasNextLink = (html: string) => /rel="next"/.test(html);
/** The highest page number any link of the page offers. */
const deepestLink = (html: string) => Math.max(1, ...[...html.matchAll(/[?&](?:amp;)?page=(\d+)/g)].map((m) => Number(m[1])));

/** A count said on a page agrees with the results listed over every page. */
function agrees(shown: Shown, listed: number, where: string) {
  if (shown.kind === "exact") expect(shown.n, where).toBe(listed);
  else if (shown.kind === "atLeast") expect(shown.n, where).toBeLessThanOrEqual(listed);
  else expect(shown.n, where).toBeLessThan(listed);
}

/** The href of the page's "next" link, or null. */
function nextHref(html: string): string | null {
  const link = /<a[^>]*href="([^"]+)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]+)"/.exec(html);
  return link ? (link[1] ?? link[2]).replace(/&amp;/g, "&") : null;
}

/**
 * Pages an HTML listing from page 1 by its pager's next links, as a visitor does (past the numbered
 * pages they carry a cursor): the count each page says, the cards it lists, the deepest page its
 * links offer.
 */
async function pageThrough(path: string, count: (html: string) => Shown) {
  const pages: Array<{ shown: Shown; cards: number; deepest: number }> = [];
  let next: string | null = path;
  for (let page = 1; page <= 60 && next; page++) {
    const response = await request(next);
    expect(response.status, `${next} (page ${page})`).toBe(200);
    const html = await response.text();
    pages.push({ shown: count(html), cards: cards(html), deepest: deepestLink(html) });
    next = hasNextLink(html) ? nextHref(html) : null;
  }
  const listed = pages.reduce((sum, p) => sum + p.cards, 0);
  pages.forEach((p, i) => {
    agrees(p.shown, listed, `${path} page ${i + 1} says ${p.shown.kind} ${p.shown.n}, ${listed} listed`);
    expect(p.deepest, `${path} page ${i + 1} offers no page past the last`).toBeLessThanOrEqual(pages.length);
  });
  return { pages, listed };
}

beforeAll(async () => {
  const form = new FormData();
  form.set("excelFile", fileOf(fixtureBytes(US_FIXTURE), US_FIXTURE));
  const response = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
  expect(response.status).toBe(200);
});

type SearchBody = { businesses: Array<{ id: number }>; total: number | null; approximate: boolean; hasNext: boolean; next: number | null };

describe("a dense search's count (the 2025 file)", () => {
  it("/search?q=hair: every page's count is at most what paging to the end lists, and exact on the last", async () => {
    const { pages, listed } = await pageThrough("/search?q=hair", (html) => resultsShown(html));
    // A dense match: more than one block, so the first pages count a lower bound.
    expect(listed).toBeGreaterThan(100);
    expect(pages[0].shown.kind).toBe("atLeast");
    expect(pages[0].shown.n).toBe(100);
    expect(pages.at(-1)?.shown).toEqual({ kind: "exact", n: listed });
  });

  it("/api/search?q=hair: `total` is a lower bound while `approximate`, exact once not", async () => {
    const ids = new Set<number>();
    const answers: SearchBody[] = [];
    // By number, then by the answer's `next` cursor where it gives one (past page 6).
    let after: number | null = null;
    for (let page = 1; page <= 60; page++) {
      const { body }: { body: SearchBody } = await getJson<SearchBody>(
        `/api/search?q=hair&page=${page}${after === null ? "" : `&after=${after}`}`,
      );
      after = body.next;
      answers.push(body);
      body.businesses.forEach((b) => ids.add(b.id));
      if (!body.hasNext) break;
    }
    const listed = answers.reduce((sum, a) => sum + a.businesses.length, 0);
    expect(ids.size).toBe(listed);
    expect(answers[0].approximate).toBe(true);
    for (const [i, a] of answers.entries()) {
      expect(a.total, `page ${i + 1}`).not.toBeNull();
      if (a.approximate) expect(a.total, `page ${i + 1}`).toBeLessThanOrEqual(listed);
      else expect(a.total, `page ${i + 1}`).toBe(listed);
    }
    expect(answers.at(-1)?.approximate).toBe(false);
    // The page and the API list the same results.
    const { listed: onPages } = await pageThrough("/search?q=hair", (html) => resultsShown(html));
    expect(onPages).toBe(listed);
  });

  it("says a lower bound in Vietnamese and Spanish too", async () => {
    const { listed } = await pageThrough("/search?q=hair", (html) => resultsShown(html));
    for (const locale of ["vi", "es"]) {
      const html = await (await request(`/${locale}/search?q=hair`)).text();
      const shown = resultsShown(html, locale);
      expect(shown.kind, locale).toBe("atLeast");
      agrees(shown, listed, locale);
    }
  });

  it("/businesses?search=hair and /api/businesses?search=hair: a lower bound the pages reach", async () => {
    const { pages, listed } = await pageThrough("/businesses?search=hair", businessesShown);
    expect(listed).toBeGreaterThan(100);
    expect(pages[0].shown).toEqual({ kind: "atLeast", n: 100 });

    type ListBody = { businesses: Array<{ id: number }>; totalCount: number; totalPages: number; approximate?: true; hasNext?: boolean };
    const answers: ListBody[] = [];
    for (let offset = 0; offset < 2000; offset += 20) {
      const { body } = await getJson<ListBody>(`/api/businesses?limit=20&offset=${offset}&search=hair`);
      answers.push(body);
      if (body.approximate ? !body.hasNext : offset + 20 >= body.totalCount) break;
    }
    const apiListed = answers.reduce((sum, a) => sum + a.businesses.length, 0);
    expect(apiListed).toBe(listed);
    expect(answers[0].approximate).toBe(true);
    for (const [i, a] of answers.entries()) {
      if (a.approximate) expect(a.totalCount, `offset ${i * 20}`).toBeLessThanOrEqual(listed);
      else expect(a.totalCount, `offset ${i * 20}`).toBe(listed);
      expect(a.totalPages * 20, `offset ${i * 20}: no page past the last`).toBeLessThan(listed + 20);
    }
  });
});

describe("a filtered listing's count (the 2025 file)", () => {
  // 106 hair transplantation clinics: more than the 101-entry window, so past it the count is a lower bound.
  it.each(["en", "vi", "es"])("/category/hair-transplantation-clinic?minRating=4 (%s)", async (locale) => {
    const prefix = locale === "en" ? "" : `/${locale}`;
    const { pages, listed } = await pageThrough(`${prefix}/category/hair-transplantation-clinic?minRating=4`, (html) =>
      resultsShown(html, locale),
    );
    expect(listed).toBeGreaterThan(20);
    expect(pages.every((p) => p.cards > 0)).toBe(true);
  });

  it("/businesses?minRating=4: the filter bar and the heading", async () => {
    await pageThrough("/businesses?minRating=4", (html) => resultsShown(html));
    const { pages } = await pageThrough("/businesses?minRating=4", businessesShown);
    expect(pages.length).toBeGreaterThan(1);
  });
});

describe("the admin list's count (the 2025 file)", () => {
  type AdminBody = { businesses: Array<{ id: number }>; totalCount: number; totalPages: number; page: number; approximate?: boolean };

  it("a dense search: a lower bound while approximate, and no page past the last", async () => {
    const answers: AdminBody[] = [];
    for (let page = 1; page <= 30; page++) {
      const response = await adminRequest(`/api/admin/businesses?search=hair&page=${page}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as AdminBody;
      expect(body.page).toBe(page);
      answers.push(body);
      if (page >= body.totalPages) break;
    }
    const listed = answers.reduce((sum, a) => sum + a.businesses.length, 0);
    expect(listed).toBeGreaterThan(100);
    expect(answers[0].approximate).toBe(true);
    for (const [i, a] of answers.entries()) {
      if (a.approximate) expect(a.totalCount, `page ${i + 1}`).toBeLessThanOrEqual(listed);
      else expect(a.totalCount, `page ${i + 1}`).toBe(listed);
      expect(a.totalPages, `page ${i + 1}`).toBeLessThanOrEqual(answers.length);
    }
    // Asking past the end gives the last page.
    const beyond = (await (await adminRequest("/api/admin/businesses?search=hair&page=99")).json()) as AdminBody;
    expect(beyond.page).toBe(answers.length);
  });
});
