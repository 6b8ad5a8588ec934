/** The audit log's page query and answer, shared by GET /api/admin/audit and the panel's Audit tab. */
import { z } from "zod";

const AUDIT_PAGE_SIZE = 50;

/**
 * `before` is the cursor of the previous page's last entry ("{at}-{id}"): keyset paging, so a page
 * costs its own rows however long the log grows, and new entries never shift an older page.
 */
export const auditQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,12}-\d{1,15}$/, "before must be a cursor from a previous page ({at}-{id})")
    .transform((v) => {
      const [at, id] = v.split("-").map(Number);
      return { at, id };
    })
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
});

export type AuditQuery = z.output<typeof auditQuerySchema>;

type AuditEntryView = { id: number; at: number; actor: string; action: string; detail: string; targetId: number | null };

export type AuditPageView = { entries: AuditEntryView[]; next: string | null };

/** Human labels of the recorded actions (app/server/write/audit.server.ts AuditAction). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  login: "Login",
  logout: "Logout",
  edit: "Edit",
  verify: "Verify",
  unverify: "Unverify",
  delete: "Delete",
  import: "Import",
  export: "Export",
  seo: "SEO",
  "delete-all": "Delete all",
  merge: "Merge",
  "dismiss-duplicate": "Not a duplicate",
  "duplicate-scan": "Duplicate scan",
  "filter-backfill": "Filters update",
  "submission-approve": "Approve request",
  "submission-reject": "Reject request",
  "claim-verify": "Claim verified",
  "claim-revoke": "Claim revoked",
  "owner-sign-in": "Owner sign-in",
  "owner-edit": "Owner edit",
  feature: "Feature",
  unfeature: "End featuring",
  "review-publish": "Publish review",
  "review-hide": "Hide review",
  "review-restore": "Restore review",
  "review-reply": "Reply to review",
  "review-delete": "Delete review",
};
