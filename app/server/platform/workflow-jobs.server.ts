/**
 * What the workflows share (docs/decisions/0016-workflows.md): their steps' retry policy, a Db for a
 * step, how an instance's state reads as a job status for the admin API, and the loop of a paged job
 * (delete all, SEO generation, the duplicate scan): chunks within a step, steps until one is done.
 */
import type { WorkflowStep, WorkflowStepConfig } from "cloudflare:workers";
import { benchD1 } from "#app/server/platform/d1-latency.server";
import { Db } from "#app/server/platform/db.server";

/**
 * Retries of a failed step: a D1 or R2 hiccup, or an invocation that died holding a lease (60 s).
 * Exponential from 5 s: 5, 10, 20, 40, 80 s… ten tries span about 85 minutes.
 */
export const JOB_STEP_CONFIG = {
  retries: { limit: 10, delay: "5 seconds", backoff: "exponential" },
  timeout: "10 minutes",
} satisfies WorkflowStepConfig;

/** A Db for a workflow step: it writes, so its session starts at the primary (ADR 0013). */
export function jobDb(env: Env): Db {
  return new Db(benchD1(env), { session: () => "first-primary" });
}

/** A job as the admin API tells it: running (queued, running, waiting, paused), done, or failed. */
export type JobState = "running" | "done" | "failed";

export type WorkflowJob = { state: JobState; output: unknown; error: string | null } | null;

/** The instance's state, or null when there is no such instance (an unknown or expired job id). */
export async function workflowJob(workflow: Workflow, instanceId: string): Promise<WorkflowJob> {
  let status: InstanceStatus;
  try {
    status = await (await workflow.get(instanceId)).status();
  } catch {
    return null;
  }
  const state: JobState =
    status.status === "complete" ? "done" : status.status === "errored" || status.status === "terminated" ? "failed" : "running";
  return { state, output: status.output ?? null, error: status.error?.message ?? null };
}

/** A fresh instance id for a job kind: sortable by start time, unique. */
export function jobInstanceId(kind: string): string {
  return `${kind}-${Date.now()}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Instance ids the job status calls accept (jobInstanceId's shape). */
export const JOB_ID_PATTERN = /^[a-z-]+-\d{10,16}-[0-9a-f]{8}$/;

/**
 * Runs a step's work and logs one line with its wall time (Workers Logs in production; the local
 * server's output, which `npm run bench:jobs` reads). Wall time bounds the step's CPU time from above.
 */
export async function timedStep<T extends { [key: string]: unknown }>(job: string, step: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  console.log(`[job] ${JSON.stringify({ job, step, ms: Date.now() - started, ...result })}`);
  return result;
}

/**
 * One chunk of a paged job: how many businesses it counted (deleted, filled, scanned), whether it was
 * full (so more may follow), and — for a job that walks up by id — the last id it looked at.
 */
type JobChunk = { count: number; full: boolean; lastId?: number };

/** Reads one chunk of at most `limit` businesses above `afterId` (undefined for a job with no cursor). */
export type ChunkReader = (db: Db, afterId: number | undefined, limit: number) => Promise<JobChunk>;

type ChunksDone = { count: number; lastId?: number; done: boolean };

/**
 * Chunks of at most `chunkRows` from `afterId` on, until `rows` were looked at or a chunk came back
 * short: then nothing is left (`done`).
 */
export async function runChunks(
  db: Db,
  read: ChunkReader,
  { afterId, rows, chunkRows }: { afterId?: number; rows: number; chunkRows: number },
): Promise<ChunksDone> {
  let count = 0;
  let lastId = afterId;
  for (let looked = 0; looked < rows; looked += chunkRows) {
    const chunk = await read(db, lastId, Math.min(chunkRows, rows - looked));
    count += chunk.count;
    lastId = chunk.lastId ?? lastId;
    if (!chunk.full) return { count, lastId, done: true };
  }
  return { count, lastId, done: false };
}

export type PagedJob = {
  /** The job's name in the step log ("seo"); its steps are named `${step} 1`, `${step} 2`, …. */
  job: string;
  step: string;
  /** What a step's output calls its count ("updated"). */
  countKey: string;
  read: ChunkReader;
  /** Businesses one step looks at, in chunks of `chunkRows`. */
  stepRows: number;
  chunkRows: number;
};

/** A step's output: `{ [countKey]: n, lastId?, done }`. */
type StepOutput = { [key: string]: number | boolean };

/**
 * A paged job's steps, each `runChunks` from where the one before stopped, until one is done; returns
 * the count of all. A step's output — `{ [countKey]: n, lastId, done }`, `lastId` only for a job with a
 * cursor — is what the workflow stores and returns as is when it replays a finished step after a
 * restart, so the loop arrives where it stopped; it is also the step's log line (timedStep).
 */
export async function runPagedSteps(
  env: Env,
  step: WorkflowStep,
  { job, step: name, countKey, read, stepRows, chunkRows }: PagedJob,
  afterId?: number,
): Promise<number> {
  let total = 0;
  let cursor = afterId;
  for (let n = 1; ; n++) {
    const part: StepOutput = await step.do(`${name} ${n}`, JOB_STEP_CONFIG, async () =>
      timedStep(job, `${name} ${n}`, async (): Promise<StepOutput> => {
        const { count, lastId, done } = await runChunks(jobDb(env), read, { afterId: cursor, rows: stepRows, chunkRows });
        return { [countKey]: count, ...(lastId === undefined ? {} : { lastId }), done };
      }),
    );
    total += Number(part[countKey]);
    cursor = typeof part.lastId === "number" ? part.lastId : cursor;
    if (part.done) return total;
  }
}
