/** Users and their plans: creating a user grants the plan's credits; plans are named case-insensitively. */
import type { Database } from '../db/database.ts';
import { findUserByEmail, insertUser, listPlans, updateUserPlan, type Plan, type User } from './data/accounts.ts';
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
  if (await findUserByEmail(db, email)) throw new ApiError('invalid_payload', `A user with email ${email} already exists`);
  const user = await insertUser(db, email, plan.name);
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
  await updateUserPlan(db, user.id, plan.name);
  return requireUser(db, email);
}
