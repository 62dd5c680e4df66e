/**
 * The process's one Prometheus registry (prom-client): every metric the service exports, the few
 * functions that record them (called where the thing already happens: the HTTP middleware, the
 * ledger's debit and refund, the engine runtime, the webhook task), and the parts read only when
 * scraped (database pools, circuit breakers, graphile-worker's queue), which their owners register
 * here and unregister when they close. Imports nothing of the server: every layer may record.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
// Process CPU, memory, file descriptors, heap, GC, and the event loop's lag.
collectDefaultMetrics({ register: registry });

/**
 * A metric's child for one set of label values, made once: prom-client hashes the labels on every
 * `observe(labels, v)`, which costs more than the observation itself on the hot path.
 */
function cached<T>(children: Map<string, T>, key: string, make: () => T): T {
  let child = children.get(key);
  if (child === undefined) children.set(key, (child = make()));
  return child;
}

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route template (never the raw URL; "unmatched" for no route) and status, and how long each took to answer. Its _count is the request rate.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [registry],
});

const httpChildren = new Map<string, ReturnType<typeof httpDuration.labels>>();

export function recordHttpRequest(method: string, route: string, status: number, seconds: number): void {
  cached(httpChildren, `${method} ${status} ${route}`, () => httpDuration.labels({ method, route, status: String(status) })).observe(seconds);
}

const creditsCharged = new Counter({
  name: 'credits_charged_total',
  help: 'Credits charged, by ledger operation (counted when the charge commits).',
  labelNames: ['operation'] as const,
  registers: [registry],
});
const creditsRefunded = new Counter({
  name: 'credits_refunded_total',
  help: 'Credits refunded, by the ledger operation of the charge refunded (counted when the refund commits; a refund happens at most once).',
  labelNames: ['operation'] as const,
  registers: [registry],
});

const chargedChildren = new Map<string, ReturnType<typeof creditsCharged.labels>>();
const refundedChildren = new Map<string, ReturnType<typeof creditsRefunded.labels>>();

export function countCharge(operation: string, credits: number): void {
  cached(chargedChildren, operation, () => creditsCharged.labels({ operation })).inc(credits);
}

export function countRefund(operation: string, credits: number): void {
  cached(refundedChildren, operation, () => creditsRefunded.labels({ operation })).inc(credits);
}

const ENGINE_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const engineRun = new Histogram({
  name: 'engine_task_duration_seconds',
  help: 'Engine tasks by engine task kind (detectText, humanize, correctGrammar, analyzeImage, …) and outcome (ok, input_error, failed): time from the start on an engine thread (or in place) to the result.',
  labelNames: ['engine', 'outcome'] as const,
  buckets: ENGINE_BUCKETS,
  registers: [registry],
});
const engineWait = new Histogram({
  name: 'engine_task_queue_wait_seconds',
  help: 'How long an engine task waited for a free engine thread, by engine task kind (tasks run in place, short texts, are not counted).',
  labelNames: ['engine'] as const,
  buckets: ENGINE_BUCKETS,
  registers: [registry],
});

export type EngineOutcome = 'ok' | 'input_error' | 'failed';

const runChildren = new Map<string, ReturnType<typeof engineRun.labels>>();
const waitChildren = new Map<string, ReturnType<typeof engineWait.labels>>();

/** One engine task: `waitSeconds` undefined when it ran in place (no thread, no queue). */
export function recordEngineTask(engine: string, outcome: EngineOutcome, runSeconds: number, waitSeconds?: number): void {
  cached(runChildren, `${engine} ${outcome}`, () => engineRun.labels({ engine, outcome })).observe(runSeconds);
  if (waitSeconds !== undefined) cached(waitChildren, engine, () => engineWait.labels({ engine })).observe(waitSeconds);
}

const webhookDeliveries = new Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: delivered (2xx), retry (failed, another attempt is scheduled), gave_up (the last attempt failed).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export type WebhookOutcome = 'delivered' | 'retry' | 'gave_up';

export function countWebhookDelivery(outcome: WebhookOutcome): void {
  webhookDeliveries.inc({ outcome });
}

// Read when scraped: what their owners registered, each under a name of its own.

/** What a pg pool tells of itself. */
interface PoolUse {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** What an opossum circuit breaker tells of itself. */
interface BreakerState {
  readonly opened: boolean;
  readonly halfOpen: boolean;
}

/** graphile-worker's jobs of one task, by state, and how long the oldest ready one has waited. */
export interface QueueStats {
  task: string;
  ready: number;
  scheduled: number;
  running: number;
  failed: number;
  oldestReadySeconds: number;
}

const pools = new Map<string, PoolUse>();
const breakers = new Map<string, BreakerState>();
let jobQueue: (() => Promise<QueueStats[]>) | undefined;

/** Adds `value` to `map` under `name` until the returned function is called (a later registration under the same name replaces it). */
function watch<T>(map: Map<string, T>, name: string, value: T): () => void {
  map.set(name, value);
  return () => {
    if (map.get(name) === value) map.delete(name);
  };
}

export const watchPool = (name: string, pool: PoolUse) => watch(pools, name, pool);
export const watchBreaker = (name: string, breaker: BreakerState) => watch(breakers, name, breaker);

/** The queue's reader (one per process: the service's database); it should give up quickly, a scrape waits for it. */
export function watchJobQueue(read: () => Promise<QueueStats[]>): () => void {
  jobQueue = read;
  return () => {
    if (jobQueue === read) jobQueue = undefined;
  };
}

new Gauge({
  name: 'db_pool_connections',
  help: 'Connections of each PostgreSQL pool (pg): total open, idle among them.',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [pool, use] of pools) {
      this.set({ pool, state: 'total' }, use.totalCount);
      this.set({ pool, state: 'idle' }, use.idleCount);
    }
  },
});

new Gauge({
  name: 'db_pool_waiting_clients',
  help: 'Queries waiting for a connection of each PostgreSQL pool (the pool is at its maximum).',
  labelNames: ['pool'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [pool, use] of pools) this.set({ pool }, use.waitingCount);
  },
});

const BREAKER_STATES = ['closed', 'half_open', 'open'] as const;

new Gauge({
  name: 'circuit_breaker_state',
  help: 'Each circuit breaker (engine:image, engine:voice, model-server:<channel>): 1 for its current state, 0 for the others.',
  labelNames: ['breaker', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [breaker, b] of breakers) {
      const current = b.opened ? 'open' : b.halfOpen ? 'half_open' : 'closed';
      for (const state of BREAKER_STATES) this.set({ breaker, state }, state === current ? 1 : 0);
    }
  },
});

/**
 * One read of the queue per scrape: the three queue gauges are collected at the same time, and each
 * awaits this same read (undefined when it failed or timed out).
 */
let reading: Promise<QueueStats[] | undefined> | undefined;
function readQueue(): Promise<QueueStats[] | undefined> {
  reading ??= (jobQueue ? jobQueue().catch(() => undefined) : Promise.resolve(undefined)).finally(() => (reading = undefined));
  return reading;
}

new Gauge({
  name: 'job_queue_jobs',
  help: "graphile-worker's jobs by task and state: ready (due, waiting for a worker), scheduled (due later: retries, webhook backoff), running (locked by a worker), failed (out of attempts, kept by graphile-worker).",
  labelNames: ['task', 'state'] as const,
  registers: [registry],
  async collect() {
    const tasks = await readQueue();
    this.reset();
    for (const stats of tasks ?? []) {
      for (const state of ['ready', 'scheduled', 'running', 'failed'] as const) this.set({ task: stats.task, state }, stats[state]);
    }
  },
});

new Gauge({
  name: 'job_queue_oldest_ready_seconds',
  help: 'How long the oldest ready job of each task has been due (0 when none is waiting).',
  labelNames: ['task'] as const,
  registers: [registry],
  async collect() {
    const tasks = await readQueue();
    this.reset();
    for (const stats of tasks ?? []) this.set({ task: stats.task }, stats.oldestReadySeconds);
  },
});

new Gauge({
  name: 'job_queue_read_ok',
  help: "1 when this scrape read graphile-worker's queue; 0 when the read failed or timed out (the job_queue_* series are then absent).",
  registers: [registry],
  async collect() {
    this.set((await readQueue()) ? 1 : 0);
  },
});
