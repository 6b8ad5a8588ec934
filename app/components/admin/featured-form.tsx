import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { untilDate } from "#app/lib/admin/admin-moderation";
import { adminFetchResponse, ApiError, errorText } from "#app/lib/admin/admin-fetch";
import { toast } from "#app/lib/toast";
import { Button } from "#app/components/ui/button";

/**
 * A business's featuring (docs/people.md): a paid placement the operator invoices outside the site.
 * "Featured until" a day (UTC) features it through that day, after which it ends by itself; "End
 * featuring" ends it now. Nothing else of the business changes. Saved through
 * POST /api/admin/businesses/:id/feature, audited.
 */
export function FeaturedForm({
  businessId,
  featuredUntil,
  running,
}: {
  businessId: number;
  featuredUntil: number | null;
  running: boolean;
}) {
  const id = useId();
  const { revalidate } = useRevalidator();
  const [until, setUntil] = useState(() => untilDate(featuredUntil));
  const [busy, setBusy] = useState(false);

  async function send(body: { until: string } | { end: true }) {
    setBusy(true);
    try {
      await adminFetchResponse(`/api/admin/businesses/${businessId}/feature`, { method: "POST", json: body });
      toast({
        title: "end" in body ? "Featuring ended" : "Business featured",
        description: "end" in body ? "" : `Until ${body.until} (UTC)`,
      });
      if ("end" in body) setUntil("");
    } catch (error) {
      toast({ title: "Not saved", description: errorText(error, "Please try again"), variant: "destructive" });
      if (error instanceof ApiError && error.status === 401) void revalidate();
    } finally {
      setBusy(false);
      void revalidate();
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 rounded-md border border-slate-200 p-4">
      <h3 id={`${id}-title`} className="text-base font-semibold">
        Featured
      </h3>
      <p className="text-sm text-slate-600">
        {running
          ? `Featured until ${untilDate(featuredUntil)} (UTC): shown first on its city and category pages, labelled as paid.`
          : "Not featured. A featured business is shown first on its city and category pages, labelled as paid; it ends by itself at the date."}
      </p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (until) void send({ until });
        }}
      >
        <label htmlFor={`${id}-until`} className="block text-sm font-medium text-slate-700">
          Featured until
          <input
            id={`${id}-until`}
            type="date"
            value={until}
            required
            onChange={(e) => setUntil(e.target.value)}
            className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <Button type="submit" disabled={busy || !until}>
          {running ? "Change end date" : "Feature"}
        </Button>
        {running ? (
          <Button type="button" variant="outline" disabled={busy} onClick={() => void send({ end: true })}>
            End featuring
          </Button>
        ) : null}
      </form>
    </section>
  );
}
