import { useCallback } from "react";
import { useRevalidator } from "react-router";
import { adminFetchResponse, ApiError, type AdminFetchInit } from "#app/lib/admin/admin-fetch";

/**
 * The panel's few client-side calls to /api/admin/* (page data comes from loaders; these are the
 * export download, the import upload and its polling, SEO generation, delete-all). A 401 means the
 * session ended; it takes the panel's one 401 path: the page's loaders run again, and their session
 * check (requireAdminPage) redirects to /admin-login with 'Authentication required' (only
 * check-auth's 401 just means "logged out").
 */
export function useAdminApi() {
  const { revalidate } = useRevalidator();
  const sessionEnded = useCallback(() => void revalidate(), [revalidate]);
  const raw = useCallback(
    (path: string, init?: AdminFetchInit) =>
      adminFetchResponse(path, init).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) sessionEnded();
        throw error;
      }),
    [sessionEnded],
  );
  return { raw, sessionEnded };
}
