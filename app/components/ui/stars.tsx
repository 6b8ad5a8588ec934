import { filledStars, formatRating } from "~/lib/format";

/** One formatter for every card of a page (Intl formatters are costly to create). */
const COUNT = new Intl.NumberFormat("en-US");

/**
 * Five stars, filled up to the whole part of the rating, and the rating with one decimal (SPEC §9).
 * The stars are two runs of a text glyph rather than five SVGs: a card list repeats this 20 times.
 */
export function Stars({ rating, reviewCount, size = "sm" }: { rating: number; reviewCount?: number; size?: "sm" | "lg" }) {
  const filled = filledStars(rating);
  return (
    <span className={size === "lg" ? "inline-flex items-center gap-1.5 text-base" : "inline-flex items-center gap-1.5 text-sm"}>
      <span className="font-semibold text-slate-900">{formatRating(rating)}</span>
      <span
        role="img"
        aria-label={`Rated ${formatRating(rating)} out of 5`}
        className={size === "lg" ? "text-xl leading-none" : "text-base leading-none"}
      >
        <span className="text-amber-500" aria-hidden="true">
          {"★".repeat(filled)}
        </span>
        <span className="text-slate-300" aria-hidden="true">
          {"★".repeat(5 - filled)}
        </span>
      </span>
      {reviewCount !== undefined ? <span className="text-slate-600">({COUNT.format(reviewCount)} reviews)</span> : null}
    </span>
  );
}
