// `npm run lighthouse`: builds, serves the preview on a throw-away seeded state, runs Lighthouse
// (mobile, the default form factor) on home, a business page, a city page and a category page, and
// prints the four category scores per page. Env: PORT (8811), CHROME_PATH (/usr/bin/chromium),
// LH_SKIP_BUILD=1 to reuse build/.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const port = Number(process.env.PORT || 8811);
const state = process.env.LOCALATLAS_STATE || ".wrangler/lighthouse-state";
const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
const base = `http://localhost:${port}`;
const env = { ...process.env, LOCALATLAS_STATE: state, PORT: String(port), CHROME_PATH: chrome };
const npm = (args) => execFileSync("npm", args, { env, stdio: ["ignore", "inherit", "inherit"] });

if (!process.env.LH_SKIP_BUILD) npm(["run", "build"]);
rmSync(state, { recursive: true, force: true });
npm(["run", "db:migrate"]);
npm(["run", "db:seed"]);

const server = spawn("npm", ["run", "preview"], { env, detached: true, stdio: "ignore" });
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stop);

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`${base}/api/statistics`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("preview did not start");
}

/** The preview can drop the first connections while workerd warms up: retry a few times. */
async function get(url) {
  for (let i = 0; ; i++) {
    try {
      const r = await fetch(url);
      return await r.text();
    } catch (error) {
      if (i >= 10) throw error;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

await waitForServer();
const recommended = JSON.parse(await get(`${base}/api/businesses/recommended`));
const pages = [
  ["home", "/"],
  ["business", `/business/${recommended[0].id}`],
  ["city", "/city/New%20York"],
  ["category", "/category/restaurants"],
];
const flags =
  "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
// Warm workerd (first renders compile the SSR bundle's code paths) so no page pays for it in its score.
for (let round = 0; round < 3; round++) for (const [, p] of pages) await get(base + p);
const rows = [];
for (const [name, p] of pages) {
  await get(base + p); // warm the Worker
  const out = path.join(tmpdir(), `lh-${name}-${port}.json`);
  execFileSync(
    "npx",
    [
      "lighthouse",
      base + p,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      `--chrome-flags=${flags}`,
      "--only-categories=performance,accessibility,best-practices,seo",
    ],
    { env, stdio: ["ignore", "ignore", "inherit"] },
  );
  const report = JSON.parse(readFileSync(out, "utf8"));
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failing = Object.values(report.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== "informative" &&
        a.scoreDisplayMode !== "manual" &&
        a.scoreDisplayMode !== "notApplicable",
    )
    .map((a) => a.id);
  rows.push({
    page: `${name} ${p}`,
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    // The budget: Total Blocking Time ≤ 50 ms, and the JavaScript the page downloads without interaction.
    "TBT ms": Math.round(report.audits["total-blocking-time"]?.numericValue ?? NaN),
    "JS KB": Math.round(
      (report.audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script")?.transferSize ?? 0) / 1024,
    ),
    failing: failing.slice(0, 8).join(" "),
  });
}
stop();
console.table(rows);
const ok = rows.every((r) => r.performance >= 95 && r.accessibility === 100 && r["best-practices"] >= 95 && r.seo === 100);
console.log(
  ok ? "Lighthouse budgets met." : "Lighthouse budgets NOT met (performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100).",
);
process.exit(ok ? 0 : 1);
