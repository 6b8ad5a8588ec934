/**
 * Which paths are a reviewer's own (docs/reviews.md): the review form (/business/12/review, which an
 * edit opens filled from the reviewer's manage link), the verification page (/reviews/confirm) and the
 * manage page (/reviews/12/manage), with or without a locale prefix and as React Router's data
 * requests (…/review.data). Like an owner's pages they are personal: answered `private, no-store`
 * (OWNER_CACHE_CONTROL) and never kept by the edge cache.
 */
const REVIEWER_PATH =
  /^(?:\/[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)?\/(?:business\/[^/]+\/review|reviews\/confirm|reviews\/[^/]+\/manage)(?:$|[/.])/;

export function isReviewerPath(pathname: string): boolean {
  return REVIEWER_PATH.test(pathname);
}
