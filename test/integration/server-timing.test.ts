/** Each response reports its D1 work: rows read and written, queries, and D1's own time. */
import { describe, expect, it } from "vitest";
import { adminRequest } from "../helpers/admin";
import { buildBusiness, idOf, insert, request, rowsRead, rowsWritten } from "../helpers/factories";

const tag = `timing-${crypto.randomUUID().slice(0, 8)}`;

describe("Server-Timing: d1", () => {
  it("a public read reports the rows it read, no rows written and D1's duration", async () => {
    await insert(buildBusiness({ placeId: `${tag}-read`, name: `Timing Read ${tag}` }));
    const response = await request(`/api/businesses/${await idOf(`${tag}-read`)}`);
    expect(response.status).toBe(200);
    expect(rowsRead(response)).toBeGreaterThan(0);
    expect(rowsWritten(response)).toBe(0);
    expect(response.headers.get("Server-Timing")).toMatch(
      /d1;dur=\d+(\.\d)?;desc="rows_read=\d+ rows_written=0 queries=\d+ round_trips=\d+"/,
    );
  });

  it("an admin write reports the rows it wrote (the business, its index entry and the summaries it touches)", async () => {
    await insert(buildBusiness({ placeId: `${tag}-write`, name: `Timing Write ${tag}`, isVerified: true }));
    const response = await adminRequest(`/api/admin/businesses/${await idOf(`${tag}-write`)}/verify`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ verified: false }),
    });
    expect(response.status).toBe(200);
    expect(rowsWritten(response)).toBeGreaterThan(0);
    // O(change): one business and a handful of summary rows, whatever the directory's size.
    expect(rowsWritten(response)).toBeLessThan(50);
  });
});
