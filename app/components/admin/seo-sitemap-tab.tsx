/**
 * The admin panel's SEO Sitemap tab (SPEC §2): texts in Turkish, the file
 * count is the business sitemaps plus 3 (main pages, categories, cities). Its route's loader reads
 * the statistics; the panel shows 'Yükleniyor...' while that loader runs.
 */
import type { SitemapStats } from "#app/server/seo/sitemap.server";
import { useAdminFormats } from "#app/components/admin/operator-locale";

function CopyButton({ text }: { text: string }) {
  return (
    <button
      type="button"
      onClick={() => void navigator.clipboard?.writeText(text)}
      className="shrink-0 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium hover:bg-slate-100"
    >
      Kopyala
    </button>
  );
}

function UrlList({ title, urls }: { title: string; urls: string[] }) {
  return (
    <section className="mt-6">
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-2 space-y-2">
        {urls.map((url) => (
          <li key={url} className="flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2">
            <a href={url} target="_blank" rel="noreferrer" className="truncate font-mono text-sm text-blue-700 hover:underline">
              {url}
            </a>
            <CopyButton text={url} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SeoSitemapTab({ stats }: { stats: SitemapStats }) {
  const format = useAdminFormats();
  const figures = [
    { label: "Toplam İşletme", value: stats.totalBusinesses },
    { label: "Toplam Site Haritası Dosyası", value: stats.totalSitemaps + 3 },
    { label: "Site Haritası Başına İşletme", value: stats.businessesPerSitemap },
  ];
  return (
    <div>
      <h2 className="text-xl font-bold">Site Haritası İstatistikleri</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg border border-slate-200 p-4">
            <dt className="text-sm text-slate-600">{f.label}</dt>
            <dd className="mt-1 text-2xl font-semibold">{format.count(f.value)}</dd>
          </div>
        ))}
      </dl>
      <UrlList title="Ana Site Haritası" urls={stats.sitemapUrls.main} />
      <p className="mt-2 text-sm text-slate-600">Site haritası adresini Google Search Console'a gönderin.</p>
      <UrlList title="Ana Sayfalar" urls={stats.sitemapUrls.mainPages} />
      <UrlList title="Kategoriler" urls={stats.sitemapUrls.categories} />
      <UrlList title="Şehirler" urls={stats.sitemapUrls.cities} />
      <UrlList title="İşletme Site Haritaları" urls={stats.sitemapUrls.businesses} />
      <UrlList title="Şehir × Kategori Site Haritaları" urls={stats.sitemapUrls.cityCategories} />
    </div>
  );
}
