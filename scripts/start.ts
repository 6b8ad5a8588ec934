/**
 * `npm start [-- --port N]`: a local LocalAtlas in one command, told in a few lines.
 *
 *   1. the admin secrets in .dev.vars (scripts/dev-vars-file.ts; a generated password is kept for the
 *      ready block at the end, where it cannot scroll away);
 *   2. the local D1 migrations, their output (one table per migration) summed up in one line, shown
 *      whole only when they fail;
 *   3. the demo directory when the database is empty (scripts/seed/run.ts --if-empty), its summary line;
 *   4. the dev server (react-router dev) on a port chosen here — the first free one from PORT or
 *      5173 — and passed with --strictPort, so SITE_URL can name it (vite.config.ts reads
 *      LOCALATLAS_PORT) and canonical links, sitemaps and robots.txt point where the site runs.
 *
 * Vite's own address lines are replaced by the ready block: the URL, the admin login URL, the
 * username and where the password is. Everything after that is the server's own log.
 *
 * Nothing here fetches from the network: CLOUDFLARE_CF_FETCH_ENABLED=false reaches every child (the
 * seed's getPlatformProxy fetched workers.cloudflare.com/cf.json without it: "getaddrinfo ENOTFOUND
 * workers.cloudflare.com" offline); wrangler's usage metrics and its banner's update check are off.
 */
import { spawn, type SpawnOptions } from "node:child_process";
import net from "node:net";
import { ensureDevVarsFile } from "./dev-vars-file";

process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS ??= "false";
// Wrangler's banner asks npm for a newer version; the migrations' output is summed up anyway.
process.env.WRANGLER_HIDE_BANNER ??= "true";

const DEV_VARS = ".dev.vars";
const state = process.env.LOCALATLAS_STATE || ".wrangler/state";
const passthrough = process.argv.slice(2);

/** Runs a command with its output captured; resolves with the output and the exit code. */
function run(command: string, args: string[], options: SpawnOptions = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

function fail(step: string, output: string, code: number): never {
  process.stdout.write(output);
  console.error(`\nnpm start stopped: ${step} failed (exit code ${code}); its output is above.`);
  process.exit(code || 1);
}

/** Whether a port can be listened on (as Vite would, on localhost). */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "localhost", () => server.close(() => resolve(true)));
  });
}

/** --port N / --port=N from the arguments (removed from them), else PORT, else 5173. */
function requestedPort(args: string[]): { port: number; explicit: boolean; rest: string[] } {
  const rest: string[] = [];
  let port: number | null = null;
  for (let i = 0; i < args.length; i++) {
    const eq = /^--port=(\d+)$/.exec(args[i]);
    if (eq) port = Number(eq[1]);
    else if (args[i] === "--port" && /^\d+$/.test(args[i + 1] ?? "")) port = Number(args[++i]);
    else if (args[i] !== "--strictPort") rest.push(args[i]);
  }
  if (port !== null) return { port, explicit: true, rest };
  if (process.env.PORT && /^\d+$/.test(process.env.PORT)) return { port: Number(process.env.PORT), explicit: true, rest };
  return { port: 5173, explicit: false, rest };
}

// ── 0. Which Node ─────────────────────────────────────────────────────────────
// npm itself may run on an older Node than the scripts (which run on the bundled Node 22 from the
// `node` package): its EBADENGINE warnings during install are about that older Node.
const npmNode = /node\/v(\d+)\.\S*/.exec(process.env.npm_config_user_agent ?? "");
if (npmNode && Number(npmNode[1]) < 22) {
  console.log(
    `npm runs on Node ${npmNode[0].slice(5)}; LocalAtlas runs on the bundled Node ${process.versions.node}, so npm install's EBADENGINE warnings (packages asking for Node 22) do not apply.`,
  );
}

// ── 1. Admin secrets ──────────────────────────────────────────────────────────
const secrets = await ensureDevVarsFile(DEV_VARS);
if (secrets.changed.length) console.log(`Admin secrets: ${DEV_VARS} now has ${secrets.changed.join(", ")}.`);

// ── 2. Migrations ─────────────────────────────────────────────────────────────
const migrate = await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
if (migrate.code !== 0) fail("applying the database migrations (wrangler d1 migrations apply)", migrate.output, migrate.code);
const applied = (migrate.output.match(/│ ([\w.-]+\.sql)\s+│ ✅/g) ?? []).map((l) => l.replace(/│|✅/g, "").trim());
const appliedNow = new Set(applied).size;
console.log(
  appliedNow
    ? `Database: ${appliedNow} migration${appliedNow === 1 ? "" : "s"} applied to the local D1 in ${state}/.`
    : `Database: up to date (local D1 in ${state}/).`,
);

// ── 3. Demo data ──────────────────────────────────────────────────────────────
const seed = await run("tsx", ["scripts/seed/run.ts", "--if-empty"]);
if (seed.code !== 0) fail("loading the demo data (scripts/seed/run.ts)", seed.output, seed.code);
const seedLine = seed.output.split("\n").find((l) => /^(Seeded|Seed skipped)/.test(l));
if (seedLine) console.log(`Demo data: ${seedLine.replace(/^Seed skipped: /, "")}`);

// ── 4. Dev server ─────────────────────────────────────────────────────────────
const requested = requestedPort(passthrough);
let port = requested.port;
if (!(await portFree(port))) {
  if (requested.explicit) {
    console.error(`Port ${port} is in use. Free it, or choose another: npm start -- --port <number>.`);
    process.exit(1);
  }
  while (!(await portFree(port))) port += 1;
  console.log(`Port ${requested.port} is in use; using ${port}.`);
}
console.log("Starting the dev server (workerd)...");

const child = spawn("react-router", ["dev", "--port", String(port), "--strictPort", ...requested.rest], {
  stdio: ["inherit", "pipe", "pipe"],
  env: { ...process.env, LOCALATLAS_PORT: String(port) },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("close", (code) => process.exit(code ?? 0));

const plain = (line: string) => line.replace(/\u001b\[[0-9;]*m/g, "");
/** Vite's own banner lines, replaced by the ready block. */
const BANNER = /^\s*(➜\s+(Local|Network|Debug):|➜\s+press h|\[restart\] Relaunching)/;
let ready = false;
let carry = "";
child.stderr?.pipe(process.stderr);
child.stdout?.on("data", (chunk: Buffer) => {
  carry += chunk.toString();
  const lines = carry.split("\n");
  carry = lines.pop() ?? "";
  for (const line of lines) {
    const text = plain(line);
    if (!ready && /➜\s+Local:/.test(text)) {
      ready = true;
      printReady(/https?:\/\/[^\s/]+/.exec(text)?.[0] ?? `http://localhost:${port}`);
      continue;
    }
    if (BANNER.test(text)) continue;
    process.stdout.write(`${line}\n`);
  }
});

function printReady(origin: string) {
  const password = secrets.generatedPassword
    ? `${secrets.generatedPassword}   (generated now and shown this once; ${DEV_VARS} keeps only its hash)`
    : process.env.LOCALATLAS_ADMIN_PASSWORD
      ? "the one in LOCALATLAS_ADMIN_PASSWORD"
      : `the one printed by your first npm start (${DEV_VARS} keeps only its hash; for a new one, delete the ADMIN_PASSWORD_HASH line there and run npm start again)`;
  console.log("");
  console.log(`  LocalAtlas is ready: ${origin}/`);
  console.log(`    Admin login: ${origin}/admin-login`);
  console.log(`    Username:    ${secrets.username || "admin"}`);
  console.log(`    Password:    ${password}`);
  // Owners' sign-in links and visitors' notices are not sent anywhere locally: they are read here.
  console.log(`    E-mail sent: ${origin}/admin-panel/outbox (the local outbox, after the admin login)`);
  console.log("  Stop with Ctrl+C.");
  console.log("");
}
