/**
 * `npm run bench -- ready [--before DIR] [--starts N]`: the time from `npm start` to "listening" and to
 * "engines ready" (every engine loaded on every engine thread), each start on a fresh data folder.
 * With `--before`, the checkout in DIR (another commit, its node_modules in place) and this one start
 * in turns, before then after, N times each (default 3), so that both meet the same machine: start-up
 * time follows what else the machine is doing. One uncounted start of each comes first (the build a
 * stale `dist/` needs, the page cache).
 */
import os from 'node:os';
import { commitOf, THIS_CHECKOUT } from '../lib/bench-server.ts';
import { startGroup } from '../lib/server-group.ts';

interface Start { dir: string; listeningMs: number; readyMs: number; load: number }

async function start(dir: string): Promise<Start> {
  const server = await startGroup(dir);
  await server.stop();
  return { dir, listeningMs: server.listeningMs, readyMs: server.readyMs, load: os.loadavg()[0] };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function run(args: string[]): Promise<string> {
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const starts = Math.max(1, Number(option('--starts') ?? 3));
  const before = option('--before');
  const dirs = before === undefined ? [THIS_CHECKOUT] : [before, THIS_CHECKOUT];
  const label = (dir: string) => (before === undefined ? commitOf(dir) : `${dir === before ? 'before' : 'after'} (${commitOf(dir)})`);
  for (const dir of dirs) await start(dir);
  const runs: Start[] = [];
  for (let i = 0; i < starts; i++) {
    for (const dir of dirs) {
      runs.push(await start(dir));
      console.log(`${label(dir)}: listening ${(runs.at(-1)!.listeningMs / 1000).toFixed(2)} s, ready ${(runs.at(-1)!.readyMs / 1000).toFixed(2)} s`);
    }
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const readyOf = (dir: string) => median(runs.filter((r) => r.dir === dir).map((r) => r.readyMs));
  const lines = [
    `\`npm start\` on a fresh data folder each time, ${starts} start${starts === 1 ? '' : 's'} of each checkout${before === undefined ? '' : ' in turns (before, after, ...)'}, after one uncounted start of each;`,
    'times from the spawn of `npm start`; load: the 1-minute load average after the start.',
    '',
    '| start | checkout | listening | engines ready | load |',
    '|---|---|---|---|---|',
    ...runs.map((r, i) => `| ${Math.floor(i / dirs.length) + 1} | ${label(r.dir)} | ${s(r.listeningMs)} | ${s(r.readyMs)} | ${r.load.toFixed(1)} |`),
    '',
    ...dirs.map((dir) => `Median engines ready, ${label(dir)}: ${s(readyOf(dir))}.`),
  ];
  if (before !== undefined) lines.push(`After / before: ${Math.round((100 * readyOf(THIS_CHECKOUT)) / readyOf(before))}% of the time to engines ready.`);
  console.log(lines.join('\n'));
  return lines.join('\n');
}
