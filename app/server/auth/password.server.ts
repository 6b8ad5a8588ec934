/**
 * Admin password hashes: PBKDF2-SHA256 through WebCrypto, so the same code runs in the Worker and in
 * Node (scripts/hash-password.ts). Format: `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` —
 * `$` separators and no colon, so the value survives .dev.vars, `wrangler secret put` and shells.
 */

/** Workers' WebCrypto refuses PBKDF2 above 100,000 iterations; this is also OWASP's floor for SHA-256 at the time it was set. */
export const PBKDF2_ITERATIONS = 100_000;
/** Below this a stored hash is refused as too weak. */
export const MIN_PBKDF2_ITERATIONS = 10_000;
const SCHEME = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BYTES = 32;

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array | null {
  try {
    const raw = atob(text);
    const out = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

async function derive(password: string, salt: Uint8Array, iterations: number, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations }, key, bytes * 8);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations, HASH_BYTES);
  return `${SCHEME}$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

type ParsedHash = { iterations: number; salt: Uint8Array; hash: Uint8Array };

export function parsePasswordHash(stored: string): ParsedHash | null {
  const parts = stored.trim().split("$");
  if (parts.length !== 4 || parts[0] !== SCHEME || !/^\d{1,7}$/.test(parts[1])) return null;
  const iterations = Number(parts[1]);
  const salt = fromBase64(parts[2]);
  const hash = fromBase64(parts[3]);
  if (!salt || !hash || iterations < MIN_PBKDF2_ITERATIONS || iterations > PBKDF2_ITERATIONS || salt.length < 8 || hash.length < 16)
    return null;
  return { iterations, salt, hash };
}

/** Compares every byte whatever differs first, so timing says nothing about how close a guess was. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a[i % (a.length || 1)] ?? 0) ^ (b[i % (b.length || 1)] ?? 0);
  return diff === 0;
}

/** A malformed stored hash never verifies (and still costs one derivation, like a real check). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) {
    await derive(password, new Uint8Array(SALT_BYTES), PBKDF2_ITERATIONS, HASH_BYTES);
    return false;
  }
  const candidate = await derive(password, parsed.salt, parsed.iterations, parsed.hash.length);
  return constantTimeEqual(candidate, parsed.hash);
}

/** Constant-time text comparison (usernames), through the same byte compare. */
export function constantTimeEqualText(a: string, b: string): boolean {
  const enc = new TextEncoder();
  return constantTimeEqual(enc.encode(a), enc.encode(b));
}
