import { filledStars, formatCount, formatRating } from "#app/lib/format";

/** One formatter for every card of a page (Intl formatters are costly to create). */
/** The five possible runs of filled and empty stars, made once. */
const FILLED = ["", "★", "★★", "★★★", "★★★★", "★★★★★"];

/**
 * Five stars, filled up to the whole part of the rating, and the rating with one decimal (SPEC §9).
 * The stars are two runs of a text glyph rather than five SVGs: a card list repeats this 20 times.
 * Inside role="img" the glyphs are not read; the label says the rating.
 */
export function Stars({ rating, reviewCount, size = "sm" }: { rating: number; reviewCount?: number; size?: "sm" | "lg" }) {
  const filled = filledStars(rating);
  const shown = formatRating(rating);
  return (
    <span className={size === "lg" ? "inline-flex items-center gap-1.5 text-base" : "inline-flex items-center gap-1.5 text-sm"}>
      <span className="font-semibold text-slate-900">{shown}</span>
      <span role="img" aria-label={`Rated ${shown} out of 5`} className={size === "lg" ? "text-xl leading-none" : "text-base leading-none"}>
        {filled > 0 ? <span className="text-amber-500">{FILLED[filled]}</span> : null}
        {filled < 5 ? <span className="text-slate-300">{FILLED[5 - filled]}</span> : null}
      </span>
      {reviewCount !== undefined ? <span className="text-slate-600">{`(${formatCount(reviewCount)} reviews)`}</span> : null}
    </span>
  );
}
