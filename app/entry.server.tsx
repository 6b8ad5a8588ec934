import { PassThrough, Readable } from "node:stream";
import { isbot } from "isbot";
// React's Node build, not its edge build: the edge build turns every string it writes (each tag,
// attribute and text) into its own Uint8Array with TextEncoder.encode, a call into workerd's C++ that
// costs more than the rest of the render; the Node build writes the same strings into one reused
// buffer. Same bytes, ~40 % less CPU per page (docs/decisions/0026-react-node-renderer.md).
import { renderToPipeableStream } from "react-dom/server.node";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NO_STORE } from "~/server/http.server";

export const streamTimeout = 5_000;

// The security headers, the page's CSP among them, are set by the Worker once the document is
// finished (app/server/security-headers.server.ts): its inline scripts are allowed by hash, not nonce.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // Crawlers and no-JS readers get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        body.on("close", () => clearTimeout(timeout));
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // Error pages are never cached at the edge: a business imported a minute later must not stay 404.
        if (responseStatusCode >= 400) responseHeaders.set("Cache-Control", NO_STORE);
        const stream = Readable.toWeb(body) as ReadableStream<Uint8Array>;
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject and are logged by React Router; later ones only here.
        if (shellRendered) console.error(error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}
