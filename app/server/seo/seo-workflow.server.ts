/**
 * SEO generation for everyone as a job (docs/decisions/0016-workflows.md): one click.
 * POST /api/admin/generate-seo fills the first chunk itself (a small directory is done in that one
 * call, as before) and, when more may remain, starts this workflow: each step fills up to
 * SEO_STEP_ROWS businesses above the previous step's last id, chunk by chunk, until a chunk comes back
 * short. An admin's own text is never overwritten (fillSeoContent), so a step run twice writes nothing new.
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { recordAudit } from "#app/server/write/audit.server";
import { hasGeneratedText, siteConfig, type SiteConfig } from "#app/server/platform/config.server";
import type { AppContext } from "#app/server/platform/context.server";
import { fillSeoAfter, generatedTextOffMessage, SEO_CHUNK_ROWS, seoRemaining } from "#app/server/seo/seo.server";
import { jobInstanceId, type JobState, type PagedJob, runPagedSteps, workflowJob } from "#app/server/platform/workflow-jobs.server";

/** Businesses one step fills: a couple of chunks, well under a second of a Worker's CPU (docs/perf/jobs.md). */
export const SEO_STEP_ROWS = 2 * SEO_CHUNK_ROWS;

type SeoJobParams = { afterId: number };
type SeoJobOutput = { updated: number };

/**
 * Each step fills SEO_STEP_ROWS businesses above the last id of the one before ("seo 1", "seo 2", …),
 * with text in `locale`.
 */
const seoJob = (locale: string): PagedJob => ({
  job: "seo",
  step: "seo",
  countKey: "updated",
  read: async (db, afterId, limit) => {
    const { updated, lastId, full } = await fillSeoAfter(db, afterId ?? 0, limit, locale);
    return { count: updated, lastId, full };
  },
  stepRows: SEO_STEP_ROWS,
  chunkRows: SEO_CHUNK_ROWS,
});

/** Stored text is the default locale's (ADR 0021): generation writes it when that locale has generated text. */
const writesText = (config: SiteConfig) => hasGeneratedText(config, config.localeSettings.defaultLocale);

export class SeoWorkflow extends WorkflowEntrypoint<Env, SeoJobParams> {
  async run(event: Readonly<WorkflowEvent<SeoJobParams>>, step: WorkflowStep): Promise<SeoJobOutput> {
    // Turned off while a job was waiting: it writes nothing more.
    const config = siteConfig(this.env);
    if (!writesText(config)) return { updated: 0 };
    return { updated: await runPagedSteps(this.env, step, seoJob(config.localeSettings.defaultLocale), event.payload.afterId) };
  }
}

const seoStatusUrl = (jobId: string) => `/api/admin/generate-seo?job=${jobId}`;

/**
 * The spec's `message, updated` (updated: what this call filled itself), `remaining` (the tab repeats
 * until it is 0), and the job when one started.
 */
export type SeoAnswer = { message: string; updated: number; remaining: number; jobId?: string; statusUrl?: string };

/** POST /api/admin/generate-seo's work: the first chunk now, the rest as a workflow; one audit row. */
export async function startSeoGeneration(app: AppContext, actor: string): Promise<SeoAnswer> {
  const { db } = app;
  const config = siteConfig(app.env);
  const locale = config.localeSettings.defaultLocale;
  if (!writesText(config)) {
    return { message: generatedTextOffMessage(app.env.GENERATED_TEXT, locale), updated: 0, remaining: await seoRemaining(db) };
  }
  const first = await fillSeoAfter(db, 0, SEO_CHUNK_ROWS, locale);
  if (!first.full) {
    const message =
      first.updated === 0 ? "Every business already has SEO content." : `Generated SEO content for ${first.updated} businesses.`;
    if (first.updated) await recordAudit(db, { actor, action: "seo", detail: `Generated SEO content for ${first.updated} businesses` });
    return { message, updated: first.updated, remaining: 0 };
  }
  const remaining = await seoRemaining(db);
  if (remaining === 0) {
    await recordAudit(db, { actor, action: "seo", detail: `Generated SEO content for ${first.updated} businesses` });
    return { message: `Generated SEO content for ${first.updated} businesses.`, updated: first.updated, remaining: 0 };
  }
  const jobId = jobInstanceId("seo");
  await app.env.SEO_WORKFLOW.create({ id: jobId, params: { afterId: first.lastId } satisfies SeoJobParams });
  await recordAudit(db, {
    actor,
    action: "seo",
    detail: `Generated SEO content for ${first.updated} businesses; started job ${jobId} for the other ${remaining}`,
  });
  return {
    message: `Generated SEO content for ${first.updated} businesses; the other ${remaining} are being generated in the background.`,
    updated: first.updated,
    remaining,
    jobId,
    statusUrl: seoStatusUrl(jobId),
  };
}

export type SeoJobStatus = { status: JobState; message: string; updated: number | null; remaining: number };

/** GET /api/admin/generate-seo?job=…: the job's state and what remains (a count over the partial index). */
export async function seoJobStatus(app: AppContext, jobId: string): Promise<SeoJobStatus | null> {
  const job = await workflowJob(app.env.SEO_WORKFLOW, jobId);
  if (!job) return null;
  const remaining = await seoRemaining(app.db);
  const updated = job.state === "done" ? (job.output as SeoJobOutput).updated : null;
  const message =
    job.state === "done"
      ? `Generated SEO content for ${updated} more businesses in the background.`
      : job.state === "failed"
        ? `SEO generation stopped: ${job.error ?? "unknown error"}. ${remaining} businesses still have none; start it again to finish.`
        : `Generating SEO content… ${remaining} businesses remaining.`;
  return { status: job.state, message, updated, remaining };
}
