/**
 * `npm run calibrate -- <engine>` end to end against the fixture model servers, on small labelled
 * data made here: it prints the held-out figures before and after fusion and writes a calibration
 * file that the service then loads for that model.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { loadConfig } from '../../server/config.ts';
import { loadCalibration } from '../../server/model-servers/fusion.ts';
import { encodeWav, speechLikeSignal } from '../../server/engines/voice/synthetic.ts';
import { calibrate, runCalibration, type Item } from '../../scripts/lib/calibrate.ts';
import { FixtureLm, startInferenceFixture, startLmFixture, type FixtureServer } from '../helpers/model-servers.ts';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

describe('npm run calibrate against the fixture servers', () => {
  let lm: FixtureServer;
  let classifier: FixtureServer;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ci-calibrate-'));
    // The observer learns English from the README; "human" texts are the architecture notes it has not seen, "AI" texts its own samples.
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8').replace(/[`|#*_<>[\]()]/g, ' ');
    const observer = new FixtureLm(readme, 800);
    lm = await startLmFixture({ observer });
    classifier = await startInferenceFixture({ center: 0.5 });
    let seed = 3;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const notes = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8').replace(/[`|#*_<>[\]()]/g, ' ').split(/\s+/).filter(Boolean);
    const rows: string[] = [];
    for (let i = 0; i < 12; i++) {
      rows.push(JSON.stringify({ text: notes.slice(i * 60, i * 60 + 60).join(' '), label: 'human', domain: i % 2 ? 'notes-a' : 'notes-b' }));
      rows.push(JSON.stringify({ text: observer.sample(60, 0.8, rand), label: 'ai', domain: i % 2 ? 'notes-a' : 'notes-b' }));
    }
    writeFileSync(path.join(dir, 'texts.jsonl'), rows.join('\n'));
    // Images: "fake" ones far from CLIP's mean colour (the fixture's P(fake) grows with the tensor's mean |x|), "real" ones near it.
    mkdirSync(path.join(dir, 'images'));
    const labels: string[] = [];
    for (let i = 0; i < 10; i++) {
      const fake = i % 2 === 1;
      const raw = Buffer.alloc(64 * 64 * 3);
      for (let p = 0; p < raw.length; p++) raw[p] = fake ? (p % 3 === 0 ? 250 : 5) + (i % 4) : 115 + ((p * 31 + i) % 9);
      writeFileSync(path.join(dir, 'images', `${i}.png`), await sharp(raw, { raw: { width: 64, height: 64, channels: 3 } }).png().toBuffer());
      labels.push(JSON.stringify({ file: `${i}.png`, label: fake ? 'fake' : 'real', generator: i < 5 ? 'g1' : 'g2' }));
    }
    writeFileSync(path.join(dir, 'images', 'labels.jsonl'), labels.join('\n'));
    // Voices: "AI" ones loud, natural ones quiet.
    mkdirSync(path.join(dir, 'voices'));
    const voices: string[] = [];
    for (let i = 0; i < 10; i++) {
      const ai = i % 2 === 1;
      const signal = speechLikeSignal(3, { sampleRate: 16_000, seed: 10 + i }).map((x) => Math.max(-1, Math.min(1, x * (ai ? 4 : 0.25))));
      writeFileSync(path.join(dir, 'voices', `${i}.wav`), encodeWav(signal, 16_000));
      voices.push(JSON.stringify({ file: `${i}.wav`, label: ai ? 'ai_voice' : 'natural_voice', source: i < 5 ? 's1' : 's2' }));
    }
    writeFileSync(path.join(dir, 'voices', 'labels.jsonl'), voices.join('\n'));
  });
  after(async () => {
    await lm.close();
    await classifier.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('text-detect: the command prints the held-out figures and writes the file the service loads', async () => {
    const out = path.join(dir, 'text-detect.json');
    const env = { ...process.env, TEXT_DETECT_LM_URL: lm.url, TEXT_DETECT_LM_MODEL: 'observer', TEXT_DETECT_LM_TOP_K: '10', TEXT_DETECT_LM_TIMEOUT_MS: '60000', LOG_LEVEL: 'silent' };
    const { stdout } = await run('npx', ['tsx', 'scripts/calibrate.ts', 'text-detect', '--data', path.join(dir, 'texts.jsonl'), '--out', out], { cwd: root, env });
    assert.match(stdout, /calibration of text-detect against "observer" \(features: built_in, fast_detect_gpt\)/);
    for (const line of ['all', 'notes-a', 'notes-b']) {
      assert.match(stdout, new RegExp(`^${line}\\s+\\d+\\s+built-in\\s+[\\d.]+\\s+[\\d.]+%`, 'm'));
      assert.match(stdout, new RegExp(`^${line}\\s+\\d+\\s+fused\\s+[\\d.]+\\s+[\\d.]+%`, 'm'));
    }
    assert.match(stdout, /worst group by AUC/);
    const { calibration } = loadCalibration(out, { engine: 'text-detect', model: 'observer' });
    assert.ok(calibration, 'the service would load it for this model');
    const fused = (calibration.figures!.held_out as Record<string, Record<string, { auc: number }>>).all.fused.auc;
    assert.ok(fused > 0.9, `held-out fused AUC ${fused}: the fixture LM tells its own samples from unseen prose`);
  });

  for (const [engine, data, env] of [
    ['image', 'images', { IMAGE_MODEL_NAME: 'fixture-image' }],
    ['voice', 'voices', { VOICE_MODEL_NAME: 'fixture-voice' }],
  ] as const) {
    test(`${engine}: fused with the server's probability, measured held out`, async () => {
      const prefix = engine.toUpperCase();
      const config = loadConfig({ ...env, [`${prefix}_MODEL_URL`]: classifier.url, DATA_DIR: dir });
      const result = await runCalibration(config, engine, { data: path.join(dir, data) });
      assert.equal(result.file, path.join(dir, 'calibration', `${engine}.json`));
      assert.deepEqual(result.calibration.features, ['built_in', 'model']);
      assert.match(result.report, /server/);
      assert.equal(result.heldOut.all.server.auc, 1, 'the fixture separates the made data');
      assert.ok(result.heldOut.all.fused.auc >= 0.9, `fused ${result.heldOut.all.fused.auc}`);
    });
  }
});

test('the fused threshold is held to the built-in model\'s false-positive rate, which a plain logistic fit would exceed', () => {
  // The built-in model flags no human and half the AI items; the server's number overlaps the two classes widely.
  let seed = 9;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const items: Item[] = Array.from({ length: 200 }, (_, i) => {
    const label = (i % 2) as 0 | 1;
    const builtIn = label ? (i % 4 === 1 ? 0.9 : 0.3) : 0.2 + 0.2 * rand();
    const x = label + 1.5 * (rand() - 0.5) * 2;
    return { label, group: 'g', builtIn, outcome: { ok: true, own: 1 / (1 + Math.exp(-x)), features: { model: x } } };
  });
  const result = calibrate('image', 'm', items);
  assert.equal(result.heldOut.all['built-in'].fpr, 0);
  assert.equal(result.heldOut.all.fused.fpr, 0, 'no human flagged, as with the built-in model');
  assert.ok((result.calibration.figures!.threshold_shift as number) > 0, 'the fitted 0.5 point had to move');
  assert.ok(result.heldOut.all.fused.tpr >= result.heldOut.all['built-in'].tpr, `fused TPR ${result.heldOut.all.fused.tpr} below built-in ${result.heldOut.all['built-in'].tpr}`);
  const loose = calibrate('image', 'm', items, { fpr: 0.1 });
  assert.ok(loose.heldOut.all.fused.fpr <= 0.1 && loose.heldOut.all.fused.tpr >= result.heldOut.all.fused.tpr);
});
