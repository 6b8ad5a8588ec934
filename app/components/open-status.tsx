import type { OpenStatus } from "#app/lib/business/open-status";

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

/**
 * The one open-status line of cards and the detail page (it claims nothing the hours do not say).
 * `size="lg"` is the detail page's; the dot is decoration, the words carry the state.
 */
export function OpenStatusLine({ status, size = "sm" }: { status: OpenStatus; size?: "sm" | "lg" }) {
  return (
    <span className={`status-line ${size === "lg" ? "text-sm" : "text-xs"} ${TEXT[status.state]}`}>
      <span className={`${size === "lg" ? "h-2.5 w-2.5" : "h-2 w-2"} shrink-0 rounded-full ${DOT[status.state]}`} aria-hidden="true" />
      {status.label}
    </span>
  );
}
