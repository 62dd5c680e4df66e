/**
 * Charging for requests (the ledger's statements are data/ledger.ts): one payer's concurrent
 * charges go as one debit, and every charged operation refunds exactly once when its work fails.
 */
import type { ChargePart } from '../../contract/catalogue.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError, isDatabaseUnreachable } from './errors.ts';
import type { Lifecycle } from './lifecycle.ts';
import { BatchedRounds, type Outcome } from './batched-rounds.ts';
import type { RequestKey } from './keys.ts';
import { balanceOf, debitPayer, refundCharges, type Charge, type ChargeContext, type LedgerCharge, type Paid, type Payer } from './data/ledger.ts';

export function insufficientCredits(credits: number, required: number): ApiError {
  return new ApiError('insufficient_credits', `This request costs ${required} credits and the balance is ${credits}.`, { credits, required });
}

async function shortOfCredits(db: Queryable, userId: number, items: ChargePart[]): Promise<ApiError> {
  return insufficientCredits(await balanceOf(db, userId), items.reduce((sum, p) => sum + p.amount, 0));
}

/**
 * One round of a charge queue: a group of concurrent requests with one payer in one statement, or,
 * when that is refused, each request on its own, so each gets its own answer (undefined: refused).
 */
async function chargeRound(db: Queryable, payer: Payer, requests: LedgerCharge[][]): Promise<Outcome<Paid | undefined>[]> {
  if (requests.length > 1) {
    const paid = await debitPayer(db, payer, requests.flat());
    if (paid) return requests.map((items) => ({ ok: true, value: { userId: paid.userId, charges: paid.charges.splice(0, items.length) } }));
  }
  const outcomes: Outcome<Paid | undefined>[] = [];
  for (const items of requests) outcomes.push({ ok: true, value: await debitPayer(db, payer, items) });
  return outcomes;
}

type KeyPayer = Extract<Payer, { keyHash: Buffer }>;

/**
 * Charges for synchronous requests: one payer's concurrent requests are grouped into one
 * statement (see BatchedRounds), in arrival order.
 */
export class ChargeQueue {
  private readonly byUser: BatchedRounds<number, LedgerCharge[], Paid | undefined>;
  private readonly byKey: BatchedRounds<string, { payer: KeyPayer; items: LedgerCharge[] }, Paid | undefined>;

  constructor(private readonly db: Queryable) {
    this.byUser = new BatchedRounds((userId, requests) => chargeRound(db, { userId }, requests));
    this.byKey = new BatchedRounds((_, requests) => chargeRound(db, requests[0].payer, requests.map((request) => request.items)));
  }

  /** Charges a user for all `parts` or none; throws 403 insufficient_credits when the balance is short. */
  async charge(userId: number, parts: ChargePart[], context: Omit<ChargeContext, 'operation'>): Promise<Charge[]> {
    const paid = await this.byUser.submit(userId, parts.map((part) => ({ ...part, ...context })));
    if (!paid) throw await shortOfCredits(this.db, userId, parts);
    return paid.charges;
  }

  /**
   * Charges the owner of a request's key, checking the key in the same statement. When that is
   * refused, the key is looked up (throwing its 401 or 403) and its owner charged as by `charge`,
   * so the request gets the answer it would have had with the two steps apart.
   */
  async chargeByKey(key: RequestKey, parts: ChargePart[], context: Omit<ChargeContext, 'operation'>): Promise<Paid> {
    const payer = { keyHash: key.hash, scopes: key.scopes };
    const paid = await this.byKey.submit(`${key.hash.toString('hex')} ${key.scopes.join(' ')}`, { payer, items: parts.map((part) => ({ ...part, ...context })) });
    if (paid) return paid;
    const { userId } = await key.principal();
    return { userId, charges: await this.charge(userId, parts, context) };
  }
}


/** A failure after a charge, whose credits were refunded: the caller answers with 503 service_error (or the cause's own code). */
export class RefundedFailure extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'RefundedFailure';
  }
}

/** How long a refund is retried while the database cannot be reached (a restart takes seconds). */
const REFUND_RETRY_MS = 60_000;

/**
 * Refunds the charges, retrying while the database is unreachable: the refund statement is
 * idempotent (one refund per charge), so a retry after a lost answer cannot refund twice.
 */
async function refundOnce(db: Queryable, paid: Paid, requestId: string): Promise<void> {
  const deadline = Date.now() + REFUND_RETRY_MS;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      await refundCharges(db, paid.userId, paid.charges, { operation: 'refund on failure', requestId });
      return;
    } catch (error) {
      if (!isDatabaseUnreachable(error) || Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * The one charge-then-work rule of every charged operation: `work` runs after the charges; when it
 * throws, or the process gives it up at the end of a shutdown's grace period, every charge is
 * refunded (exactly once) and the failure comes back as RefundedFailure.
 */
export async function chargedWork<T>(services: { db: Queryable; lifecycle: Lifecycle }, paid: Paid, requestId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await services.lifecycle.unlessAbandoned(work());
  } catch (error) {
    await refundOnce(services.db, paid, requestId);
    throw new RefundedFailure(error);
  }
}
