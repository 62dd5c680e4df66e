/**
 * What the developer portal and GET /api/account/ show beyond plain rows: the account summary,
 * recent async jobs with their webhook attempts, and a second delivery on request. (Usage, the
 * ledger and the user's own keys are read straight from data/ledger.ts and data/keys.ts.)
 */
import { durationProse, JOB_RESULT_HOURS, type UsageService as Service } from '../../contract/catalogue.ts';
import type { Database } from '../db/database.ts';
import { accountRow } from './data/accounts.ts';
import { lockJobForRedelivery, recentJobRows, webhookAttemptRows, type JobRow, type WebhookAttemptRow } from './data/jobs.ts';
import { usageByService } from './data/ledger.ts';
import { enqueue, queuedRuns, type QueuedTask } from './data/queue.ts';
import { ApiError } from './errors.ts';
import { jobBody } from './jobs.ts';
import { WEBHOOK_MAX_ATTEMPTS } from './webhooks.ts';

export interface AccountSummary {
  user_id: number;
  email: string;
  plan: string;
  credits_remaining: number;
  monthly_allotment: number;
  period_start: string;
  period_end: string;
  limits: { max_active_keys: number; max_pending_jobs: number; image_requests_per_minute: number; humanizer_sync_requests_per_minute: number };
  usage: Record<Service, number>;
}

export async function accountSummary(db: Database, userId: number): Promise<AccountSummary> {
  const row = await accountRow(db, userId);
  if (!row) throw new ApiError('not_found', 'No such account.');
  const usage = await usageByService(db, userId, row.period_started_at);
  return {
    user_id: row.id,
    email: row.email,
    plan: row.name,
    credits_remaining: row.credits,
    monthly_allotment: row.monthly_credits,
    period_start: row.period_started_at.toISOString(),
    period_end: row.period_end.toISOString(),
    limits: { max_active_keys: row.max_active_keys, max_pending_jobs: row.max_pending_jobs, image_requests_per_minute: row.image_requests_per_minute, humanizer_sync_requests_per_minute: row.humanizer_sync_per_minute },
    usage,
  };
}


// ---------------------------------------------------------------- jobs and webhook deliveries

const ENDPOINTS: Record<JobRow['operation'], string> = { detectText: '/api/detector/', humanize: '/api/humanizer/', detectAndHumanize: '/api/detect-and-humanize/' };

/** Where a job's (or a batch's) webhook stands, by its last attempt: none asked for, not sent yet, delivered, a retry to come, or given up. */
export function deliveryState(callbackUrl: string | null, attempts: { ok: boolean }[], retryScheduled: boolean) {
  const last = attempts.at(-1);
  if (!callbackUrl) return 'none' as const;
  if (!last) return 'pending' as const;
  if (last.ok) return 'delivered' as const;
  return retryScheduled || attempts.length < WEBHOOK_MAX_ATTEMPTS ? ('retrying' as const) : ('gave_up' as const);
}

/** One delivery attempt as the portal's Jobs page shows it (a job's or a batch's). */
export function attemptView(a: WebhookAttemptRow) {
  return { attempt: a.attempt, time: a.attempted_at.toISOString(), status_code: a.status_code, error: a.error, duration_ms: a.duration_ms, ok: a.ok, response_body: a.response_body };
}

/**
 * A user's webhook deliveries as the portal shows them, and its "Send again": one more delivery of
 * a finished job's result (the next attempt number, the same body and webhook-id). The delivery
 * task's declaration is handed in by the composition root (platform does not import jobs/).
 */
export class WebhookDeliveries {
  /** The job key of a job's queued delivery (one per job: its next retry is found by it). */
  private readonly keyOf: (jobId: string) => string;

  constructor(private readonly db: Database, private readonly delivery: QueuedTask<{ jobId: string; attempt: number }>) {
    const { jobKey } = delivery;
    if (!jobKey) throw new Error(`task ${delivery.name} needs a job key: a job's queued retry is found by it`);
    this.keyOf = (jobId) => jobKey({ jobId, attempt: 1 });
  }

  /** The user's recent jobs with their webhook attempts and the next retry, if one is queued. */
  async recentJobs(userId: number, limit = 50) {
    const jobs = await recentJobRows(this.db, userId, limit);
    const ids = jobs.map((j) => j.id);
    const attempts = await webhookAttemptRows(this.db, 'job_id', ids);
    const scheduled = await queuedRuns(this.db, this.delivery, ids.map(this.keyOf));
    return jobs.map((job) => {
      const own = attempts.filter((a) => a.owner_id === job.id);
      const nextRetry = scheduled.find((s) => s.key === this.keyOf(job.id))?.run_at ?? null;
      const finished = job.status === 'success' || job.status === 'failed';
      return {
        task_id: job.id,
        endpoint: ENDPOINTS[job.operation],
        status: job.status === 'success' || job.status === 'failed' ? job.status : ('processing' as const),
        created_at: job.created_at.toISOString(),
        finished_at: job.completed_at?.toISOString() ?? null,
        callback_url: job.callback_url,
        // The body every delivery POSTs (the same as GET /api/jobs/{task_id}/), once there is one to send.
        payload: job.callback_url && finished ? (jobBody(job) as Record<string, unknown>) : null,
        delivery: deliveryState(job.callback_url, own, nextRetry !== null),
        attempts: own.map(attemptView),
        next_retry_at: nextRetry?.toISOString() ?? null,
      };
    });
  }

  async redeliver(userId: number, taskId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const job = await lockJobForRedelivery(tx, userId, taskId);
      if (!job) throw new ApiError('not_found', `No such job (results are kept ${durationProse(JOB_RESULT_HOURS, 'hour')}).`);
      if (!job.callback_url) throw new ApiError('invalid_payload', 'This job has no callback_url.');
      if (job.status !== 'success' && job.status !== 'failed') throw new ApiError('invalid_payload', 'The job has not finished yet; its result is delivered when it does.');
      await enqueue(tx, this.delivery, { jobId: taskId, attempt: job.last + 1 });
    });
  }
}
