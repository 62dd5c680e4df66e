/**
 * A set of words, or a map of words to numbers, held compactly for the Lexicon's big tables (WordNet
 * lemmas and sense counts, SUBTLEX counts, the broad word list: about 500,000 keys in all). A Set or
 * Map of that many strings costs 50-90 bytes an entry on every grammar thread; here the keys are one
 * string (joined by newlines, one byte a character when they are Latin-1), their start offsets, an
 * open-addressing hash table of key numbers and the values (a map's) in typed arrays: 12-30 bytes an entry.
 * The keys themselves are kept and compared, so a lookup answers exactly what the Set or Map would,
 * and `keys()` yields them in first-insertion order, as a Set or Map iterates.
 */
import { fnv1a } from '../shared/hash.ts';

/** Slots per key at most: a table at most half full keeps probes short. */
const LOAD = 1 / 2;

/** A power of two with room for `keys` at LOAD. */
function tableSize(keys: number): number {
  let size = 1;
  while (size * LOAD < keys + 1) size *= 2;
  return size;
}

/** The hash table of the `starts.length - 1` distinct keys of `text` (each followed by '\n'): key number + 1 per slot. */
function slotsOf(text: string, starts: Uint32Array): Int32Array {
  const keys = starts.length - 1;
  const slots = new Int32Array(tableSize(keys));
  const mask = slots.length - 1;
  for (let i = 0; i < keys; i++) {
    let slot = fnv1a(text, undefined, starts[i], starts[i + 1] - 1) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = i + 1;
  }
  return slots;
}

/** The start of each key of `text` (each followed by '\n'), and its end + 1 last. */
function startsOf(text: string): Uint32Array {
  let keys = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) keys++;
  const starts = new Uint32Array(keys + 1);
  for (let k = 0, i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[++k] = i + 1;
  return starts;
}

/** A WordTable as stored (lexicon-tables.ts): its keys in order, each followed by '\n', and their values (a map's). */
export interface WordTableParts {
  text: string;
  values?: Float64Array;
}

export class WordTable {
  private constructor(
    /** The keys in insertion order, each followed by '\n' (a key never holds one: the tables are read line by line). */
    private readonly text: string,
    /** Key i is text[starts[i], starts[i + 1] - 1). */
    private readonly starts: Uint32Array,
    /** Key number + 1 per slot; 0: empty. */
    private readonly slots: Int32Array,
    /** Each key's value; none in a set. */
    private readonly values: Float64Array | undefined,
  ) {}

  /**
   * The table of `keys` with `values` (the same length; none for a set): a key given twice keeps its
   * first place and the value `merge(earlier, later)`.
   */
  static of(keys: readonly string[], values?: readonly number[], merge: (earlier: number, later: number) => number = (_, later) => later): WordTable {
    let slots: Int32Array = new Int32Array(tableSize(keys.length));
    const mask = slots.length - 1;
    const unique: string[] = [];
    const merged: number[] = [];
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      if (key.includes('\n')) throw new Error(`a word table key holds a newline: ${JSON.stringify(key)}`);
      let slot = fnv1a(key) & mask;
      while (slots[slot] !== 0 && unique[slots[slot] - 1] !== key) slot = (slot + 1) & mask;
      if (slots[slot] !== 0) {
        if (values) merged[slots[slot] - 1] = merge(merged[slots[slot] - 1], values[k]);
        continue;
      }
      slots[slot] = unique.length + 1;
      unique.push(key);
      if (values) merged.push(values[k]);
    }
    const text = unique.map((key) => `${key}\n`).join('');
    const starts = new Uint32Array(unique.length + 1);
    for (let i = 0; i < unique.length; i++) starts[i + 1] = starts[i] + unique[i].length + 1;
    // Many repeated keys (WordNet's sense index): a smaller table for the distinct ones.
    if (tableSize(unique.length) < slots.length) slots = slotsOf(text, starts);
    return new WordTable(text, starts, slots, values ? Float64Array.from(merged) : undefined);
  }

  /** The table `parts` holds (`parts()` of a table): only the hash table is built, the keys are not read one by one. */
  static fromParts({ text, values }: WordTableParts): WordTable {
    if (text !== '' && !text.endsWith('\n')) throw new Error('word table parts: the last key is not followed by a newline');
    const starts = startsOf(text);
    if (values && values.length !== starts.length - 1) throw new Error(`word table parts: ${starts.length - 1} keys and ${values.length} values`);
    return new WordTable(text, starts, slotsOf(text, starts), values);
  }

  /** What `fromParts` takes to build this table again. */
  parts(): WordTableParts {
    return this.values ? { text: this.text, values: this.values } : { text: this.text };
  }

  /** The number of `key`'s entry, or -1. */
  private find(key: string): number {
    const mask = this.slots.length - 1;
    for (let slot = fnv1a(key) & mask; this.slots[slot] !== 0; slot = (slot + 1) & mask) {
      const i = this.slots[slot] - 1;
      const start = this.starts[i];
      if (this.starts[i + 1] - 1 - start !== key.length) continue;
      let same = true;
      for (let k = 0; k < key.length && same; k++) same = this.text.charCodeAt(start + k) === key.charCodeAt(k);
      if (same) return i;
    }
    return -1;
  }

  has(key: string): boolean {
    return this.find(key) >= 0;
  }

  get(key: string): number | undefined {
    const i = this.find(key);
    return i < 0 ? undefined : (this.values?.[i] ?? 1);
  }

  /** The keys in first-insertion order. */
  *keys(): IterableIterator<string> {
    for (let i = 0; i + 1 < this.starts.length; i++) yield this.text.slice(this.starts[i], this.starts[i + 1] - 1);
  }
}
