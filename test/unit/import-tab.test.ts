import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImportTab } from "#app/components/admin/import-tab";

describe("the Import tab", () => {
  it("offers a file chooser for .xlsx and .xls only, and the SEO and delete-all buttons", () => {
    const html = renderToString(createElement(ImportTab, { onUnauthorized: () => {} }));
    expect(html).toMatch(/<input[^>]*type="file"[^>]*accept="\.xlsx,\.xls"/);
    expect(html).toMatch(/name="excelFile"/);
    expect(html).toContain("Generate SEO Content");
    expect(html).toContain("Delete All Data");
    expect(html).not.toContain("Processing...");
  });
});

describe("the Import tab's mode choice", () => {
  it("asks what to do with rows already listed: a radio group named mode, skip checked by default", () => {
    const html = renderToString(createElement(ImportTab, { onUnauthorized: () => {} }));
    expect(html).toContain("<legend");
    expect(html).toContain("Rows already listed (same place_id)");
    const radios = [...html.matchAll(/<input [^>]*name="mode"[^>]*>/g)].map(([tag]) => ({
      type: /type="([^"]*)"/.exec(tag)?.[1],
      value: /value="([^"]*)"/.exec(tag)?.[1],
      checked: tag.includes('checked=""'),
    }));
    expect(radios).toEqual([
      { type: "radio", value: "skip", checked: true },
      { type: "radio", value: "update", checked: false },
    ]);
    expect(html).toContain("Fields edited by hand are kept");
  });
});
