/**
 * The admin's Duplicates tab (ADR 0019): its query, its answers and its two actions, shared by the
 * tab (client) and GET/POST /api/admin/duplicates (server). Pure: zod only.
 */
import { z } from "zod";

export const DUPLICATES_PAGE_SIZE = 20;

const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** `?before={highId}-{lowId}`: the page after that pair (newest first); anything else is the first page. */
export const duplicatesQuerySchema = z.object({
  before: z
    .string()
    .optional()
    .transform((v) => {
      const m = v ? /^(\d{1,15})-(\d{1,15})$/.exec(v) : null;
      return m ? { highId: Number(m[1]), lowId: Number(m[2]) } : undefined;
    }),
});
export type DuplicatesQuery = z.output<typeof duplicatesQuerySchema>;

const mergeSchema = z
  .object({ action: z.literal("merge"), keepId: id, removeId: id })
  .refine((v) => v.keepId !== v.removeId, { message: "A business cannot be merged into itself", path: ["removeId"] });
const dismissSchema = z.object({ action: z.literal("dismiss"), ids: z.tuple([id, id]) });
/** Compare the businesses stored before duplicate keys existed (a background job). */
const scanSchema = z.object({ action: z.literal("scan") });
export const duplicateActionSchema = z.union([mergeSchema, dismissSchema, scanSchema]);

export type MergeInput = z.output<typeof mergeSchema>;
export type PairInput = z.output<typeof dismissSchema>;

export type DuplicatePairSide = {
  id: number;
  placeId: string | null;
  slug: string;
  name: string;
  phone: string | null;
  address: string;
  city: string;
  state: string;
  country: string;
  rating: number;
  reviewCount: number;
};

export type DuplicatePair = {
  lowId: number;
  highId: number;
  /** Same name and phone, or same name within 100 m. */
  reason: "phone" | "nearby";
  foundAt: number;
  distanceMetres: number | null;
  /** The one with more reviews (the older on a tie): the Merge button's default. */
  suggestedKeepId: number;
  businesses: [DuplicatePairSide, DuplicatePairSide];
};

export type DuplicatePage = { pairs: DuplicatePair[]; next: { highId: number; lowId: number } | null };

export const REASON_LABELS: Record<DuplicatePair["reason"], string> = {
  phone: "Same name and phone",
  nearby: "Same name within 100 m",
};

/** The `before` value of the page after `next`. */
export function beforeParam(next: { highId: number; lowId: number }): string {
  return `${next.highId}-${next.lowId}`;
}

/**
 * A pair's form (it works without JavaScript): lowId, highId, the chosen keepId (a radio) and
 * `intent` merge or dismiss; the one not kept is the other of the pair.
 */
export const duplicateFormSchema = z.preprocess((form) => {
  const f = (form ?? {}) as Record<string, unknown>;
  if (f.intent === "dismiss") return { action: "dismiss", ids: [f.lowId, f.highId] };
  if (f.intent === "scan") return { action: "scan" };
  const removeId = f.keepId === f.lowId ? f.highId : f.keepId === f.highId ? f.lowId : undefined;
  return { action: f.intent, keepId: f.keepId, removeId };
}, duplicateActionSchema);

/** What the tab's route action answers a pair's fetcher. */
export type DuplicateActionResult =
  { ok: true; intent: "merge" | "dismiss" } | { ok: true; intent: "scan"; message: string } | { ok: false; message: string };
