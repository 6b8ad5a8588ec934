/**
 * The duplicate keys of businesses stored before they existed (ADR 0019): a one-time scan
 * by id range, as a Workflow like SEO generation (ADR 0016). POST /api/admin/duplicates
 * `{action: "scan"}` does the first chunk itself and starts the job when more remain; each step
 * writes the keys of DUPLICATE_SCAN_STEP_ROWS businesses above the previous step's last id and looks
 * up their candidates. Going up by id finds every pair: the later of two finds the earlier. A step
 * run twice writes the same keys and no new pair.
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { duplicateKeyValues } from "#app/lib/business/duplicate-keys";
import { recordAudit } from "#app/server/write/audit.server";
import type { AppContext } from "#app/server/platform/context.server";
import type { Db } from "#app/server/platform/db.server";
import { candidateStatements } from "#app/server/write/duplicate-writes.server";
import { jobInstanceId, type JobState, type PagedJob, runPagedSteps, workflowJob } from "#app/server/platform/workflow-jobs.server";

/** Businesses per chunk: one read, one keys statement (a ~100 kB JSON parameter), two lookups. */
export const DUPLICATE_SCAN_CHUNK_ROWS = 1000;
/** Businesses per workflow step: a few chunks, well under a second of CPU. */
const DUPLICATE_SCAN_STEP_ROWS = 5 * DUPLICATE_SCAN_CHUNK_ROWS;

type KeySource = { id: number; name: string; phone: string | null; latitude: number | null; longitude: number | null };

/** Keys and candidates of up to `rows` businesses with ids above `afterId`. */
export async function scanDuplicatesAfter(
  db: Db,
  afterId: number,
  rows = DUPLICATE_SCAN_CHUNK_ROWS,
): Promise<{ scanned: number; lastId: number; full: boolean }> {
  const found = await db.all<KeySource>("SELECT id, name, phone, latitude, longitude FROM businesses WHERE id > ?1 ORDER BY id LIMIT ?2", [
    afterId,
    rows,
  ]);
  if (found.length === 0) return { scanned: 0, lastId: afterId, full: false };
  const lastId = found[found.length - 1].id;
  await db.batch([
    db.statement(
      `INSERT INTO duplicate_keys (business_id, name_key, phone_key, latitude, longitude, cos_lat)
       SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5 FROM json_each(?1) AS j WHERE true
       ON CONFLICT(business_id) DO UPDATE SET name_key = excluded.name_key, phone_key = excluded.phone_key,
         latitude = excluded.latitude, longitude = excluded.longitude, cos_lat = excluded.cos_lat`,
      [JSON.stringify(found.map((b) => [b.id, ...duplicateKeyValues(b)]))],
    ),
    ...candidateStatements(db, "k.business_id > ?1 AND k.business_id <= ?2", [afterId, lastId]),
  ]);
  return { scanned: found.length, lastId, full: found.length === rows };
}

type DuplicateScanParams = { afterId: number };
type DuplicateScanOutput = { scanned: number };

/** Each step scans DUPLICATE_SCAN_STEP_ROWS businesses above the last id of the one before ("scan 1", "scan 2", …). */
const SCAN_JOB: PagedJob = {
  job: "duplicates",
  step: "scan",
  countKey: "scanned",
  read: async (db, afterId, limit) => {
    const { scanned, lastId, full } = await scanDuplicatesAfter(db, afterId ?? 0, limit);
    return { count: scanned, lastId, full };
  },
  stepRows: DUPLICATE_SCAN_STEP_ROWS,
  chunkRows: DUPLICATE_SCAN_CHUNK_ROWS,
};

export class DuplicateScanWorkflow extends WorkflowEntrypoint<Env, DuplicateScanParams> {
  async run(event: Readonly<WorkflowEvent<DuplicateScanParams>>, step: WorkflowStep): Promise<DuplicateScanOutput> {
    return { scanned: await runPagedSteps(this.env, step, SCAN_JOB, event.payload.afterId) };
  }
}

const duplicateScanStatusUrl = (jobId: string) => `/api/admin/duplicates?job=${jobId}`;

export type DuplicateScanAnswer = { message: string; scanned: number; jobId?: string; statusUrl?: string };

/** POST /api/admin/duplicates `{action: "scan"}`: the first chunk now, the rest as a workflow; one audit row. */
export async function startDuplicateScan(app: AppContext, actor: string): Promise<DuplicateScanAnswer> {
  const first = await scanDuplicatesAfter(app.db, 0);
  if (!first.full) {
    await recordAudit(app.db, { actor, action: "duplicate-scan", detail: `Compared ${first.scanned} businesses for duplicates` });
    return { message: `Compared ${first.scanned} businesses for duplicates.`, scanned: first.scanned };
  }
  const jobId = jobInstanceId("duplicates");
  await app.env.DUPLICATE_SCAN_WORKFLOW.create({ id: jobId, params: { afterId: first.lastId } satisfies DuplicateScanParams });
  await recordAudit(app.db, { actor, action: "duplicate-scan", detail: `Started comparing every business for duplicates as job ${jobId}` });
  return {
    message: `Compared ${first.scanned} businesses; the others are being compared in the background.`,
    scanned: first.scanned,
    jobId,
    statusUrl: duplicateScanStatusUrl(jobId),
  };
}

export type DuplicateScanStatus = { status: JobState; message: string; scanned: number | null };

/** GET /api/admin/duplicates?job=…: the job's state. */
export async function duplicateScanStatus(app: AppContext, jobId: string): Promise<DuplicateScanStatus | null> {
  const job = await workflowJob(app.env.DUPLICATE_SCAN_WORKFLOW, jobId);
  if (!job) return null;
  const scanned = job.state === "done" ? (job.output as DuplicateScanOutput).scanned : null;
  const message =
    job.state === "done"
      ? `Compared ${scanned} more businesses for duplicates.`
      : job.state === "failed"
        ? `The duplicate scan stopped: ${job.error ?? "unknown error"}. Start it again to finish.`
        : "Comparing businesses for duplicates…";
  return { status: job.state, message, scanned };
}
