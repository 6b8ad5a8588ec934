import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";
import { roundTrips } from "./factories";

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

/**
 * A miss at a known data version, as production serves one (`EDGE_CACHE: "miss"`): the first request
 * remembers the site summary (and the version). The version is remembered for a second only
 * (workers/app.ts), which a request on a loaded test machine can outlast: the request is then asked
 * again (three times at most) and the one that found the version remembered is measured — the same
 * statements, without the version's read.
 */
export async function missAtKnownVersion(path: string): Promise<Response> {
  await (await fetchWith({ EDGE_CACHE: "miss" }, path)).arrayBuffer();
  const [a, b] = [await fetchWith({ EDGE_CACHE: "miss" }, path), await fetchWith({ EDGE_CACHE: "miss" }, path)];
  if (roundTrips(a) === roundTrips(b)) return a;
  const c = await fetchWith({ EDGE_CACHE: "miss" }, path);
  return [a, b, c].sort((x, y) => roundTrips(x) - roundTrips(y))[0];
}
