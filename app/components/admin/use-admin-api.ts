import { useCallback } from "react";
import { useNavigate } from "react-router";
import { LOGIN_TEXTS } from "~/lib/admin-login";
import { adminFetchJson, adminFetchResponse, ApiError, type AdminFetchInit } from "~/lib/admin-fetch";
import { toast } from "~/lib/toast";

/**
 * Admin API calls for the panel's tabs. A 401 means the session ended: the admin is sent to
 * /admin-login with 'Authentication required' (CLARIFICATIONS 27); the error still propagates.
 */
export function useAdminApi() {
  const navigate = useNavigate();
  const onError = useCallback(
    (error: unknown): never => {
      if (error instanceof ApiError && error.status === 401) {
        toast({ title: LOGIN_TEXTS.authRequiredTitle, description: LOGIN_TEXTS.authRequiredDescription, variant: "destructive" });
        navigate("/admin-login");
      }
      throw error;
    },
    [navigate],
  );
  const json = useCallback(
    <T,>(path: string, init?: AdminFetchInit) => adminFetchJson<T>(path, init).catch(onError),
    [onError],
  );
  const raw = useCallback((path: string, init?: AdminFetchInit) => adminFetchResponse(path, init).catch(onError), [onError]);
  return { json, raw };
}
