import { useEffect, useState } from "react";
import { Link, useFetcher, useNavigation } from "react-router";
import {
  beforeParam,
  REASON_LABELS,
  type DuplicateActionResult,
  type DuplicatePage,
  type DuplicatePair,
  type DuplicatePairSide,
} from "#app/lib/admin/admin-duplicates";
import { joinParts } from "#app/lib/format";
import { useAdminFormats } from "#app/components/admin/operator-locale";
import { toast } from "#app/lib/toast";
import { Button } from "#app/components/ui/button";
import { KeysetPager } from "#app/components/admin/keyset-pager";

const linkClass = "text-blue-800 underline hover:text-blue-950";

/**
 * Duplicates (ADR 0019): pairs of listings that look like one business (same name and phone, or
 * same name within 100 m), newest first. Merge keeps the chosen one (by default the one with more
 * reviews) and 301s the other's URLs to it; "Not a duplicate" dismisses the pair for good.
 */
export function DuplicatesTab({ page, isFirstPage }: { page: DuplicatePage; isFirstPage: boolean }) {
  const navigation = useNavigation();
  const paging = navigation.state === "loading" && navigation.location.pathname === "/admin-panel/duplicates";
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Duplicates</h2>
        <p className="mt-1 text-sm text-slate-600">
          Listings that look like the same business, found when they are imported or edited: the same name and phone number, or the same
          name within 100 m. Merging keeps one and sends the other&rsquo;s addresses to it.
        </p>
        <ScanForm />
      </div>
      {paging ? (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      ) : page.pairs.length === 0 ? (
        <p className="text-slate-600">
          {isFirstPage ? "No duplicate candidates. New ones appear here after an import or an edit." : "No older candidates."}
        </p>
      ) : (
        <ul className="space-y-4">
          {page.pairs.map((pair) => (
            <PairCard key={`${pair.lowId}-${pair.highId}`} pair={pair} />
          ))}
        </ul>
      )}
      <KeysetPager
        path="/admin-panel/duplicates"
        label="Duplicate pages"
        isFirstPage={isFirstPage}
        next={page.next ? beforeParam(page.next) : null}
      />
    </div>
  );
}

/** Listings stored before duplicate detection existed are compared once, in the background. */
function ScanForm() {
  const fetcher = useFetcher<DuplicateActionResult>();
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (!result.ok) toast({ title: "Scan failed", description: result.message, variant: "destructive" });
    else if (result.intent === "scan") toast({ title: "Duplicate scan", description: result.message });
  }, [fetcher.data]);
  return (
    <fetcher.Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
      <Button type="submit" name="intent" value="scan" variant="outline" disabled={busy}>
        {busy ? "Comparing..." : "Compare all listings"}
      </Button>
      <span className="text-sm text-slate-600">
        For listings stored before duplicate detection; large directories finish in the background.
      </span>
    </fetcher.Form>
  );
}

function PairCard({ pair }: { pair: DuplicatePair }) {
  const fetcher = useFetcher<DuplicateActionResult>();
  const [keepId, setKeepId] = useState(pair.suggestedKeepId);
  const format = useAdminFormats();
  const busy = fetcher.state !== "idle";
  const [a, b] = pair.businesses;
  const removeId = keepId === a.id ? b.id : a.id;

  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (!result.ok) toast({ title: "Action failed", description: result.message, variant: "destructive" });
    else if (result.intent === "merge")
      toast({ title: "Businesses merged", description: `Kept business ${keepId}; ${removeId} now redirects to it` });
    else toast({ title: "Marked as not a duplicate", description: `${a.name} and ${b.name} stay separate` });
    // Only a new answer toasts; the choice of keepId does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  const name = `keep-${pair.lowId}-${pair.highId}`;
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid="duplicate-pair">
      <p className="text-sm text-slate-700">
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{REASON_LABELS[pair.reason]}</span>
        {pair.distanceMetres !== null ? <span className="ms-2">{format.count(pair.distanceMetres)} m apart</span> : null}
      </p>
      <fetcher.Form method="post" className="mt-3">
        <input type="hidden" name="lowId" value={pair.lowId} />
        <input type="hidden" name="highId" value={pair.highId} />
        <fieldset>
          <legend className="sr-only">Which listing to keep</legend>
          <div className="grid gap-3 md:grid-cols-2">
            {pair.businesses.map((side) => (
              <Side key={side.id} side={side} name={name} checked={keepId === side.id} onChoose={() => setKeepId(side.id)} />
            ))}
          </div>
        </fieldset>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="merge" disabled={busy}>
            {busy && fetcher.formData?.get("intent") === "merge" ? "Merging..." : "Merge"}
          </Button>
          <Button type="submit" name="intent" value="dismiss" variant="outline" disabled={busy}>
            Not a duplicate
          </Button>
        </div>
      </fetcher.Form>
    </li>
  );
}

function Side({ side, name, checked, onChoose }: { side: DuplicatePairSide; name: string; checked: boolean; onChoose(): void }) {
  const id = `${name}-${side.id}`;
  const place = joinParts([side.city, side.state, side.country]);
  const format = useAdminFormats();
  return (
    <div className={`rounded-lg border p-3 text-sm ${checked ? "border-blue-600 bg-blue-50" : "border-slate-200"}`}>
      <label htmlFor={id} className="flex items-start gap-2 font-medium">
        <input id={id} type="radio" name="keepId" value={side.id} checked={checked} onChange={onChoose} className="mt-1" />
        <span>
          Keep <span className="break-words">{side.name}</span>
        </span>
      </label>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
        <dt className="text-slate-600">Phone</dt>
        <dd>{side.phone || "—"}</dd>
        <dt className="text-slate-600">Address</dt>
        <dd className="break-words">{joinParts([side.address, side.address.includes(side.city) ? "" : place], ", ") || "—"}</dd>
        <dt className="text-slate-600">Rating</dt>
        <dd>
          {format.rating(side.rating)} ({format.count(side.reviewCount)} reviews)
        </dd>
        <dt className="text-slate-600">Place id</dt>
        <dd className="break-all font-mono text-xs">{side.placeId || "—"}</dd>
        <dt className="text-slate-600">Listing</dt>
        <dd>
          <Link to={`/business/${side.id}`} className={linkClass} target="_blank" rel="noopener">
            #{side.id}
          </Link>
        </dd>
      </dl>
    </div>
  );
}
