import { beforeAll, describe, expect, it } from "vitest";
import en from "#app/locales/en/interface.json";
import vi from "#app/locales/vi/interface.json";
import { labelOf } from "#app/lib/i18n/labels";
// The catalogs labelOf reads, registered here as the Worker registers them.
import "#app/server/platform/i18n.server";
import { buildBusiness, insert, request } from "../helpers/factories";
import { visibleText } from "../helpers/html";

// The listing pages in the page's locale (docs/i18n.md): /vi/city/{city} and /es/category/{slug} say
// their words in Vietnamese and Spanish, their numbers in the locale's way, and link within it; the
// root keeps the spec's English, plurals right ("(1 review)"); a card shows its address once.

const CITY = "Hue";
const HUE_ADDRESS = "7 Sư Vạn Hạnh, Hương Long, Kim Long, Huế 530000, Vietnam";

beforeAll(async () => {
  const hue = { city: CITY, state: "Kim Long, Hue", stateCode: "", zipCode: "", country: "Viet Nam", countryCode: "VN" };
  await insert(
    buildBusiness({
      ...hue,
      placeId: "hue-troaster",
      name: "T ROASTER",
      category: "Coffee shop",
      address: HUE_ADDRESS,
      rating: 4.9,
      reviewCount: 1,
    }),
    buildBusiness({
      ...hue,
      placeId: "hue-two",
      name: "Hai Cafe",
      category: "Coffee shop",
      address: "18 Kim Long, Huế, Vietnam",
      rating: 4.1,
      reviewCount: 2,
    }),
    buildBusiness({
      ...hue,
      placeId: "hue-many",
      name: "Đông Ba Coffee",
      category: "Coffee shop",
      address: "1 Trần Hưng Đạo",
      rating: 4.5,
      reviewCount: 12_345,
    }),
    // Enough for a second page of the city.
    ...Array.from({ length: 22 }, (_, i) =>
      buildBusiness({
        ...hue,
        placeId: `hue-filler-${i}`,
        name: `Filler ${i}`,
        category: "Bakery",
        address: `${i + 1} Lê Lợi`,
        rating: 3,
        reviewCount: 0,
      }),
    ),
  );
});

async function page(path: string) {
  const response = await request(path);
  return { status: response.status, html: await response.text() };
}

/** The visible text of the card of the business named `name`. */
function cardOf(html: string, name: string): string {
  const at = html.indexOf(`>${name}</a>`);
  expect(at, name).toBeGreaterThan(0);
  return visibleText(html.slice(html.lastIndexOf("<article", at), html.indexOf("</article>", at)));
}

const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
const h1 = (html: string) => visibleText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "").trim();

/** Every text node of the page's content (its <main>: the header and footer are the layout's), decoded and trimmed. */
function textNodes(html: string): string[] {
  return main(html)
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, "")
    .split(/<[^>]*>/)
    .map((t) =>
      t
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&")
        .trim(),
    )
    .filter(Boolean);
}

/** The internal links and form targets of the page's content. */
const targets = (html: string) => [...main(html).matchAll(/(?:href|action)="(\/[^"]*)"/g)].map((m) => m[1]);

describe("listing pages in the page's locale", () => {
  it("keeps the spec's English at the root, with the review count's plural", async () => {
    const { status, html } = await page(`/city/${CITY}`);
    expect(status).toBe(200);
    expect(h1(html)).toBe(`Businesses in ${CITY}`);
    expect(visibleText(html)).toContain(`Found 25 businesses in ${CITY}`);
    expect(cardOf(html, "T ROASTER")).toContain("(1 review)");
    expect(cardOf(html, "Hai Cafe")).toContain("(2 reviews)");
    expect(cardOf(html, "Đông Ba Coffee")).toContain("(12,345 reviews)");
    expect(cardOf(html, "T ROASTER")).toContain("View Details");
  });

  it("says /vi/city/{city} in Vietnamese, its numbers grouped the Vietnamese way", async () => {
    const { status, html } = await page(`/vi/city/${CITY}`);
    expect(status).toBe(200);
    expect(html).toContain(`<title>Doanh nghiệp tại ${CITY} | Dịch vụ và công ty địa phương | LocalAtlas</title>`);
    expect(h1(html)).toBe(`Doanh nghiệp tại ${CITY}`);
    const t = visibleText(html);
    expect(t).toContain(`Tìm thấy 25 doanh nghiệp tại ${CITY}`);
    expect(t).toContain("25 kết quả");
    expect(t).toContain("Trang 1 trên 2");
    expect(cardOf(html, "T ROASTER")).toContain("(1 đánh giá)");
    expect(cardOf(html, "Hai Cafe")).toContain("(2 đánh giá)");
    expect(cardOf(html, "Đông Ba Coffee")).toContain("(12.345 đánh giá)");
    expect(cardOf(html, "Đông Ba Coffee")).toContain("4,5");
    expect(cardOf(html, "T ROASTER")).toContain("Xem chi tiết");
    // The city's category pages, named in Vietnamese.
    expect(t).toContain(`Danh mục phổ biến tại ${CITY}`);
    expect(t).toContain(`${labelOf("vi", "category", "Coffee shop")} tại ${CITY}`);
  });

  it("says /es/category/{slug} in Spanish, with the category's label and Spanish numbers", async () => {
    const { status, html } = await page("/es/category/coffee-shop");
    expect(status).toBe(200);
    const label = labelOf("es", "category", "Coffee shop");
    expect(h1(html)).toBe(label);
    const t = visibleText(html);
    expect(t).toContain("3 negocios encontrados");
    expect(t).toContain("Descubre negocios y servicios de");
    expect(cardOf(html, "T ROASTER")).toContain("(1 reseña)");
    expect(cardOf(html, "Hai Cafe")).toContain("(2 reseñas)");
    expect(cardOf(html, "Đông Ba Coffee")).toContain("(12.345 reseñas)");
    expect(t).toContain(`${label} por ciudad`);
    expect(html).toMatch(/<title>Negocios y servicios de [^<]+ \| LocalAtlas<\/title>/);
  });

  it("keeps every link of the content, the pager, the filter bar and the cards under the locale's prefix", async () => {
    for (const [path, prefix] of [
      [`/vi/city/${CITY}`, "/vi/"],
      [`/vi/city/${CITY}?page=2&openNow=1`, "/vi/"],
      ["/es/category/coffee-shop", "/es/"],
      [`/es/city/${CITY}/coffee-shop`, "/es/"],
      ["/vi/cities", "/vi/"],
      ["/es/businesses?page=2", "/es/"],
    ] as const) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      const found = targets(html);
      expect(found.length, path).toBeGreaterThan(0);
      for (const target of found)
        expect(target.startsWith(prefix) || target === prefix.replace(/\/$/, ""), `${path}: ${target}`).toBe(true);
    }
    const { html } = await page(`/vi/city/${CITY}`);
    expect(targets(html)).toContain(`/vi/city/${CITY}?page=2`);
    expect(targets(html)).toContain(`/vi/city/${CITY}/coffee-shop`);
    expect(main(html)).toContain(`action="/vi/city/${CITY}"`);
  });

  it("leaves no English interface message in a Vietnamese listing page's content", async () => {
    const english = new Map(
      Object.entries(en)
        .filter(([id, message]) => !message.includes("{") && vi[id as keyof typeof vi] !== message)
        .map(([id, message]) => [message, id]),
    );
    for (const path of [
      `/vi/city/${CITY}`,
      `/vi/city/${CITY}?openNow=1`,
      "/vi/category/coffee-shop",
      "/vi/cities",
      "/vi/businesses",
      `/vi/city/No-Such-City`,
    ]) {
      const { html } = await page(path);
      const left = textNodes(html).filter((node) => english.has(node));
      expect(left, path).toEqual([]);
    }
  });

  it("shows a card's full address once, with nothing appended", async () => {
    for (const path of [`/city/${CITY}`, `/vi/city/${CITY}`, "/category/coffee-shop"]) {
      const { html } = await page(path);
      const card = html.slice(
        html.lastIndexOf("<article", html.indexOf(">T ROASTER</a>")),
        html.indexOf("</article>", html.indexOf(">T ROASTER</a>")),
      );
      expect(card, path).toContain(`>${HUE_ADDRESS}</p>`);
      expect(visibleText(card)).not.toContain(`${HUE_ADDRESS},`);
    }
    // A street alone still says where it is: the city, the state's other part, the country.
    expect(cardOf((await page(`/city/${CITY}`)).html, "Đông Ba Coffee")).toContain("1 Trần Hưng Đạo, Hue, Kim Long, Vietnam");
  });
});
