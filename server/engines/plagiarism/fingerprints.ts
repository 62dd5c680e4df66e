/**
 * Winnowed fingerprints (Schleimer, Wilkerson & Aiken 2003) for candidate retrieval, in two channels:
 *  - exact: hashes of normalised word k-grams; any shared run of EXACT_K + EXACT_W - 1 words is found.
 *  - paraphrase: hashes of sorted k-grams of content-word classes (stop words dropped, WordNet
 *    synonyms merged), so synonym swaps and local reordering still share fingerprints.
 * Hashes are 53-bit (safe JavaScript integers) stored in a bigint column.
 */
import { contentClass, isStopWord, type Token } from './tokens.ts';

export const EXACT_K = 5;
export const EXACT_W = 6;
export const PARAPHRASE_K = 3;
export const PARAPHRASE_W = 4;

/** Two independent 32-bit FNV-1a lanes of a string with a seed. */
function hashWord(word: string, seed: number): [number, number] {
  let a = 0x811c9dc5 ^ seed;
  let b = 0x01000193 ^ Math.imul(seed, 0x9e3779b1);
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return [a >>> 0, b >>> 0];
}

/** Hash of a sequence of words: a 53-bit non-negative safe integer. */
export function hashWords(words: readonly string[], seed: number): number {
  let hi = seed;
  let lo = ~seed;
  for (const w of words) {
    const [a, b] = hashWord(w, seed);
    hi = Math.imul(hi ^ a, 0x85ebca6b) + 0x7feb352d;
    hi ^= hi >>> 13;
    lo = Math.imul(lo ^ b, 0xc2b2ae35) + 0x846ca68b;
    lo ^= lo >>> 16;
  }
  return (hi >>> 11) * 0x100000000 + (lo >>> 0);
}

/** All k-gram hashes in order (k words each). */
function kgramHashes(words: readonly string[], k: number, seed: number, sorted: boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i + k <= words.length; i++) {
    const gram = words.slice(i, i + k);
    out.push(hashWords(sorted ? gram.sort() : gram, seed));
  }
  return out;
}

/** Winnowing: the minimum of every window of w consecutive hashes (rightmost on ties), each selected once. */
export function winnow(hashes: readonly number[], w: number): number[] {
  if (hashes.length <= w) return hashes.length === 0 ? [] : [Math.min(...hashes)];
  const picked: number[] = [];
  let last = -1;
  for (let start = 0; start + w <= hashes.length; start++) {
    let min = start;
    for (let i = start + 1; i < start + w; i++) if (hashes[i] <= hashes[min]) min = i;
    if (min !== last) {
      picked.push(hashes[min]);
      last = min;
    }
  }
  return picked;
}

const EXACT_SEED = 0x2f1a;
const PARAPHRASE_SEED = 0x71c3;

export function contentClasses(tokens: readonly Token[]): string[] {
  return tokens.filter((t) => !isStopWord(t.norm)).map((t) => contentClass(t.norm));
}

export interface Fingerprints {
  exact: number[];
  paraphrase: number[];
}

/** Every k-gram hash of both channels (the query side: a submission is looked up in full). */
export function allFingerprints(tokens: readonly Token[]): Fingerprints {
  return {
    exact: kgramHashes(tokens.map((t) => t.norm), EXACT_K, EXACT_SEED, false),
    paraphrase: kgramHashes(contentClasses(tokens), PARAPHRASE_K, PARAPHRASE_SEED, true),
  };
}

/** The distinct winnowed fingerprints of a source document (the stored side), both channels together. */
export function storedFingerprints(tokens: readonly Token[]): number[] {
  const all = allFingerprints(tokens);
  return [...new Set([...winnow(all.exact, EXACT_W), ...winnow(all.paraphrase, PARAPHRASE_W)])];
}
