import { describe, expect, it } from "vitest";
import { article, withArticle } from "#app/lib/seo/article";
import { directionsHref, telHref, websiteHref, websiteLabel } from "#app/lib/business/contact-links";

describe("a or an", () => {
  it("follows the sound as far as spelling tells", () => {
    expect(withArticle("electrician")).toBe("an electrician");
    expect(withArticle("escape room center")).toBe("an escape room center");
    expect(withArticle("Italian restaurant")).toBe("an Italian restaurant");
    expect(withArticle("plumber")).toBe("a plumber");
    expect(withArticle("hour-long tour")).toBe("an hour-long tour");
    expect(withArticle("university")).toBe("a university");
    expect(withArticle("used car dealer")).toBe("a used car dealer");
    expect(withArticle("one-stop shop")).toBe("a one-stop shop");
    expect(withArticle("uninsured driver")).toBe("an uninsured driver");
    expect(withArticle("HVAC contractor")).toBe("an HVAC contractor");
    expect(withArticle("DJ service")).toBe("a DJ service");
    expect(article("")).toBe("a");
  });
});

describe("contact links", () => {
  it("links a website only when it is an http(s) address", () => {
    expect(websiteHref("https://example.com/shop/")).toBe("https://example.com/shop/");
    expect(websiteHref("http://example.com")).toBe("http://example.com/");
    expect(websiteHref("javascript:alert(1)")).toBeNull();
    expect(websiteHref("ftp://example.com")).toBeNull();
    expect(websiteHref("www.example.com")).toBeNull();
    expect(websiteHref(null)).toBeNull();
    expect(websiteLabel("https://www.example.com/")).toBe("example.com");
    expect(websiteLabel("https://example.com/shop/")).toBe("example.com/shop");
  });

  it("points directions at the stored map link, else the coordinates, else the address", () => {
    const base = { locationLink: null, latitude: null, longitude: null, name: "Café Ø", address: "", city: "", state: "", country: "" };
    expect(directionsHref({ ...base, locationLink: "https://maps.google.com/?cid=1", latitude: 1, longitude: 2 })).toBe(
      "https://maps.google.com/?cid=1",
    );
    expect(directionsHref({ ...base, locationLink: "javascript:x", latitude: 16.45, longitude: -107.5 })).toBe(
      "https://www.google.com/maps/search/?api=1&query=16.45%2C-107.5",
    );
    expect(directionsHref({ ...base, address: "1 Main St, Springfield" })).toBe(
      "https://www.google.com/maps/search/?api=1&query=Caf%C3%A9%20%C3%98%2C%201%20Main%20St%2C%20Springfield",
    );
    expect(directionsHref({ ...base, city: "Hue", country: "Vietnam" })).toBe(
      "https://www.google.com/maps/search/?api=1&query=Caf%C3%A9%20%C3%98%2C%20Hue%2C%20Vietnam",
    );
    expect(directionsHref(base)).toBeNull();
  });

  it("dials the digits of a phone", () => {
    expect(telHref("(503) 555-0199")).toBe("tel:5035550199");
    expect(telHref("+84 903 020 425")).toBe("tel:+84903020425");
    expect(telHref("call us")).toBeNull();
    expect(telHref(null)).toBeNull();
  });
});
