/**
 * An import as a Cloudflare Workflow (docs/decisions/0016-workflows.md): started by the upload, it
 * runs the import slice by slice, each slice one durable step, until the import is done or failed,
 * with no browser open and no poll. The truth stays in D1: each writer batch commits the rows with
 * the import's position and counts, so a retried or resumed step carries on after the last committed
 * batch and never counts a row twice. The step's own output is only "done / go on".
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { advanceImport, type ImportJobParams, markImportFailed, stepPlan } from "#app/server/import/import.server";
import { JOB_STEP_CONFIG, jobDb, timedStep } from "#app/server/platform/workflow-jobs.server";

/** A step's context: no request, no waitUntil needed (a step ends when its work is done). */
function stepApp(env: Env, ctx: ExecutionContext) {
  return { env, ctx, db: jobDb(env) };
}

type ImportWorkflowOutput = { importId: number; status: "done" | "failed"; slices: number };

export class ImportWorkflow extends WorkflowEntrypoint<Env, ImportJobParams> {
  async run(event: Readonly<WorkflowEvent<ImportJobParams>>, step: WorkflowStep): Promise<ImportWorkflowOutput> {
    const { importId } = event.payload;
    let slices = 0;
    try {
      for (;;) {
        slices += 1;
        // Step names repeat per slice ("slice 1", "slice 2", …): replayed after a restart, finished
        // steps return their stored result and the loop arrives where it stopped.
        const status = await step.do(`slice ${slices}`, JOB_STEP_CONFIG, async () => {
          const { state } = await timedStep("import", `slice ${slices}`, async () => {
            const row = await advanceImport(stepApp(this.env, this.ctx), importId, stepPlan(this.env, event.payload), {
              throwIfBusy: true,
            });
            return { importId, state: row?.status ?? "failed", processed: row?.processed_rows ?? 0 };
          });
          return state;
        });
        if (status === "done" || status === "failed") return { importId, status, slices };
      }
    } catch (error) {
      // The step's retries are spent (or the file turned unreadable): the history says so, and offers a retry.
      const reason = error instanceof Error ? error.message : String(error);
      await step.do("mark failed", JOB_STEP_CONFIG, async () => {
        await markImportFailed(jobDb(this.env), importId, reason);
        return true;
      });
      return { importId, status: "failed", slices };
    }
  }
}
