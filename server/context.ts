/**
 * What the composition root (services.ts) builds and hands down: the types only, so that the
 * layers below name what they use without importing the root that imports them.
 */
import type pino from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { ChargeQueue } from './platform/credits.ts';
import type { Authenticator } from './platform/keys.ts';
import type { JobAcceptance } from './platform/jobs.ts';
import type { Batches } from './platform/batches.ts';
import type { Lifecycle } from './platform/lifecycle.ts';
import type { RateLimits } from './platform/rate-limits.ts';
import type { KeyUsage } from './platform/keys.ts';
import type { WebhookDeliveries } from './platform/portal-views.ts';
import type { SignInLimits } from './platform/sign-in-limits.ts';
import type { EngineRuntime } from './runtime/engines.ts';
import type { ModelServers } from './model-servers/index.ts';
import type { PlagiarismScanner } from './operations/plagiarism.ts';
import type { SourceCorpus } from './platform/data/corpus.ts';

export interface Services {
  config: Config;
  db: Database;
  log: pino.Logger;
  engines: EngineRuntime;
  /** The operator's model servers, each optional (README "Bring your own model"). */
  modelServers: ModelServers;
  rateLimits: RateLimits;
  /** API key authentication, one lookup for the concurrent requests of one key. */
  auth: Authenticator;
  /** Charges for synchronous requests, grouped per user under concurrency. */
  charges: ChargeQueue;
  /** Async job acceptances, grouped per user under concurrency. */
  jobs: JobAcceptance;
  /** Batches: acceptance, their items' ends (fan-out by per-account slots, fan-in), cancel and reads. */
  batches: Batches;
  /** Each key's last use, written in the background at most once a minute per key. */
  keyUsage: KeyUsage;
  /** Portal sign-in attempts per account and per address. */
  signInLimits: SignInLimits;
  /** The portal's "send again" of a webhook. */
  webhookDeliveries: WebhookDeliveries;
  clock: () => Date;
  /** Whether the process is stopping, and the give-up of work still running when its grace period ends. */
  lifecycle: Lifecycle;
  versions: { textDetector(): string; humanizer(backend: 'builtin' | 'llm'): string };
  humanizerLlm?: { url: string; model: string; apiKey?: string; timeoutMs?: number };
  plagiarism(): Promise<{ corpus: SourceCorpus; scanner: PlagiarismScanner }>;
  webhookTimeoutMs: number;
  webhookRetryDelayMs: (attempt: number) => number;
}

