import { describe, expect, it } from "vitest";
import { categoryPhrases, categoryWordsOf } from "#app/lib/search/category-words";
import { relevance } from "#app/lib/search/ranking";
import { parseText, textMatch } from "#app/lib/search/search-plan";

// Category labels of other languages as search words: a run of the query that names a category
// matches as typed OR as the category's English words, in the same FTS match.

const TABLE = categoryWordsOf([
  { label: "Quán cà phê", english: "Coffee shop" },
  { label: "Cafetería", english: "Coffee shop" },
  { label: "Cà phê", english: "Cafe" },
  { label: "Café", english: "Cafe" },
  { label: "Nhà hàng", english: "Restaurant" },
  { label: "Nhà hàng chay", english: "Vegetarian restaurant" },
  { label: "Nhà hàng hải sản", english: "Seafood restaurant" },
  { label: "Nhà hàng Ý", english: "Italian restaurant" },
  { label: "Quán phở", english: "Noodle shop" },
  { label: "Luật sư tai nạn cá nhân", english: "Personal injury attorney" },
  { label: "Tienda de ropa", english: "Clothing store" },
  { label: "Salón de té", english: "Tea house" },
  { label: "Peluquería", english: "Hair salon" },
  { label: "Tiệm in", english: "Print shop" },
  // The same words as the English label add nothing.
  { label: "Bar", english: "Bar" },
]);

describe("categoryPhrases", () => {
  it("finds a label whole or a run of its words, accents and case aside, with its categories' English words", () => {
    expect(categoryPhrases(TABLE, ["cà", "phê"], true)).toEqual([{ from: 0, to: 2, words: [["Coffee", "shop"], ["Cafe"]] }]);
    expect(categoryPhrases(TABLE, ["CA", "PHE"], false)).toEqual([{ from: 0, to: 2, words: [["Coffee", "shop"], ["Cafe"]] }]);
    expect(categoryPhrases(TABLE, ["Quán", "cà", "phê"], true)).toEqual([{ from: 0, to: 3, words: [["Coffee", "shop"]] }]);
    expect(categoryPhrases(TABLE, ["cafetería"], true)).toEqual([{ from: 0, to: 1, words: [["Coffee", "shop"]] }]);
  });

  it("lets the last word, typed as a prefix, start a label's word, but not a short one", () => {
    expect(categoryPhrases(TABLE, ["café"], true)).toEqual([{ from: 0, to: 1, words: [["Coffee", "shop"]] }]);
    expect(categoryPhrases(TABLE, ["café"], false)).toEqual([]);
    expect(categoryPhrases(TABLE, ["ca"], true)).toEqual([]);
  });

  it("reads one word alone as a label's telling last word: typed with its accents, or long and not English", () => {
    expect(categoryPhrases(TABLE, ["phở"], false)).toEqual([{ from: 0, to: 1, words: [["Noodle", "shop"]] }]);
    expect(categoryPhrases(TABLE, ["ropa"], false)).toEqual([{ from: 0, to: 1, words: [["Clothing", "store"]] }]);
    expect(categoryPhrases(TABLE, ["chay"], false)).toEqual([{ from: 0, to: 1, words: [["Vegetarian", "restaurant"]] }]);
    // A short syllable typed bare, a word inside a label, an English word: as typed.
    expect(categoryPhrases(TABLE, ["pho"], false)).toEqual([]);
    expect(categoryPhrases(TABLE, ["cá"], false)).toEqual([]);
    expect(categoryPhrases(TABLE, ["salón"], false)).toEqual([]);
    expect(categoryPhrases(TABLE, ["salon"], false)).toEqual([]);
    // Filler words of a label are its words: "tiệm" is not "Tiệm in".
    expect(categoryPhrases(TABLE, ["tiệm"], false)).toEqual([]);
  });

  it("keeps the other words as typed, and a phrase naming too many categories stands for the label it names whole", () => {
    expect(categoryPhrases(TABLE, ["best", "cafetería", "downtown"], false)).toEqual([{ from: 1, to: 2, words: [["Coffee", "shop"]] }]);
    // "nhà hàng" is part of four labels: it stands for the one it names whole.
    expect(categoryPhrases(TABLE, ["nhà", "hàng"], false)).toEqual([{ from: 0, to: 2, words: [["Restaurant"]] }]);
    expect(categoryPhrases(TABLE, ["bar"], false)).toEqual([]);
    expect(categoryPhrases(TABLE, ["pizza"], true)).toEqual([]);
  });
});

describe("the match with category words", () => {
  it("ORs the typed run with the English words, inside the words' one FTS query", () => {
    const text = parseText("cà phê", TABLE)!;
    expect(textMatch(text, ["phe"], 'facets : ("cihue0")')?.match).toBe(
      '{name category subtypes description keywords} : ((("cà" AND "phe") OR ("Coffee" AND "shop") OR "Cafe")) AND facets : ("cihue0")',
    );
  });

  it("matches by the English words alone when the typed prefix expands to nothing", () => {
    const text = parseText("cafetería", TABLE)!;
    expect(textMatch(text, [], "")?.match).toBe('{name category subtypes description keywords} : ("Coffee" AND "shop")');
    // Without the table, as before: nothing.
    expect(textMatch(parseText("cafetería")!, [], "")).toBeNull();
  });

  it("ranks a business of the category as high as one holding the typed words in its category", () => {
    const row = (name: string, category: string) => ({ name, category, subtypes: "", keywords: "", description: "" });
    const m = textMatch(parseText("cà phê", TABLE)!, ["phe"], "")!;
    expect(relevance(row("Morning Brew", "Coffee shop"), m)).toBe(-10);
    expect(relevance(row("Morning Brew", "Cà phê"), m)).toBe(-10);
    expect(relevance(row("Cà Phê Muối", "Cafe"), m)).toBe(-20);
    expect(relevance(row("Corner Store", "Grocery"), m)).toBeCloseTo(-0);
  });
});
