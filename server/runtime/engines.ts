/**
 * The engines as the service sees them: two worker-thread pools (grammar and the humanizer on the
 * `grammar` pool, every other engine on the `general` one; short texts are detected in place), one
 * copy of the engines' shared tables for all of their threads (engine-tables.ts), a circuit breaker
 * per media engine (its state is what the health routes report), and the warm-up that loads every
 * engine at start, in the background.
 */
import os from 'node:os';
import CircuitBreaker from 'opossum';
import { Piscina } from 'piscina';
import type pino from 'pino';
import type { Config } from '../config.ts';
import { recordEngineTask, watchBreaker } from '../metrics/registry.ts';
import type runEngineTask from './engine-worker.ts';
import type { EngineFailure, EngineInputError, EngineKind, EnginePool, EngineResults, EngineTask, ThreadOutcome } from './engine-worker.ts';
import { engineTables, sharedDetectorModel, type ThreadTables } from './engine-tables.ts';
import { ENGINE_THREAD_ENTRY } from './thread-entry.ts';

export type { EngineInputError } from './engine-worker.ts';

/** An engine call that failed: with `input` set, because of the caller's input. */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly input?: EngineInputError,
    /** The task ran past its time limit and its thread was stopped. */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

type MediaKind = 'analyzeImage' | 'analyzeVoice';

/**
 * Up to this many characters (about 300 words) the detector takes a fraction of a millisecond,
 * less than handing the text to a worker thread and back costs the event loop, so short texts are
 * scored in place.
 */
const INLINE_DETECTION_MAX_CHARS = 2_000;

/** The same task runner the worker threads use, loaded in this thread too, once (the detector model). */
let inlineRunner: Promise<typeof runEngineTask> | undefined;
const inlineEngine = () => (inlineRunner ??= import('./engine-worker.ts').then((m) => m.default));

export interface EngineHealth {
  /** The pool is up and (when warm-up is on) every engine is loaded. */
  ready: boolean;
  circuit: 'open' | 'half_open' | 'closed';
  failures: number;
}

export interface RunOptions {
  /** A hard limit: past it the task's thread is terminated (piscina starts a fresh one) and the call fails with `timedOut`. */
  timeoutMs?: number;
}

export interface EngineRuntime {
  run<K extends EngineKind>(task: EngineTask<K>, options?: RunOptions): Promise<EngineResults[K]>;
  /** Media analyses go through a breaker: repeated engine failures open it and requests fail fast (503). */
  runMedia<K extends MediaKind>(task: EngineTask<K>): Promise<EngineResults[K]>;
  health(engine: 'image' | 'voice'): EngineHealth;
  close(): Promise<void>;
}

/**
 * Runs warm-ups until `threads` distinct threads have reported one: the pool hands a task to any
 * idle thread, so a thread that warmed up fast may take a second warm-up while another is still
 * cold. Gives up (not ready; the first request pays the load) after a few rounds.
 */
function isFailure(result: unknown): result is EngineFailure {
  return typeof result === 'object' && result !== null && 'failure' in result;
}

export async function warmEveryThread(threads: number, warmUp: () => Promise<number>, rounds = 5): Promise<boolean> {
  const warmed = new Set<number>();
  for (let round = 0; round < rounds && warmed.size < threads; round++) {
    for (const id of await Promise.all(Array.from({ length: threads - warmed.size }, warmUp))) warmed.add(id);
  }
  return warmed.size >= threads;
}

/** The tasks of the grammar pool; every other kind runs on the general pool. */
const GRAMMAR_POOL_KINDS: ReadonlySet<EngineKind> = new Set<EngineKind>(['correctGrammar', 'humanize']);

const poolOf = (task: { kind: EngineKind; pool?: EnginePool }): EnginePool => task.pool ?? (GRAMMAR_POOL_KINDS.has(task.kind) ? 'grammar' : 'general');

/**
 * The general pool's threads: `requested`, or (0) the CPUs the grammar threads leave, at least 1. By
 * default the two pools together have one thread per CPU: on 2 CPUs 1 general + 1 grammar thread (a
 * second general thread measured 51 MB more resident, BENCHMARKS.md, and had no CPU of its own).
 */
export function generalThreads(requested: number, grammarThreads: number, cpus = os.availableParallelism()): number {
  return requested || Math.max(1, cpus - grammarThreads);
}

/** The process's engine runtime as `config` sets it up; `log` hears when the warm-up ends. */
export function startEngines(config: Pick<Config, 'ENGINE_THREADS' | 'GRAMMAR_THREADS' | 'WARM_ENGINES'>, log: pino.Logger): EngineRuntime {
  return createEngineRuntime({
    threads: config.ENGINE_THREADS,
    grammarThreads: config.GRAMMAR_THREADS,
    warmUp: config.WARM_ENGINES,
    // Until this line the health checks answer 503 (the README says what to expect).
    onWarmedUp: (ready, ms) =>
      ready
        ? log.info(`engines ready in ${(ms / 1000).toFixed(1)} s: every engine is loaded on every engine thread; the health checks answer 200`)
        : log.warn(`engines not all loaded after ${(ms / 1000).toFixed(1)} s; each loads on its first request; the health checks keep answering 503`),
  });
}

/** The young generation of each engine thread (MB). */
const ENGINE_THREAD_YOUNG_GENERATION_MB = 12;

/**
 * `threads`: the general pool's threads (0: one per CPU left to it by the grammar threads, at least 1);
 * `grammarThreads`: the grammar pool's (default 1).
 * `onWarmedUp` hears once when the warm-up ends: whether every engine is loaded on every thread
 * (the health checks answer 200 from then on) and how long it took, for the start-up log.
 */
export function createEngineRuntime(options: { threads: number; grammarThreads?: number; warmUp?: boolean; onWarmedUp?: (ready: boolean, ms: number) => void }): EngineRuntime {
  const grammarThreads = options.grammarThreads || 1;
  const sizes: Record<EnginePool, number> = { general: generalThreads(options.threads, grammarThreads), grammar: grammarThreads };
  const warm = options.warmUp ?? false;
  // Each pool's tables are read before its first thread starts: its threads are handed the same ones.
  const poolOfSize = (threads: number, workerData: ThreadTables) =>
    new Piscina({
      filename: ENGINE_THREAD_ENTRY,
      workerData,
      minThreads: warm ? threads : 1,
      maxThreads: threads,
      idleTimeout: warm ? Infinity : 60_000,
      // An engine task's garbage is short-lived; V8's default young generation (32 MB) sat committed on every thread.
      resourceLimits: { maxYoungGenerationSizeMb: ENGINE_THREAD_YOUNG_GENERATION_MB },
    });
  const runsInline = (task: { kind: string; text?: unknown }) => task.kind === 'detectText' && typeof task.text === 'string' && task.text.length <= INLINE_DETECTION_MAX_CHARS;

  const now = () => performance.timeOrigin + performance.now();

  // The grammar pool first, handed the one table its threads use (the humanizer's detector), and its
  // warm-up sent before the general pool's tables are read: the grammar thread's warm-up is the longest,
  // the path to "engines ready".
  const pools = { grammar: poolOfSize(sizes.grammar, { textDetect: sharedDetectorModel() }) } as Record<EnginePool, Piscina>;
  const warmPool = (pool: EnginePool) => (warm ? warmEveryThread(sizes[pool], () => run({ kind: 'warmUp', pool })) : Promise.resolve(true));
  const warmUpStarted = performance.now();
  const grammarWarmedUp = warmPool('grammar');
  pools.general = poolOfSize(sizes.general, engineTables());
  let closed = false;
  let warmed = !warm;

  /** A task on its pool's thread, given up (the thread stopped) past `timeoutMs`. */
  async function onThread<K extends EngineKind>(task: EngineTask<K>, timeoutMs: number | undefined): Promise<ThreadOutcome<K>> {
    const pool = pools[poolOf(task)];
    if (timeoutMs === undefined) return pool.run(task);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await pool.run(task, { signal });
    } catch (error) {
      if (signal.aborted) throw new EngineError(`engine task ${task.kind} ran past ${timeoutMs} ms`, undefined, true);
      throw error;
    }
  }

  async function run<K extends EngineKind>(task: EngineTask<K>, options: RunOptions = {}): Promise<EngineResults[K]> {
    const submitted = now();
    let result: EngineResults[K] | EngineFailure;
    let startedAt = submitted;
    let waited: number | undefined; // in place: no thread, no queue
    if (runsInline(task)) result = await (await inlineEngine())(task);
    else {
      // The pool runs engine-worker.ts's runOnThread on another thread: its answer is that function's.
      ({ outcome: result, startedAt } = await onThread(task, options.timeoutMs));
      waited = Math.max(0, startedAt - submitted) / 1000;
    }
    if (task.kind !== 'warmUp') {
      const outcome = isFailure(result) ? (result.failure === 'input' ? 'input_error' : 'failed') : 'ok';
      recordEngineTask(task.kind, outcome, Math.max(0, now() - startedAt) / 1000, waited);
    }
    if (isFailure(result)) throw result.failure === 'input' ? new EngineError(result.error.message, result.error) : new EngineError(result.message);
    return result;
  }

  // Load the in-place detector now, and (warm-up on) every engine on every thread, in the background.
  inlineEngine().then((runTask) => runTask({ kind: 'detectText', text: 'Warm up.' })).catch(() => {}); // a failure shows on first use
  if (warm) {
    void Promise.all([warmPool('general'), grammarWarmedUp])
      .then((done) => done.every(Boolean))
      .catch(() => false) // not ready then; the engine's failure shows on first use
      .then((done) => {
        warmed = done;
        if (!closed) options.onWarmedUp?.(done, performance.now() - warmUpStarted);
      });
  }

  // Input errors (an undecodable file) are the caller's, not the engine's: they do not trip the breaker.
  const isCallerError = (error: unknown) => error instanceof EngineError && error.input !== undefined;
  const breaker = <K extends MediaKind>(timeout: number) =>
    new CircuitBreaker<[EngineTask<K>], EngineResults[K]>((task) => run(task), { timeout, errorThresholdPercentage: 50, volumeThreshold: 5, resetTimeout: 30_000, errorFilter: isCallerError });
  const breakers: { [K in MediaKind]: CircuitBreaker<[EngineTask<K>], EngineResults[K]> } = { analyzeImage: breaker(60_000), analyzeVoice: breaker(120_000) };
  const unwatch = [watchBreaker('engine:image', breakers.analyzeImage), watchBreaker('engine:voice', breakers.analyzeVoice)];

  async function runMedia<K extends MediaKind>(task: EngineTask<K>): Promise<EngineResults[K]> {
    const media: CircuitBreaker<[EngineTask<K>], EngineResults[K]> = breakers[task.kind];
    return media.fire(task);
  }

  return {
    run,
    runMedia,
    health(engine) {
      const b = breakers[engine === 'image' ? 'analyzeImage' : 'analyzeVoice'];
      return { ready: !closed && warmed && pools.general.threads.length > 0 && pools.grammar.threads.length > 0, circuit: b.opened ? 'open' : b.halfOpen ? 'half_open' : 'closed', failures: b.stats.failures };
    },
    async close() {
      closed = true;
      for (const stop of unwatch) stop();
      breakers.analyzeImage.shutdown();
      breakers.analyzeVoice.shutdown();
      await Promise.all([pools.general.destroy(), pools.grammar.destroy()]);
    },
  };
}
