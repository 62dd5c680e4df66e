/**
 * `npm run bench -- grammar [--runs N]`: speed of the grammar engine on texts of 300, 1,000 and
 * 2,000 words (latency p50/p95 and words per second, one call at a time, one thread), throughput
 * with 4 requests at a time on 4 worker threads (as the server runs it), and memory.
 *
 * The texts are built here from a fixed set of sentences written for this benchmark, about one in
 * three with a learner error, so every stage of the engine (harper, our rules) has work to do.
 */
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import { createGrammarEngine } from '../../server/engines/grammar/index.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { percentile } from '../lib/percentile.ts';

const SENTENCES = [
  'The city council met on Tuesday to discuss the new budget for public transport.',
  'Many student was unhappy with the decision becuase the fares will rise again.',
  'However the mayor said that the money is needed to repair old buses and trains.',
  'In my opinion the plan is reasonable, but it should of been explained better.',
  'Most people in the survey said they would use the bus more if it came on time.',
  'He go to work by bicycle every day, even when it rains.',
  'The report also mentions that cycling lanes are safer than they were ten years ago.',
  'i think its very important to listen to the people who use the service every day.',
  'Some residents want more night buses; others would rather have cheaper tickets.',
  'The new timetable will be published next month on the council website.',
  'She can goes to the meeting if she finish her work early.',
  'There is many reasons to support the plan, and a few reasons to doubt it.',
  'The engineers has went through every proposal carefully before the vote.',
  'Local shops hope that more visitors will come to the centre on weekends.',
  'For example the market on Saturday already attracts people from nearby towns.',
];

function textOf(words: number, offset: number): string {
  const out: string[] = [];
  let n = 0;
  for (let k = offset; n < words; k++) {
    const sentence = SENTENCES[(k * 7) % SENTENCES.length];
    out.push(sentence);
    n += countWords(sentence);
    if (out.length % 5 === 0) out.push('\n');
  }
  return out.join(' ').replace(/ \n /g, '\n');
}

const mb = (bytes: number): string => `${Math.round(bytes / 2 ** 20)} MiB`;

/**
 * One worker thread holding its own engine; answers { text } with the correction's edit count.
 * Worker threads do not inherit tsx's loader: it is registered first (as server/runtime does).
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.engine); }).then(async ({ createGrammarEngine }) => {
  const engine = await createGrammarEngine();
  parentPort.postMessage({ ready: true, rss: process.memoryUsage().rss });
  parentPort.on('message', async ({ id, text }) => {
    const r = await engine.correct(text, 'auto');
    parentPort.postMessage({ id, edits: r.diff.length });
  });
});
`;

async function concurrent(texts: string[], threads: number): Promise<{ seconds: number; words: number }> {
  const engineUrl = new URL('../../server/engines/grammar/index.ts', import.meta.url).href;
  const workers = await Promise.all(
    Array.from({ length: threads }, () => {
      const worker = new Worker(WORKER, { eval: true, workerData: { engine: engineUrl, tsx: import.meta.resolve('tsx/esm/api') } });
      return new Promise<Worker>((resolve, reject) => {
        worker.once('message', () => resolve(worker));
        worker.once('error', reject);
      });
    }),
  );
  const started = performance.now();
  let next = 0;
  await Promise.all(
    workers.map(async (worker) => {
      while (next < texts.length) {
        const id = next++;
        await new Promise<void>((resolve) => {
          worker.once('message', () => resolve());
          worker.postMessage({ id, text: texts[id] });
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(workers.map((w) => w.terminate()));
  return { seconds, words: texts.reduce((n, t) => n + countWords(t), 0) };
}

export async function run(args: string[]): Promise<string> {
  const runsArg = args.indexOf('--runs');
  const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 30;
  const rssBefore = process.memoryUsage().rss;
  const loadStarted = performance.now();
  const engine = await createGrammarEngine();
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const rssLoaded = process.memoryUsage().rss;

  const rows: string[] = [];
  for (const size of [300, 1000, 2000]) {
    const texts = Array.from({ length: runs }, (_, k) => textOf(size, k));
    await engine.correct(texts[0], 'auto'); // warm-up
    const times: number[] = [];
    let words = 0;
    let edits = 0;
    for (const text of texts) {
      const t0 = performance.now();
      const result = await engine.correct(text, 'auto');
      times.push(performance.now() - t0);
      words += countWords(text);
      edits += result.diff.length;
    }
    const total = times.reduce((a, b) => a + b, 0) / 1000;
    times.sort((a, b) => a - b);
    rows.push(
      `| ${size} | ${runs} | ${percentile(times, 50).toFixed(0)} ms | ${percentile(times, 95).toFixed(0)} ms | ${Math.round(words / total).toLocaleString('en-US')} | ${(edits / runs).toFixed(0)} |`,
    );
    console.error(rows.at(-1));
  }
  const rssAfter = process.memoryUsage().rss;

  const threads = 4;
  const parallel = await concurrent(Array.from({ length: 40 }, (_, k) => textOf(1000, k)), threads);

  return [
    'Engine only (server/engines/grammar), in process, `auto` variant; texts built from 15 fixed sentences, about a third with a learner error.',
    '',
    '| words per text | texts | p50 latency | p95 latency | words/s (one thread) | edits per text |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Concurrency: 40 texts of 1,000 words, ${threads} at a time on ${threads} worker threads (one engine each, as server/runtime runs it) ` +
      `on ${os.cpus().length} CPU cores: ` +
      `${parallel.seconds.toFixed(1)} s, ${Math.round(parallel.words / parallel.seconds).toLocaleString('en-US')} words/s.`,
    '',
    `Memory: engine load ${loadSeconds.toFixed(1)} s; process RSS ${mb(rssBefore)} before, ${mb(rssLoaded)} with the engine loaded ` +
      `(harper.js WebAssembly, WordNet, wink-nlp, SUBTLEX word counts, word pairs), ${mb(rssAfter)} after the runs. Each worker thread holds its own engine (about ${mb(rssLoaded - rssBefore)}).`,
  ].join('\n');
}
