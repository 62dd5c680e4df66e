/**
 * The WordNet-derived word data (built by scripts/build-humanizer-synonyms.ts and committed):
 * safe synonyms per part of speech, wider WordNet choices (used only where the context model agrees),
 * and the common lower-case English words.
 */
import { readFileSync } from 'node:fs';

export type WordNetPos = 'n' | 'v' | 'a' | 'r';

interface LexiconFile {
  synonyms: Record<WordNetPos, Record<string, string[]>>;
  choices: Record<WordNetPos, Record<string, string[]>>;
  common: string[];
}

const data = JSON.parse(readFileSync(new URL('./synonyms.json', import.meta.url), 'utf8')) as LexiconFile;

const toMap = (table: Record<string, string[]>): ReadonlyMap<string, readonly string[]> => new Map(Object.entries(table));

export const SYNONYMS: Readonly<Record<WordNetPos, ReadonlyMap<string, readonly string[]>>> = {
  n: toMap(data.synonyms.n),
  v: toMap(data.synonyms.v),
  a: toMap(data.synonyms.a),
  r: toMap(data.synonyms.r),
};
/** Synonyms of a word's dominant sense that need a context check before use (see synonyms.ts). */
export const CHOICES: Readonly<Record<WordNetPos, ReadonlyMap<string, readonly string[]>>> = {
  n: toMap(data.choices.n),
  v: toMap(data.choices.v),
  a: toMap(data.choices.a),
  r: toMap(data.choices.r),
};
export const COMMON_WORDS: ReadonlySet<string> = new Set(data.common);
