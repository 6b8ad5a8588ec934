import { describe, expect, it } from "vitest";
import { verifyPassword } from "#app/server/auth/password.server";
import { ensureAdminVars } from "../../scripts/dev-vars";

function parse(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^([A-Z_]+)='(.*)'$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

describe("ensureAdminVars (npm start's first run)", () => {
  it("creates the admin secrets with a generated password that verifies against the stored hash", async () => {
    const result = await ensureAdminVars("");
    const vars = parse(result.text);
    expect(result.changed).toEqual(["ADMIN_USERNAME", "ADMIN_PASSWORD_HASH", "SESSION_SECRET", "EMAIL_OUTBOX", "CLAIM_CHECK_LOCAL_SITES"]);
    expect(vars.EMAIL_OUTBOX).toBe("on");
    expect(vars.ADMIN_USERNAME).toBe("admin");
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await verifyPassword(result.generatedPassword!, vars.ADMIN_PASSWORD_HASH)).toBe(true);
    expect(vars.SESSION_SECRET.length).toBeGreaterThanOrEqual(40);
    expect(result.text).not.toContain(result.generatedPassword);
  });

  it("leaves a developer's existing values and other lines alone, and prints nothing", async () => {
    const mine =
      "OTHER_SECRET=keep-me\nADMIN_USERNAME=owner\nADMIN_PASSWORD_HASH='pbkdf2-sha256$100000$AAAA$BBBB'\nSESSION_SECRET=abc\nEMAIL_OUTBOX=off\nCLAIM_CHECK_LOCAL_SITES=off\n";
    const result = await ensureAdminVars(mine);
    expect(result.changed).toEqual([]);
    expect(result.generatedPassword).toBeNull();
    expect(result.text).toBe(mine);
  });

  it("fills only what is missing", async () => {
    const result = await ensureAdminVars("ADMIN_USERNAME=owner\nOTHER=1\n");
    expect(result.changed).toEqual(["ADMIN_PASSWORD_HASH", "SESSION_SECRET", "EMAIL_OUTBOX", "CLAIM_CHECK_LOCAL_SITES"]);
    expect(result.text).toMatch(/^ADMIN_USERNAME=owner\nOTHER=1\nADMIN_PASSWORD_HASH='pbkdf2-sha256\$/);
    expect(result.username).toBe("owner");
  });

  it("writes a known test password when asked, without printing it", async () => {
    const result = await ensureAdminVars("SESSION_SECRET=s\nADMIN_PASSWORD_HASH='old'\n", { knownPassword: "e2e password" });
    const vars = parse(result.text);
    expect(result.generatedPassword).toBeNull();
    expect(await verifyPassword("e2e password", vars.ADMIN_PASSWORD_HASH)).toBe(true);
    expect(result.text).toContain("SESSION_SECRET=s");
  });
});
