/**
 * The moderation queue at 100,000 pending requests (docs/people.md): every page of the Moderation
 * tab and of GET /api/admin/submissions reads at most 300 D1 rows, whatever the filter, with the
 * additions' likely duplicates looked up; approving one suggestion writes at most 1,000 rows.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { QueuePage } from "#app/lib/admin/admin-moderation";
import type { ValidBusinessInput } from "#app/lib/business/business";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, insert, rowsRead, rowsWritten } from "../helpers/factories";

const ROWS_READ_BOUND = 300;
const ROWS_WRITTEN_PER_DECISION = 1000;
const QUEUED = 100_000;
const BUSINESSES = 2_000;

let firstId = 0;

beforeAll(async () => {
  const inputs: ValidBusinessInput[] = [];
  for (let i = 0; i < BUSINESSES; i++) {
    inputs.push(buildBusiness({ placeId: `queue-budget-${i}`, name: `Queue Business ${i}`, city: `Queue City ${i % 20}` }));
  }
  await insert(...inputs);
  firstId = (await env.DB.prepare("SELECT min(id) AS id FROM businesses WHERE place_id LIKE 'queue-budget-%'").first<{ id: number }>())!.id;
  // One statement: every kind, each naming one of the businesses; the additions carry the name and
  // phone of a listed business, so each page looks up its likely duplicates.
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO submissions (kind, business_id, payload, contact_email, sender)
     SELECT CASE i % 5 WHEN 0 THEN 'edit' WHEN 1 THEN 'closed' WHEN 2 THEN 'duplicate' WHEN 3 THEN 'addition' ELSE 'advertise' END,
       CASE WHEN i % 5 = 3 THEN NULL ELSE ?2 + i % ?3 END,
       CASE i % 5
         WHEN 0 THEN '{"phone":"(217) 555-0199","openingHours":{"Monday":"8:00 AM - 4:00 PM"}}'
         WHEN 1 THEN '{"closure":"temporarily"}'
         WHEN 2 THEN '{"duplicateOfId":' || (?2 + (i + 7) % ?3) || '}'
         WHEN 3 THEN json_object('name', 'Queue Business ' || (i % CAST(?3 AS INTEGER)), 'category', 'Plumber', 'address', '1 Main St',
           'city', 'Queue City 1', 'country', 'United States', 'phone', '(217) 555-0100')
         ELSE '{"contactName":"Ana","businessName":"Ana''s Shop"}' END,
       'sender-' || i || '@example.com', 'budget'
     FROM n`,
  )
    .bind(QUEUED, firstId, BUSINESSES)
    .run();
  const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM submissions WHERE status = 'pending'").first<{ n: number }>())!;
  expect(n).toBeGreaterThanOrEqual(QUEUED);
}, 300_000);

describe(`the moderation queue with ${QUEUED.toLocaleString("en-US")} pending requests`, () => {
  it.each([
    "/admin-panel/moderation",
    "/admin-panel/moderation?kind=addition",
    "/admin-panel/moderation?kind=duplicate",
    "/admin-panel/moderation?status=all",
    "/admin-panel/moderation?status=rejected",
    "/admin-panel/moderation?status=all&kind=advertise",
    "/api/admin/submissions",
    "/api/admin/submissions?kind=edit&before=50000",
    "/api/admin/submissions?kind=addition&before=99999",
  ])(`%s reads at most ${ROWS_READ_BOUND} rows`, async (path) => {
    const response = await adminRequest(path);
    expect(response.status).toBe(200);
    expect(rowsRead(response)).toBeLessThanOrEqual(ROWS_READ_BOUND);
  });

  it("counts every kind from the kept counts, and pages of additions show their likely duplicates", async () => {
    const response = await adminRequest("/api/admin/submissions?kind=addition");
    const page = (await response.json()) as QueuePage;
    expect(page.counts.pending.addition).toBe(QUEUED / 5);
    // A page holds at most 20 pending additions (their likely duplicates are read with it); the next page goes on.
    expect(page.items).toHaveLength(20);
    expect(page.items.every((i) => i.likelyDuplicates.length > 0)).toBe(true);
    expect(page.next).toBe(page.items[19].id);
  });

  it(`approving one suggestion writes at most ${ROWS_WRITTEN_PER_DECISION} rows`, async () => {
    const page = (await (await adminRequest("/api/admin/submissions?kind=edit")).json()) as QueuePage;
    const response = await adminRequest("/api/admin/submissions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "approve", id: page.items[0].id }),
    });
    expect(response.status).toBe(200);
    expect(rowsWritten(response)).toBeLessThanOrEqual(ROWS_WRITTEN_PER_DECISION);
  });
});
