/**
 * Client-side calls to /api/admin/* (page data comes from loaders instead): a failure throws an
 * ApiError whose text is `"{status}: {body or statusText}"`; `serverMessage` is the JSON body's `message`, for toasts.
 * Never retried and never served from the browser cache.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get serverMessage(): string | null {
    const b = this.body as { message?: unknown } | null;
    return b && typeof b.message === "string" && b.message ? b.message : null;
  }
}

export type AdminFetchInit = Omit<RequestInit, "body"> & { json?: unknown; body?: BodyInit };

/** Fetches and returns the raw Response when it is a success; throws ApiError otherwise. */
export async function adminFetchResponse(path: string, init: AdminFetchInit = {}): Promise<Response> {
  const { json, headers, ...rest } = init;
  const h = new Headers(headers);
  if (json !== undefined) h.set("Content-Type", "application/json");
  const response = await fetch(path, {
    credentials: "same-origin",
    cache: "no-store",
    ...rest,
    headers: h,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (response.ok) return response;
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
}

/** The text a toast shows for a failed call: the server's message, else the given fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
