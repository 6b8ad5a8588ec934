import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { editValues } from "#app/lib/admin/admin-businesses";
import type { Business } from "#app/lib/business/business";
import en from "#app/locales/en/interface.json";
import vi from "#app/locales/vi/interface.json";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, getJson, idOf, insert, request } from "../helpers/factories";
import { visibleText } from "../helpers/html";

// A business page in each locale (docs/i18n.md): the interface in the page's language, times on its
// clock, the week from its first day, the phone as the business's country writes it, links within the locale.

const run = crypto.randomUUID().slice(0, 6);
const name = `Cà Phê Sông Hương ${run}`;
let id = 0;

beforeAll(async () => {
  const everyDay = Object.fromEntries(
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "7AM-10PM"]),
  );
  await insert(
    buildBusiness({
      placeId: `lb-${run}`,
      name,
      category: "Coffee shop",
      address: "7 Sư Vạn Hạnh, Kim Long, Huế 530000, Vietnam",
      city: "Hue",
      state: "Thua Thien Hue",
      stateCode: "",
      zipCode: "530000",
      country: "Viet Nam",
      countryCode: "VN",
      phone: "+84 234 3823 456",
      timeZone: "Asia/Ho_Chi_Minh",
      openingHours: everyDay,
      about: { "Service options": { "Dine-in": true, Takeout: false } },
      rating: 4.6,
      reviewCount: 1,
      reviewsPerScore: [0, 0, 0, 0, 1],
    }),
  );
  id = await idOf(`lb-${run}`);
});

async function page(path: string) {
  const response = await request(path);
  const html = await response.text();
  return { status: response.status, html, t: visibleText(html) };
}

/** The page's JSON-LD blocks. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

/** Every text node of the page's own content (its <main>; the header and footer have their own tests), trimmed, entities read. */
function textNodes(html: string): string[] {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return main
    .replace(/<script[\s\S]*?<\/script>/g, "<>")
    .split(/<[^>]*>/)
    .map((node) =>
      node
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&")
        .trim(),
    )
    .filter(Boolean);
}

describe("a business page in Vietnamese", () => {
  it("says the interface in Vietnamese, on the 24-hour clock, from Monday", async () => {
    const { status, html, t } = await page(`/vi/business/${id}`);
    expect(status).toBe(200);
    expect(html).toContain('<html lang="vi" dir="ltr">');
    for (const words of [
      "Quay lại tìm kiếm",
      "Gọi ngay",
      "Thông tin liên hệ",
      "Giờ mở cửa",
      "Tiện ích và dịch vụ",
      "Thông tin doanh nghiệp",
    ]) {
      expect(t).toContain(words);
    }
    // The category and the feature list by their labels; the business's own name as written.
    expect(t).toContain("Quán cà phê");
    expect(t).toContain("Ăn tại chỗ Có");
    expect(t).toContain("Dựa trên 1 lượt đánh giá");
    expect(t).toContain(name);
    // The country named in Vietnamese; the address as the business wrote it.
    expect(t).toContain("Hue, Thua Thien Hue, Việt Nam");
    expect(t).toContain("7 Sư Vạn Hạnh, Kim Long, Huế 530000, Vietnam");
    // The hours on the 24-hour clock, the week from Monday ("Thứ Hai").
    expect(t).toContain("Thứ Hai 07:00 - 22:00");
    expect(t.indexOf("Thứ Hai 07:00")).toBeLessThan(t.indexOf("Chủ Nhật 07:00"));
    expect(t).not.toMatch(/\d:\d\d [AP]M/);
    expect(t).toMatch(/Đang mở cửa · Đóng cửa lúc 22:00|Đã đóng cửa · Mở cửa lúc 07:00/);
    expect(html).toContain(`<title>${name} | Quán cà phê tại Hue, Thua Thien Hue | LocalAtlas</title>`);
  });

  it("writes the phone as Vietnam does, with an international tel: link and JSON-LD", async () => {
    const { html, t } = await page(`/vi/business/${id}`);
    expect(t).toContain("0234 3823 456");
    expect(html).toContain('href="tel:+842343823456"');
    const [business, breadcrumbs] = jsonLd(html).filter((d) => d["@type"] !== "WebSite");
    expect(business.telephone).toBe("+84 234 3823 456");
    expect(business.url).toBe(`https://localatlas.test/vi/business/${id}`);
    expect(business.address).toMatchObject({ streetAddress: "7 Sư Vạn Hạnh, Kim Long", addressLocality: "Hue", addressCountry: "VN" });
    const items = (breadcrumbs.itemListElement as Array<{ name: string; item: string }>).map((c) => [c.name, c.item]);
    expect(items).toEqual([
      ["Trang chủ", "https://localatlas.test/vi"],
      ["Hue", "https://localatlas.test/vi/city/Hue"],
      [name, `https://localatlas.test/vi/business/${id}`],
    ]);
  });

  it("keeps its links and canonical in the locale", async () => {
    const { html } = await page(`/vi/business/${id}`);
    expect(html).toContain(`<link rel="canonical" href="https://localatlas.test/vi/business/${id}"/>`);
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    const internal = [...main.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]);
    expect(internal).toEqual(expect.arrayContaining(["/vi", "/vi/city/Hue", "/vi/category/coffee-shop"]));
    for (const href of internal) expect(href, href).toMatch(/^\/vi(\/|$)/);
  });

  it("has no text node that is an English interface message with a Vietnamese one of its own", async () => {
    const english = new Set(
      Object.entries(en)
        .filter(([key, message]) => vi[key as keyof typeof vi] !== message)
        .map(([, message]) => message),
    );
    const { html } = await page(`/vi/business/${id}`);
    expect(textNodes(html).filter((node) => english.has(node))).toEqual([]);
    // The same page at the root says them in English: the check can see them.
    const root = await page(`/business/${id}`);
    expect(textNodes(root.html).filter((node) => english.has(node))).toEqual(expect.arrayContaining(["Call Now", "Opening Hours"]));
  });
});

describe("the same business in Spanish and at the root", () => {
  it("says it in Spanish, on the Spanish clock, with Spanish plurals", async () => {
    const { status, html, t } = await page(`/es/business/${id}`);
    expect(status).toBe(200);
    expect(html).toContain('<html lang="es" dir="ltr">');
    for (const words of [
      "Volver a la búsqueda",
      "Llamar ahora",
      "Información de contacto",
      "Horario de apertura",
      "Características y servicios",
    ]) {
      expect(t).toContain(words);
    }
    expect(t).toContain("Cafetería");
    expect(t).toContain("lunes 7:00 - 22:00");
    expect(t).toContain("Basado en 1 reseña");
    expect(t).toContain("1 estrella");
    expect(t).toMatch(/Abierto ahora · Cierra a las 22:00|Cerrado · Abre (el \S+ )?a las 7:00/);
    expect(t).toContain("0234 3823 456");
    expect(html).toContain('href="tel:+842343823456"');
    expect(html).toContain(`<link rel="canonical" href="https://localatlas.test/es/business/${id}"/>`);
  });

  it("keeps English at the root, with the phone still as Vietnam writes it", async () => {
    const { t, html } = await page(`/business/${id}`);
    expect(t).toContain("Monday 7:00 AM - 10:00 PM");
    expect(t).toContain("Based on 1 review");
    expect(t).not.toContain("Based on 1 reviews");
    expect(t).toMatch(/Open Now · Closes 10:00 PM|Closed · Opens 7:00 AM/);
    expect(t).toContain("0234 3823 456");
    expect(html).toContain('href="tel:+842343823456"');
  });
});

describe("a card in Vietnamese", () => {
  it("says the open status in Vietnamese and the phone as Vietnam writes it", async () => {
    const { html } = await page("/vi/city/Hue");
    const at = html.indexOf(`>${name}</a>`);
    expect(at).toBeGreaterThan(0);
    const card = html.slice(html.lastIndexOf("<article", at), html.indexOf("</article>", at));
    const t = visibleText(card);
    expect(t).toMatch(/Đang mở cửa · Đóng cửa lúc 22:00|Đã đóng cửa · Mở cửa lúc 07:00/);
    expect(t).toContain("0234 3823 456");
    expect(card).toContain('href="tel:+842343823456"');
  });
});

describe("a moved business page in the locale", () => {
  it("301s an old address under /vi to the business's page under /vi", async () => {
    await insert(buildBusiness({ placeId: `lb-moved-${run}`, name: `Moved Café ${run}` }));
    const movedId = await idOf(`lb-moved-${run}`);
    const slugOf = async () =>
      (await env.DB.prepare("SELECT slug FROM businesses WHERE id = ?1").bind(movedId).first<{ slug: string }>())?.slug ?? "";
    const oldSlug = await slugOf();
    const current = (await getJson<Business>(`/api/businesses/${movedId}`)).body;
    const edit = await adminRequest(`/api/admin/businesses/${movedId}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...editValues(current), slug: `relocated-cafe-${run}` }),
    });
    expect(edit.status).toBe(200);
    expect(await slugOf()).not.toBe(oldSlug);
    const response = await request(`/vi/details/${oldSlug}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`/vi/business/${movedId}`);
  });
});
