/** Async jobs as rows, with their webhook delivery attempts (their queue entries: queue.ts). */
import type { z } from 'zod';
import type { TextOperation } from '../../../contract/catalogue.ts';
import type { DocumentInfo, JobStatus } from '../../../contract/schemas.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Charge } from './ledger.ts';

/** What is kept of a document beside its text, in a job's or a batch item's input (operations/documents.ts DocumentFacts). */
export interface StoredDocument {
  info: Omit<z.infer<typeof DocumentInfo>, 'text'>;
  paragraphStarts: number[];
  pageStarts: number[] | null;
}

export interface JobRow {
  id: string;
  user_id: number;
  operation: TextOperation;
  status: 'pending' | 'processing' | 'success' | 'failed';
  /** `document`: when the text was read out of a document, its facts and layout (operations/documents.ts DocumentFacts). */
  input: { content: string; detection_threshold?: number; document?: StoredDocument };
  word_count: number;
  charges: Charge[];
  callback_url: string | null;
  webhook_secret: string | null;
  /** The success body of the job's operation (a JobStatus success variant), stored as JSON. */
  result: z.infer<typeof JobStatus> | null;
  error: string | null;
  completed_at: Date | null;
}

/** Locks the user's row; reads the balance and the unfinished jobs, counted up to the plan's limit. */
const LOCK_USER = {
  name: 'lock-user-for-jobs',
  text: `select u.credits, (select count(*)::int from (select 1 from jobs where user_id = $1 and status in ('pending', 'processing') limit $2) p) as pending
         from users u where u.id = $1 for update of u`,
};

/** The job rows, in one statement. */
const INSERT_JOBS = {
  name: 'insert-jobs',
  text: `insert into jobs (id, user_id, operation, input, word_count, charges, callback_url, webhook_secret)
         select j.id, $1, j.operation, j.input, j.word_count, j.charges, j.callback_url, j.webhook_secret
         from unnest($2::uuid[], $3::text[], $4::jsonb[], $5::int[], $6::jsonb[], $7::text[], $8::text[])
           as j(id, operation, input, word_count, charges, callback_url, webhook_secret)`,
};

export async function loadJob(db: Queryable, jobId: string): Promise<JobRow | undefined> {
  const [row] = await db.query<JobRow>('select * from jobs where id = $1', [jobId]);
  return row;
}

/** Locks the user's row (in the caller's transaction); their balance and unfinished jobs, counted up to `pendingLimit`. */
export async function lockUserForJobs(tx: Queryable, userId: number, pendingLimit: number): Promise<{ pending: number; credits: number }> {
  const [user] = await tx.query<{ pending: number; credits: number }>(LOCK_USER, [userId, pendingLimit]);
  return user;
}

/** Writes the job rows of one user. */
export async function insertJobs(
  tx: Queryable,
  userId: number,
  jobs: { id: string; operation: TextOperation; input: JobRow['input']; words: number; charges: Charge[]; callbackUrl?: string; webhookSecret?: string }[],
): Promise<void> {
  await tx.query(INSERT_JOBS, [
    userId,
    jobs.map((j) => j.id),
    jobs.map((j) => j.operation),
    jobs.map((j) => JSON.stringify(j.input)),
    jobs.map((j) => j.words),
    jobs.map((j) => JSON.stringify(j.charges)),
    jobs.map((j) => j.callbackUrl ?? null),
    jobs.map((j) => j.webhookSecret ?? null),
  ]);
}

/** The owner's job, unless its result has expired. */
export async function findOwnJob(db: Queryable, userId: number, taskId: string, now: Date): Promise<JobRow | undefined> {
  const [job] = await db.query<JobRow>('select * from jobs where id = $1 and user_id = $2 and (expires_at is null or expires_at > $3)', [taskId, userId, now]);
  return job;
}

/** Marks an unfinished job succeeded with its result; false when it was already final. */
export async function markJobSucceeded(tx: Queryable, jobId: string, result: Record<string, unknown>, now: Date, expiresAt: Date): Promise<boolean> {
  const rows = await tx.query(
    "update jobs set status = 'success', result = $2, completed_at = $3, expires_at = $4 where id = $1 and status in ('pending', 'processing') returning id",
    [jobId, JSON.stringify(result), now, expiresAt],
  );
  return rows.length > 0;
}

/** Marks an unfinished job failed with its error; false when it was already final. */
export async function markJobFailed(tx: Queryable, jobId: string, error: string, now: Date, expiresAt: Date): Promise<boolean> {
  const rows = await tx.query(
    "update jobs set status = 'failed', error = $2, completed_at = $3, expires_at = $4 where id = $1 and status in ('pending', 'processing') returning id",
    [jobId, error, now, expiresAt],
  );
  return rows.length > 0;
}

/** Marks a job processing; returns undefined when it is already final (a task may run twice). */
export async function startJob(db: Database, jobId: string): Promise<JobRow | undefined> {
  const [job] = await db.query<JobRow>(
    "update jobs set status = 'processing', started_at = coalesce(started_at, now()) where id = $1 and status in ('pending', 'processing') returning *",
    [jobId],
  );
  return job;
}

export async function purgeExpiredJobs(db: Database, now: Date): Promise<number> {
  const rows = await db.query('delete from jobs where expires_at <= $1 returning id', [now]);
  return rows.length;
}

// ---------------------------------------------------------------- a user's recent jobs and their webhook deliveries

export async function recentJobRows(db: Queryable, userId: number, limit: number): Promise<(JobRow & { created_at: Date })[]> {
  return db.query<JobRow & { created_at: Date }>('select * from jobs where user_id = $1 order by created_at desc limit $2', [userId, limit]);
}

/** The column that says whose delivery an attempt is: a job's or a batch's (one table, one set of statements for both). */
export type WebhookOwner = 'job_id' | 'batch_id';
const OWNER_COLUMNS: Record<WebhookOwner, string> = { job_id: 'job_id', batch_id: 'batch_id' };

export interface WebhookAttemptRow { owner_id: string; attempt: number; attempted_at: Date; status_code: number | null; error: string | null; duration_ms: number; ok: boolean; response_body: string | null }

/** The webhook attempts of these jobs or batches, oldest first. */
export async function webhookAttemptRows(db: Queryable, owner: WebhookOwner, ownerIds: string[]): Promise<WebhookAttemptRow[]> {
  if (!ownerIds.length) return [];
  const column = OWNER_COLUMNS[owner];
  return db.query<WebhookAttemptRow>(
    `select ${column} as owner_id, attempt, attempted_at, status_code, error, duration_ms, ok, response_body from webhook_attempts where ${column} = any($1::uuid[]) order by attempted_at`,
    [ownerIds],
  );
}

/** Locks the owner's job (in the caller's transaction) with its status, callback and last delivery attempt number. */
export async function lockJobForRedelivery(tx: Queryable, userId: number, jobId: string): Promise<{ status: string; callback_url: string | null; last: number } | undefined> {
  const [job] = await tx.query<{ status: string; callback_url: string | null; last: number }>(
    'select j.status, j.callback_url, coalesce((select max(attempt) from webhook_attempts a where a.job_id = j.id), 0) as last from jobs j where j.id = $1 and j.user_id = $2 for update',
    [jobId, userId],
  );
  return job;
}

/** One webhook delivery attempt, as the delivery task records it. */
export interface WebhookAttempt {
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  ok: boolean;
  /** The start of the receiver's reply (webhooks.ts RESPONSE_BODY_KEPT characters), null when none came. */
  responseBody: string | null;
}

/** Records one attempt of a job's or a batch's delivery (in the transaction that schedules the next one, if any). */
export async function recordWebhookAttempt(tx: Queryable, owner: WebhookOwner, ownerId: string, attempt: number, result: WebhookAttempt): Promise<void> {
  await tx.query(`insert into webhook_attempts (${OWNER_COLUMNS[owner]}, attempt, attempted_at, status_code, error, duration_ms, ok, response_body) values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
    ownerId,
    attempt,
    result.at,
    result.statusCode,
    result.error,
    result.durationMs,
    result.ok,
    result.responseBody,
  ]);
}
