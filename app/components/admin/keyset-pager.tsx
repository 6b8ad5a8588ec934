import { Link } from "react-router";

const PAGE_LINK = "rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50";

/** Newest / Older links of a list paged by a cursor (`?before=`): the Import History and Audit Log tabs. */
export function KeysetPager({
  path,
  label,
  isFirstPage,
  next,
}: {
  path: string;
  label: string;
  isFirstPage: boolean;
  next: string | number | null;
}) {
  return (
    <nav aria-label={label} className="flex gap-2">
      {isFirstPage ? null : (
        <Link to={path} className={PAGE_LINK}>
          Newest
        </Link>
      )}
      {next ? (
        <Link to={`${path}?before=${next}`} className={PAGE_LINK}>
          Older
        </Link>
      ) : null}
    </nav>
  );
}
