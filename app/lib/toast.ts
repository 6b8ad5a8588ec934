/**
 * One toast system for the whole site (SPEC §9): at most one toast, shown
 * 5000 ms, closable; a dismissed toast is dropped from memory after 1,000,000 ms. Pure store, no React.
 */
const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

type ToastVariant = "default" | "destructive";
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type Toast = ToastInput & { id: string; open: boolean };

type Listener = (toasts: Toast[]) => void;

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

function scheduleRemoval(id: string) {
  if (timers.has(id)) return;
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  for (const t of toasts) if (!t.open) scheduleRemoval(t.id);
  emit();
}

/** Shows a toast, replacing the one on screen (TOAST_LIMIT = 1). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return { id, dismiss: () => dismissToast(id) };
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}

export function currentToasts(): Toast[] {
  return toasts;
}
