/**
 * The WordNet-derived word data (built by scripts/build-humanizer-synonyms.ts and committed):
 * safe synonyms per part of speech, and the common lower-case English words.
 */
import { readFileSync } from 'node:fs';

export type WordNetPos = 'n' | 'v' | 'a' | 'r';

interface LexiconFile {
  synonyms: Record<WordNetPos, Record<string, string[]>>;
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
export const COMMON_WORDS: ReadonlySet<string> = new Set(data.common);
