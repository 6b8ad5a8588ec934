import { describe, expect, it } from "vitest";
import { slugify } from "#app/lib/business/slug";
import { labelOf, type LabelKind } from "#app/lib/i18n/labels";

/** A label as typed words are compared with it: no accents or marks, "đ" as "d", lower case, single spaces. */
const foldLabel = (text: string) =>
  text.replace(/[đĐ]/g, "d").normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
import { mapHeader, mapRow } from "#app/lib/import/import-mapping";
import { AVAILABLE_LOCALES } from "#app/server/platform/i18n.server";
import { fixtureRecords, US_FIXTURE, VN_FIXTURE } from "../helpers/spreadsheets";

// The catalogs as written (app/locales/{locale}/content.json), by locale.
const contentCatalogs: Record<string, Record<string, string>> = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, string>>("/app/locales/*/content.json", { eager: true, import: "default" })).map(
    ([file, catalog]) => [/\/locales\/([^/]+)\//.exec(file)![1], catalog],
  ),
);
const DATA_LABEL = /^(category|aboutGroup|aboutAttribute)\./;
const hasLabel = (locale: string, kind: LabelKind, source: string) => `${kind}.${slugify(source)}` in contentCatalogs[locale];

/** What the importer stores from a fixture's rows: categories (the main one and the subtypes), about groups and attributes. */
async function fixtureLabels(name: string) {
  const records = await fixtureRecords(name);
  const header = Object.keys(records[0]);
  const map = mapHeader(header);
  const labels = { category: new Set<string>(), aboutGroup: new Set<string>(), aboutAttribute: new Set<string>() };
  records.forEach((record, i) => {
    const row = mapRow(
      header.map((h) => record[h]),
      map,
      i + 2,
    );
    if (!row.ok) throw new Error(`${name} row ${i + 2}: ${row.error.reason}`);
    const { category, subtypes, about } = row.input;
    for (const c of [category, ...(subtypes ?? "").split(",")]) if (c.trim()) labels.category.add(c.trim());
    for (const [group, features] of Object.entries(about ?? {})) {
      labels.aboutGroup.add(group);
      for (const feature of Object.keys(features)) labels.aboutAttribute.add(feature);
    }
  });
  return labels;
}

describe("content catalogs", () => {
  it("ship en, vi and es", () => {
    expect(Object.keys(contentCatalogs).sort()).toEqual(expect.arrayContaining(["en", "es", "vi"]));
    expect([...AVAILABLE_LOCALES].sort()).toEqual(Object.keys(contentCatalogs).sort());
  });

  it("have the same keys in every locale as in English", () => {
    const english = Object.keys(contentCatalogs.en).sort();
    for (const [locale, catalog] of Object.entries(contentCatalogs)) {
      expect({ locale, missing: english.filter((k) => !(k in catalog)) }).toEqual({ locale, missing: [] });
      expect({ locale, extra: Object.keys(catalog).filter((k) => !(k in contentCatalogs.en)) }).toEqual({ locale, extra: [] });
    }
  });

  it("key each English data label by the slug of its text, and translate it to a non-empty label", () => {
    const labels = Object.entries(contentCatalogs.en).filter(([key]) => DATA_LABEL.test(key));
    expect(labels.length).toBeGreaterThan(400);
    for (const [key, text] of labels) expect(key).toBe(`${key.split(".")[0]}.${slugify(text)}`);
    for (const locale of ["vi", "es"])
      for (const [key] of labels) expect(contentCatalogs[locale][key]?.trim(), `${locale} ${key}`).toBeTruthy();
  });

  it("write Vietnamese with its diacritics", () => {
    const vi = Object.entries(contentCatalogs.vi).filter(([key]) => key.startsWith("category."));
    const marked = vi.filter(([, text]) => text.normalize("NFD") !== text);
    // Loanwords written as in Vietnamese ("Spa", "Wi-Fi") are the exception.
    expect(marked.length / vi.length).toBeGreaterThan(0.9);
  });

  it("give each category its own label in every language, so a label names one category", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [locale, catalog] of Object.entries(contentCatalogs))
      for (const [key, text] of Object.entries(catalog)) {
        if (!key.startsWith("category.")) continue;
        const folded = foldLabel(text);
        const first = owner.get(folded);
        if (first && first !== key) clashes.push(`${locale} "${text}": ${first} and ${key}`);
        else owner.set(folded, key);
      }
    expect(clashes).toEqual([]);
  });
});

describe("labelOf", () => {
  it("translates a category, a feature group and an attribute by their slug", () => {
    expect(labelOf("vi", "category", "Coffee shop")).toBe("Quán cà phê");
    expect(labelOf("es", "category", "Coffee shop")).toBe("Cafetería");
    expect(labelOf("vi", "aboutGroup", "Service options")).toBe("Tùy chọn dịch vụ");
    expect(labelOf("es", "aboutGroup", "Accessibility")).toBe("Accesibilidad");
    expect(labelOf("vi", "aboutAttribute", "Wheelchair accessible entrance")).toBe("Lối vào có chỗ cho xe lăn");
    expect(labelOf("es", "aboutAttribute", "Dine-in")).toBe("Consumo en el local");
  });

  it("finds a label however the data spells it (case, punctuation, accents, & for and)", () => {
    expect(labelOf("vi", "category", "coffee SHOP")).toBe("Quán cà phê");
    expect(labelOf("vi", "aboutAttribute", "Cash only")).toBe("Chỉ nhận tiền mặt");
    expect(labelOf("vi", "aboutAttribute", "Cash-only")).toBe("Chỉ nhận tiền mặt");
    expect(labelOf("es", "aboutGroup", "Health and safety")).toBe("Salud y seguridad");
    expect(labelOf("es", "aboutGroup", "Health & safety")).toBe("Salud y seguridad");
    expect(labelOf("vi", "category", "Clínica de trasplante capilar")).toBe("Phòng khám cấy ghép tóc");
  });

  it("shows an unknown label as written", () => {
    expect(labelOf("vi", "category", "Underwater basket weaving school")).toBe("Underwater basket weaving school");
    expect(labelOf("es", "aboutAttribute", "Serves ñandú omelettes")).toBe("Serves ñandú omelettes");
    expect(labelOf("vi", "aboutGroup", "")).toBe("");
  });

  it("keeps the English label exactly as the data writes it", () => {
    expect(labelOf("en", "aboutAttribute", "Cash only")).toBe("Cash only");
    expect(labelOf("en", "aboutAttribute", "Cash-only")).toBe("Cash-only");
    expect(labelOf("en", "category", "coffee shop")).toBe("coffee shop");
  });
});

describe("the real scraper exports", () => {
  it("have a vi and an es label for every category of the Huế cafés", async () => {
    const { category } = await fixtureLabels(VN_FIXTURE);
    expect([...category]).toEqual(expect.arrayContaining(["Coffee shop", "Cafe", "Bakery", "Ice cream shop"]));
    for (const locale of ["vi", "es"])
      expect({ locale, missing: [...category].filter((c) => !hasLabel(locale, "category", c)) }).toEqual({ locale, missing: [] });
  });

  it("have a vi and an es label for every category of the US hair clinics", async () => {
    const { category } = await fixtureLabels(US_FIXTURE);
    expect(category.size).toBeGreaterThan(40);
    for (const locale of ["vi", "es"])
      expect({ locale, missing: [...category].filter((c) => !hasLabel(locale, "category", c)) }).toEqual({ locale, missing: [] });
  });

  it("have a vi and an es label for every about group and attribute of both files", async () => {
    for (const name of [VN_FIXTURE, US_FIXTURE]) {
      const { aboutGroup, aboutAttribute } = await fixtureLabels(name);
      expect(aboutGroup.size, name).toBeGreaterThan(10);
      expect(aboutAttribute.size, name).toBeGreaterThan(30);
      for (const locale of ["vi", "es"]) {
        const missing = [
          ...[...aboutGroup].filter((g) => !hasLabel(locale, "aboutGroup", g)),
          ...[...aboutAttribute].filter((a) => !hasLabel(locale, "aboutAttribute", a)),
        ];
        expect({ name, locale, missing }).toEqual({ name, locale, missing: [] });
      }
    }
  });

  it("show the Huế cafés' labels in Vietnamese", async () => {
    const { aboutGroup, aboutAttribute } = await fixtureLabels(VN_FIXTURE);
    expect(aboutGroup.has("Service options") && aboutAttribute.has("Dine-in")).toBe(true);
    expect(labelOf("vi", "category", "Cafe")).toBe("Cà phê");
    expect(labelOf("vi", "aboutGroup", "Popular for")).toBe("Được ưa chuộng để");
    expect(labelOf("vi", "aboutAttribute", "Good for working on laptop")).toBe("Phù hợp để làm việc bằng máy tính xách tay");
  });
});
