/**
 * Batches: many items of one service in one request (POST /api/batches/).
 *
 * Acceptance charges every item, writes the batch and its items and queues the first of them in ONE
 * transaction, so the credits of the whole batch are held before anything runs and a batch never
 * overdraws. Each item is a graphile-worker job of its own (jobs/run-batch-item.ts), but only up to
 * `inFlightPerAccount` items of one account are queued at a time: an item's end passes its slot to
 * the account's next waiting item in the transaction that stores its result (fan-out by slots, no
 * second queue), so one account's 100 items never take every worker from the others. The item whose
 * end leaves none unfinished ends the batch in that same transaction and queues its one webhook
 * (fan-in in the database). Items already charged are refunded once when they fail or are
 * cancelled; a killed worker's item runs again (its state changes are conditional), never charging
 * twice. Finished batches are kept JOB_RESULT_HOURS, like job results.
 */
import { randomUUID } from 'node:crypto';
import { durationProse, JOB_RESULT_HOURS, type BatchService, type ChargePart } from '../../contract/catalogue.ts';
import type { Database, Queryable } from '../db/database.ts';
import { insufficientCredits } from './credits.ts';
import {
  batchItemsPage,
  batchTotals,
  cancelQueuedItems,
  dispatchWaitingItems,
  endBatchIfDone,
  endBatchItem,
  findOwnBatch,
  insertBatch,
  insertBatchItems,
  itemRowsOf,
  lockAccountBatches,
  recentBatchRows,
  type BatchItemRow,
  type BatchRow,
  type BatchStatusValue,
  type ItemStatus,
} from './data/batches.ts';
import { balanceOf, debit, refundCharges } from './data/ledger.ts';
import { enqueue, enqueueAll, queuedRuns, type QueuedTask } from './data/queue.ts';
import { ApiError } from './errors.ts';
import { webhookAttemptRows, type StoredDocument } from './data/jobs.ts';
import { attemptView, deliveryState } from './portal-views.ts';

const RESULT_RETENTION_MS = JOB_RESULT_HOURS * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BatchRequest {
  userId: number;
  service: BatchService;
  options: BatchRow['options'];
  /** Items that passed their checks (operations/batch.ts), with their words and price. */
  items: { content: string; document?: StoredDocument; ref?: string; words: number; charges: ChargePart[] }[];
  callbackUrl?: string;
  webhookSecret?: string;
  requestId: string;
}

export interface AcceptedBatch {
  batchId: string;
  creditsHeld: number;
  balanceAfter: number;
}

/** The two tasks a batch queues, declared in jobs/ and handed in by the composition root. */
export interface BatchTasks {
  item: QueuedTask<{ itemId: string }>;
  webhook: QueuedTask<{ batchId: string; attempt: number }>;
}

const COUNTED_STATES: ItemStatus[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];

/** A batch without its items: GET's first fields, and the webhook's body after its `type`. */
async function batchSummary(db: Queryable, batch: BatchRow) {
  const totals = await batchTotals(db, batch.id);
  const counts = Object.fromEntries(COUNTED_STATES.map((state) => [state, totals.find((t) => t.status === state)?.items ?? 0])) as Record<ItemStatus, number>;
  const succeeded = totals.find((t) => t.status === 'succeeded');
  // Stored as `queued` until the batch ends; whether it has begun is read from its items.
  const status: BatchStatusValue = batch.status !== 'queued' ? batch.status : counts.queued === batch.item_count ? 'queued' : 'running';
  return {
    batch_id: batch.id,
    service: batch.service,
    status,
    created_at: batch.created_at.toISOString(),
    completed_at: batch.completed_at?.toISOString() ?? null,
    item_count: batch.item_count,
    counts,
    credits_held: batch.credits_held,
    credits_charged: succeeded ? succeeded.held - succeeded.refunded : 0,
    credits_refunded: totals.reduce((sum, t) => sum + t.refunded, 0),
    user: { id: batch.user_id },
  };
}

/** The body of a batch's one `batch.completed` webhook. */
export async function batchCompletedEvent(db: Queryable, batch: BatchRow) {
  return { type: 'batch.completed' as const, ...(await batchSummary(db, batch)) };
}

function notFound(): ApiError {
  return new ApiError('not_found', `No batch with this batch_id (batches are kept for ${durationProse(JOB_RESULT_HOURS, 'hour')} after their last item ended).`);
}

/** Acceptance, the items' ends, cancel and the reads of batches. */
export class Batches {
  constructor(
    private readonly db: Database,
    private readonly tasks: BatchTasks,
    /** Items of one account queued or running at once. */
    readonly inFlightPerAccount: number,
  ) {}

  /**
   * Charges every item (403 with the total and the balance when it does not cover them all), writes
   * the batch and its items, and queues as many as the account's free slots allow, in one transaction.
   */
  async accept(request: BatchRequest): Promise<AcceptedBatch> {
    const { userId, items, requestId } = request;
    return this.db.transaction(async (tx) => {
      await lockAccountBatches(tx, userId);
      const batchId = randomUUID();
      const ids = items.map(() => randomUUID());
      const total = items.reduce((sum, item) => sum + item.charges.reduce((s, part) => s + part.amount, 0), 0);
      const charges = await debit(tx, userId, items.flatMap((item, i) => item.charges.map((part) => ({ ...part, requestId, jobId: ids[i] }))));
      if (!charges) throw insufficientCredits(await balanceOf(tx, userId), total);
      const balanceAfter = charges[charges.length - 1].balanceAfter;
      await insertBatch(tx, { id: batchId, userId, service: request.service, options: request.options, itemCount: items.length, creditsHeld: total, callbackUrl: request.callbackUrl, webhookSecret: request.webhookSecret });
      await insertBatchItems(tx, batchId, userId, items.map((item, i) => ({ id: ids[i], ref: item.ref, content: item.content, document: item.document, words: item.words, charges: charges.splice(0, item.charges.length) })));
      await this.dispatch(tx, userId);
      return { batchId, creditsHeld: total, balanceAfter };
    });
  }

  /** Stores a succeeded item's result (once) and passes its slot on. */
  succeed(item: BatchItemRow, result: Record<string, unknown>, now: Date): Promise<void> {
    return this.end(item, { status: 'succeeded', result }, now);
  }

  /** Marks an item failed for good and refunds its charges, once, and passes its slot on. */
  fail(item: BatchItemRow, message: string, now: Date): Promise<void> {
    return this.end(item, { status: 'failed', error: message }, now);
  }

  private async end(item: BatchItemRow, end: Parameters<typeof endBatchItem>[2], now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockAccountBatches(tx, item.user_id);
      if (!(await endBatchItem(tx, item.id, end, now))) return; // already final: a duplicate run
      if (end.status === 'failed') await refundCharges(tx, item.user_id, item.charges, { operation: 'batch item refund', jobId: item.id });
      await this.afterItemsEnded(tx, item.user_id, item.batch_id, now);
    });
  }

  /** Cancels the batch's items that have not started and refunds each, once; the batch with the number cancelled. */
  async cancel(userId: number, batchId: string, now: Date) {
    if (!UUID.test(batchId)) throw notFound();
    const cancelled = await this.db.transaction(async (tx) => {
      if (!(await findOwnBatch(tx, userId, batchId, now))) throw notFound();
      await lockAccountBatches(tx, userId);
      const items = await cancelQueuedItems(tx, batchId, 'Cancelled before it started; the credits were refunded.', now);
      for (const item of items) await refundCharges(tx, userId, item.charges, { operation: 'batch item cancelled', jobId: item.id });
      if (items.length > 0) await this.afterItemsEnded(tx, userId, batchId, now);
      return items.length;
    });
    const batch = await findOwnBatch(this.db, userId, batchId, now);
    if (!batch) throw notFound();
    return { ...(await batchSummary(this.db, batch)), cancelled_items: cancelled };
  }

  /** The batch and one page of its items, for its owner; another user's, an unknown or an expired batch is 404. */
  async read(userId: number, batchId: string, page: { cursor?: string; limit: number }, now: Date) {
    if (!UUID.test(batchId)) throw notFound();
    if (page.cursor !== undefined && !/^\d{1,6}$/.test(page.cursor)) throw new ApiError('invalid_payload', 'cursor: not a cursor of this batch (pass next_cursor as it was given).');
    const batch = await findOwnBatch(this.db, userId, batchId, now);
    if (!batch) throw notFound();
    const from = Number(page.cursor ?? 0);
    const items = await batchItemsPage(this.db, batchId, from, page.limit);
    const next = from + page.limit < batch.item_count ? String(from + page.limit) : null;
    return {
      ...(await batchSummary(this.db, batch)),
      items: items.map((item) => ({ index: item.position, ref: item.ref, status: item.status, result: item.result, error: item.error })),
      next_cursor: next,
    };
  }

  /** The account's recent batches for the portal's Jobs page: state, items (without results) and webhook deliveries. */
  async recent(userId: number, limit = 20) {
    const batches = await recentBatchRows(this.db, userId, limit);
    const ids = batches.map((b) => b.id);
    const [items, attempts, scheduled] = await Promise.all([itemRowsOf(this.db, ids), webhookAttemptRows(this.db, 'batch_id', ids), queuedRuns(this.db, this.tasks.webhook, ids.map((id) => this.webhookKey(id)))]);
    return Promise.all(
      batches.map(async (batch) => {
        const own = attempts.filter((a) => a.owner_id === batch.id);
        const nextRetry = scheduled.find((s) => s.key === this.webhookKey(batch.id))?.run_at ?? null;
        const summary = await batchSummary(this.db, batch);
        return {
          ...summary,
          callback_url: batch.callback_url,
          delivery: deliveryState(batch.callback_url, own, nextRetry !== null),
          attempts: own.map(attemptView),
          next_retry_at: nextRetry?.toISOString() ?? null,
          items: items.filter((i) => i.batch_id === batch.id).map((i) => ({ index: i.position, ref: i.ref, status: i.status, error: i.error })),
        };
      }),
    );
  }

  private webhookKey(batchId: string): string {
    return this.tasks.webhook.jobKey?.({ batchId, attempt: 1 }) ?? batchId;
  }

  /** After items ended: the batch ends (and queues its webhook) when none is unfinished; free slots go to waiting items. */
  private async afterItemsEnded(tx: Queryable, userId: number, batchId: string, now: Date): Promise<void> {
    const ended = await endBatchIfDone(tx, batchId, now, new Date(now.getTime() + RESULT_RETENTION_MS));
    if (ended?.callback_url) await enqueue(tx, this.tasks.webhook, { batchId, attempt: 1 });
    await this.dispatch(tx, userId);
  }

  /** Queues the account's waiting items that fit in its free slots (under lockAccountBatches). */
  private async dispatch(tx: Queryable, userId: number): Promise<void> {
    const ready = await dispatchWaitingItems(tx, userId, this.inFlightPerAccount);
    if (ready.length) await enqueueAll(tx, this.tasks.item, ready.map((itemId) => ({ itemId })));
  }
}
