import { describe, expect, it } from "vitest";
import { distanceMetres, duplicateKeyValues, nameKey, phoneKey } from "#app/lib/business/duplicate-keys";

describe("duplicate name keys", () => {
  it("ignore case, accents, punctuation, spacing, a leading 'the' and a trailing legal form", () => {
    const key = nameKey("Café Zürich");
    for (const spelling of [
      "CAFE ZURICH",
      "Cafe-Zurich",
      "Café Zürich, LLC",
      "The Café Zürich",
      "Cafe Zurich & Co.",
      "café  zürich gmbh",
      "Cafe Zurich L.L.C.",
    ]) {
      expect(nameKey(spelling), spelling).toBe(key);
    }
    expect(nameKey("Joe's Pizza")).toBe(nameKey("Joes Pizza"));
  });

  it("keep what tells businesses apart, and names in any script", () => {
    expect(nameKey("Cafe Zurich North")).not.toBe(nameKey("Cafe Zurich"));
    expect(nameKey("Smith & Sons Plumbing")).not.toBe(nameKey("Smith Plumbing"));
    // A name that is only a legal form or "The" keeps it: nothing would be left.
    expect(nameKey("The")).toBe("the");
    expect(nameKey("東京寿司")).toBe("東京寿司");
    expect(nameKey("!!!")).toBe("");
  });
});

describe("duplicate phone keys", () => {
  it("match one number however its country code and separators are written", () => {
    const key = phoneKey("(312) 555-0142");
    expect(key).toBe("125550142");
    for (const spelling of ["+1 312 555 0142", "001 312-555-0142", "1.312.555.0142", "+1 (312) 555-0142"])
      expect(phoneKey(spelling), spelling).toBe(key);
    expect(phoneKey("+44 20 7946 0958")).toBe(phoneKey("020 7946 0958"));
  });

  it("give no key to a missing or too short number", () => {
    expect(phoneKey(null)).toBe("");
    expect(phoneKey("")).toBe("");
    expect(phoneKey("ext. 12")).toBe("");
    expect(phoneKey("112")).toBe("");
  });
});

describe("duplicate key rows", () => {
  it("carry the coordinates only when both are known", () => {
    expect(duplicateKeyValues({ name: "A", phone: null, latitude: 41.88, longitude: null })).toEqual(["a", "", null, null, null]);
    const [, , lat, lng, cos] = duplicateKeyValues({ name: "A", phone: null, latitude: 60, longitude: 10 });
    expect([lat, lng]).toEqual([60, 10]);
    expect(cos).toBeCloseTo(0.5, 10);
  });

  it("measure distances in metres", () => {
    // 0.0009° of latitude is about 100 m anywhere.
    expect(distanceMetres({ latitude: 41.8781, longitude: -87.6298 }, { latitude: 41.879, longitude: -87.6298 })).toBeCloseTo(100, 0);
  });
});
