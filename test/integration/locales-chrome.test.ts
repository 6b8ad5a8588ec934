import { beforeAll, describe, expect, it } from "vitest";
import enContent from "#app/locales/en/content.json";
import en from "#app/locales/en/interface.json";
import esContent from "#app/locales/es/content.json";
import es from "#app/locales/es/interface.json";
import viContent from "#app/locales/vi/content.json";
import vi from "#app/locales/vi/interface.json";
import { buildBusiness, insert, request } from "../helpers/factories";
import { visibleText } from "../helpers/html";

// The site's frame (header, footer) and its simple pages in the page's language (docs/i18n.md):
// /vi/… and /es/… read their catalog's texts, link within their locale, and show no English word of
// the interface.

type Catalog = Record<string, string>;
// The interface's words and the server's (the static pages' prose, labels): both are the page's words.
const english: Catalog = { ...en, ...enContent };
const catalogs: Record<"vi" | "es", Catalog> = { vi: { ...vi, ...viContent }, es: { ...es, ...esContent } };

const run = crypto.randomUUID().slice(0, 6);
const city = `Hội An ${run}`;

beforeAll(async () => {
  await insert(buildBusiness({ placeId: `chrome-${run}`, name: `Quán Chrome ${run}`, city, category: "Coffee shop", country: "Vietnam" }));
});

async function page(path: string) {
  const response = await request(path);
  return { status: response.status, html: await response.text() };
}

function decode(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * What a visitor reads or hears of a piece of HTML: each text node (React's `<!-- -->` separators
 * split them) and each aria-label, placeholder, title and alt.
 */
function texts(html: string): string[] {
  const withoutScripts = html.replace(/<script[\s\S]*?<\/script>/g, "");
  const nodes = withoutScripts.split(/<[^>]*>/).map((t) => decode(t).trim());
  const attributes = [...withoutScripts.matchAll(/\s(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map((m) => decode(m[1]).trim());
  return [...nodes, ...attributes].filter(Boolean);
}

/**
 * The literal words of a catalog's messages: a whole message, or the parts of one between its
 * arguments and tags ("Phone: <0>{phone}</0>" → "Phone:"). Messages with plural or select forms are
 * skipped (their words depend on the count); parts without a letter ("." , "|") say nothing.
 */
function literals(catalog: Catalog): Set<string> {
  const out = new Set<string>();
  for (const message of Object.values(catalog)) {
    if (/\{[^{}]*,\s*(plural|select|selectordinal)\s*,/.test(message)) continue;
    for (const part of message.split(/<\/?\d+>|\{[^{}]*\}/)) {
      const trimmed = part.trim();
      if (/\p{L}/u.test(trimmed)) out.add(trimmed);
    }
  }
  return out;
}

/** English interface words that `locale` says differently: none of them may show on its pages. */
function englishOnly(locale: "vi" | "es"): Set<string> {
  const own = literals(catalogs[locale]);
  return new Set([...literals(english)].filter((text) => !own.has(text)));
}

function section(html: string, tag: "header" | "footer" | "main" | "nav"): string {
  const start = html.search(new RegExp(`<${tag}[\\s>]`));
  const end = html.indexOf(`</${tag}>`, start);
  expect(start, `<${tag}>`).toBeGreaterThanOrEqual(0);
  return html.slice(start, end + tag.length + 3);
}

/** The page's text nodes that are English interface words. */
function englishLeft(html: string, locale: "vi" | "es"): string[] {
  const forbidden = englishOnly(locale);
  const body = html.slice(html.indexOf("<body"));
  return texts(body).filter((text) => forbidden.has(text));
}

describe("the frame and the simple pages in Vietnamese and Spanish", () => {
  it("shows the header and the footer in the page's language, with every link in its locale", async () => {
    for (const [locale, words] of [
      ["vi", ["Danh mục", "Nhà hàng", "Xem tất cả thành phố", "Liên kết nhanh", "Chính sách quyền riêng tư", "Bảo lưu mọi quyền"]],
      [
        "es",
        [
          "Categorías",
          "Restaurantes",
          "Ver todas las ciudades",
          "Enlaces rápidos",
          "Política de privacidad",
          "Todos los derechos reservados",
        ],
      ],
    ] as const) {
      const { status, html } = await page(`/${locale}`);
      expect(status).toBe(200);
      const header = section(html, "header");
      const footer = section(html, "footer");
      const frame = visibleText(header + footer);
      for (const word of words) expect(frame, `${locale}: ${word}`).toContain(word);
      // The header's menus, its search form, the footer's links: all under the prefix.
      expect(header).toContain(`href="/${locale}/category/restaurants"`);
      expect(header).toContain(`href="/${locale}/city/New%20York"`);
      expect(header).toContain(`href="/${locale}/cities"`);
      expect(header).toContain(`action="/${locale}/search"`);
      expect(footer).toContain(`href="/${locale}/category/entertainment"`);
      expect(footer).toContain(`href="/${locale}/privacy-policy"`);
      expect(footer).toContain(`href="/${locale}/city/${encodeURIComponent(city)}"`);
      // No internal link of the frame leaves the locale (the sitemap index and the language links aside).
      const links = new Set([...(header + footer).matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]));
      const outside = [...links].filter((href) => href !== "/sitemap.xml" && href !== `/${locale}` && !href.startsWith(`/${locale}/`));
      expect(outside.sort(), locale).toEqual(["/", locale === "vi" ? "/es" : "/vi"].sort());
      // The mobile menu lists the languages too: this page in each, as plain links.
      const mobile = section(header.slice(header.indexOf('data-testid="mobile-menu"')), "nav");
      for (const other of ["/", "/vi", "/es"]) expect(mobile).toContain(`href="${other}" hrefLang=`);
      expect(texts(header + footer).filter((text) => englishOnly(locale).has(text))).toEqual([]);
    }
  });

  it("shows the home page in the page's language, with its counts in the locale's plural", async () => {
    const vi = await page("/vi");
    expect(vi.html).toContain("<title>LocalAtlas | Tìm doanh nghiệp địa phương trên toàn thế giới</title>");
    expect(vi.html).toContain('<link rel="canonical" href="https://localatlas.test/vi"/>');
    const viText = visibleText(section(vi.html, "main"));
    for (const word of [
      "Tìm doanh nghiệp địa phương gần bạn",
      "Vì sao chọn LocalAtlas?",
      "Thành phố phổ biến",
      "1 doanh nghiệp",
      "Bạn là chủ doanh nghiệp?",
    ])
      expect(viText).toContain(word);
    expect(vi.html).toContain('action="/vi/search"');
    expect(vi.html).toContain('href="/vi/businesses?sort=latest"');
    expect(vi.html).toContain('placeholder="Bạn đang tìm dịch vụ gì?"');
    expect(englishLeft(vi.html, "vi")).toEqual([]);

    const es = await page("/es");
    const esText = visibleText(section(es.html, "main"));
    for (const word of [
      "Encuentra negocios locales cerca de ti",
      "Ciudades populares",
      "1 negocio ",
      "Añade tu negocio",
      "Más información sobre publicidad",
    ])
      expect(esText).toContain(word);
    expect(es.html).toContain(`href="/es/city/${encodeURIComponent(city)}"`);
    expect(englishLeft(es.html, "es")).toEqual([]);
  });

  it("translates the static pages whole, their titles and canonical links included", async () => {
    const pages = [
      ["/vi/about", "Giới thiệu | LocalAtlas", ["Giới thiệu về LocalAtlas", "Chúng tôi làm gì", "Dữ liệu đến từ đâu"]],
      [
        "/vi/privacy-policy",
        "Chính sách quyền riêng tư | LocalAtlas",
        ["Cập nhật lần cuối: 28 tháng 1, 2025", "Quyền của bạn", "Cloudflare Web Analytics"],
      ],
      [
        "/vi/add-business",
        "Thêm doanh nghiệp của bạn | LocalAtlas",
        ["Cách yêu cầu đăng thông tin", "giờ mở cửa của từng ngày trong tuần;"],
      ],
      ["/es/about", "Acerca de nosotros | LocalAtlas", ["Acerca de LocalAtlas", "Qué hacemos", "De dónde provienen los datos"]],
      [
        "/es/privacy-policy",
        "Política de privacidad | LocalAtlas",
        ["Última actualización: 28 de enero de 2025", "Tus derechos", "Google AdSense"],
      ],
      [
        "/es/add-business",
        "Añade tu negocio | LocalAtlas",
        ["Cómo solicitar la publicación", "el horario de apertura de cada día de la semana;"],
      ],
    ] as const;
    for (const [path, title, words] of pages) {
      const locale = path.slice(1, 3) as "vi" | "es";
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<link rel="canonical" href="https://localatlas.test${path}"/>`);
      const main = visibleText(section(html, "main"));
      for (const word of words) expect(main, `${path}: ${word}`).toContain(word);
      // The contact address stays data, in every language.
      if (!path.endsWith("/about")) expect(main).toContain("hello@localatlas.example");
      expect(englishLeft(html, locale), path).toEqual([]);
    }
    // A sentence with links inside keeps them, in the locale.
    const about = (await page("/vi/about")).html;
    expect(about).toMatch(/<a [^>]*href="\/vi\/add-business"[^>]*>Thêm doanh nghiệp của bạn<\/a>/);
    expect(about).toMatch(/<a [^>]*href="\/vi\/advertise"[^>]*>tìm hiểu về quảng cáo<\/a>/);
  });

  it("answers an unknown page with the 404 page in the page's language", async () => {
    for (const [locale, title, words] of [
      [
        "vi",
        "404 Không tìm thấy trang",
        ["Bạn có quên thêm trang này vào bộ định tuyến không?", "Đi đến trang chủ", "Duyệt tất cả doanh nghiệp"],
      ],
      [
        "es",
        "404 Página no encontrada",
        ["¿Olvidaste añadir la página al enrutador?", "Ir a la página de inicio", "Ver todos los negocios"],
      ],
    ] as const) {
      const { status, html } = await page(`/${locale}/no-such-page`);
      expect(status).toBe(404);
      expect(html).toContain(`<title>${title}</title>`);
      const main = section(html, "main");
      for (const word of [title, ...words]) expect(visibleText(main)).toContain(word);
      expect(main).toContain(`action="/${locale}/search"`);
      expect(main).toContain(`href="/${locale}"`);
      expect(main).toContain(`href="/${locale}/businesses"`);
      expect(englishLeft(html, locale)).toEqual([]);
    }
  });
});
