import { useLingui } from "@lingui/react";
import { cn } from "#app/components/ui/cn";

const VARIANTS = {
  neutral: "bg-slate-100 text-slate-700",
  brand: "bg-blue-50 text-blue-800",
  success: "bg-emerald-50 text-emerald-800",
} as const;

export function Badge({ variant = "neutral", className, ...props }: React.ComponentProps<"span"> & { variant?: keyof typeof VARIANTS }) {
  return <span className={cn("badge", VARIANTS[variant], className)} {...props} />;
}

/** The one verified mark of the site: the same green tick and word on every card (SPEC §2 'Verified'). */
export function VerifiedBadge({ className }: { className?: string }) {
  const { _ } = useLingui();
  return (
    <Badge variant="success" className={className}>
      <svg viewBox="0 0 20 20" className="h-3.5 w-3.5 fill-current" aria-hidden="true">
        <path d="M10 1l2.4 1.8 3-.1.9 2.8 2.4 1.8-.9 2.8.9 2.8-2.4 1.8-.9 2.8-3-.1L10 19l-2.4-1.8-3 .1-.9-2.8L1.3 12.7l.9-2.8-.9-2.8 2.4-1.8.9-2.8 3 .1zm-1.2 12.3l5.3-5.3-1.2-1.2-4.1 4.1-1.9-1.9-1.2 1.2z" />
      </svg>
      {_("common.verified")}
    </Badge>
  );
}
