/**
 * The word and word-pair counts (data/bigrams.tsv.gz) held compactly: an open-addressing hash table
 * in three typed arrays (two 32-bit hashes of each key and its count, 12 bytes an entry), instead of
 * a Map of a million strings (about ten times the memory, per worker thread). Keys are not kept:
 * two different keys would have to agree on both hashes (64 bits) to be mistaken for each other.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { FNV_OFFSET_BASIS, fnv1a, fnv1aBytes } from '../shared/hash.ts';

/** Slots per entry at most: a table at most two-thirds full keeps probes short. */
const LOAD = 2 / 3;

/** True when bytes[from, to) spell the ASCII string `key`. */
function isKey(bytes: Uint8Array, from: number, to: number, key: string): boolean {
  if (to - from !== key.length) return false;
  for (let i = 0; i < key.length; i++) if (bytes[from + i] !== key.charCodeAt(i)) return false;
  return true;
}

/** Two bases give two independent hashes of a key. */
const BASIS_A = FNV_OFFSET_BASIS;
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
    // Read as bytes, not as one string: no 8.5-million-character string and no substring per line.
    return CountTable.parse(gunzipSync(readFileSync(file)), sentenceStart);
  }

  /** The table of the `key<TAB>count` lines of `bytes` from offset `from` on. */
  static parse(bytes: Buffer, sentenceStart: string, from = 0): CountTable {
    let lines = 0;
    for (let i = bytes.indexOf(10, from); i >= 0; i = bytes.indexOf(10, i + 1)) lines++;
    let size = 1;
    while (size * LOAD < lines + 1) size *= 2;
    const mask = size - 1;
    const hashA = new Uint32Array(size);
    const hashB = new Uint32Array(size);
    const counts = new Uint32Array(size);
    let words = 0;
    let start = from;
    while (start < bytes.length) {
      let end = bytes.indexOf(10, start);
      if (end < 0) end = bytes.length;
      let tab = start;
      let ascii = true;
      let pair = false;
      for (; tab < end && bytes[tab] !== 9; tab++) {
        if (bytes[tab] >= 0x80) ascii = false;
        else if (bytes[tab] === 32) pair = true;
      }
      if (tab > start && tab < end) {
        let n = 0;
        for (let i = tab + 1; i < end; i++) n = n * 10 + (bytes[i] - 48);
        // An ASCII key's bytes are its characters; any other key is hashed as the string get() is given.
        const key = ascii ? undefined : bytes.toString('utf8', start, tab);
        const a = key === undefined ? fnv1aBytes(bytes, BASIS_A, start, tab) : fnv1a(key, BASIS_A);
        const b = key === undefined ? fnv1aBytes(bytes, BASIS_B, start, tab) : fnv1a(key, BASIS_B);
        let slot = a & mask;
        while (counts[slot] !== 0 && !(hashA[slot] === a && hashB[slot] === b)) slot = (slot + 1) & mask;
        hashA[slot] = a;
        hashB[slot] = b;
        counts[slot] = n;
        if (!pair && !isKey(bytes, start, tab, sentenceStart)) words += n;
      }
      start = end + 1;
    }
    return new CountTable(hashA, hashB, counts, words);
  }

  /** The count of `key` (a word, or two words with one space between); 0 when the table lacks it. */
  get(key: string): number {
    const a = fnv1a(key, BASIS_A);
    const b = fnv1a(key, BASIS_B);
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
