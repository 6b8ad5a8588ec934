/**
 * Pure core of scripts/ensure-dev-vars.ts (no Node imports, so it is unit-tested inside workerd):
 * given a .dev.vars text, returns the text with the admin secrets filled in.
 */
import { hashPassword } from "#app/server/auth/password.server";

export type EnsureOptions = {
  /** A known password (test runs): replaces ADMIN_USERNAME and ADMIN_PASSWORD_HASH. */
  knownPassword?: string;
  knownUsername?: string;
  /** Random text source (base64url of n bytes); injectable for tests. */
  random?: (bytes: number) => string;
};

export type EnsureResult = { text: string; changed: string[]; generatedPassword: string | null; username: string };

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const defaultRandom = (n: number) => base64url(crypto.getRandomValues(new Uint8Array(n)));

const keyOf = (line: string) => /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];

function valueOf(line: string): string {
  return line
    .slice(line.indexOf("=") + 1)
    .trim()
    .replace(/^(['"`])(.*)\1$/, "$2");
}

export async function ensureAdminVars(original: string, options: EnsureOptions = {}): Promise<EnsureResult> {
  const random = options.random ?? defaultRandom;
  const lines = original ? original.replace(/\n*$/, "").split("\n") : [];
  const current = (key: string) => {
    const line = lines.find((l) => keyOf(l) === key);
    return line ? valueOf(line) : "";
  };
  const set = (key: string, value: string) => {
    const index = lines.findIndex((l) => keyOf(l) === key);
    // Single quotes: dotenv keeps `$` and everything else literal.
    const line = `${key}='${value}'`;
    if (index >= 0) lines[index] = line;
    else lines.push(line);
    changed.push(key);
  };
  const changed: string[] = [];
  let generatedPassword: string | null = null;

  if (options.knownPassword) {
    set("ADMIN_USERNAME", options.knownUsername || "admin");
    set("ADMIN_PASSWORD_HASH", await hashPassword(options.knownPassword));
  } else {
    if (!current("ADMIN_USERNAME")) set("ADMIN_USERNAME", "admin");
    if (!current("ADMIN_PASSWORD_HASH")) {
      generatedPassword = random(15);
      set("ADMIN_PASSWORD_HASH", await hashPassword(generatedPassword));
    }
  }
  if (!current("SESSION_SECRET")) set("SESSION_SECRET", random(32));
  // Local e-mail lands in the admin panel's Outbox too (app/server/platform/email.server.ts); never set in production.
  if (!current("EMAIL_OUTBOX")) set("EMAIL_OUTBOX", "on");
  // A claim's website check may fetch a site served on this machine (127.0.0.1, another port).
  if (!current("CLAIM_CHECK_LOCAL_SITES")) set("CLAIM_CHECK_LOCAL_SITES", "on");

  if (changed.length && !original) lines.unshift("# Local secrets for the Worker (never commit). Written by scripts/ensure-dev-vars.ts.");
  return { text: changed.length ? `${lines.join("\n")}\n` : original, changed, generatedPassword, username: current("ADMIN_USERNAME") };
}
