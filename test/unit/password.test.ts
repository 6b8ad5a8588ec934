import { describe, expect, it } from "vitest";
import { constantTimeEqual, hashPassword, parsePasswordHash, verifyPassword } from "#app/server/auth/password.server";

describe("admin password hashes", () => {
  it("are pbkdf2-sha256 with $ separators and no colon", async () => {
    const hash = await hashPassword("s3cret!");
    expect(hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain(":");
  });

  it("verify the right password and refuse a wrong one", async () => {
    const hash = await hashPassword("s3cret!");
    expect(await verifyPassword("s3cret!", hash)).toBe(true);
    expect(await verifyPassword("s3cret?", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salt every hash, so equal passwords hash differently", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("never verify against a malformed, weak or foreign-format hash", async () => {
    const hashOf1000 = await hashPassword("x", 1000);
    expect(await verifyPassword("x", hashOf1000)).toBe(false);
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$10$abc$def")).toBe(false);
    expect(await verifyPassword("x", "pbkdf2-sha256$999999999$AAAA$AAAA")).toBe(false);
    expect(parsePasswordHash("pbkdf2-sha256:1000:abc:def")).toBeNull();
    // Too few iterations to be worth trusting.
    expect(parsePasswordHash(hashOf1000)).toBeNull();
  });

  it("compare bytes in full", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
  });
});
