import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { ImportHistoryPage } from "#app/lib/admin/admin-imports";

/** While an import runs, the list is read again this often (nothing is polled except running work). */
const REFRESH_MS = 2000;

/**
 * Whether an import of the page is queued or running: an import runs on the server whether or not a
 * page is open, so while one does, the route's data is read again every REFRESH_MS until none does.
 */
export function useRunningImports(page: ImportHistoryPage): boolean {
  const { revalidate, state } = useRevalidator();
  const running = page.imports.some((i) => i.status === "running" || i.status === "pending");
  useEffect(() => {
    if (!running || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [running, state, revalidate]);
  return running;
}
