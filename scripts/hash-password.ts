/**
 * `npm run admin:hash -- <password>`: prints the PBKDF2-SHA256 hash for ADMIN_PASSWORD_HASH.
 * The hash is alone on the last line, so `npm run -s admin:hash -- pw | tail -n1` captures it.
 * Without an argument the password is read from stdin (keeps it out of the shell history).
 */
import { hashPassword } from "../app/server/password.server";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}

const password = process.argv[2] ?? (process.stdin.isTTY ? "" : await readStdin());
if (!password) {
  console.error("Usage: npm run admin:hash -- <password>   (or pipe the password on stdin)");
  process.exit(1);
}
process.stdout.write(`${await hashPassword(password)}\n`);
