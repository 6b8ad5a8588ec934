import { describe, expect, it } from "vitest";
import { foldedWords, porterStem, STEMMED_ENDINGS, stems, surfaceFor } from "#app/lib/search/porter-stem";

// Each pair is what SQLite's FTS5 (`porter unicode61 remove_diacritics 2`) stored for the word,
// read back through fts5vocab; the bounded search expands prefixes and scores rows with these stems.
const FTS5_STEMS: Array<[string, string]> = [
  ["adjustable", "adjust"],
  ["adoption", "adopt"],
  ["agreed", "agre"],
  ["allowance", "allow"],
  ["bakeries", "bakeri"],
  ["bakery", "bakeri"],
  ["cafe", "cafe"],
  ["caresses", "caress"],
  ["coffee", "coffe"],
  ["conditional", "condit"],
  ["controll", "control"],
  ["dentistry", "dentistri"],
  ["digitizer", "digit"],
  ["effective", "effect"],
  ["falling", "fall"],
  ["friendly", "friendli"],
  ["generalization", "gener"],
  ["goodness", "good"],
  ["happiness", "happi"],
  ["hopeful", "hope"],
  ["hopping", "hop"],
  ["motoring", "motor"],
  ["pizz", "pizz"],
  ["pizzeria", "pizzeria"],
  ["plumber", "plumber"],
  ["plumbing", "plumb"],
  ["ponies", "poni"],
  ["relational", "relat"],
  ["replacement", "replac"],
  ["restaurant", "restaur"],
  ["restaurants", "restaur"],
  ["service", "servic"],
  ["services", "servic"],
  ["servicing", "servic"],
  ["sky", "sky"],
  ["tratt", "tratt"],
];

describe("porterStem", () => {
  it.each(FTS5_STEMS)("%s → %s, as FTS5 stores it", (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });

  it("leaves tokens under 3 bytes alone", () => {
    expect(porterStem("is")).toBe("is");
  });
});

describe("stems", () => {
  it("folds case and accents as unicode61 with remove_diacritics 2 does", () => {
    expect(foldedWords("Crème Brûlée Café")).toEqual(["creme", "brulee", "cafe"]);
    expect(stems("Friendly Services")).toEqual(["friendli", "servic"]);
  });
});

describe("surfaceFor", () => {
  it("gives a word FTS5 stems back to the stored term", () => {
    // "coffe" itself would be searched as coff: the typed word or the term with its e stands in.
    expect(surfaceFor("coffe", "coffee")).toBe("coffee");
    expect(surfaceFor("coffe", "cof")).toBe("coffee");
    expect(surfaceFor("servic", "serv")).toBe("servic");
    expect(surfaceFor("pizzeria", "pizz")).toBe("pizzeria");
  });
});

describe("STEMMED_ENDINGS", () => {
  it("holds every ending a step changes: a stored term ending in none of them is its own stem", () => {
    const terms = [...FTS5_STEMS.map(([, stem]) => stem), "pizza", "dentist", "restaur", "coffe", "hous", "servic", "bakeh", "omaka"];
    for (const term of terms) if (!STEMMED_ENDINGS.some((ending) => term.endsWith(ending))) expect(porterStem(term), term).toBe(term);
    // The terms that are not their own stem all end in one of them.
    for (const term of ["coffe", "hous", "profession", "sunris", "cours"]) {
      expect(porterStem(term)).not.toBe(term);
      expect(
        STEMMED_ENDINGS.some((ending) => term.endsWith(ending)),
        term,
      ).toBe(true);
    }
  });
});
