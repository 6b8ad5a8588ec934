/**
 * The review form's stars: five radio buttons, each labelled with its count of stars ("4 stars") for
 * a screen reader, drawn as stars; the error, if any, is read with the group.
 */
import { useLingui } from "@lingui/react";
import type { FormView } from "#app/components/public-form";

export function StarChoice({ view, initial }: { view: FormView; initial: string }) {
  const { _ } = useLingui();
  const error = view.error("rating");
  const chosen = view.value("rating", initial);
  return (
    <fieldset aria-describedby={error ? "rating-error" : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{_("reviewForm.rating")}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            className="flex cursor-pointer items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-slate-800 has-[:checked]:border-amber-600 has-[:checked]:bg-amber-50"
          >
            <input type="radio" name="rating" value={stars} defaultChecked={chosen === String(stars)} required className="size-4" />
            <span aria-hidden="true" className="text-amber-600">
              {"★".repeat(stars)}
            </span>
            <span className="sr-only">{_("reviewForm.star", { count: stars })}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="rating-error" className="mt-1 text-sm font-medium text-red-700">
          {_(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
