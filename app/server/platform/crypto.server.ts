/**
 * The hashes and random tokens the Worker uses (Web Crypto): session ids and sign-in tokens are
 * random, stored only as their SHA-256; tokens that must be recomputed (a claim's website token)
 * are an HMAC of a purpose-prefixed message under SESSION_SECRET.
 */

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The SHA-256 of `text` (UTF-8) in lower-case hex. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** `bytes` random bytes, base64url without padding (32 bytes: 43 characters). */
export function randomToken(bytes = 32): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...random))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The HMAC-SHA256 of `message` under `secret`, in lower-case hex. */
export async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

/** The current time in whole seconds since the epoch (how D1 rows store times). */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
