/** Every migration, in order. A new migration is a new file in this folder and a line here. */
import { CreatePlatformSchema1763700000000 } from './1763700000000-CreatePlatformSchema.ts';
import { CreatePlagiarismCorpus1763700100000 } from './1763700100000-CreatePlagiarismCorpus.ts';
import { CreateJobs1763700200000 } from './1763700200000-CreateJobs.ts';
import { CreateWorkerHeartbeats1763700300000 } from './1763700300000-CreateWorkerHeartbeats.ts';
import { BulkFriendlyPlagiarismChunkIndex1763700400000 } from './1763700400000-BulkFriendlyPlagiarismChunkIndex.ts';
import { CreatePortalAccounts1763700500000 } from './1763700500000-CreatePortalAccounts.ts';
import { WebhookAttemptResponse1763700600000 } from './1763700600000-WebhookAttemptResponse.ts';
import { KeepResponseKeyOrder1763700610000 } from './1763700610000-KeepResponseKeyOrder.ts';
import { CreateBatches1763700700000 } from './1763700700000-CreateBatches.ts';

export const migrations = [CreatePlatformSchema1763700000000, CreatePlagiarismCorpus1763700100000, CreateJobs1763700200000, CreateWorkerHeartbeats1763700300000, BulkFriendlyPlagiarismChunkIndex1763700400000, CreatePortalAccounts1763700500000, WebhookAttemptResponse1763700600000, KeepResponseKeyOrder1763700610000, CreateBatches1763700700000];
