/**
 * Local websites for the tests that make the Worker fetch a business's website (the claim's website
 * token): a small Node HTTP server on a free port, whose address the tests read with
 * `inject("testSites")`. A test POSTs `{ pages: { "/path": { status?, body?, headers?, delayMs? } } }`
 * to `${testSites}/sites` and gets back `{ origin }`: a new site of its own, on its own port, that
 * answers those pages (404 for any other path). Everything is closed when the run ends.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

export type TestPage = { status?: number; body?: string; headers?: Record<string, string>; delayMs?: number };

declare module "vitest" {
  // Vitest's ProvidedContext is extended by declaration merging, which only an interface does.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    testSites: string;
  }
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function site(pages: Record<string, TestPage>): http.Server {
  return http.createServer((request, response) => {
    const page = pages[new URL(request.url ?? "/", "http://site").pathname];
    const answer = () => {
      if (!page) {
        response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
        return;
      }
      response.writeHead(page.status ?? 200, { "Content-Type": "text/html; charset=utf-8", ...page.headers }).end(page.body ?? "");
    };
    if (page?.delayMs) setTimeout(answer, page.delayMs);
    else answer();
  });
}

export default async function setup(project: TestProject) {
  const servers: http.Server[] = [];
  const control = http.createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/sites") {
      response.writeHead(404).end();
      return;
    }
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const { pages } = JSON.parse(body) as { pages: Record<string, TestPage> };
      const server = site(pages);
      servers.push(server);
      void listen(server).then((origin) => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ origin })));
    });
  });
  servers.push(control);
  project.provide("testSites", await listen(control));
  return async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  };
}
