/**
 * Makes sure a local secrets file (default `.dev.vars`) holds the admin secrets, so a fresh checkout
 * can log in right after `npm start`:
 *   - a missing ADMIN_USERNAME becomes `admin`;
 *   - a missing ADMIN_PASSWORD_HASH gets a generated password, printed ONCE (only its hash is kept);
 *   - a missing SESSION_SECRET gets 32 random bytes.
 * Existing values and any other lines are left alone.
 *
 * Options (docs/decisions/admin-sessions.md):
 *   --file <path>                   write another file (the e2e run writes build/server/.dev.vars,
 *                                   which `vite preview` reads, and never touches the developer's .dev.vars)
 *   env LOCALATLAS_ADMIN_PASSWORD   use this known password instead (replaces ADMIN_USERNAME/ADMIN_PASSWORD_HASH;
 *                                   nothing is printed) — for test runs only.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { hashPassword } from "../app/server/password.server";

const args = process.argv.slice(2);
const fileArg = args.indexOf("--file");
const file = fileArg >= 0 ? args[fileArg + 1] : ".dev.vars";
if (!file) {
  console.error("--file needs a path");
  process.exit(1);
}
const knownPassword = process.env.LOCALATLAS_ADMIN_PASSWORD;

function randomText(bytes: number): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");
}

const original = existsSync(file) ? readFileSync(file, "utf8") : "";
const lines = original ? original.replace(/\n*$/, "").split("\n") : [];
const keyOf = (line: string) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];
const has = (key: string) => lines.some((l) => keyOf(l) === key && l.split("=").slice(1).join("=").trim() !== "");

function set(key: string, value: string) {
  const index = lines.findIndex((l) => keyOf(l) === key);
  const line = `${key}='${value}'`; // single quotes: dotenv keeps $ and the rest literal
  if (index >= 0) lines[index] = line;
  else lines.push(line);
}

let generatedPassword: string | null = null;
const changed: string[] = [];

if (knownPassword) {
  set("ADMIN_USERNAME", process.env.LOCALATLAS_ADMIN_USERNAME || "admin");
  set("ADMIN_PASSWORD_HASH", await hashPassword(knownPassword));
  changed.push("ADMIN_USERNAME", "ADMIN_PASSWORD_HASH");
} else {
  if (!has("ADMIN_USERNAME")) {
    set("ADMIN_USERNAME", "admin");
    changed.push("ADMIN_USERNAME");
  }
  if (!has("ADMIN_PASSWORD_HASH")) {
    generatedPassword = randomText(15);
    set("ADMIN_PASSWORD_HASH", await hashPassword(generatedPassword));
    changed.push("ADMIN_PASSWORD_HASH");
  }
}
if (!has("SESSION_SECRET")) {
  set("SESSION_SECRET", randomText(32));
  changed.push("SESSION_SECRET");
}

if (changed.length) {
  if (!original) lines.unshift("# Local secrets for the Worker (never commit). Written by scripts/ensure-dev-vars.ts.");
  writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
  console.log(`${file}: set ${changed.join(", ")}`);
}
if (generatedPassword) {
  const username = lines.find((l) => keyOf(l) === "ADMIN_USERNAME")?.split("=").slice(1).join("=").trim().replace(/^["']|["']$/g, "");
  console.log("");
  console.log("  Admin login for this machine (shown once; only its hash is stored):");
  console.log(`    username: ${username}`);
  console.log(`    password: ${generatedPassword}`);
  console.log(`  Log in at /admin-login. To choose your own: npm run admin:hash -- <password>, then edit ${file}.`);
  console.log("");
}
