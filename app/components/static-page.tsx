import { pageMeta } from "#app/lib/seo/meta";

/** Shared frame of the static pages (about, contact, privacy, terms, add-business, advertise). */
export function StaticPage({ title, intro, children }: { title: string; intro?: React.ReactNode; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {intro ? <div className="mt-3 text-lg text-slate-600">{intro}</div> : null}
      <div className="mt-8 space-y-8 leading-relaxed text-slate-700 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:space-y-1">
        {children}
      </div>
    </main>
  );
}

export function staticMeta(title: string, description: string, siteName: string, siteUrl: string, path: string) {
  return pageMeta({ title: `${title} | ${siteName}`, description, canonical: `${siteUrl}${path}`, card: "basic" });
}
