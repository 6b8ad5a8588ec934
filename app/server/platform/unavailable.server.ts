/**
 * When D1 or R2 fails a request (docs/decisions/0034-storage-faults.md): the request's context
 * counts every call its D1 session or its R2 bucket failed with a transient error (`isTransient`), and
 * a request that then ends in a server error is answered 503 with Retry-After instead. Any other
 * error (a missing table, an FTS5 syntax error, a constraint) is a bug or a refusal: it stays a 500. A page keeps the site's own error page (rendered by
 * the route's ErrorBoundary, in the page's language); an /api/* call gets a JSON message that names
 * the store that failed. Nothing is stored by the edge cache (no-store), and a page it holds is served
 * before any of this happens (stale-if-error, edge-cache.server.ts).
 */
import { i18nFor } from "#app/lib/i18n/i18n";
import { escapeHtml } from "#app/server/platform/email.server";
import { json, NO_STORE } from "#app/server/platform/http.server";

/** How long a client should wait before asking again: D1 and R2 hiccups last seconds, not minutes. */
const RETRY_AFTER_SECONDS = 30;

/**
 * D1's errors whose recommended action is "Retry the operation", and its two "overloaded" ones
 * (developers.cloudflare.com/d1/observability/debug-d1/#error-list). D1 words them inside a longer
 * message ("D1_ERROR: Network connection lost."), so a part of the wording is matched.
 */
const D1_TRANSIENT = [
  "Network connection lost",
  "reset because its code was updated",
  "storage caused object to be reset",
  "Cannot resolve D1 DB due to transient issue",
  "D1 DB is overloaded",
];

/**
 * R2's service errors to retry (developers.cloudflare.com/r2/api/error-codes/): 10001 InternalError
 * and 10043 ServiceUnavailable, the code at the end of the message ("put: … (10001)").
 */
const R2_TRANSIENT = /\((?:10001|10043)\)$/;

/** Whether D1 or R2 failed for a moment (retrying helps), rather than refused the call for good. */
export function isTransient(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return D1_TRANSIENT.some((part) => message.includes(part)) || R2_TRANSIENT.test(message);
}

/** The transient failures (`isTransient`) of one request's calls to D1 and R2 (a Db or a watched bucket adds to them). */
export class StorageFaults {
  d1 = 0;
  r2 = 0;

  get any(): boolean {
    return this.d1 + this.r2 > 0;
  }
}

/**
 * The bucket with every transiently failed call counted in `faults` (a multipart upload's calls too).
 * The failure itself goes on to the caller unchanged.
 */
export function watchedBucket(bucket: R2Bucket, faults: StorageFaults): R2Bucket {
  return watched(bucket, faults);
}

function watched<T extends object>(target: T, faults: StorageFaults): T {
  return new Proxy(target, {
    get(object, name) {
      const value: unknown = Reflect.get(object, name, object);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = Reflect.apply(value, object, args);
        } catch (error) {
          if (isTransient(error)) faults.r2 += 1;
          throw error;
        }
        const watchUpload = (out: unknown) => (isMultipartUpload(out) ? watched(out, faults) : out);
        if (!(result instanceof Promise)) return watchUpload(result);
        return result.then(watchUpload, (error: unknown) => {
          if (isTransient(error)) faults.r2 += 1;
          throw error;
        });
      };
    },
  });
}

function isMultipartUpload(value: unknown): value is R2MultipartUpload {
  return typeof value === "object" && value !== null && "uploadPart" in value;
}

const API_PATH = /^\/api(?:\/|$)/;

/**
 * The response as it should leave when storage failed this request: a server error becomes 503 with
 * Retry-After (the page's own error page, or JSON for the API); anything else is left as it is.
 */
export function answerUnavailable(request: Request, response: Response, faults: StorageFaults): Response {
  if (response.status < 500 || !faults.any) return response;
  const store = faults.d1 > 0 ? "The database (D1)" : "File storage (R2)";
  const message = `${store} did not answer for a moment. Try again in ${RETRY_AFTER_SECONDS} seconds.`;
  if (API_PATH.test(new URL(request.url).pathname)) {
    return json({ message }, { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
  }
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", NO_STORE);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}

/**
 * The answer of last resort, for a request that failed outside the routes' error boundaries (the
 * Worker's own code, the Cache API): the site's short error page in its default language, or JSON
 * for the API; 503 with Retry-After when storage failed the request, else 500. Never stored.
 */
export function lastResort(request: Request, locale: string, unavailable: boolean): Response {
  const status = unavailable ? 503 : 500;
  const headers: Record<string, string> = { "Cache-Control": NO_STORE };
  if (unavailable) headers["Retry-After"] = String(RETRY_AFTER_SECONDS);
  const i18n = i18nFor(locale);
  const _ = (id: "error.somethingWentWrong" | "error.tryAgain" | "error.goHome") => i18n._(id);
  if (API_PATH.test(new URL(request.url).pathname)) {
    return json({ message: `${_("error.somethingWentWrong")}. ${_("error.tryAgain")}` }, { status, headers });
  }
  const [title, text, home] = [_("error.somethingWentWrong"), _("error.tryAgain"), _("error.goHome")].map(escapeHtml);
  const page = `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">${home}</a></p></main></body></html>`;
  return new Response(page, { status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
