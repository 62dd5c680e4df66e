/**
 * The engines as the handlers see them: one worker-thread pool for the CPU-heavy calls, a circuit
 * breaker per media engine (its state is what the health routes report), and the engine versions
 * that name each result's service.
 */
import os from 'node:os';
import CircuitBreaker from 'opossum';
import { Piscina } from 'piscina';
import type { EngineFailure, EngineResults, EngineTask } from './engine-worker.ts';

export class EngineError extends Error {
  constructor(readonly engineError: string, message: string) {
    super(message);
    this.name = engineError;
  }
}

type Task<K extends EngineTask['kind']> = Extract<EngineTask, { kind: K }>;

/**
 * Up to this many characters (about 300 words) the detector takes a fraction of a millisecond,
 * less than handing the text to a worker thread and back costs the event loop, so short texts are
 * scored in place.
 */
const INLINE_DETECTION_MAX_CHARS = 2_000;

/** The same task runner the worker threads use, loaded in this thread too, once (the detector model). */
let inlineRunner: Promise<(task: EngineTask) => Promise<unknown>> | undefined;
const inlineEngine = () => (inlineRunner ??= import('./engine-worker.ts').then((m) => m.default));

export interface EngineRuntime {
  run<K extends EngineTask['kind']>(task: Task<K>): Promise<EngineResults[K]>;
  /** Media engines go through a breaker: repeated failures open it and requests fail fast (503). */
  breaker(name: 'image' | 'voice'): CircuitBreaker<[EngineTask], unknown>;
  poolReady(): boolean;
  close(): Promise<void>;
}

export function createEngineRuntime(options: { threads: number }): EngineRuntime {
  const threads = options.threads || Math.max(1, os.availableParallelism());
  const pool = new Piscina({
    filename: new URL('./engine-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  let closed = false;

  const runsInline = (task: EngineTask) => task.kind === 'detectText' && task.text.length <= INLINE_DETECTION_MAX_CHARS;
  // Load the detector now rather than stall the first short request.
  inlineEngine().then((runTask) => runTask({ kind: 'detectText', text: 'Warm up.' })).catch(() => {}); // a failure shows on first use

  async function run<K extends EngineTask['kind']>(task: Task<K>): Promise<EngineResults[K]> {
    const result = (runsInline(task) ? await (await inlineEngine())(task) : await pool.run(task)) as EngineResults[K] | EngineFailure;
    if (result && typeof result === 'object' && 'engineError' in result) throw new EngineError(result.engineError, result.message);
    return result as EngineResults[K];
  }

  // Input errors (an undecodable file) are the caller's, not the engine's: they do not trip the breaker.
  const isCallerError = (error: unknown) => error instanceof EngineError && /Invalid|Unsupported/.test(error.engineError);
  const breakers = {
    image: new CircuitBreaker((task: EngineTask) => run(task as Task<'analyzeImage'>), { timeout: 60_000, errorThresholdPercentage: 50, volumeThreshold: 5, resetTimeout: 30_000, errorFilter: isCallerError }),
    voice: new CircuitBreaker((task: EngineTask) => run(task as Task<'analyzeVoice'>), { timeout: 120_000, errorThresholdPercentage: 50, volumeThreshold: 5, resetTimeout: 30_000, errorFilter: isCallerError }),
  };

  return {
    run,
    breaker: (name) => breakers[name] as unknown as CircuitBreaker<[EngineTask], unknown>,
    poolReady: () => !closed && pool.threads.length > 0,
    async close() {
      closed = true;
      for (const b of Object.values(breakers)) b.shutdown();
      await pool.destroy();
    },
  };
}
