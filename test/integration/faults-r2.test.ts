/**
 * R2 unavailable for an upload or for the download of a stored file (docs/decisions/0034-storage-faults.md):
 * the admin gets a clear JSON 503 with Retry-After, nothing is stored half (no object left in R2, no
 * import row pointing at a missing object), and the same call made again succeeds.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loginAsAdmin, SITE_ORIGIN } from "../helpers/admin";
import { failingR2, r2Method } from "../helpers/faults";
import { multipartInit } from "../helpers/import";
import { fileOf, SPEC_HEADER, sheetBytes, specRow } from "../helpers/spreadsheets";
import { fetchWith } from "../helpers/worker";

const tag = `fr${crypto.randomUUID().slice(0, 6)}`;
const R2_MESSAGE = "File storage (R2) did not answer for a moment. Try again in 30 seconds.";
let cookie: string;

beforeAll(async () => {
  cookie = await loginAsAdmin();
});

async function upload(vars: Partial<Env>, name: string) {
  const form = new FormData();
  const rows = [0, 1].map((i) =>
    specRow({ place_id: `${tag}-${name}-${i}`, name: `${tag} ${name} ${i}`, full_address: `${i} Main St, Bucketton, Germany` }),
  );
  form.append("excelFile", fileOf(await sheetBytes([SPEC_HEADER, ...rows]), `${tag}-${name}.xlsx`));
  const { body, headers } = await multipartInit(form);
  headers.set("Cookie", cookie);
  headers.set("Origin", SITE_ORIGIN);
  return fetchWith(vars, "/api/admin/import", { method: "POST", body, headers });
}

/** What is stored for this file: its R2 objects and its import rows. */
async function storedFor(name: string) {
  const objects = (await env.UPLOADS.list({ prefix: "imports/" })).objects.filter((o) => o.key.endsWith(`${tag}-${name}.xlsx`));
  const rows = await env.DB.prepare("SELECT status FROM imports WHERE file_name = ?1").bind(`${tag}-${name}.xlsx`).all();
  return { objects: objects.length, imports: rows.results };
}

describe("R2 unavailable", () => {
  for (const [method, what] of [
    ["put", "storing the upload"],
    ["get", "reading the stored upload to validate it"],
  ] as const) {
    it(`an upload, R2 failing ${what}: a clear 503, nothing stored, the retry imports`, async () => {
      const r2 = failingR2(env.UPLOADS, r2Method(method));
      const failed = await upload({ UPLOADS: r2.binding }, method);
      expect(r2.failures).toBeGreaterThan(0);
      expect(failed.status).toBe(503);
      expect(failed.headers.get("Retry-After")).toBe("30");
      expect(await failed.json()).toEqual({ message: R2_MESSAGE });
      expect(await storedFor(method)).toEqual({ objects: 0, imports: [] });

      const retried = await upload({}, method);
      expect(retried.status).toBe(200);
      expect(await storedFor(method)).toEqual({ objects: 1, imports: [{ status: "done" }] });
    });
  }

  it("the download of an import's stored file: a clear 503, then the file", async () => {
    expect((await upload({}, "download")).status).toBe(200);
    const row = await env.DB.prepare("SELECT id FROM imports WHERE file_name = ?1").bind(`${tag}-download.xlsx`).first<{ id: number }>();
    const path = `/api/admin/imports/${row!.id}/file`;
    const init = { headers: { Cookie: cookie } };
    const r2 = failingR2(env.UPLOADS, r2Method("get"));
    const failed = await fetchWith({ UPLOADS: r2.binding }, path, init);
    expect(failed.status).toBe(503);
    expect(failed.headers.get("Retry-After")).toBe("30");
    expect(await failed.json()).toEqual({ message: R2_MESSAGE });

    const retried = await fetchWith({}, path, init);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("Content-Disposition")).toContain(`${tag}-download.xlsx`);
    expect((await retried.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
