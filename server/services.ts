/**
 * The composition root: everything a request handler or a worker task needs, built once per
 * process from the configuration, and the HTTP server with both front doors (the API and the
 * portal). Tests build it with overrides (a controllable clock, short webhook delays).
 */
import type http from 'node:http';
import type pg from 'pg';
import { EventEmitter } from 'node:events';
import { run, makeWorkerUtils, type Runner, type WorkerEvents } from 'graphile-worker';
import { trackWorkerLiveness } from './platform/worker-liveness.ts';
import { batchItemsPerAccount, modelServerSettings, type Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { ChargeQueue } from './platform/credits.ts';
import { isDatabaseUnreachable } from './platform/errors.ts';
import { Lifecycle } from './platform/lifecycle.ts';
import { PlagiarismScanner, type PlagiarismSteps } from './operations/plagiarism.ts';
import { SourceCorpus } from './platform/data/corpus.ts';
import { Authenticator } from './platform/keys.ts';
import { JobAcceptance } from './platform/jobs.ts';
import { Batches } from './platform/batches.ts';
import { RateLimits } from './platform/rate-limits.ts';
import { KeyUsage } from './platform/keys.ts';
import { WebhookDeliveries } from './platform/portal-views.ts';
import { SignInLimits } from './platform/sign-in-limits.ts';
import { startEngines } from './runtime/engines.ts';
import { createLog } from './log.ts';
import { sharedDetectorModel } from './runtime/engine-tables.ts';
import { createModelServers } from './model-servers/index.ts';
import { webhookRetryDelayMs } from './platform/webhooks.ts';
import { buildTaskList, CRONTAB, deliverBatchWebhook, deliverWebhook, runBatchItem, runTextJob } from './jobs/index.ts';
import type { Services } from './context.ts';
import { createHttpServer, mountApi } from './http/app.ts';
import { mountPortal } from './portal/routes.ts';
import { watchJobQueue } from './metrics/registry.ts';
import { queueStats } from './platform/data/queue.ts';

/** How long a scrape of GET /metrics waits for graphile-worker's queue before it reports job_queue_read_ok 0. */
const QUEUE_READ_TIMEOUT_MS = 1_000;

export type ServiceOverrides = Partial<Pick<Services, 'clock' | 'webhookTimeoutMs' | 'webhookRetryDelayMs' | 'log' | 'engines'>> & {
  db?: Database;
  /** The embedded PostgreSQL died and could not be started again (main.ts exits non-zero, for a supervisor to restart the service). */
  onDatabaseLost?: (error: Error) => void;
};

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const log = overrides.log ?? createLog(config);
  // The process's one copy of the detector's model (the engine threads share it).
  const textDetectorVersion = lazy(async () => sharedDetectorModel().version);
  // Its version only: the engine itself loads on the engine threads, not in this one.
  const humanizerVersion = lazy(async () => (await import('./engines/humanize/version.ts')).HUMANIZER_ENGINE_VERSION);
  const engines = overrides.engines ?? startEngines(config, log);
  // The engines warm up while the database starts (on a fresh data folder, initdb takes seconds).
  let db: Database;
  try {
    db =
      overrides.db ??
      (await openDatabase({
        url: config.DATABASE_URL,
        dataDir: config.dataDir,
        log: (m) => log.info(m),
        embedded: { onRestarted: (m) => log.warn(m), onLost: overrides.onDatabaseLost ?? ((error) => log.fatal({ err: error }, 'database lost')) },
      }));
    // graphile-worker's schema must exist before the first add_job, also in API-only processes.
    const utils = await makeWorkerUtils({ pgPool: db.pool });
    await utils.migrate();
    await utils.release();
  } catch (error) {
    if (!overrides.engines) await engines.close();
    throw error;
  }
  // The scan's CPU-heavy steps run on the engine threads, so a long scan never stalls other requests.
  const plagiarismSteps: PlagiarismSteps = {
    query: (text) => engines.run({ kind: 'plagiarismQuery', text }),
    report: (text, candidates, stats) => engines.run({ kind: 'plagiarismReport', text, candidates, ...stats }),
  };
  const plagiarism = lazy(async () => {
    const { searxngProvider } = await import('./engines/plagiarism/index.ts');
    const webSearch = config.PLAGIARISM_SEARXNG_URL ? searxngProvider(config.PLAGIARISM_SEARXNG_URL) : undefined;
    return { corpus: new SourceCorpus(db.pool), scanner: new PlagiarismScanner(db.pool, { webSearch, steps: plagiarismSteps }) };
  });
  // The queue's depth and age are read when /metrics is scraped (one reader per process: the latest services').
  watchJobQueue(() => queueStats(db, QUEUE_READ_TIMEOUT_MS));
  // Load the names up front so results can carry them synchronously.
  const versions = { text: await textDetectorVersion().catch(() => 'text-detect (unavailable)'), humanizer: await humanizerVersion().catch(() => 'humanizer (unavailable)') };

  return {
    config,
    db,
    log,
    engines,
    modelServers: createModelServers(modelServerSettings(config), { info: (m) => log.info(m), warn: (m) => log.warn(m) }),
    rateLimits: new RateLimits(db.pool),
    auth: new Authenticator(db),
    // The response waits for its charge's commit; not for the disk flush too (one fsync per round,
    // on a busy disk several ms, holding the user's row lock), unless asked to.
    charges: new ChargeQueue(config.DURABLE_SYNC_CHARGES ? db : db.unflushed),
    jobs: new JobAcceptance(db, runTextJob),
    batches: new Batches(db, { item: runBatchItem, webhook: deliverBatchWebhook }, batchItemsPerAccount(config)),
    signInLimits: new SignInLimits(db.pool),
    webhookDeliveries: new WebhookDeliveries(db, deliverWebhook),
    keyUsage: new KeyUsage(db, (error) => log.warn({ err: error }, 'could not record a key\'s last use')),
    clock: overrides.clock ?? (() => new Date()),
    lifecycle: new Lifecycle(),
    versions: { textDetector: () => versions.text, humanizer: (backend) => (backend === 'llm' ? `${versions.humanizer}+llm:${config.HUMANIZER_LLM_MODEL}` : versions.humanizer) },
    humanizerLlm: config.HUMANIZER_LLM_URL && config.HUMANIZER_LLM_MODEL ? { url: config.HUMANIZER_LLM_URL, model: config.HUMANIZER_LLM_MODEL, apiKey: config.HUMANIZER_LLM_API_KEY, timeoutMs: config.HUMANIZER_LLM_TIMEOUT_MS } : undefined,
    plagiarism,
    webhookTimeoutMs: overrides.webhookTimeoutMs ?? 10_000,
    webhookRetryDelayMs: overrides.webhookRetryDelayMs ?? webhookRetryDelayMs,
  };
}

/** The HTTP server: the API and the developer portal on one router (what main.ts listens with, and what the tests start). */
export function createServer(services: Services): http.Server {
  return createHttpServer(services, [mountPortal, mountApi]);
}

/** Starts graphile-worker on the service's pool (in the API process, or alone with `npm run worker`). */
export async function startWorker(services: Services): Promise<Runner> {
  const events: WorkerEvents = new EventEmitter();
  const stopLiveness = trackWorkerLiveness(
    services.db,
    events,
    { heartbeatMs: services.config.WORKER_HEARTBEAT_MS, deadAfterMs: services.config.WORKER_HEARTBEAT_MS * 6 },
    (error) => services.log.warn({ err: error }, 'worker heartbeat failed'),
  );
  const { lifecycle } = services;
  lifecycle.worker = 'down';
  events.on('pool:listen:success', () => (lifecycle.worker = 'ready'));
  events.on('pool:listen:error', () => (lifecycle.worker = 'down'));
  const runner = await run({
    pgPool: patientListenerPool(services.db.pool, () => lifecycle.draining),
    concurrency: services.config.WORKER_CONCURRENCY,
    pollInterval: 1000,
    noHandleSignals: true,
    taskList: buildTaskList(services),
    crontab: CRONTAB,
    events,
    // A job still running when the shutdown's grace period ends is failed by graphile-worker and runs again later.
    preset: { worker: { gracefulShutdownAbortTimeout: services.config.SHUTDOWN_GRACE_MS } },
  });
  const stop = runner.stop.bind(runner);
  runner.stop = async (reason) => {
    await stop(reason);
    await stopLiveness();
  };
  return runner;
}

export async function closeServices(services: Services): Promise<void> {
  await services.keyUsage.flush();
  await services.engines.close();
  services.modelServers.close();
  await services.db.close();
}

/** How often the job listener's connection is tried again while the database is unreachable. */
const LISTENER_RETRY_MS = 500;

/**
 * The pool as graphile-worker sees it, except for its LISTEN connection (the only one it asks for
 * with a callback): while the database is unreachable that connect keeps trying every half second
 * instead of failing. graphile-worker backs off exponentially on each failure, up to a minute, so
 * after a restart of PostgreSQL its listener came back 13 to 45 s late; now within a second.
 */
function patientListenerPool(pool: pg.Pool, stopping: () => boolean): pg.Pool {
  type Callback = (error: Error | undefined, client?: pg.PoolClient, release?: (error?: Error) => void) => void;
  const connect = (callback?: Callback) => {
    if (!callback) return pool.connect();
    const attempt = () =>
      pool.connect().then(
        (client) => callback(undefined, client, (error) => client.release(error)),
        (error: Error) => (isDatabaseUnreachable(error) && !stopping() ? setTimeout(attempt, LISTENER_RETRY_MS).unref() : callback(error)),
      );
    void attempt();
    return undefined;
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') return connect;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((error) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}
