import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NO_STORE } from "~/server/http.server";

export const streamTimeout = 5_000;

// The security headers, the page's CSP among them, are set by the Worker once the document is
// finished (app/server/security-headers.server.ts): its inline scripts are allowed by hash, not nonce.
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  let shellRendered = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: AbortSignal.timeout(streamTimeout + 1_000),
    onError(error: unknown) {
      responseStatusCode = 500;
      // Errors in the shell reject and are logged by React Router; later ones only here.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;
  // Crawlers and no-JS readers get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Error pages are never cached at the edge: a business imported a minute later must not stay 404.
  if (responseStatusCode >= 400) responseHeaders.set("Cache-Control", NO_STORE);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
