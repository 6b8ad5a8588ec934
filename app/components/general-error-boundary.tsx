/**
 * The one error convention of the pages: a loader throws `data(null, { status })` for "not found"
 * and the like (React Router's `data`), anything else that goes wrong just throws, and the route's
 * `ErrorBoundary` is this component with a handler per status that shows the page's own spec texts.
 * Whatever is not handled reads "Something went wrong": a 500 never says "Not Found".
 * (The shape is epic-stack's GeneralErrorBoundary.)
 */
import { useLingui } from "@lingui/react";
import { type ErrorResponse, isRouteErrorResponse, type MetaDescriptor, useParams, useRouteError } from "react-router";
import { Button, ButtonLink } from "#app/components/ui/button";
import { Input } from "#app/components/ui/field";
import { pageMeta } from "#app/lib/seo/meta";
import { i18nFor } from "#app/lib/i18n/i18n";
import { pageLocaleOf, useLocalePath } from "#app/components/page-locale";

type Params = Readonly<Record<string, string | undefined>>;

export type StatusHandler = (info: { error: ErrorResponse; params: Params }) => React.ReactNode;

export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = () => <SomethingWentWrong />,
  unexpectedErrorHandler = () => <SomethingWentWrong />,
}: {
  /** By HTTP status of a thrown `data(…, { status })` or Response, e.g. `{ 404: () => <NotFound /> }`. */
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  /** A thrown status with no handler of its own. */
  defaultStatusHandler?: StatusHandler;
  /** A thrown Error (a bug, D1 down): the server already logged it and answered 500. */
  unexpectedErrorHandler?: (error: unknown) => React.ReactNode;
}) {
  const error = useRouteError();
  const params = useParams();
  if (isRouteErrorResponse(error)) return (statusHandlers?.[error.status] ?? defaultStatusHandler)({ error, params });
  // Only in the browser: on the server React Router's handleError has logged it.
  if (typeof document !== "undefined") console.error(error);
  return unexpectedErrorHandler(error);
}

/** The frame every error state shares: a heading, a sentence, optionally the way home, and anything more. */
export function ErrorState({
  title,
  text,
  homeLink = false,
  children,
}: {
  title: string;
  text: React.ReactNode;
  homeLink?: boolean;
  children?: React.ReactNode;
}) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  return (
    <main className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-600">{text}</p>
      {homeLink ? (
        <ButtonLink to={lp("/")} className="mt-8">
          {_("error.backToHome")}
        </ButtonLink>
      ) : null}
      {children}
    </main>
  );
}

/** A way on from a page that has nothing to show: the directory's search (a plain GET form). */
export function DirectorySearch({ id, prompt }: { id: string; prompt: string }) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  return (
    <>
      <p className="mt-8 text-slate-700">{prompt}</p>
      <form action={lp("/search")} method="get" role="search" className="mx-auto mt-4 flex max-w-xl flex-col gap-3 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          {_("error.searchLabel")}
        </label>
        {/* sm:flex-1: in the phone's column a flex-basis of 0 would squash the field's height. */}
        <Input id={id} name="q" required placeholder={_("error.searchLabel")} className="sm:flex-1" />
        <Button type="submit">{_("common.search")}</Button>
      </form>
    </>
  );
}

/** SPEC §2: any other path, with its texts; and a way on: a search, home, every business. */
export function PageNotFound() {
  const { _ } = useLingui();
  const lp = useLocalePath();
  return (
    <ErrorState title={_("error.pageNotFound")} text={_("error.pageNotFoundText")}>
      <DirectorySearch id="not-found-q" prompt={_("error.searchPrompt")} />
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={lp("/")} variant="outline">
          {_("error.goHome")}
        </ButtonLink>
        <ButtonLink to={lp("/businesses")} variant="outline">
          {_("error.browseAll")}
        </ButtonLink>
      </div>
    </ErrorState>
  );
}

/** Any failure a page has no spec text for. */
function SomethingWentWrong() {
  const { _ } = useLingui();
  return <ErrorState title={_("error.somethingWentWrong")} text={_("error.tryAgain")} />;
}

export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** The 404 page's title in the page's locale, for a route's `meta` ("404 Page Not Found"). */
export function pageNotFoundMeta(matches: Matches): MetaDescriptor[] {
  return pageMeta({ title: i18nFor(pageLocaleOf(matches).locale)._("error.pageNotFound") });
}

/** The site name for an error page's title: the root loader ran even when the page's loader threw. */
export function siteNameOf(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { config?: { siteName?: string } } | undefined;
  return root?.config?.siteName ?? "LocalAtlas";
}

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/**
 * Title and robots tag of a page whose loader threw: its own not-found title for a 404 (given in the
 * page's locale), else the generic one.
 */
export function errorMeta(error: unknown, notFoundTitle: string, matches: Matches): MetaDescriptor[] {
  const generic = i18nFor(pageLocaleOf(matches).locale)._("error.somethingWentWrong");
  return pageMeta({
    title: `${isNotFound(error) ? notFoundTitle : generic} | ${siteNameOf(matches)}`,
    robots: "noindex",
    robotsLast: true,
  });
}
