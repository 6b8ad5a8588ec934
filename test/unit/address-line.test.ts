import { describe, expect, it } from "vitest";
import { addressLine } from "#app/lib/business/address-line";

// A card's location line (business-card.tsx): the stored address once, then only what it does not name.

const hue = { city: "Hue", state: "Kim Long, Hue", country: "Vietnam" };

describe("the address shown once", () => {
  it("shows a full Vietnamese address as stored: Huế names Hue and Kim Long is in it, accents and case aside", () => {
    const address = "7 Sư Vạn Hạnh, Hương Long, Kim Long, Huế 530000, Vietnam";
    expect(addressLine({ address, ...hue })).toBe(address);
    expect(addressLine({ address: "18 KIM LONG, HUẾ, VIETNAM", ...hue })).toBe("18 KIM LONG, HUẾ, VIETNAM");
  });

  it("gives a bare street its city, state and country, each place once", () => {
    expect(addressLine({ address: "12 Main St", city: "Springfield", state: "Illinois", country: "United States" })).toBe(
      "12 Main St, Springfield, Illinois, United States",
    );
    // The state's "Kim Long" is in the street already, its "Hue" is the city just added.
    expect(addressLine({ address: "18 Kim Long", ...hue })).toBe("18 Kim Long, Hue, Vietnam");
  });

  it("adds only the country to an address that names its city (and so its state)", () => {
    expect(addressLine({ address: "12 Elm St, Vistaville, OR 97000", city: "Vistaville", state: "Oregon", country: "United States" })).toBe(
      "12 Elm St, Vistaville, OR 97000, United States",
    );
    expect(addressLine({ address: "5 Rue de Rivoli, 75001 Paris", city: "Paris", state: "Île-de-France", country: "France" })).toBe(
      "5 Rue de Rivoli, 75001 Paris, France",
    );
  });

  it("matches whole words: a city inside another word is not named", () => {
    expect(addressLine({ address: "1 Hueco Rd", city: "Hue", state: "", country: "Vietnam" })).toBe("1 Hueco Rd, Hue, Vietnam");
    expect(addressLine({ address: "9 Đà Nẵng St", city: "Da Nang", state: "", country: "" })).toBe("9 Đà Nẵng St");
  });

  it("names the places when there is no address, and leaves empty parts out", () => {
    expect(addressLine({ address: "", city: "Hue", state: "", country: "Vietnam" })).toBe("Hue, Vietnam");
    expect(addressLine({ address: "  ", city: "", state: "", country: "" })).toBe("");
    expect(addressLine({ address: "3 Oak Ave", city: "", state: "Oregon", country: "" })).toBe("3 Oak Ave, Oregon");
  });

  it("compares text without Latin letters as written", () => {
    expect(addressLine({ address: "東京都千代田区1-1", city: "千代田区", state: "東京都", country: "日本" })).toBe(
      "東京都千代田区1-1, 日本",
    );
  });
});
