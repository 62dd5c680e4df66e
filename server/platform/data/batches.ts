/**
 * Batches as rows: the batch, its items (each with its charges, state and result), the account's
 * items in flight, and the webhook attempts of a batch. Statements and the functions that run them;
 * the rules are platform/batches.ts.
 */
import type { z } from 'zod';
import type { BatchService } from '../../../contract/catalogue.ts';
import type { BatchItem, TargetVariant } from '../../../contract/schemas.ts';
import type { Queryable } from '../../db/database.ts';
import type { StoredDocument } from './jobs.ts';
import type { Charge } from './ledger.ts';

export type BatchStatusValue = 'queued' | 'running' | 'completed' | 'completed_with_errors' | 'cancelled';
export type ItemStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface BatchRow {
  id: string;
  user_id: number;
  service: BatchService;
  /** The service's options, the same for every item. */
  options: { detection_threshold?: number; target_variant?: z.infer<typeof TargetVariant> };
  /** `queued` until the last item ends, then final (`running` is read from the items). */
  status: BatchStatusValue;
  item_count: number;
  credits_held: number;
  callback_url: string | null;
  webhook_secret: string | null;
  created_at: Date;
  cancelled_at: Date | null;
  completed_at: Date | null;
}

export interface BatchItemRow {
  id: string;
  batch_id: string;
  user_id: number;
  position: number;
  ref: string | null;
  /** `document`: when the item was a document (a file or a url), its facts and layout, to place the result in it. */
  input: { content: string; document?: StoredDocument };
  word_count: number;
  charges: Charge[];
  status: ItemStatus;
  /** Once succeeded: the body of the item's single request, stored as JSON (key order kept). */
  result: z.infer<typeof BatchItem>['result'];
  error: string | null;
}

/**
 * Every transaction that changes an account's batch items (acceptance, an item's end, a cancel)
 * takes this lock first, so they run one at a time per account: the count of items in flight and
 * "was this the batch's last item" are then read after every earlier change committed, and there
 * is one lock order (this, then rows), so no deadlock. Starting an item takes no lock but its row.
 */
const BATCH_LOCK_CLASS = 4747;
export async function lockAccountBatches(tx: Queryable, userId: number): Promise<void> {
  await tx.query({ name: 'lock-account-batches', text: 'select pg_advisory_xact_lock($1, $2)' }, [BATCH_LOCK_CLASS, userId]);
}

export async function insertBatch(
  tx: Queryable,
  batch: { id: string; userId: number; service: BatchService; options: BatchRow['options']; itemCount: number; creditsHeld: number; callbackUrl?: string; webhookSecret?: string },
): Promise<Date> {
  const [row] = await tx.query<{ created_at: Date }>(
    'insert into batches (id, user_id, service, options, item_count, credits_held, callback_url, webhook_secret) values ($1, $2, $3, $4, $5, $6, $7, $8) returning created_at',
    [batch.id, batch.userId, batch.service, JSON.stringify(batch.options), batch.itemCount, batch.creditsHeld, batch.callbackUrl ?? null, batch.webhookSecret ?? null],
  );
  return row.created_at;
}

/** The items of one batch, in order (their seq follows the insert order). */
export async function insertBatchItems(tx: Queryable, batchId: string, userId: number, items: { id: string; ref?: string; content: string; document?: StoredDocument; words: number; charges: Charge[] }[]): Promise<void> {
  await tx.query(
    {
      name: 'insert-batch-items',
      text: `insert into batch_items (id, batch_id, user_id, position, ref, input, word_count, charges)
             select i.id, $1, $2, i.n - 1, i.ref, i.input, i.words, i.charges
             from unnest($3::uuid[], $4::text[], $5::jsonb[], $6::int[], $7::jsonb[]) with ordinality as i(id, ref, input, words, charges, n)
             order by i.n`,
    },
    [batchId, userId, items.map((i) => i.id), items.map((i) => i.ref ?? null), items.map((i) => JSON.stringify({ content: i.content, document: i.document })), items.map((i) => i.words), items.map((i) => JSON.stringify(i.charges))],
  );
}

/**
 * Gives the account's waiting items the free slots: up to `cap` items dispatched and unfinished at
 * once, oldest batch first, in item order. Returns the ids to queue (in the same transaction).
 * Under lockAccountBatches.
 */
export async function dispatchWaitingItems(tx: Queryable, userId: number, cap: number): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    {
      name: 'dispatch-waiting-items',
      text: `with free as (
               select greatest($2 - count(*), 0) as slots from batch_items where user_id = $1 and dispatched and status in ('queued', 'running')
             ), next as (
               select id from batch_items where user_id = $1 and status = 'queued' and not dispatched order by seq limit (select slots from free)
             )
             update batch_items i set dispatched = true from next where i.id = next.id returning i.id`,
    },
    [userId, cap],
  );
  return rows.map((r) => r.id);
}

/** Marks a dispatched item running; undefined when it is final (cancelled, or a duplicate run of a finished one). */
export async function startBatchItem(db: Queryable, itemId: string): Promise<(BatchItemRow & { service: BatchService; options: BatchRow['options'] }) | undefined> {
  const [row] = await db.query<BatchItemRow & { service: BatchService; options: BatchRow['options'] }>(
    {
      name: 'start-batch-item',
      text: `with item as (
               update batch_items set status = 'running', started_at = coalesce(started_at, now()) where id = $1 and status in ('queued', 'running') returning *
             )
             select item.*, b.service, b.options from item join batches b on b.id = item.batch_id`,
    },
    [itemId],
  );
  return row;
}

/** Ends an unfinished item (succeeded with its result, or failed with its error); false when it was already final. */
export async function endBatchItem(tx: Queryable, itemId: string, end: { status: 'succeeded'; result: Record<string, unknown> } | { status: 'failed'; error: string }, now: Date): Promise<boolean> {
  const rows = await tx.query(
    "update batch_items set status = $2, result = $3, error = $4, completed_at = $5 where id = $1 and status in ('queued', 'running') returning id",
    [itemId, end.status, end.status === 'succeeded' ? JSON.stringify(end.result) : null, end.status === 'failed' ? end.error : null, now],
  );
  return rows.length > 0;
}

/** Cancels the batch's items that have not started; returns them (with their charges, to refund). Under lockAccountBatches. */
export async function cancelQueuedItems(tx: Queryable, batchId: string, message: string, now: Date): Promise<BatchItemRow[]> {
  const items = await tx.query<BatchItemRow>("update batch_items set status = 'cancelled', error = $2, completed_at = $3 where batch_id = $1 and status = 'queued' returning *", [batchId, message, now]);
  // Only a cancel that cancelled something makes the batch end as `cancelled`.
  if (items.length) await tx.query('update batches set cancelled_at = coalesce(cancelled_at, $2) where id = $1', [batchId, now]);
  return items;
}

/**
 * Ends the batch when none of its items is unfinished: its final status from its items, its
 * completion time and expiry. Returns the batch when this call ended it (exactly one caller does:
 * the statement is conditional and runs under lockAccountBatches).
 */
export async function endBatchIfDone(tx: Queryable, batchId: string, now: Date, expiresAt: Date): Promise<BatchRow | undefined> {
  const [row] = await tx.query<BatchRow>(
    {
      name: 'end-batch-if-done',
      text: `update batches b set
               status = case when b.cancelled_at is not null then 'cancelled'
                             when exists (select 1 from batch_items i where i.batch_id = b.id and i.status = 'failed') then 'completed_with_errors'
                             else 'completed' end,
               completed_at = $2, expires_at = $3
             where b.id = $1 and b.completed_at is null
               and not exists (select 1 from batch_items i where i.batch_id = b.id and i.status in ('queued', 'running'))
             returning b.*`,
    },
    [batchId, now, expiresAt],
  );
  return row;
}

export async function loadBatch(db: Queryable, batchId: string): Promise<BatchRow | undefined> {
  const [row] = await db.query<BatchRow>('select * from batches where id = $1', [batchId]);
  return row;
}

/** The owner's batch, unless it has expired. */
export async function findOwnBatch(db: Queryable, userId: number, batchId: string, now: Date): Promise<BatchRow | undefined> {
  const [row] = await db.query<BatchRow>('select * from batches where id = $1 and user_id = $2 and (expires_at is null or expires_at > $3)', [batchId, userId, now]);
  return row;
}

/** Per item state: how many items, the credits their charges took and the credits refunded of them. */
export interface StateTotals {
  status: ItemStatus;
  items: number;
  held: number;
  refunded: number;
}

export async function batchTotals(db: Queryable, batchId: string): Promise<StateTotals[]> {
  return db.query<StateTotals>(
    {
      name: 'batch-totals',
      text: `select i.status, count(*)::int as items, coalesce(sum(c.held), 0)::int as held, coalesce(sum(c.refunded), 0)::int as refunded
             from batch_items i
             cross join lateral (
               select sum((charge->>'amount')::int) as held, sum(r.amount) as refunded
               from jsonb_array_elements(i.charges) charge left join credit_ledger r on r.refund_of = (charge->>'id')::bigint
             ) c
             where i.batch_id = $1 group by i.status`,
    },
    [batchId],
  );
}

/** One page of a batch's items, from position `from`. */
export async function batchItemsPage(db: Queryable, batchId: string, from: number, limit: number): Promise<Pick<BatchItemRow, 'position' | 'ref' | 'status' | 'result' | 'error'>[]> {
  return db.query('select position, ref, status, result, error from batch_items where batch_id = $1 and position >= $2 order by position limit $3', [batchId, from, limit]);
}

export async function purgeExpiredBatches(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query('delete from batches where expires_at <= $1 returning id', [now]);
  return rows.length;
}

// ---------------------------------------------------------------- the portal's view

export async function recentBatchRows(db: Queryable, userId: number, limit: number): Promise<BatchRow[]> {
  return db.query<BatchRow>('select * from batches where user_id = $1 order by created_at desc limit $2', [userId, limit]);
}

/** The items of these batches without their results (the portal lists them). */
export async function itemRowsOf(db: Queryable, batchIds: string[]): Promise<Pick<BatchItemRow, 'batch_id' | 'position' | 'ref' | 'status' | 'error'>[]> {
  if (!batchIds.length) return [];
  return db.query('select batch_id, position, ref, status, error from batch_items where batch_id = any($1::uuid[]) order by batch_id, position', [batchIds]);
}
