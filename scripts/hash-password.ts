/**
 * `npm run admin:hash -- <password>`: prints the PBKDF2-SHA256 hash for ADMIN_PASSWORD_HASH.
 * The hash is alone on the last line, so `npm run -s admin:hash -- pw | tail -n1` captures it.
 * Without an argument the password is read from stdin (keeps it out of the shell history).
 * `--iterations N` (10,000..100,000; default 100,000) trades strength for CPU per login.
 */
import { hashPassword, MIN_PBKDF2_ITERATIONS, PBKDF2_ITERATIONS } from "#app/server/auth/password.server";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

const args = process.argv.slice(2);
const iterIndex = args.indexOf("--iterations");
const iterations = iterIndex >= 0 ? Number(args.splice(iterIndex, 2)[1]) : PBKDF2_ITERATIONS;
if (!Number.isInteger(iterations) || iterations < MIN_PBKDF2_ITERATIONS || iterations > PBKDF2_ITERATIONS) {
  console.error(`--iterations must be a whole number from ${MIN_PBKDF2_ITERATIONS} to ${PBKDF2_ITERATIONS}`);
  process.exit(1);
}
const password = args[0] ?? (process.stdin.isTTY ? "" : await readStdin());
if (!password) {
  console.error("Usage: npm run admin:hash -- <password>   (or pipe the password on stdin)");
  process.exit(1);
}
process.stdout.write(`${await hashPassword(password, iterations)}\n`);
