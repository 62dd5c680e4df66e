/**
 * Credits: one balance per user (users.credits, never below zero) and a ledger row for every
 * change, written in the same statement or transaction as the change, so the ledger sum always
 * equals the balance. A charge is a single conditional UPDATE (race-free under any concurrency);
 * a refund names the charge it reverses and the ledger's unique `refund_of` makes it happen at
 * most once.
 */
import type { ChargePart } from '../../contract/catalogue.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from './errors.ts';
import { BatchedRounds, type Outcome } from './batched-rounds.ts';
import { USABLE_KEY, type RequestKey } from './keys.ts';

export type { ChargePart } from '../../contract/catalogue.ts';

export interface Charge {
  /** Ledger row id of the charge, needed to refund it. */
  id: number;
  amount: number;
  balanceAfter: number;
}

export interface ChargeContext {
  operation: string;
  requestId?: string;
  jobId?: string;
}

/** A part to charge, with what its ledger row names. */
export interface LedgerCharge extends ChargePart {
  requestId?: string;
  jobId?: string;
}

/**
 * Who pays: a user, or the owner of an API key that is usable for the request (known, active,
 * unexpired, holding `scopes`). The key is then checked by the charge statement itself, so a
 * request is authenticated and charged in one round trip.
 */
export type Payer = { userId: number } | { keyHash: Buffer; scopes: readonly string[] };

/** What a debit took and from whom. */
export interface Paid {
  userId: number;
  charges: Charge[];
}

/**
 * Debits the sum of the items ($2) from the payer's balance, if it covers them, and writes one
 * ledger row per item ($3-$6), in one statement.
 */
function debitStatement(name: string, payer: string) {
  return {
    name,
    text: `with debit as (
       update users set credits = credits - $2 where id = ${payer} and credits >= $2 returning id, credits + $2 as before
     )
     insert into credit_ledger (user_id, kind, amount, balance_after, operation, request_id, job_id)
     select debit.id, 'charge', -item.amount, debit.before - sum(item.amount) over (order by item.n), item.operation, item.request_id, item.job_id
     from debit cross join unnest($3::int[], $4::text[], $5::text[], $6::uuid[]) with ordinality as item(amount, operation, request_id, job_id, n)
     order by item.n
     returning id, user_id, balance_after`,
  };
}

const DEBIT_USER = debitStatement('debit', '$1::int');
const DEBIT_KEY_OWNER = debitStatement(
  'debit-key-owner',
  `(select k.user_id from api_keys k where k.key_hash = $1 and ${USABLE_KEY} and k.scopes @> $7::text[])`,
);

/**
 * Debits the sum of `items` and writes one ledger row per item, in one statement: all or nothing.
 * Returns the charges in order, or undefined (nothing changed) when the balance cannot cover them
 * or, for a key, the key is not usable.
 */
export async function debitPayer(db: Queryable, payer: Payer, items: LedgerCharge[]): Promise<Paid | undefined> {
  const itemColumns = [items.reduce((sum, item) => sum + item.amount, 0), items.map((i) => i.amount), items.map((i) => i.operation), items.map((i) => i.requestId ?? null), items.map((i) => i.jobId ?? null)];
  const rows: { id: string; user_id: number; balance_after: number }[] =
    'userId' in payer ? await db.query(DEBIT_USER, [payer.userId, ...itemColumns]) : await db.query(DEBIT_KEY_OWNER, [payer.keyHash, ...itemColumns, payer.scopes]);
  if (rows.length === 0) return undefined;
  // Ledger ids follow the insert order, which is the items' order.
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  return { userId: rows[0].user_id, charges: rows.map((row, i) => ({ id: Number(row.id), amount: items[i].amount, balanceAfter: row.balance_after })) };
}

/** A user's debit (see debitPayer). */
export async function debit(db: Queryable, userId: number, items: LedgerCharge[]): Promise<Charge[] | undefined> {
  return (await debitPayer(db, { userId }, items))?.charges;
}

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

/** The user's balance now. */
export async function balanceOf(db: Queryable, userId: number): Promise<number> {
  const [user] = await db.query('select credits from users where id = $1', [userId]);
  return Number(user?.credits ?? 0);
}

/**
 * Gives back `amount` of a charge (all of it by default). Returns the balance after the refund, or
 * undefined when that charge was already refunded: a refund happens at most once.
 */
export async function refundCharge(db: Queryable, userId: number, charge: Pick<Charge, 'id' | 'amount'>, context: ChargeContext, amount = charge.amount): Promise<number | undefined> {
  // The ledger row goes in first: its unique refund_of makes a second (or concurrent) refund of
  // the same charge insert nothing, and the balance moves only when the row went in.
  const rows: { balance_after: number }[] = await db.query(
    `with refund as (
       insert into credit_ledger (user_id, kind, amount, balance_after, operation, request_id, job_id, refund_of)
       select $1, 'refund', $2, u.credits + $2, $4, $5, $6, $3 from users u where u.id = $1
       on conflict (refund_of) do nothing
       returning amount
     )
     update users set credits = credits + refund.amount from refund where id = $1 returning credits as balance_after`,
    [userId, amount, charge.id, context.operation, context.requestId ?? null, context.jobId ?? null],
  );
  return rows[0]?.balance_after;
}

/** Refunds every charge (each at most once, see refundCharge); the balance after the last one that moved. */
export async function refundCharges(db: Queryable, userId: number, charges: readonly Charge[], context: ChargeContext): Promise<number | undefined> {
  let balance: number | undefined;
  for (const charge of charges) balance = (await refundCharge(db, userId, charge, context)) ?? balance;
  return balance;
}

/** A failure after a charge, whose credits were refunded: the caller answers with 503 service_error (or the cause's own code). */
export class RefundedFailure extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'RefundedFailure';
  }
}

/**
 * The one charge-then-work rule of every charged operation: `work` runs after the charges; when it
 * throws, every charge is refunded (exactly once) and the failure comes back as RefundedFailure.
 */
export async function chargedWork<T>(db: Queryable, paid: Paid, requestId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await refundCharges(db, paid.userId, paid.charges, { operation: 'refund on failure', requestId });
    throw new RefundedFailure(error);
  }
}

export async function grantCredits(db: Queryable, userId: number, amount: number, operation: string): Promise<number> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new ApiError('invalid_payload', 'The amount must be a positive whole number of credits.');
  const rows: { balance_after: number }[] = await db.query(
    `with credit as (update users set credits = credits + $2 where id = $1 returning credits)
     insert into credit_ledger (user_id, kind, amount, balance_after, operation) select $1, 'grant', $2, credits, $3 from credit returning balance_after`,
    [userId, amount, operation],
  );
  if (!rows[0]) throw new ApiError('not_found', `No user ${userId}`);
  return rows[0].balance_after;
}

/**
 * Starts a new billing period for every user whose period is at least a month old: the balance is
 * set to the plan's monthly allotment (unused credits do not roll over), with a `reset` ledger row.
 */
export async function resetDueBillingPeriods(db: Database, now: Date): Promise<number> {
  const rows = await db.query(
    `with due as (
       select u.id, u.credits as old_credits, p.monthly_credits from users u join plans p on p.name = u.plan_name
       where u.period_started_at + interval '1 month' <= $1 for update of u skip locked
     ), updated as (
       update users u set credits = due.monthly_credits, period_started_at = $1 from due where u.id = due.id returning u.id, due.old_credits, due.monthly_credits
     )
     insert into credit_ledger (user_id, kind, amount, balance_after, operation)
     select id, 'reset', monthly_credits - old_credits, monthly_credits, 'billing period reset' from updated
     returning user_id`,
    [now],
  );
  return rows.length;
}

export interface LedgerEntry { id: number; kind: string; amount: number; balance_after: number; operation: string; request_id: string | null; job_id: string | null; created_at: Date }

export async function creditStatement(db: Database, userId: number, limit = 50): Promise<{ balance: number; ledgerSum: number; entries: LedgerEntry[] }> {
  const balance = await balanceOf(db, userId);
  const [sum] = await db.query('select coalesce(sum(amount), 0)::int as total from credit_ledger where user_id = $1', [userId]);
  const entries = await db.query<LedgerEntry>('select id::int, kind, amount, balance_after, operation, request_id, job_id, created_at from credit_ledger where user_id = $1 order by id desc limit $2', [userId, limit]);
  return { balance, ledgerSum: Number(sum.total), entries };
}
