/** Placeholder: the import branch replaces this with the spreadsheet import, Generate SEO content and Delete all data. */
export function ImportTab(_props: { onDataChanged?: () => void }) {
  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading" className="text-lg font-semibold">
        Import
      </h2>
      <p className="mt-2 text-slate-600">Spreadsheet import is not available in this build.</p>
    </section>
  );
}
