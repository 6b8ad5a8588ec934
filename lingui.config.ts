import { readdirSync } from "node:fs";
import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-json";

// Every folder of app/locales/ is a locale: its catalogs are compiled on import by @lingui/vite-plugin
// (docs/i18n.md, docs/decisions/0029-lingui-messages.md). The LOCALES setting says which are served.
const locales = readdirSync(new URL("./app/locales/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default defineConfig({
  sourceLocale: "en",
  locales,
  fallbackLocales: { default: "en" },
  catalogs: [
    // The interface: every word a page shows, its meta tags included. The browser loads one locale's.
    { path: "<rootDir>/app/locales/{locale}/interface", include: ["app"] },
    // Labels and generated text, used by the server alone (loaders and SEO generation).
    { path: "<rootDir>/app/locales/{locale}/content", include: ["app"] },
  ],
  format: formatter({ style: "minimal" }),
});
