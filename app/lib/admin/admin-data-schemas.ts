/** Inputs of the import branch's admin endpoints, shared by the Import tab and the server. */
import { z } from "zod";

/** DELETE /api/admin/delete-all: the typed word must match exactly (SPEC §5). */
export const deleteAllSchema = z.object({ confirm: z.literal("DELETE") });

/** GET /api/admin/export: all businesses, or one country's. */
export const exportQuerySchema = z.object({ country: z.string().trim().max(100).optional() });

/** GET /api/admin/import/:jobId */
export const importJobParamsSchema = z.object({ jobId: z.coerce.number().int().positive() });
