/** Async jobs as rows (their queue entries: queue.ts). */
import type { TextOperation } from '../../../contract/catalogue.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Charge } from './ledger.ts';

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

/** Locks the user's row; reads the balance and the unfinished jobs, counted up to the plan's limit. */
export const LOCK_USER = {
  name: 'lock-user-for-jobs',
  text: `select u.credits, (select count(*)::int from (select 1 from jobs where user_id = $1 and status in ('pending', 'processing') limit $2) p) as pending
         from users u where u.id = $1 for update of u`,
};

/** The job rows, in one statement. */
export const INSERT_JOBS = {
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
