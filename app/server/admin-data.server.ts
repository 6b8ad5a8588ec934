/** DELETE /api/admin/delete-all: businesses, FTS and summaries go; import history and R2 files stay. */
import { deleteAllSchema } from "~/lib/admin-data-schemas";
import { deleteAllBusinesses } from "./business-writer.server";
import type { Db } from "./db.server";
import { json } from "./http.server";

export async function handleDeleteAll(db: Db, body: unknown): Promise<Response> {
  const parsed = deleteAllSchema.safeParse(body);
  if (!parsed.success) {
    return json({ message: 'Nothing was deleted. Send {"confirm":"DELETE"} to delete all data.' }, { status: 400, cache: "no-store" });
  }
  const deleted = await deleteAllBusinesses(db);
  return json(
    { message: `Deleted ${deleted} businesses. Import history and uploaded files are kept, so data can be re-imported.`, deleted },
    { cache: "no-store" },
  );
}
