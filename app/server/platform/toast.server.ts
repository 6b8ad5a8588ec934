/**
 * A toast that survives a redirect (a session flash): set on the redirecting response, read and
 * cleared by the root loader of the next page. Responses carrying one are never cached.
 */
import { createCookie } from "react-router";
import { z } from "zod";
import type { ToastInput } from "#app/lib/toast";

const toastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).optional(),
});

const toastCookie = createCookie("la_toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function flashToastHeader(toast: ToastInput): Promise<string> {
  return toastCookie.serialize(toast);
}

export async function readFlashToast(request: Request): Promise<{ toast: ToastInput | null; clear: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("la_toast=")) return { toast: null, clear: null };
  const parsed = toastSchema.safeParse(await toastCookie.parse(header));
  return { toast: parsed.success ? parsed.data : null, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}
