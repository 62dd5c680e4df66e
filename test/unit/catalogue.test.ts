/**
 * Every bound and price is written once, in contract/catalogue.ts: a copy elsewhere (a literal
 * number, a price written as prose) goes stale silently when the catalogue changes, so this test
 * looks for one in server/, contract/ and sdk/src.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FILE_LIMITS, IDEMPOTENCY_KEY_MAX_CHARS, SHORT_TEXT_WORDS, TEXT_BOUNDS } from '../../contract/catalogue.ts';
import { SHORT_TEXT_WORDS as ENGINE_SHORT_TEXT_WORDS } from '../../server/engines/text-detect/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where copies are looked for, and what is not a copy: the catalogue itself, generated files (recorded-samples.ts: what the engines answered), engines (own tuning numbers), migrations, data. */
const SCANNED = ['server', 'contract', 'sdk/src'];
const SKIPPED = /^(contract\/catalogue\.ts|contract\/recorded-samples\.ts|sdk\/src\/generated\/|server\/engines\/|server\/db\/migrations\/)|\.(json|svg|css)$/;

function files(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return files(rel);
    return SKIPPED.test(rel) ? [] : [rel];
  });
}

/** A bound written out with its unit: 50000, 50_000 or 50,000 words. */
function boundPattern(value: number, unit: string): RegExp {
  const grouped = String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '[,_]?');
  return new RegExp(`(?<![\\w.])${grouped}\\s+${unit}`, 'i');
}

const UNITS: [number, string][] = [
  ...Object.values(TEXT_BOUNDS).flatMap((b) => Object.entries(b).map(([name, value]): [number, string] => [value, name.endsWith('Words') ? 'words?' : 'char'])),
  [IDEMPOTENCY_KEY_MAX_CHARS, 'char'],
  [FILE_LIMITS.detectVoice.maxSeconds, 's(econds?)?\\b'],
  [SHORT_TEXT_WORDS, 'words?'],
];
const BOUNDS = UNITS.filter(([value]) => value > 1).map(([value, unit]) => ({ value, pattern: boundPattern(value, unit) }));

/** Prices written as prose. */
const PRICE_PROSE = [/\b\d+ credits? per (word|second|scan)\b/i, /\b\d+ to \d+ credits\b/i, /\bflat \d+ credits?\b/i, /\(\d+ per (word|second)\)/i, /\bunder \d+ words\b/i];
/** The job results' retention and the Idempotency-Key window written as prose (JOB_RESULT_HOURS, IDEMPOTENCY_WINDOW_MINUTES). */
const DURATION_PROSE = [/\bkept (for )?\d+ hours?\b/i, /\bwithin \d+ minutes?\b/i];

test('no bound, price or duration of the catalogue is written anywhere else', () => {
  const found: string[] = [];
  for (const file of SCANNED.flatMap(files)) {
    readFileSync(path.join(ROOT, file), 'utf8').split('\n').forEach((line, i) => {
      for (const { value, pattern } of BOUNDS) if (pattern.test(line)) found.push(`${file}:${i + 1}: ${value}: ${line.trim().slice(0, 120)}`);
      for (const p of PRICE_PROSE) if (p.test(line)) found.push(`${file}:${i + 1}: price prose: ${line.trim().slice(0, 120)}`);
      for (const p of DURATION_PROSE) if (p.test(line)) found.push(`${file}:${i + 1}: duration prose: ${line.trim().slice(0, 120)}`);
    });
  }
  assert.deepEqual(found, []);
});

test('the engine\'s short-text threshold is the catalogue\'s (the engine keeps its own copy: engines import nothing of contract/)', () => {
  assert.equal(ENGINE_SHORT_TEXT_WORDS, SHORT_TEXT_WORDS);
});
