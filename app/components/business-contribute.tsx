/**
 * "Something wrong?" on a business page: what a visitor can tell us about the listing (an edit, that
 * it closed, that it is a duplicate), each a form of the moderation queue (docs/people.md), and the
 * owner's way to claim it, or once claimed to manage it. The forms are never indexed, so their links
 * are not followed.
 */
import { useLingui } from "@lingui/react";
import { Link } from "react-router";
import { useLocalePath } from "#app/components/page-locale";

export function BusinessContribute({ id, claimed }: { id: number; claimed: boolean }) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  const suggest = lp(`/business/${id}/suggest`);
  const links = [
    { to: suggest, label: _("contribute.suggestEdit") },
    { to: `${suggest}?kind=closed`, label: _("contribute.reportClosed") },
    { to: `${suggest}?kind=duplicate`, label: _("contribute.reportDuplicate") },
  ];
  return (
    <section aria-labelledby="contribute-heading" className="rounded-xl border border-slate-200 p-6">
      <h2 id="contribute-heading" className="text-lg font-semibold">
        {_("contribute.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{_("contribute.text")}</p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link to={to} rel="nofollow" className="text-blue-800 hover:underline">
              {label}
            </Link>
          </li>
        ))}
      </ul>
      {/* Claimed: its owner's way back to the edit page (which asks them to sign in); else the claim. */}
      <p className="mt-4 border-t border-slate-200 pt-4 text-sm">
        <span className="text-slate-700">{_("contribute.ownerQuestion")}</span>{" "}
        <Link
          to={lp(claimed ? `/owner/businesses/${id}` : `/business/${id}/claim`)}
          rel="nofollow"
          className="font-medium text-blue-800 hover:underline"
        >
          {claimed ? _("contribute.manage") : _("contribute.claim")}
        </Link>
      </p>
    </section>
  );
}
