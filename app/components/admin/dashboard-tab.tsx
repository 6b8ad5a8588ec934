import type { AdminSummary } from "#app/lib/admin/admin-businesses";
import { useAdminFormats } from "#app/components/admin/operator-locale";

/** Dashboard: the four statistics and the country summary (the route's loader reads them). */
export function DashboardTab({ summary }: { summary: AdminSummary }) {
  const { statistics: s, countries } = summary;
  const format = useAdminFormats();
  const cards = [
    { label: "Total Businesses", value: s.totalBusinesses },
    { label: "Verified Businesses", value: s.verifiedBusinesses },
    { label: "Categories", value: s.categories },
    { label: "Cities", value: s.totalCities },
  ];
  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {cards.map((c) => (
          <div key={c.label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{c.label}</dt>
            <dd className="mt-1 text-2xl font-bold" data-testid={`stat-${c.label.toLowerCase().replace(/\s+/g, "-")}`}>
              {format.count(c.value)}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="countries-heading">
        <h2 id="countries-heading" className="text-lg font-semibold">
          Businesses by Country
        </h2>
        {countries.length === 0 ? (
          <p className="mt-2 text-slate-600">No businesses yet.</p>
        ) : (
          <table className="mt-3 w-full max-w-xl text-start text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th className="py-2 font-medium">Country</th>
                <th className="py-2 text-end font-medium">Businesses</th>
              </tr>
            </thead>
            <tbody>
              {countries.map((c) => (
                <tr key={c.country} className="border-b border-slate-100">
                  <td className="py-2">{c.country || "Unknown"}</td>
                  <td className="py-2 text-end tabular-nums">{format.count(c.businessCount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
