import { useEffect, useRef, useState } from "react";

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into the DOM's Window
  interface Window {
    adsbygoogle?: unknown[];
  }
}

const AD_SCRIPT_ORIGIN = "https://pagead2.googlesyndication.com";

/**
 * A 300×250 display ad (SPEC §2, §9). With ADSENSE_CLIENT and a slot id set, the ad script fills it;
 * otherwise a neutral placeholder. `delayMs` holds the slot back (the second loads after 2 s).
 */
export function AdSlot({ client, slot, delayMs = 0, label }: { client: string; slot: string; delayMs?: number; label: string }) {
  const [ready, setReady] = useState(delayMs === 0);
  const ins = useRef<HTMLModElement>(null);
  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => setReady(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  useEffect(() => {
    if (!ready || !client || !slot || !ins.current) return;
    if (!document.querySelector(`script[src^="${AD_SCRIPT_ORIGIN}"]`)) {
      const script = document.createElement("script");
      script.async = true;
      script.crossOrigin = "anonymous";
      script.src = `${AD_SCRIPT_ORIGIN}/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`;
      document.head.appendChild(script);
    }
    (window.adsbygoogle = window.adsbygoogle || []).push({});
  }, [ready, client, slot]);
  return (
    <aside
      aria-label={label}
      className="mx-auto flex h-[250px] w-[300px] items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50"
      data-testid="ad-slot"
      data-ready={ready ? "true" : "false"}
    >
      {ready && client && slot ? (
        <ins ref={ins} className="adsbygoogle block h-[250px] w-[300px]" data-ad-client={client} data-ad-slot={slot} />
      ) : ready ? (
        <span className="text-xs uppercase tracking-wide text-slate-500">Advertisement</span>
      ) : null}
    </aside>
  );
}
