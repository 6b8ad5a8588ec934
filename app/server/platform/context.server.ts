import { createContext, type RouterContextProvider } from "react-router";
import type { Db } from "#app/server/platform/db.server";
import type { StorageFaults } from "#app/server/platform/unavailable.server";

export type AdminSession = { username: string; sessionId: string; expiresAt: number };

/** What the signed cookie holds: the session id and the D1 bookmark of the admin's last write. */
export type AdminCookie = { sessionId: string; bookmark: string | null };

/** A request's admin state (AppContext.admin): its verified cookie, and its session once a guard has read it. */
type AdminRequest = { adminPath: boolean; cookie: AdminCookie | null; session?: AdminSession | null };

/** `admin` is set by the fetch handler (makeAppContext); contexts built by hand for tests have none. */
export type AppContext = {
  env: Env;
  ctx: ExecutionContext;
  db: Db;
  admin?: AdminRequest;
  /** The calls to D1 and R2 this request saw fail (set by the fetch handler: it answers 503 after one). */
  faults?: StorageFaults;
  /**
   * The data version the edge cache will store this page under, or the one a page never cached renders
   * at (edge-cache.server.ts); unset when none is known.
   */
  dataVersion?: number;
};

export const appContext = createContext<AppContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
