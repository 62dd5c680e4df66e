/**
 * What the developer portal and GET /api/account/ read and change: the account summary, usage per
 * day and service, the credit ledger, the user's own keys (listed, revoked, deleted only by their
 * owner), recent async jobs with their webhook attempts, and a second delivery on request.
 */
import { USAGE_SERVICE_OF, USAGE_SERVICES, type UsageService as Service } from '../../contract/catalogue.ts';
import type { Database, Queryable } from '../db/database.ts';
import { planOfUser } from './plans.ts';
import { ApiError } from './errors.ts';
import { USABLE_KEY } from './keys.ts';
import { jobBody, type JobRow } from './jobs.ts';
import { enqueue, type QueuedTask } from './queue.ts';
import { WEBHOOK_MAX_ATTEMPTS } from './webhooks.ts';

/**
 * Charges and refunds of one user since $2 (the period start), each with its service: the
 * catalogue's USAGE_SERVICE_OF, sent as $3 (operations) and $4 (services); a refund counts under
 * its charge's operation.
 */
const USAGE_ROWS = `select l.created_at, -l.amount as used, s.service
  from credit_ledger l left join credit_ledger c on c.id = l.refund_of
  left join unnest($3::text[], $4::text[]) as s(operation, service) on s.operation = coalesce(c.operation, l.operation)
  where l.user_id = $1 and l.kind in ('charge', 'refund') and l.created_at >= $2`;
const SERVICE_PARAMS = [Object.keys(USAGE_SERVICE_OF), Object.values(USAGE_SERVICE_OF)];

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
  const [row] = await db.query(
    `select u.id, u.email, u.credits, u.period_started_at, u.period_started_at + interval '1 month' as period_end,
            p.name, p.monthly_credits, p.max_active_keys, p.max_pending_jobs, p.image_requests_per_minute, p.humanizer_sync_per_minute
     from users u join plans p on p.name = u.plan_name where u.id = $1`,
    [userId],
  );
  if (!row) throw new ApiError('not_found', 'No such account.');
  const used = await db.query<{ service: Service | null; used: number }>(`select service, sum(used)::int as used from (${USAGE_ROWS}) x group by service`, [userId, row.period_started_at, ...SERVICE_PARAMS]);
  const usage = Object.fromEntries(USAGE_SERVICES.map((s) => [s, 0])) as Record<Service, number>;
  for (const u of used) if (u.service) usage[u.service] = u.used;
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

/** Credits used per UTC day and service since the period start. */
export async function dailyUsage(db: Database, userId: number, periodStart: string): Promise<{ date: string; service: string; credits: number }[]> {
  return db.query(
    `select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as date, service, sum(used)::int as credits
     from (${USAGE_ROWS}) x where service is not null group by 1, 2 order by 1, 2`,
    [userId, periodStart, ...SERVICE_PARAMS],
  );
}

export interface LedgerLine { id: number; time: string; kind: 'charge' | 'refund' | 'grant' | 'reset'; operation: string; request_id: string | null; task_id: string | null; credits: number; balance_after: number }

export async function ledgerPage(db: Database, userId: number, page: number, perPage: number): Promise<{ entries: LedgerLine[]; total: number }> {
  const [{ total }] = await db.query('select count(*)::int as total from credit_ledger where user_id = $1', [userId]);
  const entries = await db.query<LedgerLine>(
    `select l.id::int, to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time, l.kind,
            case when l.kind = 'refund' then 'refund: ' || c.operation else l.operation end as operation,
            l.request_id, l.job_id::text as task_id, l.amount as credits, l.balance_after
     from credit_ledger l left join credit_ledger c on c.id = l.refund_of
     where l.user_id = $1 order by l.id desc limit $2 offset $3`,
    [userId, perPage, (page - 1) * perPage],
  );
  return { entries, total };
}

// ---------------------------------------------------------------- keys of their owner

export interface PortalKeyRow {
  id: string;
  name: string;
  status: 'Active' | 'Revoked' | 'Expired';
  prefix: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}

/** A key's columns as the portal lists them, on api_keys `k`: an active key that USABLE_KEY refuses is `Expired`. */
const KEY_COLUMNS = `k.id, k.name, case when k.status = 'Active' and not ${USABLE_KEY} then 'Expired' else k.status end as status, k.prefix, k.scopes, k.created_at, k.expires_at, k.last_used_at`;

export async function listOwnKeys(db: Database, userId: number): Promise<{ keys: PortalKeyRow[]; active: number; maxActiveKeys: number }> {
  const keys = await db.query<PortalKeyRow>(`select ${KEY_COLUMNS} from api_keys k where k.user_id = $1 order by k.created_at desc`, [userId]);
  const plan = await planOfUser(db, userId);
  return { keys, active: keys.filter((k) => k.status === 'Active').length, maxActiveKeys: plan.max_active_keys };
}

export async function ownKey(db: Database, userId: number, keyId: string): Promise<PortalKeyRow> {
  const [key] = await db.query<PortalKeyRow>(`select ${KEY_COLUMNS} from api_keys k where k.id = $1 and k.user_id = $2`, [keyId, userId]);
  if (!key) throw new ApiError('not_found', 'No such API key.');
  return key;
}

export async function revokeOwnKey(db: Database, userId: number, keyId: string): Promise<PortalKeyRow> {
  const [key] = await db.query<PortalKeyRow>(
    `update api_keys k set status = 'Revoked', revoked_at = coalesce(k.revoked_at, now()) where k.id = $1 and k.user_id = $2 returning ${KEY_COLUMNS}`,
    [keyId, userId],
  );
  if (!key) throw new ApiError('not_found', 'No such API key.');
  return key;
}

export async function deleteOwnKey(db: Database, userId: number, keyId: string): Promise<void> {
  const rows = await db.query('delete from api_keys where id = $1 and user_id = $2 returning id', [keyId, userId]);
  if (!rows.length) throw new ApiError('not_found', 'No such API key.');
}

/**
 * Last used, kept cheaply: a request only notes its key in memory (at most once a minute per
 * key); one background statement every few seconds writes the noted keys together. So a request
 * costs no extra statement, and a busy key costs at most one write a minute.
 */
export class KeyUsage {
  private readonly noted = new Map<string, number>();
  private readonly pending = new Set<string>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly db: Queryable, private readonly onError: (error: unknown) => void, private readonly flushMs = 5_000) {}

  touch(keyHash: Buffer, nowMs = Date.now()): void {
    const id = keyHash.toString('hex');
    const last = this.noted.get(id);
    if (last !== undefined && nowMs - last < 60_000) return;
    if (this.noted.size > 10_000) this.noted.clear();
    this.noted.set(id, nowMs);
    this.pending.add(id);
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Writes the noted keys now (also at shutdown). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const hashes = [...this.pending].map((id) => Buffer.from(id, 'hex'));
    this.pending.clear();
    if (!hashes.length) return;
    await this.db
      .query("update api_keys set last_used_at = now() where key_hash = any($1::bytea[]) and (last_used_at is null or last_used_at < now() - interval '1 minute')", [hashes])
      .catch(this.onError);
  }
}

// ---------------------------------------------------------------- jobs and webhook deliveries

const ENDPOINTS: Record<JobRow['operation'], string> = { detectText: '/api/detector/', humanize: '/api/humanizer/', detectAndHumanize: '/api/detect-and-humanize/' };

/** Where a job's webhook stands, by its last attempt: none asked for, not sent yet, delivered, a retry to come, or given up. */
function deliveryState(callbackUrl: string | null, attempts: { ok: boolean }[], retryScheduled: boolean) {
  const last = attempts.at(-1);
  if (!callbackUrl) return 'none' as const;
  if (!last) return 'pending' as const;
  if (last.ok) return 'delivered' as const;
  return retryScheduled || attempts.length < WEBHOOK_MAX_ATTEMPTS ? ('retrying' as const) : ('gave_up' as const);
}

export async function recentJobs(db: Database, userId: number, limit = 50) {
  const jobs = await db.query<JobRow & { created_at: Date }>('select * from jobs where user_id = $1 order by created_at desc limit $2', [userId, limit]);
  const ids = jobs.map((j) => j.id);
  const attempts = ids.length
    ? await db.query<{ job_id: string; attempt: number; attempted_at: Date; status_code: number | null; error: string | null; duration_ms: number; ok: boolean; response_body: string | null }>(
        'select job_id, attempt, attempted_at, status_code, error, duration_ms, ok, response_body from webhook_attempts where job_id = any($1::uuid[]) order by attempted_at',
        [ids],
      )
    : [];
  const scheduled = ids.length
    ? await db.query<{ key: string; run_at: Date }>("select key, run_at from graphile_worker.jobs where key = any($1::text[]) and task_identifier = 'deliver_webhook'", [ids.map((id) => `webhook:${id}`)])
    : [];
  return jobs.map((job) => {
    const own = attempts.filter((a) => a.job_id === job.id);
    const nextRetry = scheduled.find((s) => s.key === `webhook:${job.id}`)?.run_at ?? null;
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
      attempts: own.map((a) => ({ attempt: a.attempt, time: a.attempted_at.toISOString(), status_code: a.status_code, error: a.error, duration_ms: a.duration_ms, ok: a.ok, response_body: a.response_body })),
      next_retry_at: nextRetry?.toISOString() ?? null,
    };
  });
}

/**
 * "Send again" of the portal: one more delivery of a finished job's result (the next attempt
 * number, the same body and webhook-id). The delivery task's declaration is handed in by the
 * composition root (platform does not import jobs/).
 */
export class WebhookRedelivery {
  constructor(private readonly db: Database, private readonly delivery: QueuedTask<{ jobId: string; attempt: number }>) {}

  async redeliver(userId: number, taskId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [job] = await tx.query<{ status: string; callback_url: string | null; last: number }>(
        'select j.status, j.callback_url, coalesce((select max(attempt) from webhook_attempts a where a.job_id = j.id), 0) as last from jobs j where j.id = $1 and j.user_id = $2 for update',
        [taskId, userId],
      );
      if (!job) throw new ApiError('not_found', 'No such job (results are kept 1 hour).');
      if (!job.callback_url) throw new ApiError('invalid_payload', 'This job has no callback_url.');
      if (job.status !== 'success' && job.status !== 'failed') throw new ApiError('invalid_payload', 'The job has not finished yet; its result is delivered when it does.');
      await enqueue(tx, this.delivery, { jobId: taskId, attempt: job.last + 1 });
    });
  }
}
