/** Users and their plans, as rows: a plan sets a user's monthly allotment and limits. */
import type { Database, Queryable } from '../../db/database.ts';
import { ApiError } from '../errors.ts';

export interface Plan {
  name: string;
  monthly_credits: number;
  max_active_keys: number;
  max_pending_jobs: number;
  image_requests_per_minute: number;
  humanizer_sync_per_minute: number;
}

/** The columns of a plan `p`. */
const PLAN_COLUMNS = 'p.name, p.monthly_credits, p.max_active_keys, p.max_pending_jobs, p.image_requests_per_minute, p.humanizer_sync_per_minute';

/** The one way a user `u` meets their plan `p` (keys.ts and ledger.ts select from it too). */
export const USERS_WITH_PLANS = 'users u join plans p on p.name = u.plan_name';

/** The plan a user is on; 404 for an unknown user. */
export async function planOfUser(db: Queryable, userId: number): Promise<Plan> {
  const [plan] = await db.query<Plan>(`select ${PLAN_COLUMNS} from ${USERS_WITH_PLANS} where u.id = $1`, [userId]);
  if (!plan) throw new ApiError('not_found', `No user ${userId}`);
  return plan;
}

export interface User {
  id: number;
  email: string;
  plan_name: string;
  credits: number;
  period_started_at: Date;
  created_at: Date;
}

export async function countUsers(db: Queryable): Promise<number> {
  const [{ users }] = await db.query<{ users: number }>('select count(*)::int as users from users');
  return users;
}

export async function listPlans(db: Database): Promise<Plan[]> {
  return db.query<Plan>(`select ${PLAN_COLUMNS} from plans p order by p.sort_order`);
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db.query<User>('select * from users where lower(email) = lower($1)', [email]);
  return user;
}

/** A user with their plan and the end of their billing period; no row for an unknown user. */
export async function accountRow(db: Database, userId: number) {
  const [row] = await db.query<User & Plan & { period_end: Date }>(
    `select u.id, u.email, u.credits, u.period_started_at, u.period_started_at + interval '1 month' as period_end, ${PLAN_COLUMNS}
     from ${USERS_WITH_PLANS} where u.id = $1`,
    [userId],
  );
  return row as (typeof row | undefined);
}

export async function insertUser(db: Queryable, email: string, planName: string): Promise<User> {
  const [user] = await db.query<User>('insert into users (email, plan_name) values ($1, $2) returning *', [email, planName]);
  return user;
}

export async function updateUserPlan(db: Queryable, userId: number, planName: string): Promise<void> {
  await db.query('update users set plan_name = $2 where id = $1', [userId, planName]);
}

export async function storePassword(db: Queryable, userId: number, hash: string, now: Date): Promise<void> {
  await db.query('update users set password_hash = $2, password_changed_at = $3 where id = $1', [userId, hash, now]);
}

/** The user with this email and their password hash (null until one is set). */
export async function findUserWithPassword(db: Queryable, email: string): Promise<(User & { password_hash: string | null }) | undefined> {
  const [user] = await db.query<User & { password_hash: string | null }>('select * from users where lower(email) = lower($1)', [email]);
  return user;
}

export async function passwordHashOf(db: Queryable, userId: number): Promise<string | null | undefined> {
  const [user] = await db.query<{ password_hash: string | null }>('select password_hash from users where id = $1', [userId]);
  return user?.password_hash;
}
