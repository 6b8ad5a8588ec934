import { describe, expect, it } from "vitest";
import { phoneView } from "#app/lib/business/phone";

describe("phone numbers as the business's country writes them", () => {
  it("writes a US number the American way, with an E.164 tel: link", () => {
    expect(phoneView("503.555.0199", "US")).toEqual({
      display: "(503) 555-0199",
      href: "tel:+15035550199",
      international: "+1 503 555 0199",
    });
    // Written with its country code, or for a business whose country is given by name.
    expect(phoneView("+1 503-555-0199", "United States")?.display).toBe("(503) 555-0199");
  });

  it("writes a Vietnamese number the Vietnamese way, from either form", () => {
    const expected = { display: "0234 3823 456", href: "tel:+842343823456", international: "+84 234 3823 456" };
    expect(phoneView("+84 234 3823 456", "VN")).toEqual(expected);
    expect(phoneView("02343823456", "Viet Nam")).toEqual(expected);
    expect(phoneView("+84 903 020 425", "VN")?.display).toBe("0903 020 425");
  });

  it("writes a number of another country with its country code", () => {
    expect(phoneView("+1 503 555 0199", "VN")).toEqual({
      display: "+1 503 555 0199",
      href: "tel:+15035550199",
      international: "+1 503 555 0199",
    });
    // A business of no known country: its number is read only with a country code.
    expect(phoneView("+84 234 3823 456", "")?.display).toBe("0234 3823 456");
    expect(phoneView("0234 3823 456", "")).toEqual({ display: "0234 3823 456", href: "tel:02343823456", international: "0234 3823 456" });
  });

  it("keeps a text it cannot read as written", () => {
    expect(phoneView("(555) 010-9999", "US")).toEqual({
      display: "(555) 010-9999",
      href: "tel:5550109999",
      international: "(555) 010-9999",
    });
    expect(phoneView("call us", "US")).toEqual({ display: "call us", href: null, international: "call us" });
    expect(phoneView("  ", "US")).toBeNull();
    expect(phoneView(null, "US")).toBeNull();
  });
});
