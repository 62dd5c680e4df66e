/**
 * `npm run bench -- memory`: what the server holds in memory, and how long it takes to be ready.
 *
 * 1. `npm start` as a process group of its own (npm, the node server and its engine threads; the
 *    embedded PostgreSQL it starts is not counted), on a fresh data folder: the time from the
 *    spawn to "listening" and to "engines ready" (every engine loaded on every engine thread), then
 *    the group's resident memory after warm-up and after a mixed load of 80 detector, 80 grammar
 *    and 40 humanizer requests (4 at a time), and its peak, sampled every 100 ms.
 * 2. What each engine holds: a fresh process per engine (scripts/lib/engine-probe.ts) reads the
 *    tables the threads share, then loads the engine on one engine thread and on a second one, as
 *    the server's threads do; the size of the shared tables, the growth of resident memory after each thread.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { commitOf, prose, THIS_CHECKOUT } from '../lib/bench-server.ts';
import { ENGINES, type ProbeResult } from '../lib/engine-probe.ts';
import { groupProcesses, isPostgres, startGroup, type Started } from '../lib/server-group.ts';

const MB = 2 ** 20;
const mb = (bytes: number) => `${Math.round(bytes / MB).toLocaleString('en')} MB`;

interface Snapshot { group: number; server: number; others: string }

function snapshot(pgid: number, serverPid: () => number): Snapshot {
  const procs = groupProcesses(pgid);
  const ours = procs.filter((p) => !isPostgres(p));
  const server = ours.find((p) => p.pid === serverPid());
  return {
    group: ours.reduce((sum, p) => sum + p.rss, 0),
    server: server?.rss ?? 0,
    others: ours.filter((p) => p !== server).map((p) => `${p.name} ${mb(p.rss)}`).join(', '),
  };
}

/** The texts of the mixed load: ordinary prose of varied length, and learner English for grammar. */
const LEARNER = [
  'She go to school every days and she like it very much.',
  'Many student was unhappy with the decision becuase the fares will rise again.',
  'In my opinion the plan is reasonable, but it should of been explained better.',
  'There is many reasons to support the plan, and a few reasons to doubt it.',
  'The engineers has went through every proposal carefully before the vote.',
  'i think its very important to listen to the people who use the service every day.',
];
const learnerText = (i: number, sentences: number) => Array.from({ length: sentences }, (_, k) => LEARNER[(i + k * 5) % LEARNER.length]).join(' ');

async function topUp(dataDir: string) {
  const port = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/content_integrity` });
  await client.connect();
  await client.query('update users set credits = 1000000000');
  await client.query("insert into credit_ledger (user_id, kind, amount, balance_after, operation) select id, 'grant', 1000000000 - 1000000, 1000000000, 'benchmark top-up' from users");
  await client.query('update plans set humanizer_sync_per_minute = 1000000');
  await client.end();
}

/** 80 detector, 80 grammar and 40 humanizer requests, interleaved, 4 at a time; every answer must be 200. */
async function mixedLoad(server: Started): Promise<void> {
  const requests: Array<{ path: string; body: object }> = [];
  for (let i = 0; i < 80; i++) {
    requests.push({ path: '/api/detector/', body: { content: prose(60 + ((i * 37) % 700)) } });
    requests.push({ path: '/api/grammar/correct/', body: { content: learnerText(i, 2 + (i % 12)) } });
    if (i % 2 === 0) requests.push({ path: '/api/humanizer/', body: { content: prose(120 + ((i * 53) % 250)) } });
  }
  let next = 0;
  const failures: string[] = [];
  async function lane() {
    while (next < requests.length) {
      const { path: route, body } = requests[next++];
      const res = await fetch(server.url + route, { method: 'POST', headers: { 'x-api-key': server.key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) failures.push(`${route} ${res.status} ${await res.text()}`);
      else await res.arrayBuffer();
    }
  }
  await Promise.all([lane(), lane(), lane(), lane()]);
  if (failures.length) throw new Error(`${failures.length} requests failed, e.g. ${failures[0]}`);
}

/** The probe of checkout `dir` (scripts/lib/engine-probe.ts there) on one engine. */
function probe(engine: string, dir: string): ProbeResult {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/lib/engine-probe.ts', engine], { cwd: dir, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as ProbeResult;
}

/**
 * `npm run bench -- memory [--before DIR] [--samples N]`: with `--before`, the checkout in DIR (another
 * commit, its node_modules in place) is measured first, then this one, in the same run. `--samples N`
 * starts and loads each server N times (a fresh data folder each), one row a start: a single start
 * varies by tens of MB, too much to judge a setting that changes less.
 */
export async function run(args: string[]): Promise<string> {
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const samples = Math.max(1, Number(option('--samples') ?? 1));
  const before = option('--before');
  if (before === undefined) return measure(THIS_CHECKOUT, samples);
  const sections = [];
  for (const dir of [before, THIS_CHECKOUT]) sections.push(`### ${dir === before ? 'before' : 'after'}: commit ${commitOf(dir)}\n\n${await measure(dir, samples)}`);
  return sections.join('\n\n');
}

interface Sample { listeningMs: number; readyMs: number; warm: Snapshot; loaded: Snapshot; peak: number; threads: number }

/** One start of the server in `dir`: its times to listening and ready, its memory after warm-up, after the mixed load and at its peak. */
async function sample(dir: string): Promise<Sample> {
  const server = await startGroup(dir);
  let warm: Snapshot;
  let loaded: Snapshot;
  let peak = 0;
  let threads = 0;
  try {
    await topUp(server.dataDir);
    await new Promise((r) => setTimeout(r, 2000)); // let start-up garbage be collected
    warm = snapshot(server.pgid, server.serverPid);
    const sampler = setInterval(() => (peak = Math.max(peak, snapshot(server.pgid, server.serverPid).group)), 100);
    const loadStarted = performance.now();
    await mixedLoad(server);
    const loadMs = performance.now() - loadStarted;
    clearInterval(sampler);
    loaded = snapshot(server.pgid, server.serverPid);
    peak = Math.max(peak, loaded.group);
    threads = readdirSync(`/proc/${server.serverPid()}/task`).length;
    console.log(`mixed load: ${(loadMs / 1000).toFixed(1)} s`);
  } finally {
    await server.stop();
  }
  return { listeningMs: server.listeningMs, readyMs: server.readyMs, warm, loaded, peak, threads };
}

async function measure(dir: string, samples: number): Promise<string> {
  const runs: Sample[] = [];
  for (let i = 0; i < samples; i++) runs.push(await sample(dir));
  const [server] = runs;
  const { warm, loaded, peak, threads } = server;
  const engines = ENGINES.map((engine) => ({ engine, ...probe(engine, dir) }));
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const eachStart =
    samples === 1
      ? []
      : [
          '',
          `Each of the ${samples} starts (the tables above are the first's):`,
          '',
          '| start | listening | engines ready | group after warm-up | group after the load | peak during the load |',
          '|---|---|---|---|---|---|',
          ...runs.map((r, i) => `| ${i + 1} | ${s(r.listeningMs)} | ${s(r.readyMs)} | ${mb(r.warm.group)} | ${mb(r.loaded.group)} | ${mb(r.peak)} |`),
        ];
  const lines = [
    '`npm start` (the default settings of the commit measured, engines warmed at start) as a process group of its own on a fresh',
    'data folder; resident memory (RSS) of the group without its embedded PostgreSQL (which runs in a process group of its own',
    'since main 66f6af2, and was left out of the sum before).',
    '',
    '| | time from spawn |',
    '|---|---|',
    `| listening | ${s(server.listeningMs)} |`,
    `| engines ready (every engine loaded on every engine thread) | ${s(server.readyMs)} |`,
    '',
    '| resident memory | group (npm, node, engine threads) | the server process | the rest of the group |',
    '|---|---|---|---|',
    `| after warm-up | ${mb(warm.group)} | ${mb(warm.server)} | ${warm.others} |`,
    `| after 80 detector, 80 grammar and 40 humanizer requests (4 at a time) | ${mb(loaded.group)} | ${mb(loaded.server)} | ${loaded.others} |`,
    `| peak during that load (sampled every 100 ms) | ${mb(peak)} | | |`,
    '',
    `The server process had ${threads} threads after the load.`,
    ...eachStart,
    '',
    'What each engine holds: a fresh process reads the tables the engine threads share (once per process, in SharedArrayBuffers),',
    'then loads the engine (and runs it once) on one engine thread, then on a second (`scripts/lib/engine-probe.ts`); the size',
    'of its shared tables, the growth of the process\'s resident memory with each thread, and the load time on each thread.',
    '',
    '| engine | shared tables (once per process) | first thread | second thread | load, first thread | load, second thread |',
    '|---|---|---|---|---|---|',
    ...engines.map((e) => `| ${e.engine === 'humanize' ? `humanize (${e.shared === undefined ? 'after the grammar engine and detector, not counted' : 'with the grammar engine and detector it uses'})` : e.engine} | ${e.shared ? mb(e.shared) : '–'} | ${mb(e.first)} | ${mb(e.second)} | ${s(e.firstMs)} | ${s(e.secondMs)} |`),
  ];
  console.log(lines.join('\n'));
  return lines.join('\n');
}
