/**
 * The word and word-pair counts (data/bigrams.tsv.gz) held compactly: an open-addressing hash table
 * in three typed arrays (two 32-bit hashes of each key and its count, 12 bytes an entry), instead of
 * a Map of a million strings (about ten times the memory, per worker thread). Keys are not kept:
 * two different keys would have to agree on both hashes (64 bits) to be mistaken for each other.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** Slots per entry at most: a table at most two-thirds full keeps probes short. */
const LOAD = 2 / 3;

/** FNV-1a (32 bits) of s[from, to), with `basis` as the offset basis (two bases give two hashes). */
function fnv(s: string, from: number, to: number, basis: number): number {
  let h = basis;
  for (let i = from; i < to; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
const BASIS_A = 0x811c9dc5;
const BASIS_B = 0x2f1d3c5b;

export class CountTable {
  private constructor(
    private readonly hashA: Uint32Array,
    private readonly hashB: Uint32Array,
    private readonly counts: Uint32Array,
    /** Sum of the counts of single words (keys without a space, the sentence start left out). */
    readonly words: number,
  ) {}

  /**
   * Reads the gzipped `key<TAB>count` lines of `file` (the one loader of the engine's count data;
   * about 0.5 s): `sentenceStart` is the key not counted among the words.
   */
  static load(file: URL, sentenceStart: string): CountTable {
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    let lines = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
    let size = 1;
    while (size * LOAD < lines + 1) size *= 2;
    const mask = size - 1;
    const hashA = new Uint32Array(size);
    const hashB = new Uint32Array(size);
    const counts = new Uint32Array(size);
    let words = 0;
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      const tab = text.indexOf('\t', start);
      if (tab > start && tab < end) {
        let n = 0;
        for (let i = tab + 1; i < end; i++) n = n * 10 + (text.charCodeAt(i) - 48);
        const a = fnv(text, start, tab, BASIS_A);
        const b = fnv(text, start, tab, BASIS_B);
        let slot = a & mask;
        while (counts[slot] !== 0 && !(hashA[slot] === a && hashB[slot] === b)) slot = (slot + 1) & mask;
        hashA[slot] = a;
        hashB[slot] = b;
        counts[slot] = n;
        let pair = false;
        for (let i = start; i < tab && !pair; i++) pair = text.charCodeAt(i) === 32;
        if (!pair && text.slice(start, tab) !== sentenceStart) words += n;
      }
      start = end + 1;
    }
    return new CountTable(hashA, hashB, counts, words);
  }

  /** The count of `key` (a word, or two words with one space between); 0 when the table lacks it. */
  get(key: string): number {
    const a = fnv(key, 0, key.length, BASIS_A);
    const b = fnv(key, 0, key.length, BASIS_B);
    const mask = this.counts.length - 1;
    for (let slot = a & mask; this.counts[slot] !== 0; slot = (slot + 1) & mask) {
      if (this.hashA[slot] === a && this.hashB[slot] === b) return this.counts[slot];
    }
    return 0;
  }

  /** Bytes the table holds. */
  get bytes(): number {
    return this.hashA.byteLength + this.hashB.byteLength + this.counts.byteLength;
  }
}
