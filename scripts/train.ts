/**
 * `npm run train -- <engine> [args]`: trains one engine's model from ../shared/data and writes its
 * artefact into server/engines/<engine>/. Each trainer is its own script (scripts/train-<name>.ts),
 * run as a child process so that its own argument parsing and exit code stay as they are.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const TRAINERS: Record<string, string> = {
  'text-detect': 'train-text-detector.ts',
  voice: 'train-voice-detector.ts',
  image: 'train-image-detector.ts',
  grammar: 'build-grammar-ngrams.ts',
  'grammar-lexicon': 'build-grammar-lexicon.ts',
  'grammar-slots': 'build-grammar-slot-models.ts',
};

const [engine, ...args] = process.argv.slice(2);
const script = engine ? TRAINERS[engine] : undefined;
if (!script) {
  console.error(`usage: npm run train -- <${Object.keys(TRAINERS).join('|')}> [args]`);
  process.exit(2);
}
const path = fileURLToPath(new URL(script, import.meta.url));
const result = spawnSync(process.execPath, ['--import', 'tsx', path, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
