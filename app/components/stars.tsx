import { filledStars, formatRating } from "~/lib/format";

/** Five stars, filled up to the whole part of the rating, and the rating with one decimal (SPEC §9). */
export function Stars({ rating, reviewCount, size = "sm" }: { rating: number; reviewCount?: number; size?: "sm" | "lg" }) {
  const filled = filledStars(rating);
  const px = size === "lg" ? "h-5 w-5" : "h-4 w-4";
  return (
    <span className="inline-flex items-center gap-1">
      <span className="inline-flex" role="img" aria-label={`Rated ${formatRating(rating)} out of 5`}>
        {[0, 1, 2, 3, 4].map((i) => (
          <svg key={i} viewBox="0 0 20 20" className={`${px} ${i < filled ? "fill-amber-400" : "fill-slate-300"}`} aria-hidden="true">
            <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
          </svg>
        ))}
      </span>
      <span className="text-sm font-medium text-slate-800">{formatRating(rating)}</span>
      {reviewCount !== undefined ? <span className="text-sm text-slate-600">({reviewCount.toLocaleString("en-US")} reviews)</span> : null}
    </span>
  );
}
