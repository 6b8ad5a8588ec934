// ESLint (flat config): typescript-eslint, React hooks and jsx-a11y on the app, tests and scripts.
// Formatting is Prettier's (`npm run format`); `npm run lint` checks both and runs in `npm test`.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The named exports React Router reads from a route module, root.tsx and entry.server.tsx, and the
 * edge cache's `queryParams` (the query parameters a route reads: app/server/platform/edge-cache.server.ts).
 */
const ROUTE_EXPORTS =
  "/^(queryParams|loader|action|clientLoader|clientAction|meta|links|headers|handle|shouldRevalidate|middleware|clientMiddleware|ErrorBoundary|HydrateFallback|Layout|streamTimeout|handleError|handleDataRequest)$/";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      ".wrangler/",
      ".scratch/",
      "node_modules/",
      "public/",
      "playwright-report/",
      "test-results/",
      "lighthouse/",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      // `_name` marks a parameter a framework signature requires but this code does not read.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      // The untrusted-text rules and the XML writers match control characters on purpose: to remove them.
      "no-control-regex": "off",
    },
  },
  {
    // One import spelling: app/ and db/ are imported as `#app/…` and `#db/…` (tsconfig paths) from
    // everywhere; relative paths only for a route's generated `./+types/…`, and between siblings in
    // test/ and scripts/. Modules form no cycle (import-x/no-cycle), and db/ imports nothing from app/.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "workers/**/*.ts", "test/**/*.ts", "scripts/**/*.ts"],
    plugins: { "import-x": importX },
    settings: { ...importX.flatConfigs.typescript.settings, "import-x/resolver-next": [createTypeScriptImportResolver()] },
    rules: {
      "import-x/no-cycle": "error",
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/*", "**/app/*", "**/db/*"], message: "Import app/ and db/ as #app/… and #db/…." }] },
      ],
    },
  },
  {
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(~/|\\.\\.?/)", message: "Import db/ as #db/…." },
            { group: ["#app/*"], message: "db/ imports nothing from app/." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(~/|\\.\\.?/(?!\\+types/))", message: "Import app/ and db/ as #app/… and #db/…." }] },
      ],
    },
  },
  // Rooms (each folder's README.md says what it owns): what a room may import, checked.
  ...[
    { files: ["app/lib/sheets/**"], allow: "lib/(sheets/|format$)", says: "app/lib/sheets/ imports only its own modules and format" },
    {
      files: ["app/lib/business/**"],
      allow: "lib/(business/|format$|memo$|i18n/)",
      says: "app/lib/business/ imports only format, memo, i18n and itself",
    },
    {
      files: ["app/lib/**"],
      ignores: ["app/lib/sheets/**", "app/lib/business/**"],
      allow: "lib/",
      says: "app/lib/ is pure: nothing from server/, components/ or routes/",
    },
    { files: ["app/server/platform/**"], allow: "(lib/|server/platform/)", says: "app/server/platform/ builds on app/lib/ alone" },
  ].map(({ files, ignores = [], allow, says }) => ({
    files,
    ignores,
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ regex: `^#app/(?!${allow})`, message: `${says}.` }] }],
    },
  })),
  {
    // Declaration files augment the runtime's interfaces (`interface ProvidedEnv extends Env`).
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/consistent-type-definitions": "off" },
  },
  {
    // A route module exports only what React Router reads from it by name (knip.config.ts treats
    // these modules as entry points and checks none of their exports); what it shares lives in
    // app/lib/ or app/components/.
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx", "app/entry.server.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "FunctionDeclaration > Identifier.id",
          "VariableDeclaration > VariableDeclarator > Identifier.id",
          "ClassDeclaration > Identifier.id",
          "TSTypeAliasDeclaration > Identifier.id",
          "ExportSpecifier > Identifier.exported",
        ].map((node) => ({
          selector: `ExportNamedDeclaration > ${node}:not([name=${ROUTE_EXPORTS}])`,
          message:
            "A route module exports only React Router's names (loader, action, meta, …) and queryParams: move this to app/lib/ or app/components/.",
        })),
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // components/ui/select.tsx's Select is a <select>: a label around one labels it.
      "jsx-a11y/label-has-associated-control": ["error", { controlComponents: ["Select"] }],
    },
  },
);
