import { useLingui } from "@lingui/react";
import { useLocalePath } from "#app/components/page-locale";
import { cn } from "#app/components/ui/cn";

// Served as a file (public/): the CSP allows our origin's scripts; React 19 hoists it once per page.
const NEAR_ME_SCRIPT = "/near-me.js";

/**
 * "Use my location" in a search form (ADR 0017): public/near-me.js asks the browser for the position
 * and opens /search?near=…&sort=distance (in the page's locale); a refusal is said in the status line
 * beside it, in the words the button carries (data-text-*: the script has no catalog).
 */
const TONES = {
  light: "text-blue-800 hover:bg-blue-50 hover:text-blue-900 focus-visible:outline-blue-600",
  // On the home page's blue hero.
  dark: "text-white hover:bg-white/10 focus-visible:outline-white",
} as const;

export function NearMeButton({ form, className, tone = "light" }: { form?: string; className?: string; tone?: keyof typeof TONES }) {
  const { _ } = useLingui();
  const lp = useLocalePath();
  return (
    <span className={cn("flex flex-col gap-1", className)}>
      <script async src={NEAR_ME_SCRIPT} />
      <button
        type="button"
        form={form}
        data-near-me=""
        data-search={lp("/search")}
        data-text-finding={_("nearMe.finding")}
        data-text-unsupported={_("nearMe.unsupported")}
        data-text-denied={_("nearMe.denied")}
        data-text-not-found={_("nearMe.notFound")}
        className={cn(
          "inline-flex h-10 items-center gap-1.5 self-start rounded-lg px-2 text-sm font-medium focus-visible:outline-2",
          TONES[tone],
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="3" />
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
          <circle cx="12" cy="12" r="7" />
        </svg>
        {_("nearMe.useLocation")}
      </button>
      {/* public/near-me.js writes this line, also before React has started: the click that asks for the
          position is the first move, which starts hydration too. Its text is the script's, so React
          hydrates it as whatever it holds (an empty text child with suppressHydrationWarning). */}
      <span
        data-near-me-status=""
        role="status"
        className={cn("text-xs", tone === "dark" ? "text-white" : "text-slate-700")}
        suppressHydrationWarning
      >
        {""}
      </span>
    </span>
  );
}
