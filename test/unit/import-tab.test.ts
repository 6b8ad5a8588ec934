import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImportTab } from "~/components/admin/import-tab";

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
