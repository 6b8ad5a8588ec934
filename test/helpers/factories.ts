import { env, exports } from "cloudflare:workers";
import { businessInputSchema, type BusinessInput, type ValidBusinessInput } from "#app/lib/business/business";
import { deleteAllBusinesses, finishWrites, insertBusinesses } from "#app/server/write/business-writer.server";
import { Db } from "#app/server/platform/db.server";

let sequence = 0;

/** A valid business input; every call gets a fresh place id unless one is given. */
export function buildBusiness(overrides: Partial<BusinessInput> = {}): ValidBusinessInput {
  sequence += 1;
  return businessInputSchema.parse({
    placeId: `test-place-${sequence}-${crypto.randomUUID().slice(0, 8)}`,
    name: `Test Business ${sequence}`,
    category: "Plumber",
    address: `${sequence} Main St, Springfield, IL 62701`,
    city: "Springfield",
    state: "Illinois",
    stateCode: "IL",
    zipCode: "62701",
    country: "United States",
    rating: 4.5,
    reviewCount: 10,
    phone: "(217) 555-0100",
    ...overrides,
  });
}

export function testDb(): Db {
  return new Db(env.DB);
}

/** Inserts through the real write module and finishes the operation (ranks, data version). */
export async function insert(...inputs: ValidBusinessInput[]) {
  const db = testDb();
  const outcome = await insertBusinesses(db, inputs);
  await finishWrites(db);
  return outcome;
}

export async function resetDirectory() {
  await deleteAllBusinesses(testDb());
}

export async function idOf(placeId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM businesses WHERE place_id = ?1").bind(placeId).first<{ id: number }>();
  if (!row) throw new Error(`no business with place id ${placeId}`);
  return row.id;
}

/** A request through the Worker's own fetch handler, as a browser or API client would make it. */
export function request(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(`https://localatlas.test${path}`, init));
}

export async function getJson<T = unknown>(path: string): Promise<{ status: number; body: T; response: Response }> {
  const response = await request(path);
  const body = (await response.json()) as T;
  return { status: response.status, body, response };
}

/** A count the Worker reported for the request (Server-Timing: d1;dur=…;desc="rows_read=N rows_written=W queries=M round_trips=T"). */
function d1Count(response: Response, name: "rows_read" | "rows_written" | "queries" | "round_trips"): number {
  const header = response.headers.get("Server-Timing") ?? "";
  const match = new RegExp(`${name}=(\\d+)`).exec(header);
  if (!match) throw new Error(`no ${name} in Server-Timing: ${header}`);
  return Number(match[1]);
}

export const rowsRead = (response: Response) => d1Count(response, "rows_read");
export const rowsWritten = (response: Response) => d1Count(response, "rows_written");
export const queriesRun = (response: Response) => d1Count(response, "queries");
/** Round trips to D1 (a batch of statements is one). */
export const roundTrips = (response: Response) => d1Count(response, "round_trips");
