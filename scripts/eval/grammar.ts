/**
 * `npm run eval -- grammar prose [--dev | --unseen | --masc] [--show N] [--sheet FILE]`, `npm run eval -- grammar inject [--dev] [--limit N] [--show N]`
 * and `npm run eval -- grammar rules [--dev] [--limit N]`: false alarms on published prose, recall of
 * injected errors, and both per rule (scripts/lib/grammar-heldout.ts). The test half is the default;
 * `--dev` reads the half that tuning may look at. `prose --unseen` reads the MASC edited prose the pair
 * counts never read and no one tunes on (grammar-halves.ts): it prints figures only, never its edits;
 * `prose --masc` reads the other half of those passages, the one tuning may look at. On both MASC halves
 * the report also counts the edits judged false, mending a slip, or unsure (grammar-edit-labels/);
 * `--sheet FILE` writes the edits out for the labeller (for --unseen, someone who does not tune).
 *
 * `npm run eval -- grammar refs [--limit N] [--show N]`: the share of the corrected references (CoNLL-2013,
 * JFLEG dev) the engine changes, by rule, with the changes themselves (refsReport).
 *
 * `npm run eval -- grammar [--limit N] [--dump FILE] [--no-baseline] [--rules] [--show N]`: measures the grammar engine on the dev data in
 * ../shared/data/grammar (JFLEG dev, CoNLL-2013 test) and prints its figures.
 *
 * - JFLEG dev, GLEU (Napoles et al. 2015, with the 2016 "GLEU without tuning" update, as JFLEG's
 *   compute_gleu): for the source unchanged, raw harper.js (first suggestion of every lint) and ours.
 * - CoNLL-2013, precision / recall / F0.5 of edits against the gold M2 edits (approximation below).
 * - Over-correction: the share of sentences the engine changes among the sentences no reference
 *   edits, and among the reference sentences themselves taken as input; of the latter, those with an
 *   edit no other annotator's reference of the same source supports (`unsupportedEdits`; `--show N`
 *   prints the first N). CoNLL-2013's corrected references (each source with its gold edits applied,
 *   `applyM2`) taken as input: the share the engine changes is its false-positive rate on them.
 *
 * Both corpora are PTB-tokenised; the engine works on natural text. Each source line is
 * detokenised with a record of every token's span; after correction only the tokens an edit
 * touches are re-tokenised, so an unchanged sentence scores exactly as its source.
 * JFLEG is CC BY-NC-SA: evaluation only, nothing here is written into a shipped artefact.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createGrammarEngine, ENGINE_VERSION, type DiffOperation } from '../../server/engines/grammar/index.ts';
import { Harper } from '../../server/engines/grammar/harper.ts';
import { codePointToUnit } from '../../server/engines/shared/text.ts';
import type { Split } from '../lib/grammar-halves.ts';
import { injectReport, proseReport, rulesReport, type Corrector } from '../lib/grammar-heldout.ts';

const DATA = path.resolve(import.meta.dirname, '../../../shared/data/grammar');

// ---------------------------------------------------------------------------------------------
// PTB detokenisation and re-tokenisation

const ATTACH_LEFT = new Set(['.', ',', ';', ':', '!', '?', '%', ')', ']', '}', "''", '...', "n't", "N'T"]);
const CLITICS = /^'(s|re|ve|ll|d|m)$/i;
const ATTACH_RIGHT = new Set(['(', '[', '{', '$', '``']);

export interface Detokenised {
  text: string;
  tokens: string[];
  /** UTF-16 [start, end) of each token in `text`. */
  spans: Array<[number, number]>;
}

/** Joins PTB tokens into natural text, remembering where each token went. */
export function detokenize(tokens: string[]): Detokenised {
  let text = '';
  const spans: Array<[number, number]> = [];
  let quoteOpen = false;
  let glueNext = true;
  for (const token of tokens) {
    let glue = glueNext || ATTACH_LEFT.has(token) || CLITICS.test(token);
    glueNext = ATTACH_RIGHT.has(token);
    if (token === '"') {
      if (quoteOpen) glue = true;
      else glueNext = true;
      quoteOpen = !quoteOpen;
    }
    const surface = token === '``' || token === "''" ? '"' : token;
    if (!glue) text += ' ';
    spans.push([text.length, text.length + surface.length]);
    text += surface;
  }
  return { text, tokens, spans };
}

const CONTRACTION = /^(.+?)(n't|'s|'re|'ve|'ll|'d|'m)$/i;
const LEADING = /^(["([{$]|``)(.+)$/;
const TRAILING = /^(.+?)(\.\.\.|[.,;:!?%")\]}]|'')$/;
const ABBREVIATIONS = new Set(['mr.', 'mrs.', 'ms.', 'dr.', 'st.', 'etc.', 'e.g.', 'i.e.', 'vs.', 'jr.', 'sr.', 'a.m.', 'p.m.']);

/** PTB-style tokenisation of natural text (the inverse of `detokenize` on what it produces). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const chunk of text.split(/\s+/u)) {
    if (chunk === '') continue;
    const tail: string[] = [];
    let word = chunk;
    for (;;) {
      const lead = LEADING.exec(word);
      if (lead) {
        out.push(lead[1] === '``' ? '"' : lead[1]);
        word = lead[2];
        continue;
      }
      break;
    }
    for (;;) {
      if (ABBREVIATIONS.has(word.toLowerCase())) break;
      const trail = TRAILING.exec(word);
      if (trail) {
        tail.unshift(trail[2] === "''" ? '"' : trail[2]);
        word = trail[1];
        continue;
      }
      const contraction = CONTRACTION.exec(word);
      if (contraction) {
        // PTB splits "can't" as "ca n't", "won't" as "wo n't": the stem as written.
        tail.unshift(contraction[2]);
        word = contraction[1];
        continue;
      }
      break;
    }
    if (word !== '') out.push(word);
    out.push(...tail);
  }
  return out;
}

/**
 * Applies code-point diff operations to a detokenised sentence and returns its tokens: tokens no
 * operation touches are kept as they were; each run of touched tokens is re-tokenised.
 */
export function retokenizeCorrection(src: Detokenised, diff: ReadonlyArray<Pick<DiffOperation, 'type' | 'original' | 'corrected' | 'start' | 'end'>>): string[] {
  if (diff.length === 0) return src.tokens.slice();
  const { text, spans, tokens } = src;
  // Operation extents in UTF-16 units.
  const ops = diff.map((op) => ({
    start: codePointToUnit(text, op.start),
    end: codePointToUnit(text, op.end),
    corrected: op.corrected,
  }));
  // Which tokens each operation touches (an insertion or an edit in a gap touches its neighbours).
  const touched = new Array<boolean>(tokens.length).fill(false);
  for (const op of ops) {
    let any = false;
    for (let i = 0; i < tokens.length; i++) {
      const [s, e] = spans[i];
      if (op.start < e && op.end > s) {
        touched[i] = true;
        any = true;
      }
    }
    if (!any || op.start === op.end) {
      for (let i = 0; i < tokens.length; i++) {
        const [s, e] = spans[i];
        if (e === op.start || (e <= op.start && (i + 1 === tokens.length || spans[i + 1][0] >= op.end))) touched[i] = true;
        if (s === op.end || (s >= op.end && (i === 0 || spans[i - 1][1] <= op.start))) touched[i] = true;
      }
    }
  }
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (!touched[i]) {
      out.push(tokens[i]);
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < tokens.length && touched[j + 1]) j++;
    // The run's operations; one may reach into the space beside it (" to" deleted with its space).
    const inRun = ops.filter((op) => (op.start < spans[j][1] && op.end > spans[i][0]) || (op.start === op.end && op.start >= spans[i][0] && op.start <= spans[j][1]));
    const from = Math.min(spans[i][0], ...inRun.map((op) => op.start));
    const to = Math.max(spans[j][1], ...inRun.map((op) => op.end));
    let region = '';
    let cursor = from;
    for (const op of inRun) {
      region += text.slice(cursor, op.start) + op.corrected;
      cursor = op.end;
    }
    region += text.slice(cursor, to);
    out.push(...tokenize(region));
    i = j + 1;
  }
  // Operations outside every token run (e.g. at the very start of an empty sentence) cannot occur:
  // every operation touches at least one token by construction above.
  return out;
}

// ---------------------------------------------------------------------------------------------
// GLEU (JFLEG's compute_gleu: n = 1..4, one random reference per sentence per iteration)

type Counts = Map<string, number>;

function ngrams(tokens: string[], n: number): Counts {
  const counts: Counts = new Map();
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = tokens.slice(i, i + n).join('\u0001');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function overlap(a: Counts, b: Counts): number {
  let sum = 0;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w !== undefined) sum += Math.min(v, w);
  }
  return sum;
}

/** Sentence statistics against one reference: [hlen, rlen, (match_n, total_n) for n = 1..4]. */
function gleuStats(hyp: string[], src: string[], ref: string[]): number[] {
  const stats = [hyp.length, ref.length];
  for (let n = 1; n <= 4; n++) {
    const h = ngrams(hyp, n);
    const s = ngrams(src, n);
    const r = ngrams(ref, n);
    const sourceNotInRef: Counts = new Map();
    for (const [k, v] of s) if (!r.has(k)) sourceNotInRef.set(k, v);
    stats.push(Math.max(overlap(h, r) - overlap(h, sourceNotInRef), 0));
    stats.push(Math.max(hyp.length + 1 - n, 0));
  }
  return stats;
}

function gleuFromStats(stats: number[]): number {
  if (stats.some((x) => x === 0)) return 0;
  const [c, r] = stats;
  let logPrecision = 0;
  for (let n = 0; n < 4; n++) logPrecision += Math.log(stats[2 + 2 * n] / stats[3 + 2 * n]);
  return Math.exp(Math.min(0, 1 - r / c) + logPrecision / 4);
}

/**
 * Python's `random` (MT19937 seeded by `init_by_array`, `randint` by rejection on `getrandbits`), so
 * that the reference draws are exactly those of JFLEG's compute_gleu (`random.seed(j * 101)`).
 */
class PythonRandom {
  private readonly mt = new Uint32Array(624);
  private index = 624;

  constructor(seed: number) {
    const key: number[] = [];
    let n = Math.abs(seed);
    do {
      key.push(n % 2 ** 32);
      n = Math.floor(n / 2 ** 32);
    } while (n > 0);
    this.initGenrand(19650218);
    const mt = this.mt;
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < 624; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(prev, 1812433253) + i) >>> 0;
    }
    this.index = 624;
  }

  private uint32(): number {
    const mt = this.mt;
    if (this.index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random.randint(0, n - 1)` for 1 ≤ n < 2^31. */
  below(n: number): number {
    const bits = 32 - Math.clz32(n);
    for (;;) {
      const r = this.uint32() >>> (32 - bits);
      if (r < n) return r;
    }
  }
}

/**
 * Corpus GLEU ×100: for each of `iterations` draws, one random reference per sentence, corpus-level
 * statistics summed, GLEU computed; the mean over draws is returned.
 */
export function gleu(hyps: string[][], srcs: string[][], refs: string[][][], iterations = 500): number {
  const perRef = hyps.map((h, i) => refs[i].map((r) => gleuStats(h, srcs[i], r)));
  const n = refs[0]?.length ?? 1;
  const iters = n === 1 ? 1 : iterations;
  let total = 0;
  for (let j = 0; j < iters; j++) {
    const random = new PythonRandom(j * 101);
    const sum = new Array<number>(10).fill(0);
    for (let i = 0; i < hyps.length; i++) {
      const stats = perRef[i][random.below(n)];
      for (let k = 0; k < 10; k++) sum[k] += stats[k];
    }
    total += gleuFromStats(sum);
  }
  return (100 * total) / iters;
}

// ---------------------------------------------------------------------------------------------
// M2-style scoring

export interface TokenEdit {
  start: number;
  end: number;
  correction: string;
}

/**
 * Token edits turning `src` into `hyp`: a minimum-edit-distance alignment of tokens, with each run
 * of adjacent non-matching positions merged into one edit (as the M2 scorer's edit extraction
 * does for most edits; it can also split or merge edits to match the gold ones, which this does not).
 */
export function extractEdits(src: string[], hyp: string[]): TokenEdit[] {
  const n = src.length;
  const m = hyp.length;
  const d: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 0; i <= n; i++) d[i][0] = i;
  for (let j = 0; j <= m; j++) d[0][j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = src[i - 1] === hyp[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + same * 1.5);
    }
  }
  // Backtrace into aligned pairs.
  const pairs: Array<[number | null, number | null]> = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i][j] === d[i - 1][j - 1] + (src[i - 1] === hyp[j - 1] ? 0 : 1.5)) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (i > 0 && d[i][j] === d[i - 1][j] + 1) {
      pairs.push([i - 1, null]);
      i--;
    } else {
      pairs.push([null, j - 1]);
      j--;
    }
  }
  pairs.reverse();
  const edits: TokenEdit[] = [];
  let open: { start: number; end: number; words: string[] } | null = null;
  let srcPos = 0;
  for (const [a, b] of pairs) {
    const match = a !== null && b !== null && src[a] === hyp[b];
    if (match) {
      if (open) edits.push({ start: open.start, end: open.end, correction: open.words.join(' ') });
      open = null;
      srcPos = a + 1;
      continue;
    }
    open ??= { start: srcPos, end: srcPos, words: [] };
    if (a !== null) {
      open.end = a + 1;
      srcPos = a + 1;
    }
    if (b !== null) open.words.push(hyp[b]);
  }
  if (open) edits.push({ start: open.start, end: open.end, correction: open.words.join(' ') });
  return edits;
}

export interface M2Sentence {
  tokens: string[];
  /** Gold edits per annotator. */
  annotators: Map<number, TokenEdit[]>;
}

export function parseM2(content: string): M2Sentence[] {
  const out: M2Sentence[] = [];
  for (const block of content.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    const s = lines.find((l) => l.startsWith('S '));
    if (!s) continue;
    const sentence: M2Sentence = { tokens: s.slice(2).split(' ').filter((t) => t !== ''), annotators: new Map() };
    for (const line of lines) {
      if (!line.startsWith('A ')) continue;
      const fields = line.slice(2).split('|||');
      const [start, end] = fields[0].split(' ').map(Number);
      const type = fields[1];
      const correction = fields[2] === '-NONE-' ? '' : fields[2];
      const annotator = Number(fields[5] ?? 0);
      const list = sentence.annotators.get(annotator) ?? [];
      if (type !== 'noop') list.push({ start, end, correction });
      sentence.annotators.set(annotator, list);
    }
    if (sentence.annotators.size === 0) sentence.annotators.set(0, []);
    out.push(sentence);
  }
  return out;
}

/**
 * The corrected sentence of one annotator: `tokens` with the gold `edits` applied. Gold edits that
 * overlap are read as one edit over their union with their corrections in order: the revised
 * CoNLL-2013 file writes "work places" → "the workplace" as [work] → "the workplace" plus
 * [work places] → "", and a reordering as a replacement plus a deletion of the same span.
 */
export function applyM2(tokens: string[], edits: TokenEdit[]): string[] {
  const merged: Array<{ start: number; end: number; words: string[] }> = [];
  for (const e of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const words = e.correction === '' ? [] : e.correction.split(' ');
    const last = merged.at(-1);
    if (last && e.start < last.end) {
      last.end = Math.max(last.end, e.end);
      last.words.push(...words);
    } else merged.push({ start: e.start, end: e.end, words });
  }
  const out: string[] = [];
  let at = 0;
  for (const e of merged) {
    out.push(...tokens.slice(at, e.start), ...e.words);
    at = e.end;
  }
  return out.concat(tokens.slice(at));
}

export interface PRF {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f05: number;
}

function prf(tp: number, fp: number, fn: number): PRF {
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const b2 = 0.25;
  const f05 = precision + recall === 0 ? 0 : ((1 + b2) * precision * recall) / (b2 * precision + recall);
  return { tp, fp, fn, precision, recall, f05 };
}

/**
 * Edit-level P/R/F0.5: a system edit is a true positive when a gold edit has the same token span and
 * the same correction (case-sensitive); per sentence the annotator giving the most true positives
 * (then the fewest errors) is used, as the M2 scorer does.
 */
export function scoreM2(sentences: M2Sentence[], hyps: string[][]): PRF {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  sentences.forEach((sentence, i) => {
    const edits = extractEdits(sentence.tokens, hyps[i]);
    let best: [number, number, number] | null = null;
    for (const gold of sentence.annotators.values()) {
      const keys = new Set(gold.map((g) => `${g.start}:${g.end}:${g.correction}`));
      const t = edits.filter((e) => keys.has(`${e.start}:${e.end}:${e.correction}`)).length;
      const cand: [number, number, number] = [t, edits.length - t, gold.length - t];
      if (!best || cand[0] > best[0] || (cand[0] === best[0] && cand[1] + cand[2] < best[1] + best[2])) best = cand;
    }
    if (best) {
      tp += best[0];
      fp += best[1];
      fn += best[2];
    }
  });
  return prf(tp, fp, fn);
}

// ---------------------------------------------------------------------------------------------
// Over-correction on the references: which of our edits another annotator makes too

/** Marks the sentence edges, so that an edit at either end has a context token on each side. */
const SENTENCE_EDGE = ['<s>', '</s>'] as const;

/**
 * The corrected tokens of `edit` on `ref` with one token of unchanged context on each side (the
 * sentence edge at either end): the evidence another reference must contain for the same correction.
 */
export function editInContext(ref: string[], edit: TokenEdit): string[] {
  const padded = [SENTENCE_EDGE[0], ...ref, SENTENCE_EDGE[1]];
  const correction = edit.correction === '' ? [] : edit.correction.split(' ');
  return [padded[edit.start], ...correction, padded[edit.end + 1]];
}

function containsRun(tokens: string[], run: string[]): boolean {
  for (let i = 0; i + run.length <= tokens.length; i++) {
    if (run.every((t, k) => tokens[i + k] === t)) return true;
  }
  return false;
}

/**
 * Our edits on reference `ref` (taken as input, corrected to `hyp`) that no other annotator supports.
 * An edit is supported when one of `others` (the other references of the same source) makes the same
 * correction: its corrected tokens with one unchanged token on each side occur there, in order and
 * case-sensitively ("For example we" → "For example , we" is supported by a reference with
 * "example , we"; a deletion needs its two neighbours side by side).
 */
export function unsupportedEdits(ref: string[], hyp: string[], others: string[][]): TokenEdit[] {
  const paddedOthers = others.map((o) => [SENTENCE_EDGE[0], ...o, SENTENCE_EDGE[1]]);
  return extractEdits(ref, hyp).filter((edit) => {
    const evidence = editInContext(ref, edit);
    return !paddedOthers.some((o) => containsRun(o, evidence));
  });
}

// ---------------------------------------------------------------------------------------------
// Systems

interface System {
  name: string;
  /** Corrects one detokenised sentence; returns its code-point diff. */
  correct(text: string): Promise<DiffOperation[]>;
  /** The rule behind each operation of the last correction, where known. */
  lastRules?: () => string[];
}

async function engineSystem(): Promise<System> {
  let rules: string[] = [];
  const engine = await createGrammarEngine({ trace: (_text, edits) => (rules = edits.map((e) => e.rule)) });
  return {
    name: 'ours',
    correct: async (text) => {
      rules = [];
      return (await engine.correct(text, 'auto')).diff;
    },
    lastRules: () => rules,
  };
}

/**
 * Per rule: how often it fires on the JFLEG sources and on the references taken as input, and
 * what JFLEG GLEU loses without it (its operations removed from our output, other rules kept).
 */
async function ruleTable(srcs: string[][], refs: string[][][], allRefs: string[][]): Promise<string[]> {
  const rules: string[][] = [];
  const engine = await createGrammarEngine({ trace: (_text, edits) => rules.push(edits.map((e) => e.rule)) });
  const run = async (lines: string[][]) => {
    const out: Array<{ src: Detokenised; diff: DiffOperation[]; rules: string[] }> = [];
    for (const tokens of lines) {
      const src = detokenize(tokens);
      rules.length = 0;
      const { diff } = await engine.correct(src.text, 'auto');
      out.push({ src, diff, rules: rules[0] ?? [] });
    }
    return out;
  };
  const onSrc = await run(srcs);
  const onRefs = await run(allRefs);
  const full = gleu(onSrc.map((r) => retokenizeCorrection(r.src, r.diff)), srcs, refs, 100);
  const names = [...new Set(onSrc.flatMap((r) => r.rules).concat(onRefs.flatMap((r) => r.rules)))].sort();
  const lines = ['| rule | fires on JFLEG src | fires on refs | GLEU without it (100 draws) | delta |', '|---|---|---|---|---|'];
  for (const name of names) {
    const without = gleu(onSrc.map((r) => retokenizeCorrection(r.src, r.diff.filter((_, k) => r.rules[k] !== name))), srcs, refs, 100);
    const count = (rows: typeof onSrc) => rows.reduce((n, r) => n + r.rules.filter((x) => x === name).length, 0);
    lines.push(`| ${name} | ${count(onSrc)} | ${count(onRefs)} | ${without.toFixed(2)} | ${(full - without >= 0 ? '+' : '') + (full - without).toFixed(3)} |`);
  }
  return [`GLEU with every rule (100 draws): ${full.toFixed(2)}`, ...lines];
}

/** Raw harper.js as shipped: its default lints (de-duplicated by harper), the first suggestion of each. */
function harperSystem(harper: Harper): System {
  return {
    name: 'harper alone',
    async correct(text) {
      const lints = await harper.lint(text, 'en-US', { dedup: true });
      const diff: DiffOperation[] = [];
      let last = -1;
      for (const lint of lints) {
        const s = lint.suggestions[0];
        if (!s || lint.start < last) continue;
        const original = text.slice(lint.start, lint.end);
        const start = [...text.slice(0, lint.start)].length;
        if (s.kind === 'insertAfter') {
          const at = start + [...original].length;
          diff.push({ type: 'insert', original: '', corrected: s.text, start: at, end: at, category: 'grammar', explanation: lint.message });
        } else {
          diff.push({ type: s.kind === 'remove' ? 'delete' : 'replace', original, corrected: s.kind === 'remove' ? '' : s.text, start, end: start + [...original].length, category: 'grammar', explanation: lint.message });
        }
        last = lint.end;
      }
      return diff;
    },
  };
}

/** The engine's diff with the rule behind each operation (the trace lists them in the diff's order). */
async function tracedCorrector(): Promise<Corrector> {
  const { correct, lastRules } = await engineSystem();
  return async (text) => {
    const diff = await correct(text);
    const rules = lastRules!();
    return diff.map((op, k) => ({ ...op, rule: rules[k] ?? '?' }));
  };
}

/**
 * `npm run eval -- grammar refs [--limit N] [--show N]`: only the false-positive side, quickly: the
 * share of CoNLL-2013 corrected references and of JFLEG references the engine changes, by rule, and
 * the first N changes of each corpus with the rule behind each operation.
 */
async function refsReport(conllRefs: string[][], jflegRefs: string[][], show: number): Promise<void> {
  const correct = await tracedCorrector();
  for (const [name, sentences] of [['CoNLL-2013 corrected references', conllRefs], ['JFLEG dev references', jflegRefs]] as const) {
    const byRule = new Map<string, number>();
    const shown: string[] = [];
    let changed = 0;
    for (const tokens of sentences) {
      const src = detokenize(tokens);
      const ops = await correct(src.text);
      if (ops.length === 0) continue;
      changed++;
      for (const op of ops) byRule.set(op.rule, (byRule.get(op.rule) ?? 0) + 1);
      if (shown.length < show) shown.push(`  ${ops.map((o) => `${o.rule}: "${o.original}" → "${o.corrected}"`).join('; ')}  |  ${src.text}`);
    }
    console.log(`${name}: ${changed} of ${sentences.length} changed (${pct(changed / sentences.length)}).`);
    console.log(`  by rule: ${[...byRule].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(', ')}`);
    for (const line of shown) console.log(line);
  }
}

const noEdits: System = { name: 'no edits', correct: async () => [] };

async function runSystem(system: System, lines: string[][], rules?: string[][]): Promise<string[][]> {
  const out: string[][] = [];
  for (const tokens of lines) {
    const src = detokenize(tokens);
    out.push(retokenizeCorrection(src, await system.correct(src.text)));
    rules?.push(system.lastRules?.() ?? []);
  }
  return out;
}

function changedShare(srcs: string[][], hyps: string[][], which: number[]): number {
  if (which.length === 0) return 0;
  return which.filter((i) => hyps[i].join(' ') !== srcs[i].join(' ')).length / which.length;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export async function run(args: string[]): Promise<void> {
  if (!existsSync(DATA)) {
    console.error(`grammar eval: the dev data is missing (${DATA}); it lives in ../shared/data/grammar beside the checkout.`);
    process.exit(1);
  }
  const limitArg = args.indexOf('--limit');
  const limit = limitArg >= 0 ? Number(args[limitArg + 1]) : Infinity;
  const dumpArg = args.indexOf('--dump');
  const dump = dumpArg >= 0 ? args[dumpArg + 1] : null;
  const sheetArg = args.indexOf('--sheet');
  const sheet = sheetArg >= 0 ? args[sheetArg + 1] : null;
  const skipHarper = args.includes('--no-baseline');
  const perRule = args.includes('--rules');
  const showArg = args.indexOf('--show');
  const shown = showArg >= 0 ? Number(args[showArg + 1] ?? 20) : 0;
  const mascHalf = args.includes('--unseen') ? 'unseen' : args.includes('--masc') ? 'masc' : null;
  // The unseen half is measured, never read: its edits are not printed, whatever --show asks.
  if (mascHalf === 'unseen' && shown !== 0) console.error('grammar eval: --unseen prints figures only, no edits (--show ignored).');
  const show = mascHalf === 'unseen' ? 0 : Number.isFinite(shown) ? shown : 20;
  if (mascHalf && (args[0] !== 'prose' || args.includes('--dev') || (args.includes('--unseen') && args.includes('--masc')))) {
    // The MASC passages are measured for false alarms only: no injected set or rule table is drawn from them.
    console.error('grammar eval: --unseen or --masc goes with prose only, one of them, and not with --dev.');
    process.exit(2);
  }
  if (args[0] === 'prose' || args[0] === 'inject' || args[0] === 'rules') {
    const half: Split = args.includes('--dev') ? 'dev' : 'test';
    const correct = await tracedCorrector();
    const perType = Number.isFinite(limit) ? limit : 100;
    if (args[0] === 'prose') await proseReport(correct, mascHalf ?? half, show, sheet);
    else if (args[0] === 'inject') await injectReport(correct, half, perType, show);
    else await rulesReport(correct, half, perType);
    return;
  }

  const read = (f: string): string[][] =>
    readFileSync(path.join(DATA, f), 'utf8')
      .split('\n')
      .slice(0, -1)
      .slice(0, limit)
      .map((l) => l.split(' ').filter((t) => t !== ''));
  const src = read('jfleg-dev/dev.src');
  const refSets = [0, 1, 2, 3].map((k) => read(`jfleg-dev/dev.ref${k}`));
  const refs = src.map((_, i) => refSets.map((r) => r[i]));
  const conll = parseM2(readFileSync(path.join(DATA, 'conll13-test-as-dev/official-preprocessed.revised.m2'), 'utf8')).slice(0, limit);
  // Every annotator's corrected sentence (one annotator in this file), correct English by the annotation.
  const conllRefs = conll.flatMap((s) => [...s.annotators.values()].map((edits) => applyM2(s.tokens, edits)));
  if (args[0] === 'refs') {
    await refsReport(conllRefs, refSets.flat(), show);
    return;
  }

  const t0 = performance.now();
  const ours = await engineSystem();
  const harper = await Harper.load();
  console.log(`${ENGINE_VERSION} loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  if (perRule) {
    for (const line of await ruleTable(src, refs, refSets.flat())) console.log(line);
    return;
  }
  const systems = skipHarper ? [noEdits, ours] : [noEdits, harperSystem(harper), ours];
  // Sentences no reference edits, and all reference sentences as input.
  const untouched = src.map((s, i) => i).filter((i) => refs[i].every((r) => r.join(' ') === src[i].join(' ')));
  const allRefs = refSets.flat();

  const rows: string[] = [];
  let oursHyps: string[][] = [];
  let oursRefHyps: string[][] = [];
  let refsChangedBeyondSpelling = 0;
  for (const system of systems) {
    const started = performance.now();
    const hyps = await runSystem(system, src);
    const jflegSeconds = (performance.now() - started) / 1000;
    const score = gleu(hyps, src, refs);
    const conllHyps = await runSystem(system, conll.map((s) => s.tokens));
    const m2 = scoreM2(conll, conllHyps);
    const refRules: string[][] = [];
    const refHyps = await runSystem(system, allRefs, refRules);
    const conllRefHyps = await runSystem(system, conllRefs);
    const overRefs = changedShare(allRefs, refHyps, allRefs.map((_, i) => i));
    const overUntouched = changedShare(src, hyps, untouched);
    if (system === ours) {
      oursHyps = hyps;
      oursRefHyps = refHyps;
      refsChangedBeyondSpelling = refRules.filter((r) => r.some((rule) => rule !== 'SpellCheck')).length / allRefs.length;
    }
    rows.push(
      `| ${system.name} | ${score.toFixed(2)} | ${pct(changedShare(src, hyps, src.map((_, i) => i)))} | ${pct(overUntouched)} | ${pct(overRefs)} | ${(100 * m2.precision).toFixed(1)} | ${(100 * m2.recall).toFixed(1)} | ${(100 * m2.f05).toFixed(1)} | ${pct(changedShare(conllRefs, conllRefHyps, conllRefs.map((_, i) => i)))} | ${jflegSeconds.toFixed(1)} s |`,
    );
    console.log(rows.at(-1));
  }
  console.log('');
  console.log(`JFLEG dev: ${src.length} sentences × 4 references (GLEU ×100, mean of 500 reference draws); ${untouched.length} sentences no reference edits.`);
  console.log(`CoNLL-2013 test: ${conll.length} sentences (edit-level M2-style match, see scripts/eval/grammar.ts).`);
  console.log('');
  console.log(`CoNLL-2013 corrected references (gold edits applied): ${conllRefs.length} sentences; "CoNLL refs changed" is the share the system changes (its false-positive rate on them).`);
  console.log('');
  console.log('| system | JFLEG GLEU | JFLEG sentences changed | changed where no ref edits | changed among refs (over-correction) | CoNLL P | CoNLL R | CoNLL F0.5 | CoNLL refs changed | JFLEG time |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log('');
  console.log(
    `Over-correction of ours on the references without its corrections of misspelt words (words no dictionary knows, which the annotators left in ${
      ''
    }their references): ${pct(refsChangedBeyondSpelling)} of reference sentences changed.`,
  );
  // Reference k of source i is allRefs[k * src.length + i].
  const refChanges = allRefs
    .map((ref, a) => ({ ref, hyp: oursRefHyps[a], source: a % src.length, k: Math.floor(a / src.length) }))
    .filter((r) => r.hyp.join(' ') !== r.ref.join(' '))
    .map((r) => ({ ...r, unsupported: unsupportedEdits(r.ref, r.hyp, refs[r.source].filter((_, j) => j !== r.k)) }));
  const unsupported = refChanges.filter((r) => r.unsupported.length > 0);
  console.log(
    `Reference sentences changed by ours: ${refChanges.length} of ${allRefs.length} (${pct(refChanges.length / allRefs.length)}); ${
      ''
    }with an edit no other annotator supports (its corrected tokens with one unchanged token each side occur in no other reference of the same source): ${
      unsupported.length
    } (${pct(unsupported.length / allRefs.length)}).`,
  );
  for (const r of unsupported.slice(0, show)) {
    console.log(`  [source ${r.source + 1}, ref${r.k}] ${r.ref.join(' ')}`);
    console.log(`    ours: ${r.hyp.join(' ')}`);
    for (const e of r.unsupported) console.log(`    unsupported: "${r.ref.slice(e.start, e.end).join(' ')}" → "${e.correction}" (${editInContext(r.ref, e).join(' ')})`);
  }
  const human = [0, 1, 2, 3].reduce((sum, k) => sum + gleu(refSets[k], src, refs.map((r) => r.filter((_, j) => j !== k))), 0) / 4;
  console.log(`Each reference against the other three: GLEU ${human.toFixed(2)} (humans).`);
  console.log('Published anchors (JFLEG dev GLEU): no edits 38.2, harper.js alone 44.9 (measured for issue 6), humans ~55.');
  if (dump) {
    writeFileSync(dump, src.map((s, i) => `${s.join(' ')}\n${oursHyps[i].join(' ')}\n`).join('\n'));
    console.log(`wrote ${dump}`);
  }
}
