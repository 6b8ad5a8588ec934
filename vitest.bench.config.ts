// `npm run bench:import:workerd`: the end-to-end import benchmark inside workerd (real D1 + R2).
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

export default defineConfig(async (env) => {
  const resolved = await (typeof base === "function" ? base(env) : base);
  // Replace (not merge) the test list: only the benchmark runs.
  return { ...resolved, test: { ...resolved.test, include: ["scripts/*.workerd-bench.ts"], testTimeout: 900_000 } };
});
