/**
 * What the three workflows share (docs/decisions/0016-workflows.md): their steps' retry policy, a
 * Db for a step, and how an instance's state reads as a job status for the admin API.
 */
import type { WorkflowStepConfig } from "cloudflare:workers";
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
  return new Db(env.DB, { session: () => "first-primary" });
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
