/**
 * Async jobs of the text endpoints. Acceptance writes the job row, its credit charges and the
 * graphile-worker job in ONE transaction, so a job exists if and only if its charge exists. The
 * worker task runs the same operation as the synchronous endpoint; a job that fails for good is
 * marked failed and refunded in one transaction (refunds are idempotent, so retries and restarts
 * cannot refund twice). Results are readable by their owner for JOB_RESULT_HOURS after completion.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { ApiError } from './errors.ts';
import type { z } from 'zod';
import type { JobStatus } from '../../contract/schemas.ts';
import { insufficientCredits } from './credits.ts';
import { debit, refundCharges, type ChargePart } from './data/ledger.ts';
import { BatchedRounds, type Outcome } from './batched-rounds.ts';
import { durationProse, JOB_RESULT_HOURS, type TextOperation } from '../../contract/catalogue.ts';
import { enqueue, enqueueAll, type FollowUp, type QueuedTask } from './data/queue.ts';
import { findOwnJob, insertJobs, lockUserForJobs, markJobFailed, markJobSucceeded, type JobRow } from './data/jobs.ts';

type JobStatusBody = z.infer<typeof JobStatus>;

const RESULT_RETENTION_MS = JOB_RESULT_HOURS * 60 * 60 * 1000;

export interface AcceptedJob { taskId: string; balanceAfter: number }


export interface JobRequest {
  userId: number;
  maxPendingJobs: number;
  operation: TextOperation;
  input: JobRow['input'];
  words: number;
  /** The request's price, from the catalogue. */
  charges: ChargePart[];
  callbackUrl?: string;
  webhookSecret?: string;
  requestId: string;
}


/** The task that runs an accepted job (jobs/run-text-job.ts): its name, attempts and job key come from its declaration. */
type JobTask = QueuedTask<{ jobId: string }>;

/**
 * Accepts one user's async requests in ONE transaction, so a job exists if and only if its charge
 * does. With the user's row locked, each request in arrival order is refused when the user already
 * has the plan's limit of unfinished jobs (429) or the balance does not cover it (403); the others
 * are charged, written and queued together.
 */
export async function acceptJobs(db: Database, task: JobTask, userId: number, requests: JobRequest[]): Promise<Outcome<AcceptedJob>[]> {
  return db.transaction(async (tx) => {
    let { pending, credits } = await lockUserForJobs(tx, userId, Math.max(...requests.map((r) => r.maxPendingJobs)));
    // Each request in arrival order: refused, or accepted (charged and queued together below).
    const decisions = requests.map((request): { refused: ApiError } | { request: JobRequest; taskId: string } => {
      const price = request.charges.reduce((sum, part) => sum + part.amount, 0);
      if (pending >= request.maxPendingJobs) {
        return { refused: new ApiError('pending_job_limit', `The plan allows ${request.maxPendingJobs} pending async jobs; wait for one to complete.`, { limit: request.maxPendingJobs, pending }, { 'Retry-After': '5' }) };
      }
      if (credits < price) return { refused: insufficientCredits(credits, price) };
      pending += 1;
      credits -= price;
      return { request, taskId: randomUUID() };
    });
    const accepted = decisions.filter((d) => 'request' in d);
    const balances = new Map<string, number>();
    if (accepted.length > 0) {
      const items = accepted.flatMap(({ request, taskId }) => request.charges.map((part) => ({ ...part, requestId: request.requestId, jobId: taskId })));
      const charges = await debit(tx, userId, items);
      if (!charges) throw new Error('the balance changed under the row lock'); // cannot happen: the row is locked
      const jobs = accepted.map((job) => ({ ...job, charges: charges.splice(0, job.request.charges.length) }));
      await insertJobs(tx, userId, jobs.map((j) => ({ id: j.taskId, operation: j.request.operation, input: j.request.input, words: j.request.words, charges: j.charges, callbackUrl: j.request.callbackUrl, webhookSecret: j.request.webhookSecret })));
      await enqueueAll(tx, task, jobs.map((j) => ({ jobId: j.taskId })));
      for (const job of jobs) balances.set(job.taskId, job.charges[job.charges.length - 1].balanceAfter);
    }
    const balanceAfter = (taskId: string) => {
      const balance = balances.get(taskId);
      if (balance === undefined) throw new Error(`accepted job ${taskId} has no charge`); // cannot happen: each was charged above
      return balance;
    };
    return decisions.map((d): Outcome<AcceptedJob> => ('refused' in d ? { ok: false, error: d.refused } : { ok: true, value: { taskId: d.taskId, balanceAfter: balanceAfter(d.taskId) } }));
  });
}

/** Job acceptances, one user's concurrent ones in one transaction (see BatchedRounds). */
export class JobAcceptance {
  private readonly batches: BatchedRounds<number, JobRequest, AcceptedJob>;

  constructor(db: Database, task: JobTask) {
    this.batches = new BatchedRounds((userId, requests) => acceptJobs(db, task, userId, requests));
  }

  accept(request: JobRequest): Promise<AcceptedJob> {
    return this.batches.submit(request.userId, request);
  }
}


/** The body GET /api/jobs/{task_id}/ returns, and that the webhook POSTs. */
export function jobBody(job: JobRow): JobStatusBody {
  // The stored result is the success body the job's operation built.
  if (job.status === 'success' && job.result) return job.result;
  if (job.status === 'failed') return { status: 'failed', task_id: job.id, result: null, error: job.error ?? 'The job failed.', word_count: job.word_count };
  return { status: 'processing', task_id: job.id, result: null, service_name: null, execution_time: null, word_count: null, credits_remaining: null, user: { id: job.user_id } };
}

/** Reads a job for its owner; another user's job, an unknown id or an expired result is 404. */
export async function readJob(db: Database, userId: number, taskId: string, now: Date): Promise<JobStatusBody> {
  const notFound = new ApiError('not_found', `No job with this task_id (results are kept for ${durationProse(JOB_RESULT_HOURS, 'hour')} after completion).`);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(taskId)) throw notFound;
  const job = await findOwnJob(db, userId, taskId, now);
  if (!job) throw notFound;
  return jobBody(job);
}


/** Stores the result (once), and queues `onFinal` (the webhook's delivery) in the same transaction. */
export async function completeJob<P>(db: Database, job: JobRow, result: Record<string, unknown>, now: Date, onFinal?: FollowUp<P>): Promise<void> {
  await db.transaction(async (tx) => {
    const finished = await markJobSucceeded(tx, job.id, result, now, new Date(now.getTime() + RESULT_RETENTION_MS));
    if (finished && onFinal) await enqueue(tx, onFinal.task, onFinal.payload);
  });
}

/** Marks the job failed and refunds every charge, in one transaction; a second call changes nothing. */
export async function failJob<P>(db: Database, job: JobRow, message: string, now: Date, onFinal?: FollowUp<P>): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await markJobFailed(tx, job.id, message, now, new Date(now.getTime() + RESULT_RETENTION_MS)))) return;
    await refundCharges(tx, job.user_id, job.charges, { operation: 'job refund', jobId: job.id });
    if (onFinal) await enqueue(tx, onFinal.task, onFinal.payload);
  });
}

