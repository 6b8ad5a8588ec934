import type { OpenStatus } from "~/lib/open-status";

const DOT: Record<OpenStatus["state"], string> = {
  open: "bg-emerald-500",
  closed: "bg-red-500",
  unknown: "bg-slate-400",
  "closed-temporarily": "bg-amber-500",
  "closed-permanently": "bg-red-700",
};

const TEXT: Record<OpenStatus["state"], string> = {
  open: "text-emerald-800",
  closed: "text-red-800",
  unknown: "text-slate-600",
  "closed-temporarily": "text-amber-900",
  "closed-permanently": "text-red-900",
};

/** The one open-status line of cards and the detail page (issue 17: nothing the hours do not say). */
export function OpenStatusLine({ status }: { status: OpenStatus }) {
  return (
    <span className={`inline-flex items-center gap-1.5 text-xs font-medium ${TEXT[status.state]}`}>
      <span className={`h-2 w-2 rounded-full ${DOT[status.state]}`} aria-hidden="true" />
      {status.label}
    </span>
  );
}
