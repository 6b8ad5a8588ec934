/**
 * An import runs to the end on its own, at full size: a 200,000-row upload (several times what one invocation
 * does) followed by no other request — no poll, no tab — ends with all 200,000 rows imported, the
 * import done and the statistics exact. Watched through the vitest plugin's workflow introspection,
 * never through the app. (import-workflow.test.ts checks the steps, errors and history at 20,000.)
 */
import { introspectWorkflow } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { SPEC_COLUMNS } from "#app/lib/import/import-mapping";
import { type XlsxCell, xlsxStream } from "#app/lib/sheets/xlsx-writer";
import { adminRequest } from "../helpers/admin";
import { multipartInit } from "../helpers/import";
import { fileOf, specRow } from "../helpers/spreadsheets";
import { keptSummaries, recomputedSummaries } from "../helpers/summaries";

const ROWS = 200_000;

it("a 200,000-row upload and no other request ends with every row imported, done, statistics exact", { timeout: 600_000 }, async () => {
  const prefix = `big-${crypto.randomUUID().slice(0, 8)}`;
  async function* rows(): AsyncGenerator<XlsxCell[]> {
    for (let i = 0; i < ROWS; i++) {
      yield specRow({
        place_id: `${prefix}-${i}`,
        name: `Big Import ${prefix} ${i}`,
        category: ["Bakery", "Plumber", "Cafe", "Dentist"][i % 4],
        full_address: `${i} High St, Town ${i % 200}, United Kingdom`,
      }) as XlsxCell[];
    }
  }
  const bytes = new Uint8Array(
    await new Response(xlsxStream({ sheetName: "Sheet1", columns: [...SPEC_COLUMNS], rows: rows() })).arrayBuffer(),
  );
  const before = (await env.DB.prepare("SELECT total_businesses AS n FROM site_stats").first<{ n: number }>())?.n ?? 0;

  await using introspector = await introspectWorkflow(env.IMPORT_WORKFLOW);
  const form = new FormData();
  form.set("excelFile", fileOf(bytes, "two-hundred-thousand.xlsx"));
  const upload = await adminRequest("/api/admin/import", { method: "POST", ...(await multipartInit(form)) });
  expect(upload.status).toBe(202);
  const { jobId } = (await upload.json()) as { jobId: number };

  // From here on nothing asks the app anything: the workflow runs to its end by itself.
  const [instance] = await introspector.get();
  await instance.waitForStatus("complete");

  const record = await env.DB.prepare("SELECT status, total_rows, processed_rows, imported, total_errors FROM imports WHERE id = ?1")
    .bind(jobId)
    .first();
  expect(record).toEqual({ status: "done", total_rows: ROWS, processed_rows: ROWS, imported: ROWS, total_errors: 0 });
  const stored = await env.DB.prepare("SELECT count(*) AS n FROM businesses WHERE place_id LIKE ?1")
    .bind(`${prefix}-%`)
    .first<{ n: number }>();
  expect(stored?.n).toBe(ROWS);
  const after = (await env.DB.prepare("SELECT total_businesses AS n FROM site_stats").first<{ n: number }>())?.n ?? 0;
  expect(after - before).toBe(ROWS);
  expect(await keptSummaries()).toEqual(await recomputedSummaries());
});
