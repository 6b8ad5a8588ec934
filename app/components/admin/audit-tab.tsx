import { AUDIT_ACTION_LABELS, type AuditPageView } from "#app/lib/admin/admin-audit";
import { KeysetPager } from "#app/components/admin/keyset-pager";
import { LogTable } from "#app/components/admin/table";
import { useAdminFormats } from "#app/components/admin/operator-locale";

/** The audit log: who did what, when; newest first, 50 a page, "Older" follows the cursor. */
export function AuditTab({ page, isFirstPage }: { page: AuditPageView; isFirstPage: boolean }) {
  const format = useAdminFormats();
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Audit log</h2>
        <p className="mt-1 text-sm text-slate-600">
          Every admin action: logins and logouts, edits, verifications, deletions, imports, exports, SEO generation and delete all. Times
          are UTC.
        </p>
      </div>
      {page.entries.length === 0 ? (
        <p className="text-slate-600">{isFirstPage ? "No admin actions recorded yet." : "No older entries."}</p>
      ) : (
        <LogTable columns={["When (UTC)", "Who", "Action", { label: "What", className: "py-2 font-medium" }]}>
          {page.entries.map((e) => (
            <tr key={e.id} className="border-b border-slate-100" data-testid="audit-row">
              <td className="py-2 pe-3 whitespace-nowrap tabular-nums">
                <time dateTime={new Date(e.at * 1000).toISOString()}>{format.dateTime(e.at, "medium")}</time>
              </td>
              <td className="py-2 pe-3">{e.actor}</td>
              <td className="py-2 pe-3">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</td>
              <td className="py-2 break-words">{e.detail}</td>
            </tr>
          ))}
        </LogTable>
      )}
      <KeysetPager path="/admin-panel/audit" label="Audit log pages" isFirstPage={isFirstPage} next={page.next} />
    </div>
  );
}
