/** Placeholder: the search branch replaces this with the sitemap statistics (CLARIFICATIONS 33–34). */
export function SeoSitemapTab(_props: { onDataChanged?: () => void }) {
  return (
    <section aria-labelledby="seo-heading">
      <h2 id="seo-heading" className="text-lg font-semibold">
        Site Haritası İstatistikleri
      </h2>
      <p className="mt-2 text-slate-600">Site haritası bilgileri bu sürümde gösterilmiyor.</p>
    </section>
  );
}
