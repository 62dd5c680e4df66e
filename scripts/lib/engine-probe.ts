/**
 * What one engine holds, for `npm run bench -- memory`: run as a process of its own
 * (`node --expose-gc --import tsx scripts/lib/engine-probe.ts <engine>`), it reads the tables the
 * engine threads share (server/runtime/engine-tables.ts) and starts two engine threads with them as
 * the server's pools do (on the bundle's thread entry, dist/engine-worker.mjs, built first), loads the engine and runs it once on the first thread, then on the second,
 * and prints (last line, JSON) the size of the engine's shared tables, the growth of the process's
 * resident memory after each thread's load, garbage collected, and how long each load took.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { encodeWav, speechLikeSignal } from '../../server/engines/voice/synthetic.ts';
import type { EngineTask } from '../../server/runtime/engine-worker.ts';
import { engineTables, type EngineTables } from '../../server/runtime/engine-tables.ts';
import { prose } from './bench-server.ts';
import { buildServer } from '../build-server.ts';

export const ENGINES = ['text-detect', 'grammar', 'humanize', 'plagiarism', 'image', 'voice'] as const;
type Engine = (typeof ENGINES)[number];

export interface ProbeResult { shared: number; first: number; second: number; firstMs: number; secondMs: number }

/** The engine's part of the shared tables. */
const SHARED: Partial<Record<Engine, keyof EngineTables>> = { 'text-detect': 'textDetect', plagiarism: 'plagiarismSynonyms' };

/** Bytes of the typed arrays in `value`. */
function bytesOf(value: unknown): number {
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (typeof value === 'object' && value !== null) return Object.values(value).reduce((sum: number, v) => sum + bytesOf(v), 0);
  return 0;
}

/** The tasks that load and run an engine once, after `before` (the engines it uses, not counted). */
async function tasksOf(engine: Engine, dir: string): Promise<{ before: EngineTask[]; tasks: EngineTask[] }> {
  const text = prose(400);
  switch (engine) {
    case 'text-detect':
      return { before: [], tasks: [{ kind: 'detectText', text }] };
    case 'grammar':
      return { before: [], tasks: [{ kind: 'correctGrammar', text: 'She go to school every days. ' + text, variant: 'auto' }] };
    case 'humanize': // with the grammar engine and the detector it uses
      return { before: [], tasks: [{ kind: 'humanize', text: prose(200) }] };
    case 'plagiarism':
      return { before: [], tasks: [{ kind: 'plagiarismQuery', text }] };
    case 'image': {
      const bytes = new Uint8Array(await sharp({ create: { width: 512, height: 384, channels: 3, background: { r: 90, g: 140, b: 200 } } }).png().toBuffer());
      return { before: [], tasks: [{ kind: 'analyzeImage', bytes }] };
    }
    case 'voice': {
      const file = path.join(dir, 'probe.wav');
      writeFileSync(file, encodeWav(speechLikeSignal(4, { sampleRate: 16_000, seed: 3 }), 16_000));
      return { before: [], tasks: [{ kind: 'analyzeVoice', path: file }] };
    }
  }
}

/** An engine thread: the bundle's engine-worker.mjs (scripts/build-server.ts), as the server's pools load it, answering tasks one at a time. */
function engineThread(workerData: EngineTables) {
  const source = `import { parentPort } from 'node:worker_threads';
const { default: runOnThread } = await import(${JSON.stringify(new URL('../../dist/engine-worker.mjs', import.meta.url).href)});
parentPort.on('message', async (task) => { const result = task === 'gc' ? (globalThis.gc?.(), 0) : (await runOnThread(task)).outcome; parentPort.postMessage(result); });
parentPort.postMessage('ready');`;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), { workerData });
  const answers: Array<(value: unknown) => void> = [];
  worker.on('message', (value) => answers.shift()?.(value));
  const next = () => new Promise((resolve) => answers.push(resolve));
  const ready = next();
  return {
    ready,
    async run(task: EngineTask | 'gc') {
      const answer = next();
      worker.postMessage(task);
      const result = await answer;
      if (typeof result === 'object' && result !== null && 'failure' in result) throw new Error(JSON.stringify(result));
    },
    stop: () => worker.terminate(),
  };
}

async function main(engine: Engine): Promise<ProbeResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ci-engine-probe-'));
  const { before, tasks } = await tasksOf(engine, dir);
  await buildServer();
  const tables = engineTables();
  const shared = SHARED[engine];
  const threads = [engineThread(tables), engineThread(tables)];
  await Promise.all(threads.map((t) => t.ready));
  const settled = async () => {
    // Twice, a while apart: V8 returns freed pages to the system after a collection, not during it.
    for (let round = 0; round < 2; round++) {
      for (const t of threads) await t.run('gc');
      (globalThis as { gc?: () => void }).gc?.();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return process.memoryUsage.rss();
  };
  const grows: number[] = [];
  const ms: number[] = [];
  for (const thread of threads) {
    for (const task of before) await thread.run(task);
    const rss = await settled();
    const started = performance.now();
    for (const task of tasks) await thread.run(task);
    ms.push(performance.now() - started);
    grows.push((await settled()) - rss);
  }
  await Promise.all(threads.map((t) => t.stop()));
  rmSync(dir, { recursive: true, force: true });
  return { shared: shared ? bytesOf(tables[shared]) : 0, first: grows[0], second: grows[1], firstMs: ms[0], secondMs: ms[1] };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('engine-probe.ts')) {
  const engine = process.argv[2] as Engine;
  if (!ENGINES.includes(engine)) throw new Error(`usage: engine-probe.ts <${ENGINES.join('|')}>`);
  console.log(JSON.stringify(await main(engine)));
}
