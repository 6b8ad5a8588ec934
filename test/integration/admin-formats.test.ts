/**
 * The admin panel stays English, but its dates and numbers follow the operator's locale: the first
 * language of the request's Accept-Language that Intl formats in, en when none (the panel is never
 * cached, and the browser renders the same locale from the layout's data).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { operatorLocale } from "#app/lib/admin/operator-locale";
import { adminRequest } from "../helpers/admin";
import { visibleText } from "../helpers/html";

const FILE = "operator-locale-check.xlsx";
/** 2023-11-14 22:13:20 UTC. */
const AT = 1_700_000_000;

beforeAll(async () => {
  await env.DB.prepare(
    `INSERT INTO imports (r2_key, file_name, file_size, uploaded_by, status, message, total_rows, processed_rows, imported, total_errors, created_at, finished_at)
     VALUES (?1, ?1, ?2, 'someone', 'done', '', 12345, 12345, 12345, 0, ?3, ?4)`,
  )
    .bind(FILE, 3_670_016, AT, AT + 75)
    .run();
  await env.DB.prepare("INSERT INTO audit_log (at, actor, action, detail) VALUES (?1, 'someone', 'import', ?2)").bind(AT, FILE).run();
});

async function page(path: string, acceptLanguage?: string): Promise<string> {
  const response = await adminRequest(path, acceptLanguage ? { headers: { "Accept-Language": acceptLanguage } } : {});
  expect(response.status, path).toBe(200);
  expect(response.headers.get("Cache-Control"), path).toBe("no-store");
  return visibleText(await response.text());
}

/** The Import History row of the file above. */
async function importRow(acceptLanguage?: string): Promise<string> {
  const text = await page("/admin-panel/imports", acceptLanguage);
  const at = text.indexOf(FILE);
  expect(at).toBeGreaterThan(-1);
  return text.slice(at, at + 300);
}

describe("the admin panel's formats", () => {
  it("in en-US, as they always were", async () => {
    const row = await importRow("en-US,en;q=0.9");
    expect(row).toContain("3.5 MB · 12,345 rows");
    expect(row).toContain("Nov 14, 2023, 10:13 PM");
    expect(row).toMatch(/Done 1 min 15 s 12,345 0 0/);
    expect(await page("/admin-panel/audit", "en-US")).toContain("Nov 14, 2023, 10:13:20 PM");
    expect(await page("/admin-panel/sitemap", "en-US")).toContain("Site Haritası Başına İşletme 45,000");
  });

  it("without Accept-Language, in English", async () => {
    const row = await importRow();
    expect(row).toContain("3.5 MB · 12,345 rows");
    expect(row).toContain("Nov 14, 2023, 10:13 PM");
  });

  it("in Vietnamese: numbers grouped with dots, a decimal comma, dates in Vietnamese on a 24-hour clock; the words stay English", async () => {
    const row = await importRow("vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7");
    expect(row).toContain("3,5 MB · 12.345 rows");
    expect(row).toContain("22:13 14 thg 11, 2023");
    expect(row).not.toContain("PM");
    expect(row).toMatch(/Done 1 min 15 s 12\.345 0 0/);
    const audit = await page("/admin-panel/audit", "vi");
    expect(audit).toContain("22:13:20 14 thg 11, 2023");
    expect(audit).toContain("Audit log");
    expect(await page("/admin-panel/sitemap", "vi")).toContain("Site Haritası Başına İşletme 45.000");
  });

  it("in Spanish for es, and in the first language Intl formats in when the first is unknown", async () => {
    expect(await importRow("es-ES")).toContain("14 nov 2023, 22:13");
    expect(await importRow("tlh, de;q=0.8, en;q=0.5")).toContain("3,5 MB · 12.345 rows");
  });
});

describe("operatorLocale", () => {
  it("takes the most wanted language Intl knows, by q weight, else en", () => {
    expect(operatorLocale("vi-VN,vi;q=0.9,en-US;q=0.8")).toBe("vi-VN");
    expect(operatorLocale("en;q=0.5, es;q=0.8")).toBe("es");
    expect(operatorLocale("fr;q=0, de;q=0.1")).toBe("de");
    expect(operatorLocale("en-us")).toBe("en-US");
    expect(operatorLocale("tlh, *;q=0.5")).toBe("en");
    expect(operatorLocale("not a tag!, ;q=1")).toBe("en");
    expect(operatorLocale("")).toBe("en");
    expect(operatorLocale(null)).toBe("en");
  });
});
