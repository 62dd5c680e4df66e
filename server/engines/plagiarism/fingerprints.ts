/**
 * Winnowed fingerprints (Schleimer, Wilkerson & Aiken 2003) for candidate retrieval, in two channels:
 *  - exact: hashes of normalised word k-grams; any shared run of EXACT_K + EXACT_W - 1 words is found.
 *  - paraphrase: hashes of sorted k-grams of content-word classes (stop words dropped, WordNet
 *    synonyms merged), so synonym swaps and local reordering still share fingerprints.
 * Hashes are 53-bit (safe JavaScript integers) stored in a bigint column.
 */
import { contentClass, isStopWord, type Token } from './tokens.ts';

export const EXACT_K = 5;
export const EXACT_W = 12;
export const PARAPHRASE_K = 3;
export const PARAPHRASE_W = 8;

/** One 32-bit FNV-1a style lane of a string with a seed. */
function hashWord(word: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) >>> 0;
}

/**
 * Hashes of every k-gram of a word sequence: two 32-bit lanes combined into a 53-bit non-negative
 * safe integer. Each word is hashed once; with `unordered`, a k-gram's word hashes are sorted first
 * so the k-gram matches whatever the order of its words.
 */
function kgramHashes(words: readonly string[], k: number, seed: number, unordered: boolean): number[] {
  const a = new Uint32Array(words.length);
  const b = new Uint32Array(words.length);
  // Hashing a short word directly is cheaper than looking it up in a memo.
  for (let i = 0; i < words.length; i++) {
    a[i] = hashWord(words[i], seed);
    b[i] = hashWord(words[i], seed ^ 0x5bd1e995);
  }
  const out: number[] = [];
  const order = new Uint32Array(k);
  for (let i = 0; i + k <= words.length; i++) {
    for (let j = 0; j < k; j++) {
      // Insertion sort by first lane (k is tiny) when the k-gram is unordered.
      let m = j;
      while (unordered && m > 0 && a[order[m - 1]] > a[i + j]) {
        order[m] = order[m - 1];
        m--;
      }
      order[m] = i + j;
    }
    let hi = seed;
    let lo = ~seed;
    for (let j = 0; j < k; j++) {
      const p = order[j];
      hi = Math.imul(hi ^ a[p], 0x85ebca6b) + 0x7feb352d;
      hi ^= hi >>> 13;
      lo = Math.imul(lo ^ b[p], 0xc2b2ae35) + 0x846ca68b;
      lo ^= lo >>> 16;
    }
    out.push((hi >>> 11) * 0x100000000 + (lo >>> 0));
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
  const out: string[] = [];
  for (const t of tokens) if (!isStopWord(t.norm)) out.push(contentClass(t.norm));
  return out;
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
