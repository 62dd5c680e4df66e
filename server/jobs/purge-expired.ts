/** purge_expired (cron, every 5 minutes): job results past their hour, idempotency records past their window. */
import { z } from 'zod';
import { purgeExpiredIdempotencyRecords } from '../platform/idempotency.ts';
import { purgeExpiredJobs } from '../platform/jobs.ts';
import { defineTask } from './task.ts';

export default defineTask({
  name: 'purge_expired',
  payload: z.unknown(),
  maxAttempts: 1,
  cron: '*/5 * * * *',
  async handle(services) {
    await purgeExpiredJobs(services.db, services.clock());
    await purgeExpiredIdempotencyRecords(services.db, services.clock());
  },
});
