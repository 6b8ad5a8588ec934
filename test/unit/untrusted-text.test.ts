import { describe, expect, it } from "vitest";
import { cleanLine, cleanMultiline, hasControlCharacters, isLink } from "#app/lib/business/untrusted-text";
import { escapeXml } from "#app/lib/seo/xml";

const LONE_HIGH = "\uD800";
const LONE_LOW = "\uDC00";

describe("cleaning text from a sheet or a form", () => {
  it("drops NUL, BEL, DEL and C1 controls from a line and leaves every other letter alone", () => {
    expect(cleanLine("Bäckerei\u0000 Müller\u0007")).toBe("Bäckerei Müller");
    expect(cleanLine("Caf\u007Fé \u0085Zürich\u009F")).toBe("Café Zürich");
    expect(cleanLine("Phở 24 — 東京 🍜 & <Co>")).toBe("Phở 24 — 東京 🍜 & <Co>");
  });

  it("turns tabs and line breaks in a one-line field into a space", () => {
    expect(cleanLine("Joe's\r\nPizza")).toBe("Joe's Pizza");
    expect(cleanLine("Joe's\tPizza\n")).toBe("Joe's Pizza ");
  });

  it("keeps tabs and line breaks in a multi-line field, and drops the other controls", () => {
    expect(cleanMultiline("First line.\r\n\tSecond\u0000 line.\u001B")).toBe("First line.\r\n\tSecond line.");
  });

  it("drops lone surrogate halves but keeps characters made of a pair", () => {
    expect(cleanLine(`A${LONE_HIGH}B${LONE_LOW}C 😀`)).toBe("ABC 😀");
    expect(cleanMultiline(`${LONE_LOW}x${LONE_HIGH}`)).toBe("x");
    // What made a sitemap throw before: encodeURIComponent refuses a lone half.
    expect(() => encodeURIComponent(cleanLine(`Nice${LONE_HIGH}`))).not.toThrow();
  });

  it("finds control characters in an address's part, tab and line breaks included", () => {
    expect(hasControlCharacters("Nice\u0000")).toBe(true);
    expect(hasControlCharacters("new\tyork")).toBe(true);
    expect(hasControlCharacters("\u0085")).toBe(true);
    expect(hasControlCharacters("New York É")).toBe(false);
  });
});

describe("the link check the edit form and the import share", () => {
  it("accepts http and https addresses only", () => {
    expect(isLink("https://example.com/menu?x=1", false)).toBe(true);
    expect(isLink("HTTP://EXAMPLE.COM", false)).toBe(true);
    for (const bad of [
      "javascript:alert(5)",
      "JavaScript:alert(5)",
      "data:text/html,<script>",
      "vbscript:x",
      "ftp://example.com",
      "mailto:a@b.c",
      "www.example.com",
      "example.com",
      "/images/a.jpg",
      "",
    ]) {
      expect(isLink(bad, false), bad).toBe(false);
    }
  });

  it("accepts a path on this site where one is allowed, but not one a browser reads as another host", () => {
    expect(isLink("/images/a.jpg", true)).toBe(true);
    expect(isLink("//evil.example/a.jpg", true)).toBe(false);
    expect(isLink("/\\evil.example/a.jpg", true)).toBe(false);
    expect(isLink("javascript:alert(5)", true)).toBe(false);
  });
});

describe("sitemap XML text", () => {
  it("drops what XML 1.0 cannot carry and escapes markup", () => {
    expect(escapeXml(`https://x.test/a?b=1&c=<2>\u0000\u0007\u0085${LONE_HIGH}\uFFFF`)).toBe("https://x.test/a?b=1&amp;c=&lt;2&gt;");
    expect(escapeXml("tab\tand\nline")).toBe("tab\tand\nline");
  });
});
