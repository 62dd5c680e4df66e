/**
 * `npm run bench -- batches [items]`: batches end to end against a real server (its own process,
 * worker in-process, the default WORKER_CONCURRENCY, BATCH_ITEMS_PER_ACCOUNT as the environment sets it).
 *
 * (1) Items per second from POST /api/batches/ to the batch's end (read by polling GET of its last item every 25 ms),
 *     for a detector batch and a grammar batch of `items` items, against the way a client had to do
 *     it before batches: the same texts as single async detector jobs (`poll: true`, then each job
 *     polled), and as single grammar requests 4 at a time (grammar has no async form).
 * (2) Fairness: account B's synchronous detector requests (100 words, one at a time) idle, and while
 *     account A's 100-item batch of long texts runs: p50 / p90, and how long B's 5-item batch takes
 *     then. The target: B's p90 within 2× of idle.
 */
import os from 'node:os';
import { PUBLIC_SCOPES } from '../../contract/catalogue.ts';
import { batchItemsPerAccount, loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createUser } from '../../server/platform/accounts.ts';
import { grantCredits } from '../../server/platform/data/ledger.ts';
import { createApiKey } from '../../server/platform/keys.ts';
import { prose, startBenchServer, type BenchServer } from '../lib/bench-server.ts';
import { percentile } from '../lib/percentile.ts';

/** Words of each item of A's batch in the fairness run: long enough that the batch outlasts B's requests. */
const LONG_WORDS = 15_000;
/** The server's cap on one account's items in flight, by the server's own rule (it runs on this machine with this environment). */
const CAP = batchItemsPerAccount(loadConfig(process.env));
const GRAMMAR_TEXT = 'She go to school every days and her brother dont like the bus. ';

async function call(server: BenchServer, key: string, path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are read field by field
  const res = await fetch(server.url + path, { method: init.method ?? 'GET', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  return { status: res.status, body: await res.json() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A batch from POST to its end: seconds taken and items per second. */
async function timedBatch(server: BenchServer, key: string, json: Record<string, unknown>): Promise<{ seconds: number; acceptMs: number; batchId: string }> {
  const started = performance.now();
  const accepted = await call(server, key, '/api/batches/', { method: 'POST', json });
  if (accepted.status !== 202) throw new Error(`batch refused: ${JSON.stringify(accepted.body)}`);
  const acceptMs = performance.now() - started;
  // Polls the last item's page of one: small until the end (a finished item's result can be 200 KB,
  // and reading one every 25 ms would load the server more than the batch does).
  const last = `/api/batches/${accepted.body.batch_id}/?limit=1&cursor=${accepted.body.item_count - 1}`;
  for (;;) {
    const batch = await call(server, key, last);
    if (batch.body.completed_at) {
      if (batch.body.status !== 'completed') throw new Error(`batch ended ${batch.body.status}`);
      return { seconds: (performance.now() - started) / 1000, acceptMs, batchId: accepted.body.batch_id };
    }
    await sleep(25);
  }
}

/** The same texts as single async detector jobs: accepted 10 at a time, then every job polled until done. */
async function singleJobs(server: BenchServer, key: string, texts: string[]): Promise<number> {
  const started = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < texts.length; i += 10) {
    const accepted = await Promise.all(texts.slice(i, i + 10).map((content) => call(server, key, '/api/detector/', { method: 'POST', json: { content, poll: true } })));
    ids.push(...accepted.map((r) => r.body.task_id as string));
  }
  for (const id of ids) {
    while ((await call(server, key, `/api/jobs/${id}/`)).body.status === 'processing') await sleep(25);
  }
  return (performance.now() - started) / 1000;
}

/** The same texts as single synchronous requests, `connections` at a time. */
async function singleSync(server: BenchServer, key: string, path: string, texts: string[], connections: number): Promise<number> {
  const started = performance.now();
  const queue = [...texts];
  await Promise.all(Array.from({ length: connections }, async () => {
    for (let content = queue.shift(); content !== undefined; content = queue.shift()) {
      const res = await call(server, key, path, { method: 'POST', json: { content } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    }
  }));
  return (performance.now() - started) / 1000;
}

/** Latencies of `n` synchronous detector requests, one at a time, sorted. */
async function syncLatencies(server: BenchServer, key: string, n: number): Promise<number[]> {
  const content = prose(100);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await call(server, key, '/api/detector/', { method: 'POST', json: { content } });
    if (res.status !== 200) throw new Error(`detector: ${res.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

export async function run(args: string[]): Promise<string> {
  const count = Number(args[0] ?? 100);
  const loadBefore = os.loadavg()[0];
  const server = await startBenchServer();
  const db = await openDatabase({ url: server.databaseUrl, dataDir: os.tmpdir(), migrate: false, poolSize: 2 });
  try {
    const b = await createUser(db, 'bench-b@example.com', '1M');
    await grantCredits(db, b.id, 100_000_000, 'benchmark top-up');
    const bKey = (await createApiKey(db, { userId: b.id, name: 'bench', scopes: [...PUBLIC_SCOPES], expiration: 'never' })).key;
    const a = server.key;

    // (1) Throughput, batch against single requests.
    const detectorTexts = Array.from({ length: count }, (_, i) => `Text ${i}. ${prose(100)}`);
    const grammarTexts = Array.from({ length: count }, (_, i) => `Text ${i}. ${GRAMMAR_TEXT.repeat(7)}`);
    const detectorBatch = await timedBatch(server, a, { service: 'detector', items: detectorTexts.map((content) => ({ content })) });
    const detectorSingle = await singleJobs(server, a, detectorTexts);
    const grammarBatch = await timedBatch(server, a, { service: 'grammar', items: grammarTexts.map((content) => ({ content })) });
    const grammarSingle = await singleSync(server, a, '/api/grammar/correct/', grammarTexts, 4);

    // (2) Fairness: B idle, then B while A's batch of long texts runs.
    const idle = await syncLatencies(server, bKey, 100);
    const longTexts = Array.from({ length: 100 }, (_, i) => ({ content: `Long text ${i}. ${prose(LONG_WORDS)}` }));
    let aEnded = false;
    const aBatch = timedBatch(server, a, { service: 'detector', items: longTexts }).finally(() => (aEnded = true));
    await sleep(1_000); // A's batch accepted, its first items running
    const busy = await syncLatencies(server, bKey, 100);
    const bBatch = await timedBatch(server, bKey, { service: 'detector', items: detectorTexts.slice(0, 5).map((content) => ({ content })) });
    const aRunningAfterB = !aEnded;
    const aDone = await aBatch;

    const rate = (seconds: number) => (count / seconds).toFixed(1);
    const ms = (x: number) => x.toFixed(1);
    const lines = [
      `${count} items per batch; detector items about 100 words, grammar items about 100 words with errors; the server in its own process with its worker (concurrency 4, BATCH_ITEMS_PER_ACCOUNT ${CAP}); one client, polling every 25 ms.`,
      '',
      '| metric | before (single requests) | after (one batch) |',
      '|---|---|---|',
      `| detector, items/s end to end | ${rate(detectorSingle)} (${count} async jobs, \`poll: true\`) | ${rate(detectorBatch.seconds)} (accepted in ${ms(detectorBatch.acceptMs)} ms) |`,
      `| grammar, items/s end to end | ${rate(grammarSingle)} (${count} sync requests, 4 at a time) | ${rate(grammarBatch.seconds)} (accepted in ${ms(grammarBatch.acceptMs)} ms) |`,
      '',
      `One account's batch has at most BATCH_ITEMS_PER_ACCOUNT (${CAP}) items in flight, where single jobs take all 4 worker slots: per slot, detector ${(count / detectorSingle / 4).toFixed(1)} items/s as single jobs and ${(count / detectorBatch.seconds / CAP).toFixed(1)} in a batch. The cap is the price of fairness (below); raise it where one account has the workers to itself.`,
      `Load average (1 min) when the run started: ${loadBefore.toFixed(1)} on ${os.cpus().length} CPUs (the machine is shared; figures from a busy machine are noisy).`,
      '',
      `Fairness: account B's synchronous detector requests (100 words, one at a time, 100 of them) idle, and while account A's 100-item batch of ${LONG_WORDS.toLocaleString('en-US')}-word texts runs (${aRunningAfterB ? 'still running when B\'s requests and 5-item batch were done' : 'it had ended before B was done: the figures are a lower bound'}; it took ${aDone.seconds.toFixed(1)} s in all).`,
      '',
      '| B\'s sync detector latency | idle | during A\'s batch | target |',
      '|---|---|---|---|',
      `| p50 | ${ms(percentile(idle, 50))} ms | ${ms(percentile(busy, 50))} ms | |`,
      `| p90 | ${ms(percentile(idle, 90))} ms | ${ms(percentile(busy, 90))} ms (${(percentile(busy, 90) / percentile(idle, 90)).toFixed(2)}×) | within 2× of idle |`,
      `| B's 5-item detector batch, POST to end | | ${bBatch.seconds.toFixed(2)} s | before A's batch ends |`,
    ];
    console.log(lines.join('\n'));
    return lines.join('\n');
  } finally {
    await db.close();
    await server.stop();
  }
}
