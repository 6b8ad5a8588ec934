import { useLingui } from "@lingui/react";
import { useEffect, useSyncExternalStore } from "react";
import { currentToasts, dismissToast, subscribeToasts, toast, type ToastInput } from "#app/lib/toast";

const noToasts: never[] = [];

/**
 * Renders the toast store. `flash` is a toast the server carried across a redirect
 * (app/server/platform/toast.server.ts); it is shown once on arrival.
 */
export function Toaster({ flash }: { flash?: ToastInput | null }) {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, () => noToasts);
  const { _ } = useLingui();
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);
  const visible = toasts.filter((t) => t.open);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4 sm:items-end"
    >
      {visible.map((t) => (
        <div
          key={t.id}
          role={t.variant === "destructive" ? "alert" : "status"}
          data-testid="toast"
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${
            t.variant === "destructive" ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
          }`}
        >
          <div className="flex-1">
            <p className="text-sm font-semibold">{t.title}</p>
            {t.description ? <p className="mt-1 text-sm opacity-90">{t.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
            aria-label={_("toast.close")}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
