/**
 * Text alignment between the submitted text and one candidate source (pure, CPU only; safe on a
 * worker thread). PAN-style: seed, merge seeds into passages, tighten at word level, filter.
 *  - Exact seeds: maximal runs of shared word trigrams (verbatim and lightly edited copy).
 *  - Paraphrase seeds: sentence pairs whose content-word classes (WordNet synonyms merged) have a
 *    high cosine (Sanchez-Perez et al., PAN 2014), for reordered or reworded copy.
 * Seeds close together in both texts become one passage, so a copied region is reported once.
 */
import { diffArrays } from 'diff';
import { splitSentences } from '../shared/sentences.ts';
import { contentClass, isStopWord, tokenise, type Token } from './tokens.ts';

export interface PreparedText {
  text: string;
  tokens: Token[];
  /** Content-word class per token; null for stop words. */
  classes: (string | null)[];
  /** Sentences as token index ranges [start, end). */
  sentences: { start: number; end: number }[];
}

export function prepareText(text: string): PreparedText {
  const tokens = tokenise(text);
  const classes = tokens.map((t) => (isStopWord(t.norm) ? null : contentClass(t.norm)));
  const sentences: { start: number; end: number }[] = [];
  let t = 0;
  for (const s of splitSentences(text)) {
    while (t < tokens.length && tokens[t].start < s.start) t++;
    const start = t;
    while (t < tokens.length && tokens[t].end <= s.end) t++;
    if (t > start) sentences.push({ start, end: t });
  }
  return { text, tokens, classes, sentences };
}

/** A passage in token coordinates: submitted [start, end), source [srcStart, srcEnd). */
export interface Passage {
  start: number;
  end: number;
  srcStart: number;
  srcEnd: number;
  similarity: number;
}

interface Seed {
  start: number;
  end: number;
  srcStart: number;
  srcEnd: number;
  exact: boolean;
}

const SEED_N = 3;
/** A trigram this frequent in the source is a set phrase, not evidence of copying. */
const MAX_TRIGRAM_OCCURRENCES = 20;
/** Seeds this close (in words) in both texts belong to the same passage. */
const MERGE_GAP = 20;
const MERGE_GAP_SOURCE = 60;
/** Sentence pairs at or above this cosine of content classes are paraphrase seeds. */
const SENTENCE_COSINE = 0.5;
const MIN_SHARED_CLASSES = 4;
/** Reported passages: at least this many words, and verbatim runs of at least EXACT_MIN words or enough paraphrase evidence. */
const MIN_PASSAGE_WORDS = 8;
const EXACT_MIN = 8;
const MIN_SIMILARITY = 0.4;

const key = (tokens: readonly Token[], i: number): string => `${tokens[i].norm}\u0001${tokens[i + 1].norm}\u0001${tokens[i + 2].norm}`;

/** Maximal diagonal runs of shared trigrams. A run of 3 words needs two content words to count. */
function exactSeeds(sub: PreparedText, src: PreparedText): Seed[] {
  const positions = new Map<string, number[]>();
  for (let j = 0; j + SEED_N <= src.tokens.length; j++) {
    const k = key(src.tokens, j);
    const list = positions.get(k);
    if (list) list.push(j);
    else positions.set(k, [j]);
  }
  const open = new Map<number, Seed>(); // diagonal (srcStart - start) → run still being extended
  const runs: Seed[] = [];
  for (let i = 0; i + SEED_N <= sub.tokens.length; i++) {
    const list = positions.get(key(sub.tokens, i));
    if (!list || list.length > MAX_TRIGRAM_OCCURRENCES) continue;
    for (const j of list) {
      const run = open.get(j - i);
      if (run && run.end === i + SEED_N - 1) {
        run.end = i + SEED_N;
        run.srcEnd = j + SEED_N;
      } else {
        const fresh = { start: i, end: i + SEED_N, srcStart: j, srcEnd: j + SEED_N, exact: true };
        open.set(j - i, fresh);
        runs.push(fresh);
      }
    }
  }
  return runs.filter((r) => {
    if (r.end - r.start > SEED_N) return true;
    let content = 0;
    for (let i = r.start; i < r.end; i++) if (sub.classes[i] !== null) content++;
    return content >= 2;
  });
}

function classSet(text: PreparedText, start: number, end: number): Set<string> {
  const set = new Set<string>();
  for (let i = start; i < end; i++) {
    const c = text.classes[i];
    if (c !== null) set.add(c);
  }
  return set;
}

/** Sentence pairs with a high cosine of content classes. */
function paraphraseSeeds(sub: PreparedText, src: PreparedText): Seed[] {
  const srcSets = src.sentences.map((s) => classSet(src, s.start, s.end));
  const index = new Map<string, number[]>();
  srcSets.forEach((set, n) => {
    for (const c of set) {
      const list = index.get(c);
      if (list) list.push(n);
      else index.set(c, [n]);
    }
  });
  const seeds: Seed[] = [];
  for (const s of sub.sentences) {
    const set = classSet(sub, s.start, s.end);
    if (set.size < MIN_SHARED_CLASSES) continue;
    const shared = new Map<number, number>();
    for (const c of set) for (const n of index.get(c) ?? []) shared.set(n, (shared.get(n) ?? 0) + 1);
    for (const [n, count] of shared) {
      if (count < MIN_SHARED_CLASSES) continue;
      const cosine = count / Math.sqrt(set.size * srcSets[n].size);
      if (cosine >= SENTENCE_COSINE) {
        const t = src.sentences[n];
        seeds.push({ start: s.start, end: s.end, srcStart: t.start, srcEnd: t.end, exact: false });
      }
    }
  }
  return seeds;
}

function gap(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  return Math.max(0, Math.max(aStart, bStart) - Math.min(aEnd, bEnd));
}

interface Cluster {
  start: number;
  end: number;
  srcStart: number;
  srcEnd: number;
  seeds: Seed[];
}

/** Merges seeds (then clusters) that lie close together in both texts, until nothing changes. */
function cluster(seeds: Seed[]): Cluster[] {
  let clusters: Cluster[] = seeds
    .sort((a, b) => a.start - b.start || a.srcStart - b.srcStart)
    .map((s) => ({ start: s.start, end: s.end, srcStart: s.srcStart, srcEnd: s.srcEnd, seeds: [s] }));
  let changed = true;
  while (changed) {
    changed = false;
    const merged: Cluster[] = [];
    for (const c of clusters) {
      const target = merged.findLast(
        (m) => gap(m.start, m.end, c.start, c.end) <= MERGE_GAP && gap(m.srcStart, m.srcEnd, c.srcStart, c.srcEnd) <= MERGE_GAP_SOURCE,
      );
      if (target) {
        target.start = Math.min(target.start, c.start);
        target.end = Math.max(target.end, c.end);
        target.srcStart = Math.min(target.srcStart, c.srcStart);
        target.srcEnd = Math.max(target.srcEnd, c.srcEnd);
        target.seeds.push(...c.seeds);
        changed = true;
      } else {
        merged.push(c);
      }
    }
    clusters = merged.sort((a, b) => a.start - b.start || a.srcStart - b.srcStart);
  }
  return clusters;
}

/** Edit budget of the word-level diff; a passage needing more is scored by its verbatim runs instead. */
const MAX_EDIT_WORDS = 2000;

/**
 * Word-order agreement of a cluster: the share of its submitted words that the source contains in
 * the same order (longest common subsequence by Myers diff). Measured on the submitted side, so a
 * repeated phrase elsewhere in the source cannot lower it. Falls back to the verbatim-run coverage
 * when the two sides differ too much for a bounded diff.
 */
function orderAgreement(sub: PreparedText, src: PreparedText, c: Cluster, exactCovered: number): number {
  const a = sub.tokens.slice(c.start, c.end).map((t) => t.norm);
  const b = src.tokens.slice(c.srcStart, c.srcEnd).map((t) => t.norm);
  const changes = diffArrays(a, b, { maxEditLength: MAX_EDIT_WORDS });
  if (!changes) return exactCovered / a.length;
  let common = 0;
  for (const change of changes) if (!change.added && !change.removed) common += change.count ?? change.value.length;
  return common / a.length;
}

/** Share of the submitted content words (as synonym classes, with multiplicity) that the source range also has. */
function contentOverlap(sub: PreparedText, src: PreparedText, c: Cluster): number {
  const counts = new Map<string, number>();
  for (let i = c.srcStart; i < c.srcEnd; i++) {
    const k = src.classes[i];
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let content = 0;
  let shared = 0;
  for (let i = c.start; i < c.end; i++) {
    const k = sub.classes[i];
    if (k === null) continue;
    content++;
    const left = counts.get(k) ?? 0;
    if (left > 0) {
      shared++;
      counts.set(k, left - 1);
    }
  }
  return content === 0 ? 0 : shared / content;
}

/**
 * Passage similarity: the mean of word-order agreement and content overlap, never below the order
 * agreement. Verbatim is 1.0, light edits stay high, synonym swaps and reordering fall to the
 * middle, loose paraphrase lower.
 */
function similarity(sub: PreparedText, src: PreparedText, c: Cluster, exactCovered: number): number {
  const order = orderAgreement(sub, src, c, exactCovered);
  return Math.min(1, Math.max(order, (order + contentOverlap(sub, src, c)) / 2));
}

/**
 * Passages of one source that touch or nearly touch in the submitted text are one copied region,
 * even when the writer reordered the source: merged, with a length-weighted similarity.
 */
function mergeNeighbours(passages: Passage[]): Passage[] {
  const merged: Passage[] = [];
  for (const p of passages) {
    const last = merged.at(-1);
    if (last && p.start - last.end <= MERGE_GAP) {
      const a = last.end - last.start;
      const b = p.end - p.start;
      last.similarity = Math.round(((last.similarity * a + p.similarity * b) / (a + b)) * 1000) / 1000;
      last.end = Math.max(last.end, p.end);
      last.srcStart = Math.min(last.srcStart, p.srcStart);
      last.srcEnd = Math.max(last.srcEnd, p.srcEnd);
    } else {
      merged.push({ ...p });
    }
  }
  return merged;
}

/**
 * Tightens a cluster at word level: leading and trailing words that are neither in a verbatim run
 * nor content words the source range contains (a lead-in such as "as the article puts it" that
 * shares a sentence with copied text) are left out.
 */
function trimmedRange(sub: PreparedText, src: PreparedText, c: Cluster, covered: Uint8Array): [number, number] {
  const srcClasses = classSet(src, c.srcStart, c.srcEnd);
  const anchored = (i: number): boolean => {
    const cls = sub.classes[i];
    return covered[i - c.start] === 1 || (cls !== null && srcClasses.has(cls));
  };
  let start = c.start;
  let end = c.end;
  while (start < end && !anchored(start)) start++;
  while (end > start && !anchored(end - 1)) end--;
  return [start, end];
}

/** Aligns one source against the submitted text: passages in submitted order, one per copied region. */
export function alignDocuments(sub: PreparedText, src: PreparedText): Passage[] {
  const seeds = [...exactSeeds(sub, src), ...paraphraseSeeds(sub, src)];
  const passages: Passage[] = [];
  for (const c of cluster(seeds)) {
    const covered = new Uint8Array(c.end - c.start);
    let paraphraseSentences = 0;
    for (const s of c.seeds) {
      if (!s.exact) {
        paraphraseSentences++;
        continue;
      }
      covered.fill(1, s.start - c.start, s.end - c.start);
    }
    const [start, end] = trimmedRange(sub, src, c, covered);
    const exactCovered = covered.subarray(start - c.start, end - c.start).reduce((n, v) => n + v, 0);
    c.start = start;
    c.end = end;
    if (c.end - c.start < MIN_PASSAGE_WORDS) continue;
    if (exactCovered < EXACT_MIN && paraphraseSentences < 2) continue;
    const sim = similarity(sub, src, c, exactCovered);
    if (sim < MIN_SIMILARITY) continue;
    passages.push({ start: c.start, end: c.end, srcStart: c.srcStart, srcEnd: c.srcEnd, similarity: Math.round(sim * 1000) / 1000 });
  }
  return mergeNeighbours(passages);
}
