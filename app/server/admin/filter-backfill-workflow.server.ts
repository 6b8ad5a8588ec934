/**
 * The filter terms of businesses stored before they existed (businesses.filter_terms is NULL for
 * rows imported before migration 20261126103000): a walk by id, as a Workflow like the duplicate
 * scan (ADR 0016). POST /api/admin/filters/backfill (or the Import tab's button) does the first
 * chunk itself and starts the job when more remain. Each chunk recomputes the terms from `about`
 * and the weekly hours (attributes.ts's filterTermsOf, as the writer does), writes only the rows
 * whose terms differ — the table's triggers keep the FTS index and attribute_counts — and stores
 * the attributes met in the vocabulary. Run twice, it writes nothing the second time.
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { attributeEntries, filterTermsOf } from "#app/lib/business/attributes";
import type { About } from "#app/lib/business/business";
import { parseOpeningHoursJson } from "#app/lib/business/hours";
import { recordAudit } from "#app/server/write/audit.server";
import type { AppContext } from "#app/server/platform/context.server";
import type { Db } from "#app/server/platform/db.server";
import { jobInstanceId, type JobState, type PagedJob, runPagedSteps, workflowJob } from "#app/server/platform/workflow-jobs.server";

/**
 * Businesses per chunk: one read and one update. A changed row rewrites its FTS entry and its
 * attribute counts (a term per listing it is in: up to 6 rows a term), so chunks stay small.
 */
export const FILTER_BACKFILL_CHUNK_ROWS = 100;
/** Businesses per workflow step. */
const FILTER_BACKFILL_STEP_ROWS = 5 * FILTER_BACKFILL_CHUNK_ROWS;

type TermSource = { id: number; about: string | null; opening_hours: string | null; filter_terms: string | null };

function parseJson<T>(text: string | null): T | null {
  try {
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** The stored terms in one spelling (null for none), so stored and recomputed terms compare by content. */
const canonicalTerms = (text: string | null) => {
  const terms = parseJson<unknown>(text);
  return Array.isArray(terms) && terms.length ? JSON.stringify(terms) : null;
};

/** Recomputes the filter terms of up to `rows` businesses with ids above `afterId`; writes the ones that differ. */
async function backfillFilterTermsAfter(
  db: Db,
  afterId: number,
  rows = FILTER_BACKFILL_CHUNK_ROWS,
): Promise<{ looked: number; updated: number; lastId: number; full: boolean }> {
  const found = await db.all<TermSource>(
    "SELECT id, about, opening_hours, filter_terms FROM businesses WHERE id > ?1 ORDER BY id LIMIT ?2",
    [afterId, rows],
  );
  if (found.length === 0) return { looked: 0, updated: 0, lastId: afterId, full: false };
  const lastId = found[found.length - 1].id;
  const abouts = found.map((b) => parseJson<About>(b.about));
  const changed: Array<[number, string | null]> = [];
  found.forEach((b, i) => {
    const terms = filterTermsOf(abouts[i], parseOpeningHoursJson(b.opening_hours));
    const text = terms ? JSON.stringify(terms) : null;
    if (text !== canonicalTerms(b.filter_terms)) changed.push([b.id, text]);
  });
  const entries = attributeEntries(abouts);
  const statements = [];
  if (changed.length) {
    statements.push(
      db.statement(`UPDATE businesses SET filter_terms = j.value ->> 1 FROM json_each(?1) AS j WHERE businesses.id = j.value ->> 0`, [
        JSON.stringify(changed),
      ]),
    );
  }
  if (entries.length) {
    // The writer's vocabulary statement: attributes not met before, their first spelling kept.
    statements.push(
      db.statement(
        `INSERT OR IGNORE INTO attributes (term, slug, label, group_name)
         SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3 FROM json_each(?1) AS j`,
        [JSON.stringify(entries.map((e) => [e.term, e.slug, e.label, e.group]))],
      ),
    );
  }
  if (changed.length) statements.push(db.statement("UPDATE site_stats SET data_version = data_version + 1 WHERE id = 1"));
  if (statements.length) await db.batch(statements);
  return { looked: found.length, updated: changed.length, lastId, full: found.length === rows };
}

type FilterBackfillParams = { afterId: number };
type FilterBackfillOutput = { updated: number };

/** Each step looks at FILTER_BACKFILL_STEP_ROWS businesses above the last id of the one before ("terms 1", "terms 2", …). */
const BACKFILL_JOB: PagedJob = {
  job: "filters",
  step: "terms",
  countKey: "updated",
  read: async (db, afterId, limit) => {
    const { updated, lastId, full } = await backfillFilterTermsAfter(db, afterId ?? 0, limit);
    return { count: updated, lastId, full };
  },
  stepRows: FILTER_BACKFILL_STEP_ROWS,
  chunkRows: FILTER_BACKFILL_CHUNK_ROWS,
};

export class FilterBackfillWorkflow extends WorkflowEntrypoint<Env, FilterBackfillParams> {
  async run(event: Readonly<WorkflowEvent<FilterBackfillParams>>, step: WorkflowStep): Promise<FilterBackfillOutput> {
    return { updated: await runPagedSteps(this.env, step, BACKFILL_JOB, event.payload.afterId) };
  }
}

const statusUrl = (jobId: string) => `/api/admin/filters/backfill?job=${jobId}`;

export type FilterBackfillAnswer = { message: string; updated: number; jobId?: string; statusUrl?: string };

/** POST /api/admin/filters/backfill: the first chunk now, the rest as a workflow; one audit row. */
export async function startFilterBackfill(app: AppContext, actor: string): Promise<FilterBackfillAnswer> {
  const first = await backfillFilterTermsAfter(app.db, 0);
  if (!first.full) {
    const message = `Updated the filters of ${first.updated} of ${first.looked} businesses.`;
    await recordAudit(app.db, { actor, action: "filter-backfill", detail: message });
    return { message, updated: first.updated };
  }
  const jobId = jobInstanceId("filters");
  await app.env.FILTER_BACKFILL_WORKFLOW.create({ id: jobId, params: { afterId: first.lastId } satisfies FilterBackfillParams });
  await recordAudit(app.db, { actor, action: "filter-backfill", detail: `Started updating every business's filters as job ${jobId}` });
  return {
    message: `Updated the filters of ${first.updated} businesses; the others are being updated in the background.`,
    updated: first.updated,
    jobId,
    statusUrl: statusUrl(jobId),
  };
}

export type FilterBackfillStatus = { status: JobState; message: string; updated: number | null };

/** GET /api/admin/filters/backfill?job=…: the job's state. */
export async function filterBackfillStatus(app: AppContext, jobId: string): Promise<FilterBackfillStatus | null> {
  const job = await workflowJob(app.env.FILTER_BACKFILL_WORKFLOW, jobId);
  if (!job) return null;
  const updated = job.state === "done" ? (job.output as FilterBackfillOutput).updated : null;
  const message =
    job.state === "done"
      ? `Updated the filters of ${updated} more businesses.`
      : job.state === "failed"
        ? `Updating the filters stopped: ${job.error ?? "unknown error"}. Start it again to finish.`
        : "Updating the businesses' filters…";
  return { status: job.state, message, updated };
}
