/**
 * `npm run bench -- platform`: an authenticated, charged request (the AI detector on a 100-word text)
 * over 100 concurrent connections against a real server and PostgreSQL on this machine.
 * Target: ≥ 1,500 requests/s and p99 < 25 ms.
 *
 * The load generator runs in a process of its own (scripts/lib/load-generator.ts), so the
 * benchmark's own work stays out of the way; it still shares the machine's CPUs with the server,
 * and the section says how close the two come to using all of them.
 *
 * Two runs, because one closed loop cannot show both: with 100 connections each sending its next
 * request as soon as the last answer arrives, mean latency is 100 / throughput (Little's law), so
 * p99 < 25 ms would need 4,000+ requests/s. The first run (autocannon) finds the most the server
 * sustains with all connections flat out; the second sends exactly the target rate, evenly spaced,
 * over up to 100 connections (open loop) and measures latency there, three times: tail latency on
 * a shared 2-core machine varies from run to run, so every run is reported.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { commitOf, prose, startBenchServer, THIS_CHECKOUT } from '../lib/bench-server.ts';
import { loadFrom, type LoadFigures, type LoadSpec } from '../lib/load-generator.ts';

const TARGET_RATE = 1500;
const OPEN_LOOP_RUNS = 3;

/** CPU time (user + system) used so far, in ms: a whole process, or one thread at /proc/PID/task/TID. */
function cpuMs(proc: string): number {
  const fields = readFileSync(`${proc}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The machine's CPU ticks so far: all of them, the idle ones (idle + iowait), and those the hypervisor gave to other guests (steal). */
function machineTicks(): { total: number; idle: number; steal: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: ticks.reduce((sum, t) => sum + t, 0), idle: ticks[3] + ticks[4], steal: ticks[7] };
}

/**
 * A run of the load generator (a process of its own) with what explains its figures: the server's
 * CPU time (all its threads) and its main thread's (it runs every request's JavaScript, so its
 * queue is the latency), the generator's CPU time, and how busy the machine's CPUs were, and the
 * share of them stolen by the host.
 */
async function measured(spec: LoadSpec, serverPid: number) {
  const [server, mainThread] = [`/proc/${serverPid}`, `/proc/${serverPid}/task/${serverPid}`];
  const [serverBefore, mainBefore, ticksBefore, started] = [cpuMs(server), cpuMs(mainThread), machineTicks(), performance.now()];
  const result: LoadFigures = await loadFrom(spec);
  const [ticks, elapsed] = [machineTicks(), performance.now() - started];
  const total = ticks.total - ticksBefore.total;
  return {
    result,
    serverCpuMs: cpuMs(server) - serverBefore,
    mainThreadBusy: (cpuMs(mainThread) - mainBefore) / elapsed,
    machineBusy: 1 - (ticks.idle - ticksBefore.idle) / total,
    steal: (ticks.steal - ticksBefore.steal) / total,
  };
}

/**
 * `npm run bench -- platform [seconds] [--before DIR]`: with `--before`, the checkout in DIR (another
 * commit, its node_modules in place) is measured first, then this one, in the same run.
 */
export async function run(args: string[]): Promise<string> {
  const at = args.indexOf('--before');
  const before = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const seconds = Number(args[0] ?? 15);
  if (!before) return measure(seconds, THIS_CHECKOUT);
  const sections = [];
  for (const dir of [before, THIS_CHECKOUT]) sections.push(`### ${dir === before ? 'before' : 'after'}: commit ${commitOf(dir)}\n\n${await measure(seconds, dir)}`);
  return sections.join('\n\n');
}

async function measure(seconds: number, dir: string): Promise<string> {
  const server = await startBenchServer({}, dir);
  try {
    const body = JSON.stringify({ content: prose(100) });
    const request = { method: 'POST', path: '/api/detector/', headers: { 'x-api-key': server.key, 'content-type': 'application/json' }, body };
    const closedLoop = (connections: number, duration: number): LoadSpec => ({ tool: 'autocannon', url: server.url, connections, seconds: duration, request });
    await loadFrom(closedLoop(10, 3)); // warm-up: JIT, pools, prepared statements

    const flatOut = await measured(closedLoop(100, seconds), server.pid);
    const answered = flatOut.result.ok + flatOut.result.failed;
    const serverUs = (flatOut.serverCpuMs * 1000) / answered;
    const generatorUs = (flatOut.result.cpuMs * 1000) / answered;
    const cpus = os.availableParallelism();
    const atTarget = [];
    for (let i = 0; i < OPEN_LOOP_RUNS; i++) atTarget.push(await measured({ tool: 'open-loop', url: server.url, rate: TARGET_RATE, seconds, connections: 100, request }, server.pid));

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const percent = (share: number) => `${Math.round(share * 100)}%`;
    const lines = [
      `Authenticated, charged \`POST /api/detector/\` with a 100-word text over 100 connections, ${seconds} s per run (the load generator in a`,
      'process of its own, `scripts/lib/load-generator.ts`; the server in another, embedded PostgreSQL; all on this machine). Target: ≥ 1,500 requests/s, p99 < 25 ms.',
      '',
      '| run | requests/s | p50 | p99 | 2xx / other | server main thread busy | machine CPUs busy | CPU stolen by the host |',
      '|---|---|---|---|---|---|---|---|',
      `| flat out: each connection sends again on each answer (autocannon) | ${Math.round(flatOut.result.requestsPerSecond)} | ${flatOut.result.p50} ms | ${flatOut.result.p99} ms | ${flatOut.result.ok} / ${flatOut.result.failed} | ${percent(flatOut.mainThreadBusy)} | ${percent(flatOut.machineBusy)} | ${(flatOut.steal * 100).toFixed(1)}% |`,
      ...atTarget.map(({ result, mainThreadBusy, machineBusy, steal }, i) => `| open loop ${i + 1} of ${OPEN_LOOP_RUNS}: ${TARGET_RATE.toLocaleString('en')} requests/s, evenly spaced | ${TARGET_RATE} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.ok} / ${result.failed} | ${percent(mainThreadBusy)} | ${percent(machineBusy)} | ${(steal * 100).toFixed(1)}% |`),
      '',
      `CPU per request, flat out: the server ${Math.round(serverUs)} µs (all its threads), the load generator ${Math.round(generatorUs)} µs. On ${cpus} CPUs the two together`,
      `could answer at most ${Math.round((cpus * 1e6) / (serverUs + generatorUs)).toLocaleString('en')} requests/s; flat out ran at ${percent(flatOut.result.requestsPerSecond / ((cpus * 1e6) / (serverUs + generatorUs)))} of that`,
      `(the server alone, with every CPU, ${Math.round((cpus * 1e6) / serverUs).toLocaleString('en')}; the rest of the machine's time goes to PostgreSQL and other processes).`,
      'The main thread runs every request\'s JavaScript; where it is busy most of the time, requests queue behind one another and the tail grows with every pause of the machine.',
    ];
    console.log(lines.join('\n'));
    return lines.join('\n');
  } finally {
    await server.stop();
  }
}
