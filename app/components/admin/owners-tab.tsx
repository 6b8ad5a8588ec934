import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import type { DecisionResult, OwnerClaim, OwnersPage } from "#app/lib/admin/admin-moderation";
import { toast } from "#app/lib/toast";
import { KeysetPager } from "#app/components/admin/keyset-pager";
import { useAdminFormats } from "#app/components/admin/operator-locale";
import { LogTable } from "#app/components/admin/table";
import { Button } from "#app/components/ui/button";

const METHOD_LABELS: Record<string, string> = {
  "email-domain": "E-mail at the website's domain",
  "website-token": "Token on the website",
  admin: "Approved by an admin",
};

/** Owners (docs/people.md): verified owners and the businesses they claimed, newest first; Revoke ends a claim. */
export function OwnersTab({ page, isFirstPage }: { page: OwnersPage; isFirstPage: boolean }) {
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Owners</h2>
        <p className="mt-1 text-sm text-slate-600">
          Business owners who proved control of a listing. Their edits go live at once and are marked as the owner&rsquo;s. Revoking a claim
          stops their edits and removes the Claimed mark unless another owner remains. Times are UTC.
        </p>
      </div>
      {page.claims.length === 0 ? (
        <p className="text-slate-600">{isFirstPage ? "No verified owners yet." : "No older claims."}</p>
      ) : (
        <LogTable columns={["Verified (UTC)", "Owner", "Business", "How", { label: "Action", className: "py-2 font-medium" }]}>
          {page.claims.map((claim) => (
            <ClaimRow key={`${claim.businessId}-${claim.ownerId}`} claim={claim} />
          ))}
        </LogTable>
      )}
      <KeysetPager path="/admin-panel/owners" label="Owner pages" isFirstPage={isFirstPage} next={page.next} />
    </div>
  );
}

function ClaimRow({ claim }: { claim: OwnerClaim }) {
  const fetcher = useFetcher<DecisionResult>();
  const format = useAdminFormats();
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    toast(
      result.ok
        ? { title: "Claim revoked", description: result.message }
        : { title: "Not done", description: result.message, variant: "destructive" },
    );
  }, [fetcher.data]);
  return (
    <tr className="border-b border-slate-100" data-testid="owner-row">
      <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{format.dateTime(claim.verifiedAt)}</td>
      <td className="py-2 pe-3 break-all">{claim.email}</td>
      <td className="py-2 pe-3">
        {claim.business ? (
          <Link to={`/business/${claim.businessId}`} className="text-blue-800 underline hover:text-blue-950" target="_blank" rel="noopener">
            {claim.business.name}
          </Link>
        ) : (
          `#${claim.businessId} (gone)`
        )}
      </td>
      <td className="py-2 pe-3">{METHOD_LABELS[claim.method] ?? claim.method}</td>
      <td className="py-2">
        <fetcher.Form method="post">
          <input type="hidden" name="businessId" value={claim.businessId} />
          <input type="hidden" name="ownerId" value={claim.ownerId} />
          <Button type="submit" name="intent" value="revoke" variant="outline" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Revoking..." : "Revoke"}
          </Button>
        </fetcher.Form>
      </td>
    </tr>
  );
}
