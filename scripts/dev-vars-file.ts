/**
 * The local secrets file's side of scripts/ensure-dev-vars.ts, shared with scripts/start.ts: reads
 * the file, fills in the admin secrets (scripts/dev-vars.ts) and writes it back when something changed.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { ensureAdminVars, type EnsureResult } from "./dev-vars";

export async function ensureDevVarsFile(file: string, env: NodeJS.ProcessEnv = process.env): Promise<EnsureResult> {
  const original = existsSync(file) ? readFileSync(file, "utf8") : "";
  const result = await ensureAdminVars(original, {
    knownPassword: env.LOCALATLAS_ADMIN_PASSWORD,
    knownUsername: env.LOCALATLAS_ADMIN_USERNAME,
  });
  if (result.changed.length) writeFileSync(file, result.text, { mode: 0o600 });
  return result;
}
