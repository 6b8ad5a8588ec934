import { data } from "react-router";
import { GeneralErrorBoundary, PageNotFound, pageNotFoundMeta } from "#app/components/general-error-boundary";
import type { QueryParams } from "#app/server/platform/edge-cache.server";
import type { Route } from "./+types/not-found";

export const queryParams: QueryParams = [];

/** Any other path is not found: thrown, like every other "not found" of the site. */
export function loader(): never {
  throw data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return pageNotFoundMeta(matches);
}

/** Never rendered (the loader always throws); present so that this is a page, not a resource route. */
export default function NotFound() {
  return <PageNotFound />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <PageNotFound /> }} />;
}
