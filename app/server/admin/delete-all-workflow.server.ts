/**
 * Delete all as a job (docs/decisions/0016-workflows.md). DELETE /api/admin/delete-all
 * checks the typed word, deletes a small directory at once and otherwise starts this workflow: one
 * step marks the lists for rebuilding, then each step deletes up to DELETE_STEP_ROWS businesses in
 * atomic chunks (the triggers keep the FTS index and the summaries exact after every chunk), and a
 * last step drops the empty summary rows and settles the lists. Import history and R2 files stay.
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { recordAudit } from "#app/server/write/audit.server";
import { beginDeleteAll, DELETE_CHUNK_ROWS, deleteAllChunk, endDeleteAll } from "#app/server/write/business-writer.server";
import type { AppContext } from "#app/server/platform/context.server";
import {
  type ChunkReader,
  JOB_STEP_CONFIG,
  jobDb,
  jobInstanceId,
  type JobState,
  type PagedJob,
  runChunks,
  runPagedSteps,
  workflowJob,
} from "#app/server/platform/workflow-jobs.server";

/**
 * Businesses one step deletes: one chunk. Measured at 100,000 businesses (docs/perf/jobs.md), a
 * step of 5 chunks took 1.8–2.8 s of wall time locally (SQLite's trigger work included); one chunk
 * stays under a second even so. 1,000,000 businesses are 500 steps, within a workflow's 10,000.
 */
export const DELETE_STEP_ROWS = DELETE_CHUNK_ROWS;

type DeleteAllOutput = { deleted: number };

/** A chunk of the lowest ids; a short one means nothing is left. */
const deleteChunk: ChunkReader = async (db, _afterId, limit) => {
  const deleted = await deleteAllChunk(db, limit);
  return { count: deleted, full: deleted === limit };
};

/** Between a "begin" and an "end" step, each step deletes DELETE_STEP_ROWS businesses ("delete 1", "delete 2", …). */
const DELETE_JOB: PagedJob = {
  job: "delete-all",
  step: "delete",
  countKey: "deleted",
  read: deleteChunk,
  stepRows: DELETE_STEP_ROWS,
  chunkRows: DELETE_CHUNK_ROWS,
};

export class DeleteAllWorkflow extends WorkflowEntrypoint<Env, Record<string, never>> {
  async run(_event: Readonly<WorkflowEvent<Record<string, never>>>, step: WorkflowStep): Promise<DeleteAllOutput> {
    await step.do("begin", JOB_STEP_CONFIG, async () => {
      await beginDeleteAll(jobDb(this.env));
      return true;
    });
    const deleted = await runPagedSteps(this.env, step, DELETE_JOB);
    await step.do("end", JOB_STEP_CONFIG, async () => {
      await endDeleteAll(jobDb(this.env));
      return true;
    });
    return { deleted };
  }
}

const KEPT_NOTE = "Import history and uploaded files are kept, so data can be re-imported.";

export type DeleteAllAnswer =
  | { state: "done"; message: string; deleted: number }
  | { state: "running"; message: string; deleted: number; jobId: string; statusUrl: string; total: number };

const deleteAllStatusUrl = (jobId: string) => `/api/admin/delete-all?job=${jobId}`;

/**
 * DELETE /api/admin/delete-all's work (the word already checked): up to one chunk's worth is deleted
 * in the request; more starts the workflow. Either way one audit row says who deleted how many.
 */
export async function startDeleteAll(app: AppContext, actor: string): Promise<DeleteAllAnswer> {
  const { db } = app;
  const total = (await db.first<{ n: number }>("SELECT total_businesses AS n FROM site_stats WHERE id = 1"))?.n ?? 0;
  if (total <= DELETE_CHUNK_ROWS) {
    await beginDeleteAll(db);
    // One more than the count: a short answer proves nothing is left.
    const { count: deleted, done } = await runChunks(db, deleteChunk, { rows: DELETE_CHUNK_ROWS + 1, chunkRows: DELETE_CHUNK_ROWS });
    if (done) {
      await endDeleteAll(db);
      await recordAudit(db, { actor, action: "delete-all", detail: `Deleted all businesses (${deleted})` });
      return { state: "done", message: `Deleted ${deleted} businesses. ${KEPT_NOTE}`, deleted };
    }
    // More arrived meanwhile (a concurrent import): the workflow takes the rest.
  }
  const jobId = jobInstanceId("delete-all");
  await app.env.DELETE_ALL_WORKFLOW.create({ id: jobId });
  await recordAudit(db, { actor, action: "delete-all", detail: `Started deleting all businesses (${total}) as job ${jobId}` });
  return {
    state: "running",
    message: `Deleting ${total} businesses in the background. ${KEPT_NOTE}`,
    deleted: 0,
    jobId,
    statusUrl: deleteAllStatusUrl(jobId),
    total,
  };
}

export type DeleteAllStatus = { status: JobState; message: string; deleted: number | null; remaining: number };

/** GET /api/admin/delete-all?job=…: the job's state and how many businesses remain (site_stats: one row read). */
export async function deleteAllStatus(app: AppContext, jobId: string): Promise<DeleteAllStatus | null> {
  const job = await workflowJob(app.env.DELETE_ALL_WORKFLOW, jobId);
  if (!job) return null;
  const remaining = (await app.db.first<{ n: number }>("SELECT total_businesses AS n FROM site_stats WHERE id = 1"))?.n ?? 0;
  const deleted = job.state === "done" ? (job.output as DeleteAllOutput).deleted : null;
  const message =
    job.state === "done"
      ? `Deleted ${deleted} businesses. ${KEPT_NOTE}`
      : job.state === "failed"
        ? `Delete all stopped: ${job.error ?? "unknown error"}. ${remaining} businesses remain; start it again to finish.`
        : `Deleting… ${remaining} businesses remain.`;
  return { status: job.state, message, deleted, remaining };
}
