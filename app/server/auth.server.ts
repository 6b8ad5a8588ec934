// TEMPORARY stand-in until the admin branch lands; same signatures.
import type { AppContext } from "./context.server";
import { json } from "./http.server";

export type AdminSession = { username: string; sessionId: string };

export async function requireAdminApi(_request: Request, _app: AppContext): Promise<AdminSession> {
  throw json({ message: "Authentication required" }, { status: 401, cache: "no-store" });
}

export async function requireAdminPage(_request: Request, _app: AppContext): Promise<AdminSession> {
  throw json({ message: "Authentication required" }, { status: 401, cache: "no-store" });
}
