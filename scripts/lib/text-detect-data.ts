/**
 * Where the text-detect data of ../shared lives and how its labelled JSONL files are read: used by the
 * trainer, the recipe, the protocol (scripts/eval/text-detect.ts) and the bench.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const DATA_ROOT = path.resolve(import.meta.dirname, '../../../shared/data');
export const TEXT_DETECT_DATA = path.join(DATA_ROOT, 'text-detect');

export interface LabelledText {
  id: string;
  text: string;
  label: 'ai' | 'human';
  domain: string;
  generator: string;
  attack: string;
  source_repo: string;
  /** answers.jsonl: answers to the same question or instruction share it. */
  question_id?: string;
}

export function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

/** Exits with a clear message when the shared data is not there (e.g. on a fresh clone). */
export function requireData(dir: string): void {
  if (!existsSync(dir)) {
    console.error(`text-detect data not found at ${dir}: this evaluation needs ../shared/data/text-detect (train.jsonl, dev.jsonl).`);
    process.exit(1);
  }
}
