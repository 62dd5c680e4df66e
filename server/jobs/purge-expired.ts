/** purge_expired (cron, every 5 minutes): job and batch results past their hour, idempotency records past their window, ended portal sessions. */
import { z } from 'zod';
import { purgeExpiredIdempotencyRecords } from '../platform/idempotency.ts';
import { purgeExpiredBatches } from '../platform/data/batches.ts';
import { purgeExpiredJobs } from '../platform/data/jobs.ts';
import { portalSessionPolicy, purgeExpiredSessions } from '../platform/data/sessions.ts';
import { defineTask } from './task.ts';

export default defineTask({
  name: 'purge_expired',
  payload: z.unknown(),
  maxAttempts: 1,
  cron: '*/5 * * * *',
  async handle(services) {
    await purgeExpiredJobs(services.db, services.clock());
    await purgeExpiredBatches(services.db, services.clock());
    await purgeExpiredIdempotencyRecords(services.db, services.clock());
    await purgeExpiredSessions(services.db, portalSessionPolicy(services.config), services.clock());
  },
});
