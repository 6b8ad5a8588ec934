import { getApp } from "~/server/context.server";
import { getPopularCities, getStatistics } from "~/server/directory.server";
import type { Route } from "./+types/home";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.siteName ?? "LocalAtlas"} | Find local businesses worldwide` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const [statistics, cities] = await Promise.all([getStatistics(db), getPopularCities(db, 12)]);
  return { siteName: env.SITE_NAME, statistics, cities };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { siteName, statistics, cities } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-4xl font-bold">{siteName}</h1>
      <p className="mt-2 text-slate-600">{statistics.totalBusinesses.toLocaleString("en-US")} businesses in {statistics.totalCities} cities</p>
      <ul className="mt-8 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {cities.map((c) => (
          <li key={c.id}>
            <a className="underline" href={`/city/${encodeURIComponent(c.name)}`}>
              {c.name} ({c.businessCount})
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
