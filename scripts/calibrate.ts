/**
 * npm run calibrate -- <text-detect|image|voice> [--data <file or folder>] [--limit N] [--fpr F] [--out <file>]
 *
 * Run by the operator against their own model server (configured as for the service: the
 * TEXT_DETECT_LM_*, IMAGE_MODEL_* or VOICE_MODEL_* variables): asks it and the built-in model about
 * labelled data (by default the shared data's held-out sets), prints the held-out figures before
 * and after fusion, and writes the fusion weights where the service reads them
 * (DATA_DIR/calibration/<engine>.json, or the *_CALIBRATION variable, or --out). The service reads
 * the file at start.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { FUSION_ENGINES, type FusionEngine } from '../server/model-servers/fusion.ts';
import { runCalibration } from './lib/calibrate.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { data: { type: 'string' }, limit: { type: 'string' }, fpr: { type: 'string' }, out: { type: 'string' } } });
const engine = positionals[0] as FusionEngine;
if (!FUSION_ENGINES.includes(engine)) {
  console.error(`usage: npm run calibrate -- <${FUSION_ENGINES.join('|')}> [--data <file or folder>] [--limit N] [--fpr F] [--out <file>]`);
  process.exit(2);
}
const result = await runCalibration(loadConfig(), engine, { data: values.data, limit: values.limit ? Number(values.limit) : undefined, fpr: values.fpr ? Number(values.fpr) : undefined, log: (m) => console.error(m) });
const file = path.resolve(values.out ?? result.file);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(result.calibration, null, 2)}\n`);
console.log(result.report);
console.log(`wrote ${file}`);
