import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";

/**
 * The Worker itself with some vars changed (the suite runs with EDGE_CACHE=off and an https
 * SITE_URL): `EDGE_CACHE: "miss"` renders as a production miss does, with the data version remembered.
 */
export async function fetchWith(vars: Partial<Env>, path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  // An incoming request as workerd hands it to the Worker (its `cf` is only typed differently).
  const request = new Request(`https://localatlas.test${path}`, init) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, { ...env, ...vars }, ctx);
  // The edge cache stores the page after the response has gone; the next request must find it.
  await waitOnExecutionContext(ctx);
  return response;
}
