import { PassThrough, Readable } from "node:stream";
// React's Node build, not its edge build: the edge build makes every string it writes (each tag,
// attribute and text) into a Uint8Array of its own with TextEncoder.encode, a call into workerd's
// C++ per string; the Node build copies the same strings into one reused buffer. Same bytes, 5–10 %
// less CPU per page (docs/decisions/0026-react-node-renderer.md).
import { renderToPipeableStream } from "react-dom/server.node";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NO_STORE } from "#app/server/platform/http.server";

export const streamTimeout = 5_000;

/**
 * The whole document, for browsers and crawlers alike. The Worker answers a page only once it is
 * finished (its CSP hashes the inline scripts: app/server/platform/security-headers.server.ts), so streaming
 * the shell early would show no one anything sooner; waiting for all of it keeps the loader data
 * inline, in the same bytes for every reader, instead of in React's late-boundary scripts.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        clearTimeout(timeout);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // Error pages are never cached at the edge: a business imported a minute later must not stay 404.
        if (responseStatusCode >= 400) responseHeaders.set("Cache-Control", NO_STORE);
        const body = new PassThrough();
        resolve(new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject and are logged by React Router; the others only here.
        if (shellRendered) console.error(error);
      },
      onShellReady() {
        shellRendered = true;
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}
