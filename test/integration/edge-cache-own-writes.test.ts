/**
 * The Worker as production runs it (EDGE_CACHE on): the isolate remembers the data version a second
 * (docs/decisions/0014-edge-cache.md), except after a write of its own, so whoever made the write sees it
 * on the next page. In a file of its own: the Worker's remembered version outlives a test, and the
 * other edge-cache tests count the reads of a version they expect to read.
 */
import { expect, it } from "vitest";
import { editValues } from "#app/lib/admin/admin-businesses";
import type { Business } from "#app/lib/business/business";
import { loginAsAdmin, SITE_ORIGIN } from "../helpers/admin";
import { buildBusiness, getJson, idOf, insert } from "../helpers/factories";
import { fetchWith } from "../helpers/worker";

it("serves the writer's change on its next request, within the second the version is remembered", async () => {
  const b = buildBusiness({ name: "Own Write Diner", city: "Ownwriteville", phone: "(416) 555-0100" });
  await insert(b);
  const id = await idOf(b.placeId!);
  const page = async () => {
    const response = await fetchWith({ EDGE_CACHE: "on" }, `/business/${id}`);
    return { cache: response.headers.get("X-Edge-Cache"), html: await response.text() };
  };
  const first = await page();
  expect(first.html).toContain("(416) 555-0100");
  expect((await page()).cache).toBe("HIT");

  const cookie = await loginAsAdmin();
  const { body: current } = await getJson<Business>(`/api/businesses/${id}`);
  const edit = await fetchWith({ EDGE_CACHE: "on" }, `/api/admin/businesses/${id}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Cookie: cookie, Origin: SITE_ORIGIN },
    body: JSON.stringify({ ...editValues(current), phone: "(416) 555-0199" }),
  });
  expect(edit.status).toBe(200);

  const after = await page();
  expect(after.cache).toBe("MISS");
  expect(after.html).toContain("(416) 555-0199");
});
