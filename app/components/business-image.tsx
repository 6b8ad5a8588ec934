import { defaultImageForGroup } from "#app/lib/business/category-groups";
import { cn } from "#app/components/ui/cn";

export function defaultImagePath(group: string): string {
  return `/images/categories/${defaultImageForGroup(group)}.svg`;
}

type Props = {
  photos: string[];
  group: string;
  alt: string;
  className?: string;
  width: number;
  height: number;
  eager?: boolean;
  /** The page's largest picture: fetched before the others (Lighthouse's LCP discovery). */
  priority?: boolean;
};

/**
 * First photo, else the category default (SPEC §2). A photo that fails to load is swapped for
 * `data-fallback` by the image-fallback script (no inline handlers: the CSP forbids them). The swap
 * may come before hydration: the element's `src` then differs from the server's on purpose, and
 * React is told so (`suppressHydrationWarning`, this element's attributes only).
 */
export function BusinessImage({ photos, group, alt, className, width, height, eager, priority }: Props) {
  const fallback = defaultImagePath(group);
  const src = photos.find((p) => p && p.trim()) ?? fallback;
  return (
    <img
      src={src}
      data-fallback={src === fallback ? undefined : fallback}
      suppressHydrationWarning
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}

/** Stroke icons (24×24) per category group, drawn for the tiles below. */
const ICONS: Record<string, string> = {
  restaurants: "M7 2v9m-3-9v5a3 3 0 006 0V2M7 11v11M17 2c-2 1.5-3 4-3 7v3h3m0-10v20",
  healthcare: "M9 3h6v6h6v6h-6v6H9v-6H3V9h6z",
  "auto-services": "M5 16V11l2-5h10l2 5v5M3 16h18M7 19.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3zm10 0a1.5 1.5 0 100-3 1.5 1.5 0 000 3zM5 11h14",
  "beauty-wellness": "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z",
  "home-services": "M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6",
  "professional-services": "M3 7h18v13H3zM8 7V4h8v3M3 12h18",
  education: "M2 9l10-5 10 5-10 5zM6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6",
  entertainment: "M4 5h16v14H4zM8 5v14M16 5v14M4 9.5h4m8 0h4M4 14.5h4m8 0h4",
  technology: "M4 5h16v11H4zM2 19h20",
  shopping: "M5 8h14l-1 13H6zM9 8V6a3 3 0 016 0v2",
  other: "M4 10l1.5-6h13L20 10M4 10h16v10H4zM4 10a2.7 2.7 0 005.3 0 2.7 2.7 0 005.4 0 2.7 2.7 0 005.3 0M10 20v-5h4v5",
};

/** Soft backgrounds per group; static strings, so Tailwind sees every class. */
const TINTS: Record<string, string> = {
  restaurants: "from-amber-50 to-orange-100 text-orange-800",
  healthcare: "from-sky-50 to-cyan-100 text-cyan-800",
  "auto-services": "from-slate-100 to-slate-200 text-slate-700",
  "beauty-wellness": "from-rose-50 to-pink-100 text-rose-800",
  "home-services": "from-emerald-50 to-teal-100 text-teal-800",
  "professional-services": "from-indigo-50 to-blue-100 text-indigo-800",
  education: "from-violet-50 to-purple-100 text-violet-800",
  entertainment: "from-fuchsia-50 to-purple-100 text-fuchsia-800",
  technology: "from-blue-50 to-indigo-100 text-blue-800",
  shopping: "from-lime-50 to-green-100 text-green-800",
  other: "from-stone-50 to-stone-200 text-stone-700",
};

/**
 * A card without a photo: a quiet tile in its group's colour with the group's icon and the category,
 * instead of a stretched placeholder picture (and no image request at all).
 */
export function CategoryTile({ group, category, className }: { group: string; category: string; className?: string }) {
  const key = group in ICONS ? group : "other";
  return (
    <div className={cn("flex flex-col items-center justify-center gap-2 bg-gradient-to-br", TINTS[key], className)} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        className="h-10 w-10 fill-none stroke-current opacity-80"
        strokeWidth={1.5}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={ICONS[key]} />
      </svg>
      <span className="hidden max-w-[80%] truncate text-xs font-medium tracking-wide uppercase opacity-80 sm:block">{category}</span>
    </div>
  );
}
