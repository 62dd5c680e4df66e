/**
 * Credits as rows: one balance per user (users.credits, never below zero) and a ledger row for
 * every change, written in the same statement as the change, so the ledger sum always equals the
 * balance. A debit is a single conditional UPDATE (race-free under any concurrency); a refund names
 * the charge it reverses and the ledger's unique `refund_of` makes it happen at most once.
 */
import { USAGE_SERVICE_OF, USAGE_SERVICES, type ChargePart, type UsageService as Service } from '../../../contract/catalogue.ts';
import { whenCommitted, type Database, type Queryable } from '../../db/database.ts';
import { countCharge, countRefund } from '../../metrics/registry.ts';
import { ApiError } from '../errors.ts';
import { USERS_WITH_PLANS } from './accounts.ts';
import { USABLE_KEY } from './keys.ts';

export type { ChargePart } from '../../../contract/catalogue.ts';

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
  whenCommitted(db, () => {
    for (const item of items) countCharge(item.operation, item.amount);
  });
  // Ledger ids follow the insert order, which is the items' order.
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  return { userId: rows[0].user_id, charges: rows.map((row, i) => ({ id: Number(row.id), amount: items[i].amount, balanceAfter: row.balance_after })) };
}

/** A user's debit (see debitPayer). */
export async function debit(db: Queryable, userId: number, items: LedgerCharge[]): Promise<Charge[] | undefined> {
  return (await debitPayer(db, { userId }, items))?.charges;
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
  // It returns the refunded charge's operation too, for the refunds metric.
  const rows: { balance_after: number; charged_for: string }[] = await db.query(
    `with refund as (
       insert into credit_ledger (user_id, kind, amount, balance_after, operation, request_id, job_id, refund_of)
       select $1, 'refund', $2, u.credits + $2, $4, $5, $6, $3 from users u where u.id = $1
       on conflict (refund_of) do nothing
       returning amount
     )
     update users set credits = credits + refund.amount from refund where id = $1
     returning credits as balance_after, (select operation from credit_ledger where id = $3) as charged_for`,
    [userId, amount, charge.id, context.operation, context.requestId ?? null, context.jobId ?? null],
  );
  const refunded = rows[0];
  if (refunded) whenCommitted(db, () => countRefund(refunded.charged_for, amount));
  return refunded?.balance_after;
}

/** Refunds every charge (each at most once, see refundCharge); the balance after the last one that moved. */
export async function refundCharges(db: Queryable, userId: number, charges: readonly Charge[], context: ChargeContext): Promise<number | undefined> {
  let balance: number | undefined;
  for (const charge of charges) balance = (await refundCharge(db, userId, charge, context)) ?? balance;
  return balance;
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
       select u.id, u.credits as old_credits, p.monthly_credits from ${USERS_WITH_PLANS}
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

/** Credits used per service since `since` (the period start); every service is listed, 0 when unused. */
export async function usageByService(db: Database, userId: number, since: Date): Promise<Record<Service, number>> {
  const used = await db.query<{ service: Service | null; used: number }>(`select service, sum(used)::int as used from (${USAGE_ROWS}) x group by service`, [userId, since, ...SERVICE_PARAMS]);
  const usage = Object.fromEntries(USAGE_SERVICES.map((s) => [s, 0])) as Record<Service, number>;
  for (const u of used) if (u.service) usage[u.service] = u.used;
  return usage;
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
