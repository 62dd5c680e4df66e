/** Users and their plans: creating a user grants the plan's credits; plans are named case-insensitively. */
import type { Database } from '../db/database.ts';
import { findUserByEmail, listPlans, type Plan, type User } from './data/accounts.ts';
import { grantCredits } from './data/ledger.ts';
import { ApiError } from './errors.ts';

async function requirePlan(db: Database, name: string): Promise<Plan> {
  const plans = await listPlans(db);
  const plan = plans.find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (!plan) throw new ApiError('invalid_payload', `Unknown plan "${name}"; plans: ${plans.map((p) => p.name).join(', ')}`);
  return plan;
}

/** Creates a user on a plan and grants the plan's monthly credits. */
export async function createUser(db: Database, email: string, planName: string): Promise<User> {
  const plan = await requirePlan(db, planName);
  const [existing] = await db.query('select 1 from users where lower(email) = lower($1)', [email]);
  if (existing) throw new ApiError('invalid_payload', `A user with email ${email} already exists`);
  const [user] = await db.query<User>('insert into users (email, plan_name) values ($1, $2) returning *', [email, plan.name]);
  await grantCredits(db, user.id, plan.monthly_credits, 'plan allotment');
  return (await findUserByEmail(db, email))!;
}

export async function requireUser(db: Database, email: string): Promise<User> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new ApiError('not_found', `No user with email ${email}`);
  return user;
}

export async function setPlan(db: Database, email: string, planName: string): Promise<User> {
  const user = await requireUser(db, email);
  const plan = await requirePlan(db, planName);
  await db.query('update users set plan_name = $2 where id = $1', [user.id, plan.name]);
  return requireUser(db, email);
}
