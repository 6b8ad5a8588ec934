import { useEffect, type ReactNode } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import {
  BULK_REJECT_MAX,
  hoursField,
  KIND_LABELS,
  STATUS_LABELS,
  type BusinessSide,
  type DecisionResult,
  type QueueItem,
  type QueuePage,
  type QueueQuery,
} from "#app/lib/admin/admin-moderation";
import { WEEKDAYS } from "#app/lib/business/hours";
import { joinParts } from "#app/lib/format";
import { SUBMISSION_KINDS, SUBMISSION_STATUSES } from "#app/lib/moderation/submission";
import { toast } from "#app/lib/toast";
import { useAdminFormats } from "#app/components/admin/operator-locale";
import { Button } from "#app/components/ui/button";

const PATH = "/admin-panel/moderation";
const BULK_FORM = "moderation-bulk-reject";
const linkClass = "text-blue-800 underline hover:text-blue-950";
const inputClass = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-sm focus:border-blue-600 focus:outline-none";
const PAGE_LINK = "rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50";

/** The queue's address with these filters (and cursor). */
function queueHref(query: { status?: string; kind?: string; before?: number }): string {
  const params = new URLSearchParams();
  if (query.status && query.status !== "pending") params.set("status", query.status);
  if (query.kind) params.set("kind", query.kind);
  if (query.before) params.set("before", String(query.before));
  const q = params.toString();
  return q ? `${PATH}?${q}` : PATH;
}

/**
 * Moderation (docs/people.md): what visitors and owners sent — suggested edits, closures,
 * duplicates, Add Your Business requests, claims and advertising requests — each with the business's
 * current values beside the proposed ones. Nothing is shown on the site before it is approved; a
 * proposed link is plain text here, never a link.
 */
export function ModerationTab({ page, query }: { page: QueuePage; query: QueueQuery }) {
  const navigation = useNavigation();
  const paging = navigation.state === "loading" && navigation.location.pathname === PATH;
  const bulk = useFetcher<DecisionResult>();
  useResultToast(bulk.data);
  const pending = page.counts.pending;
  const pendingTotal = SUBMISSION_KINDS.reduce((n, k) => n + pending[k], 0);
  const format = useAdminFormats();
  const decidable = page.items.some((i) => i.status === "pending");

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Moderation</h2>
        <p className="mt-1 text-sm text-slate-600">
          Requests from visitors and business owners. Nothing they send shows on the site until you approve it; you can change the proposed
          values before approving. Links they sent are shown as text and never opened from here.
        </p>
      </div>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label="Pending requests by kind">
        <li>
          <Link to={queueHref({})} className={`${PAGE_LINK} ${!query.kind && query.status === "pending" ? "bg-slate-100" : ""}`}>
            All pending: {format.count(pendingTotal)}
          </Link>
        </li>
        {SUBMISSION_KINDS.map((kind) => (
          <li key={kind}>
            <Link
              to={queueHref({ kind })}
              className={`${PAGE_LINK} ${query.kind === kind && query.status === "pending" ? "bg-slate-100" : ""}`}
            >
              {KIND_LABELS[kind]}: {format.count(pending[kind])}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="get" action={PATH} className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col">
          Status
          <select name="status" defaultValue={query.status} className={inputClass}>
            {SUBMISSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
            <option value="all">Any status</option>
          </select>
        </label>
        <label className="flex flex-col">
          Kind
          <select name="kind" defaultValue={query.kind ?? ""} className={inputClass}>
            <option value="">Every kind</option>
            {SUBMISSION_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      {decidable ? (
        <bulk.Form method="post" id={BULK_FORM} className="flex flex-wrap items-end gap-3 rounded-md bg-slate-50 p-3 text-sm">
          <input type="hidden" name="intent" value="bulk-reject" />
          <label className="flex flex-col">
            Note for the selected (optional)
            <input name="note" maxLength={1000} className={inputClass} />
          </label>
          <Button type="submit" variant="outline" disabled={bulk.state !== "idle"}>
            {bulk.state !== "idle" ? "Rejecting..." : "Reject selected"}
          </Button>
          <span className="text-slate-600">Tick requests below; at most {BULK_REJECT_MAX} at a time. No e-mail is sent for these.</span>
        </bulk.Form>
      ) : null}
      {paging ? (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      ) : page.items.length === 0 ? (
        <p className="text-slate-600">{query.before ? "No older requests." : "No requests here."}</p>
      ) : (
        <ul className="space-y-4">
          {page.items.map((item) => (
            <ItemCard key={item.id} item={item} />
          ))}
        </ul>
      )}
      <nav aria-label="Moderation pages" className="flex gap-2">
        {query.before ? (
          <Link to={queueHref({ status: query.status, kind: query.kind })} className={PAGE_LINK}>
            Newest
          </Link>
        ) : null}
        {page.next ? (
          <Link to={queueHref({ status: query.status, kind: query.kind, before: page.next })} className={PAGE_LINK}>
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

function useResultToast(result: DecisionResult | undefined) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast({ title: "Done", description: result.message });
    else toast({ title: "Not done", description: result.message, variant: "destructive" });
  }, [result]);
}

/** A proposed or current value as plain text ("—" when none). */
const shown = (value: unknown): string => (value === undefined || value === null || value === "" ? "—" : String(value));

function BusinessLink({ side }: { side: BusinessSide }) {
  return (
    <Link to={`/business/${side.id}`} className={linkClass} target="_blank" rel="noopener">
      {side.name} (#{side.id})
    </Link>
  );
}

function ItemCard({ item }: { item: QueueItem }) {
  const fetcher = useFetcher<DecisionResult>();
  useResultToast(fetcher.data);
  const format = useAdminFormats();
  const busy = fetcher.state !== "idle";
  const pending = item.status === "pending";

  return (
    <li className="rounded-xl border border-slate-200 p-4 text-sm" data-testid="moderation-item">
      <div className="flex flex-wrap items-center gap-2">
        {pending ? <input type="checkbox" name="ids" value={item.id} form={BULK_FORM} aria-label={`Select request ${item.id}`} /> : null}
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{KIND_LABELS[item.kind]}</span>
        <span className="text-slate-600">
          #{item.id} · sent {format.dateTime(item.createdAt)} (UTC)
          {item.contactEmail ? ` · contact ${item.contactEmail}` : ""}
        </span>
        {!pending ? (
          <span className="text-slate-700">
            {STATUS_LABELS[item.status]}
            {item.decidedBy ? ` by ${item.decidedBy}` : ""}
            {item.decidedAt ? ` on ${format.dateTime(item.decidedAt)}` : ""}
            {item.note ? ` — ${item.note}` : ""}
          </span>
        ) : null}
      </div>
      {item.business ? (
        <p className="mt-2">
          Business: <BusinessLink side={item.business} />
          {item.business.claimedAt ? " · claimed" : ""}
        </p>
      ) : item.businessGone ? (
        <p className="mt-2 text-red-700">Business gone: #{item.businessId} was deleted. This request can only be rejected.</p>
      ) : null}
      {item.payload === null ? <p className="mt-2 text-red-700">The stored request could not be read.</p> : null}
      <div className="mt-3">
        <Compare item={item} />
      </div>
      {pending ? (
        <fetcher.Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="id" value={item.id} />
          <ApproveFields item={item} />
          <label className="block max-w-md">
            Note (kept with the decision; sent to the sender, if they left an address)
            <input name="decisionNote" maxLength={1000} className={inputClass} />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="approve" disabled={busy || item.businessGone}>
              {busy && fetcher.formData?.get("intent") === "approve" ? "Approving..." : "Approve"}
            </Button>
            <Button type="submit" name="intent" value="reject" variant="outline" disabled={busy}>
              {busy && fetcher.formData?.get("intent") === "reject" ? "Rejecting..." : "Reject"}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

function Rows({ rows }: { rows: Array<[string, ReactNode, ReactNode]> }) {
  return (
    <table className="w-full border-collapse text-start">
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="py-1 pe-3 text-start font-medium">
            Field
          </th>
          <th scope="col" className="py-1 pe-3 text-start font-medium">
            Now
          </th>
          <th scope="col" className="py-1 text-start font-medium">
            Proposed
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, now, proposed]) => (
          <tr key={label} className="border-b border-slate-100 align-top">
            <th scope="row" className="py-1 pe-3 text-start font-normal text-slate-600">
              {label}
            </th>
            <td className="py-1 pe-3 break-words">{now}</td>
            <td className="py-1 font-medium break-words whitespace-pre-wrap">{proposed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SideFacts({ side, title }: { side: BusinessSide; title: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <p className="font-medium">{title}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
        <dt className="text-slate-600">Address</dt>
        <dd className="break-words">{shown(joinParts([side.address, side.address.includes(side.city) ? "" : side.city], ", "))}</dd>
        <dt className="text-slate-600">Phone</dt>
        <dd>{shown(side.phone)}</dd>
        <dt className="text-slate-600">Reviews</dt>
        <dd>{side.reviewCount}</dd>
      </dl>
    </div>
  );
}

/** The current values beside the proposed ones (proposed texts and links as plain text). */
function Compare({ item }: { item: QueueItem }) {
  const p = (item.payload ?? {}) as Record<string, unknown>;
  const b = item.business;
  switch (item.kind) {
    case "edit": {
      const hours = (p.openingHours ?? {}) as Record<string, string>;
      const rows: Array<[string, ReactNode, ReactNode]> = [];
      if (p.phone) rows.push(["Phone", shown(b?.phone), shown(p.phone)]);
      if (p.website) rows.push(["Website", shown(b?.website), shown(p.website)]);
      if (p.address) rows.push(["Address", shown(b?.address), shown(p.address)]);
      for (const day of WEEKDAYS) if (hours[day]) rows.push([day, shown(b?.openingHours?.[day]), hours[day]]);
      if (p.note) rows.push(["Visitor's note", "", shown(p.note)]);
      return <Rows rows={rows} />;
    }
    case "closed":
      return (
        <Rows
          rows={[
            [
              "Status",
              shown(b?.businessStatus ?? "Operational"),
              p.closure === "permanently" ? "Closed permanently" : "Closed temporarily",
            ],
            ...(p.note ? ([["Visitor's note", "", shown(p.note)]] as Array<[string, ReactNode, ReactNode]>) : []),
          ]}
        />
      );
    case "duplicate":
      return (
        <div className="space-y-2">
          <p>
            Reported as a duplicate of listing #{shown(p.duplicateOfId)}. Approving merges the two: the removed one&rsquo;s addresses lead
            to the one kept.
          </p>
          <div className="grid gap-3 md:grid-cols-2">
            {b ? (
              <SideFacts
                side={b}
                title={
                  <>
                    Reported: <BusinessLink side={b} />
                  </>
                }
              />
            ) : null}
            {item.other ? (
              <SideFacts
                side={item.other}
                title={
                  <>
                    Duplicate of: <BusinessLink side={item.other} />
                  </>
                }
              />
            ) : (
              <p className="text-red-700">Listing #{shown(p.duplicateOfId)} no longer exists.</p>
            )}
          </div>
          {p.note ? <p className="whitespace-pre-wrap">Visitor&rsquo;s note: {shown(p.note)}</p> : null}
          <p className="text-slate-600">
            Or compare them in the{" "}
            <Link to="/admin-panel/duplicates" className={linkClass}>
              Duplicates
            </Link>{" "}
            tab.
          </p>
        </div>
      );
    case "addition": {
      const hours = (p.openingHours ?? {}) as Record<string, string>;
      return (
        <div className="space-y-2">
          {item.likelyDuplicates.length ? (
            <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
              <p className="font-medium">Possibly already listed:</p>
              <ul className="mt-1 list-disc ps-5">
                {item.likelyDuplicates.map((d) => (
                  <li key={d.id} data-testid="likely-duplicate">
                    <BusinessLink side={d} /> — {shown(joinParts([d.address, d.city], ", "))}
                    {d.samePhone ? " · same name and phone" : " · same name"}
                  </li>
                ))}
              </ul>
            </div>
          ) : item.status === "pending" ? (
            <p className="text-slate-600">No listing with the same name.</p>
          ) : null}
          <Rows
            rows={[
              ["Name", "", shown(p.name)],
              ["Category", "", shown(p.category)],
              [
                "Address",
                "",
                shown(
                  joinParts([p.address as string, p.city as string, p.state as string, p.zipCode as string, p.country as string], ", "),
                ),
              ],
              ["Phone", "", shown(p.phone)],
              ["Website", "", shown(p.website)],
              ...WEEKDAYS.filter((d) => hours[d]).map((d) => [d, "", hours[d]] as [string, ReactNode, ReactNode]),
              ["Description", "", shown(p.description)],
            ]}
          />
        </div>
      );
    }
    case "claim":
      return (
        <Rows
          rows={[
            ["Owner", "", shown(item.ownerEmail)],
            ["Claimed now", b?.claimedAt ? "Yes" : "No", "Verified owner"],
            ["Evidence", "", shown(p.evidence)],
          ]}
        />
      );
    case "advertise":
      return (
        <Rows
          rows={[
            ["Contact", "", shown(p.contactName)],
            ["Business", b ? <BusinessLink side={b} /> : "", shown(p.businessName)],
            ["Website", "", shown(p.website)],
            ["Message", "", shown(p.message)],
            ["Featured until", b?.featuredUntil ? new Date(b.featuredUntil * 1000).toISOString().slice(0, 10) : "—", ""],
          ]}
        />
      );
  }
}

function TextInput({ name, label, value, type = "text" }: { name: string; label: string; value: unknown; type?: string }) {
  return (
    <label className="block">
      {label}
      <input name={name} type={type} defaultValue={value === undefined || value === null ? "" : String(value)} className={inputClass} />
    </label>
  );
}

/** The values approved: the proposed ones, editable before approving (checked by the same schema as the public form). */
function ApproveFields({ item }: { item: QueueItem }) {
  const p = (item.payload ?? {}) as Record<string, unknown>;
  const hours = (p.openingHours ?? {}) as Record<string, string>;
  const hoursInputs = (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
      {WEEKDAYS.map((d) => (
        <TextInput key={d} name={hoursField(d)} label={d} value={hours[d]} />
      ))}
    </div>
  );
  let fields: ReactNode = null;
  if (item.kind === "edit") {
    fields = (
      <>
        <div className="grid gap-2 sm:grid-cols-3">
          <TextInput name="phone" label="Phone" value={p.phone} />
          <TextInput name="website" label="Website" value={p.website} />
          <TextInput name="address" label="Address" value={p.address} />
        </div>
        {hoursInputs}
        <input type="hidden" name="note" value={typeof p.note === "string" ? p.note : ""} />
      </>
    );
  } else if (item.kind === "closed") {
    fields = (
      <label className="block max-w-xs">
        Closed
        <select name="closure" defaultValue={String(p.closure ?? "temporarily")} className={inputClass}>
          <option value="temporarily">Temporarily</option>
          <option value="permanently">Permanently</option>
        </select>
      </label>
    );
  } else if (item.kind === "duplicate") {
    fields = (
      <>
        <input type="hidden" name="duplicateOfId" value={String(p.duplicateOfId ?? "")} />
        {item.business && item.other ? (
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1">Keep</legend>
            {[item.other, item.business].map((side, i) => (
              <label key={side.id} className="flex items-center gap-2">
                <input type="radio" name="keepId" value={side.id} defaultChecked={i === 0} />
                {side.name} (#{side.id})
              </label>
            ))}
          </fieldset>
        ) : null}
      </>
    );
  } else if (item.kind === "addition") {
    fields = (
      <>
        <div className="grid gap-2 sm:grid-cols-3">
          <TextInput name="name" label="Name" value={p.name} />
          <TextInput name="category" label="Category" value={p.category} />
          <TextInput name="address" label="Address" value={p.address} />
          <TextInput name="city" label="City" value={p.city} />
          <TextInput name="state" label="State" value={p.state} />
          <TextInput name="zipCode" label="ZIP code" value={p.zipCode} />
          <TextInput name="country" label="Country" value={p.country} />
          <TextInput name="phone" label="Phone" value={p.phone} />
          <TextInput name="website" label="Website" value={p.website} />
        </div>
        {hoursInputs}
        <label className="block">
          Description
          <textarea
            name="description"
            defaultValue={typeof p.description === "string" ? p.description : ""}
            rows={3}
            className={inputClass}
          />
        </label>
      </>
    );
  } else if (item.kind === "claim") {
    fields = <input type="hidden" name="evidence" value={typeof p.evidence === "string" ? p.evidence : ""} />;
  } else if (item.kind === "advertise") {
    fields = (
      <>
        {(["contactName", "businessName", "website", "message"] as const).map((k) => (
          <input key={k} type="hidden" name={k} value={typeof p[k] === "string" ? (p[k] as string) : ""} />
        ))}
        <div className="grid max-w-xl gap-2 sm:grid-cols-2">
          <TextInput name="businessId" label="Business to feature (its id)" value={item.businessId} type="number" />
          <TextInput name="until" label="Featured until (UTC date)" value="" type="date" />
        </div>
      </>
    );
  }
  if (!fields) return null;
  return (
    <details className="rounded-md border border-slate-200 p-3" open={item.kind === "advertise"}>
      <summary className="cursor-pointer font-medium">{item.kind === "advertise" ? "Feature a business" : "Edit before approving"}</summary>
      <div className="mt-2 space-y-2">{fields}</div>
    </details>
  );
}
