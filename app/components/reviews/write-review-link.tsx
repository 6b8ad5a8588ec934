/**
 * "Write a review" on a business page: the way to the review form (docs/reviews.md), in the page's
 * locale. The form is never indexed, so the link is not followed.
 */
import { useLingui } from "@lingui/react";
import { Link } from "react-router";
import { useLocalePath } from "#app/components/page-locale";

export function WriteReviewLink({ id }: { id: number }) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  return (
    <p>
      <Link
        to={lp(`/business/${id}/review`)}
        rel="nofollow"
        className="inline-block rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus:ring-2 focus:ring-blue-500 focus:outline-none"
      >
        {_("reviewForm.title")}
      </Link>
    </p>
  );
}
