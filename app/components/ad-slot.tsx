// Served as a file of its own (public/), not inlined: the CSP allows scripts from our origin, not data: URLs.
const AD_SLOTS_SCRIPT = "/ad-slots.js";

/**
 * A 300×250 display ad (SPEC §2, §9): `delayMs` holds the slot back (the second loads after 2 s).
 * Its content belongs to public/ad-slots.js, not React: the empty innerHTML tells React to leave it alone,
 * and the attributes the script sets are not hydration mismatches. React 19 hoists the async script
 * into <head> once, and loads it on a client-side navigation too.
 */
export function AdSlot({ client, slot, delayMs = 0, label }: { client: string; slot: string; delayMs?: number; label: string }) {
  return (
    <>
      <script async src={AD_SLOTS_SCRIPT} />
      <aside
        aria-label={label}
        className="mx-auto flex h-[250px] w-[300px] items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50"
        data-testid="ad-slot"
        data-ad-slot={slot}
        data-client={client}
        data-delay={delayMs}
        data-ready="false"
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: "" }}
      />
    </>
  );
}
