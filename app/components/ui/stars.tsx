import { useLingui } from "@lingui/react";
import { filledStars, formatRating } from "#app/lib/format";

/** The five possible runs of filled and empty stars, made once. */
const FILLED = ["", "★", "★★", "★★★", "★★★★", "★★★★★"];

/**
 * Five stars, filled up to the whole part of the rating, and the rating with one decimal (SPEC §9),
 * in the page's locale ("4.5", "4,5"), with the review count in its plural ("(1 review)", "(2 reviews)").
 * The stars are two runs of a text glyph rather than five SVGs: a card list repeats this 20 times.
 * Inside role="img" the glyphs are not read; the label says the rating.
 */
export function Stars({ rating, reviewCount, size = "sm" }: { rating: number; reviewCount?: number; size?: "sm" | "lg" }) {
  const { _, i18n } = useLingui();
  const filled = filledStars(rating);
  const shown = formatRating(rating, i18n.locale);
  return (
    <span className={size === "lg" ? "inline-flex items-center gap-1.5 text-base" : "inline-flex items-center gap-1.5 text-sm"}>
      <span className="font-semibold text-slate-900">{shown}</span>
      <span
        role="img"
        aria-label={_("stars.rated", { rating: shown })}
        className={size === "lg" ? "text-xl leading-none" : "text-base leading-none"}
      >
        {filled > 0 ? <span className="text-amber-500">{FILLED[filled]}</span> : null}
        {filled < 5 ? <span className="text-slate-300">{FILLED[5 - filled]}</span> : null}
      </span>
      {reviewCount !== undefined ? (
        <span className="text-slate-600">{_("stars.reviews", { count: Math.max(0, Math.floor(reviewCount || 0)) })}</span>
      ) : null}
    </span>
  );
}
