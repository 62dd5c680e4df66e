/**
 * `npm run bench -- image [--runs N] [--baseline PATH]`: analysis time of the image engine on images generated
 * in code (textured synthetic pixels, JPEG q90 and PNG), end to end from the file bytes: sniff, header read for
 * pricing, decode, provenance, forensics, classifier, fusion. Reports p50 / p90 and the peak RSS.
 * `--baseline` names another version's server/engines/image/index.ts (for example one extracted from main by
 * `git archive`), measured in the same run, interleaved case by case, for a before/after table.
 */
import sharp from 'sharp';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import * as current from '../../server/engines/image/index.ts';
import { percentile } from '../lib/percentile.ts';

type Engine = Pick<typeof current, 'analyzeImage' | 'readImageSize'>;

async function timeEngine(engine: Engine, bytes: Uint8Array, runs: number): Promise<number[]> {
  await engine.analyzeImage(bytes); // warm-up: model load, sharp start-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await engine.readImageSize(bytes);
    await engine.analyzeImage(bytes);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

function texture(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const noise = (state >>> 24) / 16 - 8;
      const base = 110 + 70 * Math.sin(x / 57) * Math.cos(y / 43);
      const i = (y * width + x) * 3;
      data[i] = base + 30 * Math.sin(y / 19) + noise;
      data[i + 1] = base + noise;
      data[i + 2] = base - 25 * Math.cos(x / 29) + noise;
    }
  }
  return data;
}


export async function run(args: string[]): Promise<string> {
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 9;
  const cases: { name: string; width: number; height: number; format: 'jpeg' | 'png' }[] = [
    { name: '512×512 JPEG', width: 512, height: 512, format: 'jpeg' },
    { name: '1920×1080 JPEG', width: 1920, height: 1080, format: 'jpeg' },
    { name: '1920×1080 PNG', width: 1920, height: 1080, format: 'png' },
    { name: '3840×2160 (4K) JPEG', width: 3840, height: 2160, format: 'jpeg' },
    { name: '4000×3000 (12 MP) JPEG', width: 4000, height: 3000, format: 'jpeg' },
  ];
  const baselinePath = args.includes('--baseline') ? args[args.indexOf('--baseline') + 1] : null;
  const baseline = baselinePath ? ((await import(pathToFileURL(baselinePath).href)) as Engine & { IMAGE_ENGINE_VERSION: string }) : null;
  const load = os.loadavg()[0];
  const rows: string[] = [];
  for (const c of cases) {
    const img = sharp(texture(c.width, c.height), { raw: { width: c.width, height: c.height, channels: 3 } });
    const bytes = new Uint8Array(await (c.format === 'jpeg' ? img.jpeg({ quality: 90 }) : img.png()).toBuffer());
    const before = baseline ? await timeEngine(baseline, bytes, runs) : null;
    const after = await timeEngine(current, bytes, runs);
    const cell = (t: number[] | null): string[] => (t ? [`${percentile(t, 50).toFixed(0)} ms`, `${percentile(t, 90).toFixed(0)} ms`] : []);
    rows.push(`| ${c.name} | ${(bytes.length / 1e6).toFixed(2)} MB | ${[...cell(before), ...cell(after)].join(' | ')} |`);
    console.error(rows[rows.length - 1]);
  }
  const peakRss = process.resourceUsage().maxRSS / 1024;
  return [
    `Image engine, end to end from file bytes (header read for pricing + \`analyzeImage\`), ${runs} runs per size after one warm-up,`,
    'one call at a time on the main thread (sharp uses its own libuv threads). Synthetic textured images generated in code.',
    `1-minute load average of the machine when the run started: ${load.toFixed(1)} (other work shares the cores).`,
    '',
    ...(baseline
      ? [`Before: ${baseline.IMAGE_ENGINE_VERSION} (--baseline); after: ${current.IMAGE_ENGINE_VERSION}, measured in the same run.`, '',
        '| image | file size | p50 before | p90 before | p50 after | p90 after |', '|---|---|---|---|---|---|']
      : [`Engine ${current.IMAGE_ENGINE_VERSION}.`, '', '| image | file size | p50 | p90 |', '|---|---|---|---|']),
    ...rows,
    '',
    `Peak RSS of the benchmark process: ${peakRss.toFixed(0)} MB (includes generating the test images).`,
    'Target (issues 8 and 24): 12 MP JPEG under 400 ms p50.',
  ].join('\n');
}
