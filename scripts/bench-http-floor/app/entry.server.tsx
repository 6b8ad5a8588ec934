import { PassThrough, Readable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server.node";
import { ServerRouter, type EntryContext } from "react-router";

// As LocalAtlas's app/entry.server.tsx renders: React's Node build, the whole document at once.
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        headers.set("Content-Type", "text/html; charset=utf-8");
        const body = new PassThrough();
        resolve(new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { headers, status }));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}
