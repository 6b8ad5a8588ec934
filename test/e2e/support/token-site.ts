/**
 * A business's website for the claim e2e (people.spec.ts): PUT /token stores the body, which the site
 * then serves as its /.well-known/localatlas-verification.txt; /health answers 200. Run by
 * playwright.config.ts beside the app on its own port (TOKEN_SITE_PORT).
 */
import { createServer } from "node:http";

let token = "";
const port = Number(process.env.TOKEN_SITE_PORT || 8789);

createServer((request, response) => {
  if (request.method === "PUT" && request.url === "/token") {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      token = body.trim();
      response.writeHead(204).end();
    });
    return;
  }
  if (request.url === "/.well-known/localatlas-verification.txt" && token) {
    response.writeHead(200, { "Content-Type": "text/plain" }).end(token);
    return;
  }
  if (request.url === "/health") return void response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
  response.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
}).listen(port, "127.0.0.1");
