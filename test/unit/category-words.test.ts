import { describe, expect, it } from "vitest";
import { categoryPhrases, categoryWordsOf } from "#app/lib/search/category-words";
import { relevance } from "#app/lib/search/ranking";
import { parseText, textMatch } from "#app/lib/search/search-plan";

// Category labels of other languages as search words: a run of the query that names a category
// matches as typed OR as the category's English words, in the same FTS match.

const TABLE = categoryWordsOf([
  { label: "Quán cà phê", english: "Coffee shop" },
  { label: "Cafetería", english: "Coffee shop" },
  { label: "Xưởng rang cà phê", english: "Coffee roaster" },
  { label: "Quán ăn", english: "Restaurant" },
  { label: "Quán bar", english: "Bar" },
  { label: "Quán phở", english: "Pho restaurant" },
  { label: "Quán kem", english: "Ice cream shop" },
  // The same word as the English label adds nothing.
  { label: "Bar", english: "Bar" },
]);

describe("categoryPhrases", () => {
  it("finds a run of a label, accents and case aside, and gives its categories' English words", () => {
    expect(categoryPhrases(TABLE, ["cà", "phê"], true)).toEqual([
      {
        from: 0,
        to: 2,
        words: [
          ["Coffee", "shop"],
          ["Coffee", "roaster"],
        ],
      },
    ]);
    expect(categoryPhrases(TABLE, ["CA", "PHE"], false)).toHaveLength(1);
    expect(categoryPhrases(TABLE, ["Quán", "cà", "phê"], true)).toEqual([{ from: 0, to: 3, words: [["Coffee", "shop"]] }]);
  });

  it("lets the last word, typed as a prefix, start a label's word, but not a short one", () => {
    expect(categoryPhrases(TABLE, ["café"], true)).toEqual([{ from: 0, to: 1, words: [["Coffee", "shop"]] }]);
    expect(categoryPhrases(TABLE, ["café"], false)).toEqual([]);
    expect(categoryPhrases(TABLE, ["ca"], true)).toEqual([]);
    // Part of a label: two words, or one long word; a short syllable alone is too often another word.
    expect(categoryPhrases(TABLE, ["cà"], false)).toEqual([]);
    expect(categoryPhrases(TABLE, ["rang", "cà"], false)).toEqual([{ from: 0, to: 2, words: [["Coffee", "roaster"]] }]);
    expect(categoryPhrases(TABLE, ["xưởng"], false)).toEqual([{ from: 0, to: 1, words: [["Coffee", "roaster"]] }]);
  });

  it("keeps the other words as typed and leaves a phrase naming too many categories alone", () => {
    expect(categoryPhrases(TABLE, ["best", "cafetería", "downtown"], false)).toEqual([{ from: 1, to: 2, words: [["Coffee", "shop"]] }]);
    // "quán" alone names five categories: too generic to stand for any.
    expect(categoryPhrases(TABLE, ["quán"], false)).toEqual([]);
    expect(categoryPhrases(TABLE, ["bar"], false)).toEqual([]);
    expect(categoryPhrases(TABLE, ["pizza"], true)).toEqual([]);
  });
});

describe("the match with category words", () => {
  it("ORs the typed run with the English words, inside the words' one FTS query", () => {
    const text = parseText("cà phê", TABLE)!;
    expect(textMatch(text, ["phe"], 'facets : ("cihue0")')?.match).toBe(
      '{name category subtypes description keywords} : ((("cà" AND "phe") OR ("Coffee" AND "shop") OR ("Coffee" AND "roaster"))) AND facets : ("cihue0")',
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
