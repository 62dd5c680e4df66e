/**
 * The engines' answers on a fixed set of requests (detector, grammar, humanizer, plagiarism, image,
 * voice), run through the engine runtime as the server runs them (short texts in place, the rest on
 * engine threads), compared with test/fixtures/engine-answers.json: the answers recorded before the
 * engine threads shared one copy of each engine's tables (issue 44). Loading the tables another
 * way must not change a single answer.
 *
 * The same requests go to the engine threads' bundle too (dist/engine-worker.mjs, what `npm start`
 * runs since the server is bundled, scripts/build-server.ts): bundling must not change an answer either.
 *
 * `WRITE_ENGINE_ANSWERS=1 npm test -- test/integration/engine-answers.test.ts` records them anew
 * (only for a deliberate change of an engine's answers).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { Piscina } from 'piscina';
import sharp from 'sharp';
import { buildServer } from '../../scripts/build-server.ts';
import { engineTables } from '../../server/runtime/engine-tables.ts';
import { createEngineRuntime } from '../../server/runtime/engines.ts';
import type { EngineTask, ThreadOutcome } from '../../server/runtime/engine-worker.ts';
import { wav } from '../helpers/media.ts';

const SNAPSHOT = new URL('../fixtures/engine-answers.json', import.meta.url);
const dir = mkdtempSync(path.join(os.tmpdir(), 'engine-answers-'));
const runtime = createEngineRuntime({ threads: 2 });
after(async () => {
  await runtime.close();
  rmSync(dir, { recursive: true, force: true });
});

const PROSE = [
  'The committee met on a rainy Tuesday to review the budget for the coming year.',
  'Most members agreed that the library needed new shelves, but a few argued the money would be better spent on longer opening hours.',
  'After an hour of debate they settled on a compromise and went home.',
  'In today\'s rapidly evolving landscape, it is crucial to leverage innovative solutions that foster meaningful engagement.',
  'Furthermore, this comprehensive approach ensures that stakeholders can seamlessly navigate the complexities of modern challenges.',
  'My grandmother kept chickens behind the house, and every morning I was sent out to collect the eggs before school.',
  'The bus was late again, so I walked, and by the time I reached the office my shoes were soaked through.',
];
const prose = (sentences: number, offset = 0) => Array.from({ length: sentences }, (_, i) => PROSE[(offset + i * 3) % PROSE.length]).join(' ');
const LEARNER = 'She go to school every days. Many student was unhappy with the decision becuase the fares will rise again. In my opinion the plan is reasonable, but it should of been explained better. There is many reasons to support the colour scheme.';

/** A deterministic picture with texture, so the image engine's forensics have something to read. */
async function picture(format: 'png' | 'jpeg'): Promise<Uint8Array> {
  const width = 160;
  const height = 120;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = Math.floor(i / 3) % width;
    pixels[i] = (x * 1.5 + (i % 3) * 60 + (seed % 23)) & 0xff;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return new Uint8Array(await (format === 'png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer());
}

async function requests(): Promise<Array<[string, EngineTask]>> {
  const voice = path.join(dir, 'voice.wav');
  writeFileSync(voice, wav(3));
  const source = prose(6, 1);
  return [
    ['detector, short (in place)', { kind: 'detectText', text: prose(3) }],
    ['detector, long (engine thread)', { kind: 'detectText', text: prose(40) }],
    ['detector, AI-like', { kind: 'detectText', text: prose(12, 3) }],
    ['detector, not English', { kind: 'detectText', text: 'El comité se reunió un martes lluvioso para revisar el presupuesto del año próximo. La mayoría estuvo de acuerdo.' }],
    ['grammar, auto', { kind: 'correctGrammar', text: LEARNER, variant: 'auto' }],
    ['grammar, en-GB', { kind: 'correctGrammar', text: LEARNER, variant: 'en-GB' }],
    ['grammar, en-US', { kind: 'correctGrammar', text: prose(8, 2), variant: 'en-US' }],
    ['humanizer', { kind: 'humanize', text: prose(10, 3) }],
    ['humanizer, human prose', { kind: 'humanize', text: prose(9) }],
    ['plagiarism query', { kind: 'plagiarismQuery', text: prose(8) }],
    ['plagiarism report', { kind: 'plagiarismReport', text: prose(8), candidates: [{ source: { url: 'https://example.org/a', title: 'A', domain: 'example.org' }, text: source }], sentenceCount: 8, sourcesChecked: 1, startedAt: Date.now() }],
    ['image, PNG', { kind: 'analyzeImage', bytes: await picture('png') }],
    ['image, JPEG', { kind: 'analyzeImage', bytes: await picture('jpeg') }],
    ['voice probe', { kind: 'probeVoice', path: voice }],
    ['voice', { kind: 'analyzeVoice', path: voice }],
  ];
}

/** The answer without what depends on the clock. */
const withoutTimings = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, v: unknown) => (/(Ms|_ms)$/.test(key) ? undefined : v)));

test('the engines give the recorded answers to a fixed set of requests', { timeout: 300_000 }, async () => {
  const answers: Record<string, unknown> = {};
  // Two at a time, so that both engine threads answer some.
  const list = await requests();
  for (let i = 0; i < list.length; i += 2) {
    const pair = list.slice(i, i + 2);
    const results = await Promise.all(pair.map(([, task]) => runtime.run(task)));
    pair.forEach(([name], k) => (answers[name] = withoutTimings(results[k])));
  }
  if (process.env.WRITE_ENGINE_ANSWERS === '1') writeFileSync(SNAPSHOT, `${JSON.stringify(answers, null, 1)}\n`);
  const recorded = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, unknown>;
  assert.deepEqual(Object.keys(answers), Object.keys(recorded));
  for (const name of Object.keys(recorded)) assert.deepEqual(answers[name], recorded[name], name);
});

test('the bundled engine threads give the same recorded answers', { timeout: 300_000 }, async () => {
  await buildServer();
  const pool = new Piscina({ filename: new URL('../../dist/engine-worker.mjs', import.meta.url).href, workerData: engineTables(), minThreads: 2, maxThreads: 2 });
  try {
    const recorded = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, unknown>;
    const list = await requests();
    const results = await Promise.all(list.map(([, task]) => pool.run(task) as Promise<ThreadOutcome<EngineTask['kind']>>));
    assert.deepEqual(list.map(([name]) => name), Object.keys(recorded));
    list.forEach(([name], i) => assert.deepEqual(withoutTimings(results[i].outcome), recorded[name], name));
  } finally {
    await pool.destroy();
  }
});
