/** reset_billing_periods (cron, hourly): starts the new billing period of every user whose month is over. */
import { z } from 'zod';
import { resetDueBillingPeriods } from '../platform/data/ledger.ts';
import { defineTask } from './task.ts';

export default defineTask({
  name: 'reset_billing_periods',
  payload: z.unknown(),
  maxAttempts: 1,
  cron: '7 * * * *',
  async handle(services) {
    await resetDueBillingPeriods(services.db, services.clock());
  },
});
