/**
 * Makes sure a local secrets file (default `.dev.vars`) holds the admin secrets, so a fresh checkout
 * can log in right after `npm start` (it runs first in the `start` script):
 *   - a missing ADMIN_USERNAME becomes `admin`;
 *   - a missing ADMIN_PASSWORD_HASH gets a generated password, printed ONCE (only its hash is kept);
 *   - a missing SESSION_SECRET gets 32 random bytes.
 * Existing values and any other lines are left alone.
 *
 * For test runs (docs/decisions/0006-admin-sessions.md):
 *   --file <path>                   write another file: the e2e run writes build/server/.dev.vars,
 *                                   which `vite preview` reads, and never touches the developer's .dev.vars
 *   env LOCALATLAS_ADMIN_PASSWORD   a known password instead (replaces ADMIN_USERNAME/ADMIN_PASSWORD_HASH;
 *                                   nothing is printed)
 */
import { ensureDevVarsFile } from "./dev-vars-file";

const args = process.argv.slice(2);
const fileArg = args.indexOf("--file");
const file = fileArg >= 0 ? args[fileArg + 1] : ".dev.vars";
if (!file) {
  console.error("--file needs a path");
  process.exit(1);
}

const result = await ensureDevVarsFile(file);
if (result.changed.length) console.log(`${file}: set ${result.changed.join(", ")}`);
if (result.generatedPassword) {
  console.log("");
  console.log("  Admin login for this machine (shown once; only its hash is stored):");
  console.log(`    username: ${result.username}`);
  console.log(`    password: ${result.generatedPassword}`);
  console.log(`  Log in at /admin-login. To choose your own: npm run admin:hash -- <password>, then edit ${file}.`);
  console.log("");
}
