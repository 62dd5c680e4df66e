/** Plans: a plan sets a user's monthly allotment and limits. */
import type { Queryable } from '../db/database.ts';
import { ApiError } from './errors.ts';

export interface Plan {
  name: string;
  monthly_credits: number;
  max_active_keys: number;
  max_pending_jobs: number;
  image_requests_per_minute: number;
  humanizer_sync_per_minute: number;
}

/** The plan a user is on (the one user-joins-plan lookup); 404 for an unknown user. */
export async function planOfUser(db: Queryable, userId: number): Promise<Plan> {
  const [plan] = await db.query<Plan>(
    'select p.name, p.monthly_credits, p.max_active_keys, p.max_pending_jobs, p.image_requests_per_minute, p.humanizer_sync_per_minute from users u join plans p on p.name = u.plan_name where u.id = $1',
    [userId],
  );
  if (!plan) throw new ApiError('not_found', `No user ${userId}`);
  return plan;
}

