/**
 * Async jobs of the text endpoints. Acceptance writes the job row, its credit charges and the
 * graphile-worker job in ONE transaction, so a job exists if and only if its charge exists. The
 * worker task runs the same operation as the synchronous endpoint; a job that fails for good is
 * marked failed and refunded in one transaction (refunds are idempotent, so retries and restarts
 * cannot refund twice). Results are readable by their owner for 1 hour after completion.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from './errors.ts';
import { chargeParts, refundCharge, type Charge } from './credits.ts';
import { textCharges, type TextOperation } from '../operations/text.ts';

export const RESULT_RETENTION_MS = 60 * 60 * 1000;

export interface AcceptedJob { taskId: string; balanceAfter: number }

export interface JobRow {
  id: string;
  user_id: number;
  operation: TextOperation;
  status: 'pending' | 'processing' | 'success' | 'failed';
  input: { content: string; detection_threshold?: number };
  word_count: number;
  charges: Charge[];
  callback_url: string | null;
  webhook_secret: string | null;
  result: Record<string, unknown> | null;
  error: string | null;
  completed_at: Date | null;
}

/** Enqueues a graphile-worker job on the given transaction (visible to workers only after COMMIT). */
export async function enqueue(tx: Queryable, task: string, payload: unknown, options: { jobKey?: string; maxAttempts?: number; runAt?: Date } = {}): Promise<void> {
  await tx.query('select graphile_worker.add_job($1, $2::json, job_key := $3, max_attempts := $4, run_at := $5)', [
    task,
    JSON.stringify(payload),
    options.jobKey ?? null,
    options.maxAttempts ?? 25,
    options.runAt ?? null,
  ]);
}

export const RUN_JOB_MAX_ATTEMPTS = 3;

export async function acceptJob(
  db: Database,
  request: { userId: number; maxPendingJobs: number; operation: TextOperation; input: JobRow['input']; words: number; callbackUrl?: string; webhookSecret?: string; requestId: string },
): Promise<AcceptedJob> {
  const taskId = randomUUID();
  return db.transaction(async (tx) => {
    // The user row lock serialises acceptances per user, so the pending count cannot be raced past.
    await tx.query('select 1 from users where id = $1 for update', [request.userId]);
    const [{ pending }] = await tx.query("select count(*)::int as pending from jobs where user_id = $1 and status in ('pending', 'processing')", [request.userId]);
    if (pending >= request.maxPendingJobs) {
      throw new ApiError('pending_job_limit', `The plan allows ${request.maxPendingJobs} pending async jobs; wait for one to complete.`, { limit: request.maxPendingJobs, pending }, { 'Retry-After': '5' });
    }
    const charges = await chargeParts(tx, request.userId, textCharges(request.operation, request.words), { requestId: request.requestId, jobId: taskId });
    await tx.query(
      `insert into jobs (id, user_id, operation, input, word_count, charges, callback_url, webhook_secret)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [taskId, request.userId, request.operation, JSON.stringify(request.input), request.words, JSON.stringify(charges), request.callbackUrl ?? null, request.webhookSecret ?? null],
    );
    await enqueue(tx, 'run_job', { jobId: taskId }, { jobKey: `job:${taskId}`, maxAttempts: RUN_JOB_MAX_ATTEMPTS });
    return { taskId, balanceAfter: charges[charges.length - 1].balanceAfter };
  });
}

export async function loadJob(db: Queryable, jobId: string): Promise<JobRow | undefined> {
  const [row] = await db.query<JobRow>('select * from jobs where id = $1', [jobId]);
  return row;
}

/** The body GET /api/jobs/{task_id}/ returns, and that the webhook POSTs. */
export function jobBody(job: JobRow): Record<string, unknown> {
  if (job.status === 'success' && job.result) return job.result;
  if (job.status === 'failed') return { status: 'failed', task_id: job.id, result: null, error: job.error ?? 'The job failed.', word_count: job.word_count };
  return { status: 'processing', task_id: job.id, result: null, service_name: null, execution_time: null, word_count: null, credits_remaining: null, user: { id: job.user_id } };
}

/** Reads a job for its owner; another user's job, an unknown id or an expired result is 404. */
export async function readJob(db: Database, userId: number, taskId: string, now: Date): Promise<Record<string, unknown>> {
  const notFound = new ApiError('not_found', 'No job with this task_id (results are kept for 1 hour after completion).');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(taskId)) throw notFound;
  const [job] = await db.query<JobRow>('select * from jobs where id = $1 and user_id = $2 and (expires_at is null or expires_at > $3)', [taskId, userId, now]);
  if (!job) throw notFound;
  return jobBody(job);
}

/** Marks a job processing; returns undefined when it is already final (a task may run twice). */
export async function startJob(db: Database, jobId: string): Promise<JobRow | undefined> {
  const [job] = await db.query<JobRow>(
    "update jobs set status = 'processing', started_at = coalesce(started_at, now()) where id = $1 and status in ('pending', 'processing') returning *",
    [jobId],
  );
  return job;
}

/** Stores the result (once) and enqueues the webhook delivery in the same transaction. */
export async function completeJob(db: Database, job: JobRow, result: Record<string, unknown>, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.query(
      "update jobs set status = 'success', result = $2, completed_at = $3, expires_at = $4 where id = $1 and status in ('pending', 'processing') returning id",
      [job.id, JSON.stringify(result), now, new Date(now.getTime() + RESULT_RETENTION_MS)],
    );
    if (rows.length && job.callback_url) await enqueue(tx, 'deliver_webhook', { jobId: job.id, attempt: 1 }, { jobKey: `webhook:${job.id}`, maxAttempts: 1 });
  });
}

/** Marks the job failed and refunds every charge, in one transaction; a second call changes nothing. */
export async function failJob(db: Database, job: JobRow, message: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.query(
      "update jobs set status = 'failed', error = $2, completed_at = $3, expires_at = $4 where id = $1 and status in ('pending', 'processing') returning id",
      [job.id, message, now, new Date(now.getTime() + RESULT_RETENTION_MS)],
    );
    if (!rows.length) return;
    for (const charge of job.charges) await refundCharge(tx, job.user_id, charge, { operation: 'job refund', jobId: job.id });
    if (job.callback_url) await enqueue(tx, 'deliver_webhook', { jobId: job.id, attempt: 1 }, { jobKey: `webhook:${job.id}`, maxAttempts: 1 });
  });
}

export async function purgeExpiredJobs(db: Database, now: Date): Promise<number> {
  const rows = await db.query('delete from jobs where expires_at <= $1 returning id', [now]);
  return rows.length;
}
