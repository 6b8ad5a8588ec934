// ESLint (flat config): typescript-eslint, React hooks and jsx-a11y on the app, tests and scripts.
// Formatting is Prettier's (`npm run format`); `npm run lint` checks both and runs in `npm test`.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // Declaration files augment the runtime's interfaces (`interface ProvidedEnv extends Env`).
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/consistent-type-definitions": "off" },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
);
