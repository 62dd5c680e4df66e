/**
 * Held-out measurements of the grammar engine on published prose (`npm run eval -- grammar prose`,
 * `npm run eval -- grammar inject`, `npm run eval -- grammar rules`): the precision and recall figures of issue 46.
 *
 * - Published prose: the human texts of ../shared/data/text-detect/dev.jsonl in the edited domains
 *   (BBC news, Wikipedia), never read by the pair-count builder (it reads train.jsonl).
 *   Each text falls in one half by a hash of its id (`splitOf`): `dev`, the only half read while
 *   tuning the engine (`--dev`), and `test`, only measured (the default). Every edit on this correct
 *   text is a false alarm; edits of capitalised words not at a sentence start (names) are counted apart.
 * - Unseen prose (`--unseen`): the held-out half of the MASC edited-prose passages of
 *   ../shared/data/text-detect/extra.jsonl (`isUnseenProse`, grammar-halves.ts), which the pair-count
 *   builder leaves out and which no one tunes on: measured once, reported per domain. The other half
 *   (`--masc`, `isMascTuningProse`) is read by the pair counts and may be tuned on.
 * - Injected errors: sentences of the texts of one half (so a test sentence never comes from a text
 *   tuned on), each given one error of one type (a fixed seed, so the set is the same every run); an
 *   error is fixed when the engine's operations that touch the injected span restore the published
 *   sentence there; every other operation is a false alarm.
 * - Labelled edits (`--masc`, `--unseen`): MASC's "edited prose" still holds real slips (ficlets, letters,
 *   footnote marks taken out), so an edit there is not always a false alarm. Each edit, read in its
 *   context, was judged by a person or agent who did not tune the engine: `slip` (the text as given is
 *   wrong there and the edit mends it), `false` (acceptable English changed, or made wrong) or `unsure`.
 *   The verdicts sit in grammar-edit-labels/<half>.tsv, keyed by `editKey` (a hash: no corpus text), and
 *   the report counts edits no verdict covers (new since labelling) apart.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DiffOperation } from '../../server/engines/grammar/index.ts';
import { Lexicon } from '../../server/engines/grammar/index.ts';
import { tokenize, type Token } from '../../server/engines/grammar/tokens.ts';
import { CONFUSABLE_SETS } from '../../server/engines/grammar/confusables.ts';
import { isMascTuningProse, isUnseenProse, splitOf, type ExtraRecord, type Split } from './grammar-halves.ts';

const SHARED = path.resolve(import.meta.dirname, '../../../shared/data');
// arXiv abstracts are left out: their cleaning ran words together ("successfullyemployed") and kept LaTeX.
const EDITED_DOMAINS = new Set(['xsum-news', 'squad-wikipedia']);

/** One operation of the engine's diff with the rule that made it. */
export type TracedOperation = DiffOperation & { rule: string };
/** The engine as the held-out measurements read it: a text's diff, each operation with its rule. */
export type Corrector = (text: string) => Promise<TracedOperation[]>;

export interface ProseText {
  id: string;
  domain: string;
  text: string;
}

/** The edited human texts of text-detect dev in one half (`splitOf` their id). */
export function publishedProse(half: Split): ProseText[] {
  const out: ProseText[] = [];
  for (const line of readFileSync(path.join(SHARED, 'text-detect/dev.jsonl'), 'utf8').split('\n')) {
    if (line === '') continue;
    const r = JSON.parse(line) as { id: string; label: string; domain: string; text: string };
    if (r.label !== 'human' || !EDITED_DOMAINS.has(r.domain)) continue;
    // The data set cut texts at a word count, mid-sentence ("The suspect has been"): each is read up to
    // its last full sentence, as its writer ended none of them there.
    const end = /^.*[.!?]["”'’)]?(?=\s|$)/su.exec(r.text)?.[0] ?? r.text;
    if (splitOf(r.id) === half) out.push({ id: r.id, domain: r.domain, text: end });
  }
  return out;
}

const words = (text: string): number => (text.match(/\S+/g) ?? []).length;

/** True when the operation changes a word written with a capital not at a sentence start (a name). */
function changesName(text: string, op: DiffOperation): boolean {
  if (op.original === '' || op.original.toLowerCase() === op.corrected.toLowerCase()) return false;
  const cps = Array.from(text);
  const before = cps.slice(Math.max(0, op.start - 3), op.start).join('');
  const sentenceStart = op.start === 0 || /[.!?]["”')]*\s+$/.test(before);
  return /\p{Lu}/u.test(op.original.slice(sentenceStart ? 1 : 0));
}

/**
 * MASC edited-prose passages of text-detect extra, whole (MASC was cut at sentence ends): `unseen`, the
 * half nothing has read (`isUnseenProse`), or `masc`, the half tuning may read (`isMascTuningProse`).
 */
export function mascProse(half: 'unseen' | 'masc'): ProseText[] {
  const wanted = half === 'unseen' ? isUnseenProse : isMascTuningProse;
  const out: ProseText[] = [];
  for (const line of readFileSync(path.join(SHARED, 'text-detect/extra.jsonl'), 'utf8').split('\n')) {
    if (line === '') continue;
    const r = JSON.parse(line) as ExtraRecord & { id: string; domain: string; text: string };
    if (wanted(r)) out.push({ id: r.id, domain: r.domain, text: r.text });
  }
  return out;
}

/** Every operation of the engine on each text. */
async function proseEdits(correct: Corrector, texts: ProseText[]): Promise<Array<{ text: ProseText; ops: TracedOperation[] }>> {
  const out: Array<{ text: ProseText; ops: TracedOperation[] }> = [];
  for (const text of texts) out.push({ text, ops: await correct(text.text) });
  return out;
}

/** A stable key of one edit of one text: the same edit of the same passage keeps its key across engine versions. */
export function editKey(textId: string, op: Pick<DiffOperation, 'start' | 'end' | 'corrected'>): string {
  return createHash('sha1').update(`${textId}\u0000${op.start}\u0000${op.end}\u0000${op.corrected}`).digest('hex').slice(0, 16);
}

export type Verdict = 'slip' | 'false' | 'unsure';
const VERDICTS: ReadonlySet<string> = new Set<Verdict>(['slip', 'false', 'unsure']);

/** The verdicts on the edits of one MASC half (grammar-edit-labels/<half>.tsv: key, tab, verdict), empty when none were made. */
export function editVerdicts(half: 'unseen' | 'masc'): Map<string, Verdict> {
  const file = path.resolve(import.meta.dirname, `../eval/grammar-edit-labels/${half}.tsv`);
  const out = new Map<string, Verdict>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [key, verdict] = line.split('\t');
    if (!VERDICTS.has(verdict)) throw new Error(`${file}: "${line}" is not a key, a tab and one of ${[...VERDICTS].join(', ')}`);
    out.set(key, verdict as Verdict);
  }
  return out;
}

/** Which published prose `proseReport` reads: one half of text-detect dev, or one half of the MASC edited prose. */
export type ProseSet = Split | 'unseen' | 'masc';

/**
 * `sheet`: a file to write every edit to (JSON lines: key, verdict so far, domain, rule, the edit and 300
 * characters each side), for the labeller. For the unseen half it is written for a labeller who does not
 * tune the engine; whoever tunes must not read it.
 */
export async function proseReport(correct: Corrector, set: ProseSet, show: number, sheet: string | null = null): Promise<void> {
  const mascHalf = set === 'unseen' || set === 'masc' ? set : null;
  const runs = await proseEdits(correct, set === 'unseen' || set === 'masc' ? mascProse(set) : publishedProse(set));
  const byDomain = new Map<string, { words: number; edits: number; names: number }>();
  const byRule = new Map<string, number>();
  const shown: string[] = [];
  const verdicts = mascHalf ? editVerdicts(mascHalf) : null;
  const judged = { slip: 0, false: 0, unsure: 0, none: 0 };
  const falseByDomain = new Map<string, number>();
  const sheetLines: string[] = [];
  // Edits that only take away or add white space ("styles ." → "styles.", "me diating" → "mediating"): counted
  // like any edit, and told apart, as the corpus text holds spaces where footnote marks and hyphens were taken out.
  let spacing = 0;
  for (const { text: t, ops } of runs) {
    const d = byDomain.get(t.domain) ?? { words: 0, edits: 0, names: 0 };
    d.words += words(t.text);
    d.edits += ops.length;
    for (const op of ops) {
      const name = changesName(t.text, op);
      if (name) d.names++;
      byRule.set(op.rule, (byRule.get(op.rule) ?? 0) + 1);
      if (op.original.replace(/\s/gu, '') === op.corrected.replace(/\s/gu, '')) spacing++;
      const key = editKey(t.id, op);
      const verdict = verdicts?.get(key);
      if (verdicts) judged[verdict ?? 'none']++;
      if (verdict === 'false') falseByDomain.set(t.domain, (falseByDomain.get(t.domain) ?? 0) + 1);
      const cps = Array.from(t.text);
      if (sheet) {
        const [before, after] = [cps.slice(Math.max(0, op.start - 300), op.start).join(''), cps.slice(op.end, op.end + 300).join('')];
        sheetLines.push(JSON.stringify({ key, verdict: verdict ?? null, domain: t.domain, rule: op.rule, original: op.original, corrected: op.corrected, before, after }));
      }
      const context = `${cps.slice(Math.max(0, op.start - 40), op.start).join('')}[${op.original} → ${op.corrected}]${cps.slice(op.end, op.end + 30).join('')}`;
      if (shown.length < show) shown.push(`  ${key} ${verdict ?? '-'} ${op.rule}${name ? ' (NAME)' : ''} [${t.domain}]: …${context.replace(/\s+/g, ' ')}…`);
    }
    byDomain.set(t.domain, d);
  }
  const total = [...byDomain.values()].reduce((a, d) => ({ words: a.words + d.words, edits: a.edits + d.edits, names: a.names + d.names }), { words: 0, edits: 0, names: 0 });
  const source =
    set === 'unseen'
      ? 'unseen half (text-detect extra, MASC edited prose, never read by the pair counts)'
      : set === 'masc'
        ? 'tuning half (text-detect extra, MASC edited prose, read by the pair counts)'
        : `${set} half (text-detect dev, human, edited domains)`;
  console.log(`Published prose, ${source}: ${runs.length} texts, ${total.words} words.`);
  console.log('| domain | words | edits | edits per 1,000 words | edits of names |');
  console.log('|---|---|---|---|---|');
  for (const [domain, d] of [...byDomain].sort()) console.log(`| ${domain} | ${d.words} | ${d.edits} | ${((1000 * d.edits) / d.words).toFixed(2)} | ${d.names} |`);
  console.log(`| all | ${total.words} | ${total.edits} | ${((1000 * total.edits) / total.words).toFixed(2)} | ${total.names} |`);
  const worst = [...byDomain].sort((a, b) => b[1].edits / b[1].words - a[1].edits / a[1].words)[0];
  if (worst) console.log(`Worst domain: ${worst[0]} (${((1000 * worst[1].edits) / worst[1].words).toFixed(2)} edits per 1,000 words); edits of names, all domains: ${total.names}.`);
  console.log(`Of all edits, ${spacing} only take away or add white space: ${((1000 * (total.edits - spacing)) / total.words).toFixed(2)} edits per 1,000 words without them.`);
  if (verdicts) {
    const rate = (n: number): string => ((1000 * n) / total.words).toFixed(2);
    const worstFalse = [...byDomain].map(([d, { words: w }]) => [d, (falseByDomain.get(d) ?? 0) / w] as const).sort((a, b) => b[1] - a[1])[0];
    console.log(
      `Judged edits (grammar-edit-labels/${set}.tsv): ${judged.slip} mend a slip of the text, ${judged.false} false, ${judged.unsure} unsure, ${judged.none} not judged (new since labelling). ` +
        `False edits per 1,000 words: ${rate(judged.false)}; counting unsure ones: ${rate(judged.false + judged.unsure)}; counting unjudged ones too: ${rate(judged.false + judged.unsure + judged.none)}` +
        (worstFalse ? `; worst domain ${worstFalse[0]} ${(1000 * worstFalse[1]).toFixed(2)}.` : '.'),
    );
  }
  console.log(`Edits by rule: ${[...byRule].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}`);
  for (const line of shown) console.log(line);
  if (sheet) {
    writeFileSync(sheet, sheetLines.map((l) => `${l}\n`).join(''));
    console.log(`Wrote the ${sheetLines.length} edits to ${sheet}.`);
  }
}

// ---------------------------------------------------------------------------------------------
// Injected errors

/** A deterministic generator (mulberry32), so the injected set is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Injection {
  /** UTF-16 [start, end) of the span in the clean sentence that is replaced. */
  start: number;
  end: number;
  replacement: string;
}

type Injector = (s: string, tokens: Token[], lexicon: Lexicon, rnd: () => number) => Injection | null;

const pick = <T>(xs: T[], rnd: () => number): T | undefined => xs[Math.floor(rnd() * xs.length)];
const lowerWord = (t: Token): boolean => /^\p{Ll}+$/u.test(t.text);
const keepCase = (model: string, w: string): string => (model[0] === model[0].toUpperCase() && model[0] !== model[0].toLowerCase() ? w[0].toUpperCase() + w.slice(1) : w);

// The engine's own sets (confusables.ts): each member is injected for another of its set.
const CONFUSED = new Map(CONFUSABLE_SETS.flatMap((set) => set.map((w) => [w, set.filter((x) => x !== w)] as const)));

const MODALS = new Set(['will', 'would', 'can', 'could', 'should', 'may', 'might', 'must']);
/** The prepositions the injector swaps among (after a verb, adjective or noun). */
export const INJECTED_PREPOSITIONS = ['in', 'on', 'at', 'of', 'for', 'to', 'with', 'about', 'from', 'by'];

export const INJECTORS: Record<string, Injector> = {
  // "the council has" → "the council have"; "they are" → "they is"; "he says" → "he say".
  agreement: (_s, tokens, lexicon, rnd) => {
    const swaps: Record<string, string> = { is: 'are', are: 'is', was: 'were', were: 'was', has: 'have', does: 'do' };
    const options: Injection[] = [];
    tokens.forEach((t, i) => {
      const prev = tokens[i - 1];
      if (!prev || !/^(NOUN|PROPN|PRON)$/.test(prev.pos) || /^(i|you)$/i.test(prev.text)) return;
      if (swaps[t.lower] && t.lower !== 'have') options.push({ start: t.start, end: t.end, replacement: swaps[t.lower] });
      else if (t.pos === 'VERB' && /[^s]s$/.test(t.lower) && /^(he|she|it)$/i.test(prev.text)) {
        const base = lexicon.verbBase(t.lower);
        if (base && base !== t.lower && lexicon.thirdPerson(base) === t.lower) options.push({ start: t.start, end: t.end, replacement: base });
      }
    });
    return pick(options, rnd) ?? null;
  },
  // "could have" → "could of"; "has gone" → "has went"; "will go" → "will goes".
  'verb-form': (_s, tokens, lexicon, rnd) => {
    const options: Injection[] = [];
    tokens.forEach((t, i) => {
      const prev = tokens[i - 1];
      if (!prev || !lowerWord(t)) return;
      if (/^(has|have|had)$/.test(prev.lower) && t.pos === 'VERB') {
        const base = lexicon.verbBase(t.lower);
        const verb = base ? lexicon.irregular(base) : undefined;
        if (verb && verb.participle.includes(t.lower) && !verb.past.includes(t.lower)) options.push({ start: t.start, end: t.end, replacement: verb.past[0] });
      }
      if (MODALS.has(prev.lower) && t.pos === 'VERB' && lexicon.verbBase(t.lower) === t.lower && t.lower !== 'be') {
        options.push({ start: t.start, end: t.end, replacement: lexicon.thirdPerson(t.lower) });
      }
      if (MODALS.has(prev.lower) && t.lower === 'have') options.push({ start: t.start, end: t.end, replacement: 'of' });
    });
    return pick(options, rnd) ?? null;
  },
  // "taller" → "more taller", "better" → "more better".
  comparative: (_s, tokens, lexicon, rnd) => {
    const options = tokens.filter((t, i) => t.pos === 'ADJ' && lowerWord(t) && tokens[i - 1]?.lower !== 'more' && (/^(better|worse)$/.test(t.lower) || (/er$/.test(t.lower) && lexicon.lemmatize(t.lower, 'adj').some((l) => l !== t.lower && t.lower.startsWith(l.slice(0, -1))))));
    const t = pick(options, rnd);
    return t ? { start: t.start, end: t.start, replacement: 'more ' } : null;
  },
  // "an apple" → "a apple", "a house" → "an house".
  'a-an': (_s, tokens, _l, rnd) => {
    const options = tokens.filter((t, i) => /^(a|an)$/.test(t.text) && tokens[i + 1] && /^\p{L}/u.test(tokens[i + 1].text) && tokens[i + 1].text.length > 1);
    const t = pick(options, rnd);
    return t ? { start: t.start, end: t.end, replacement: t.text === 'a' ? 'an' : 'a' } : null;
  },
  // "the report says" → "report says" (a determiner left out before a singular noun).
  'article-missing': (_s, tokens, _l, rnd) => {
    const options = tokens.filter((t, i) => /^(a|an|the)$/.test(t.text) && i > 0 && tokens[i + 1]?.pos === 'NOUN' && !/s$/.test(tokens[i + 1].lower));
    const t = pick(options, rnd);
    return t ? { start: t.start, end: tokens[tokens.indexOf(t) + 1].start, replacement: '' } : null;
  },
  // "interested in" → "interested on" (a preposition after a word that takes another).
  preposition: (_s, tokens, _l, rnd) => {
    const options = tokens.filter((t, i) => INJECTED_PREPOSITIONS.includes(t.text) && i > 0 && /^(VERB|ADJ|NOUN)$/.test(tokens[i - 1].pos) && lowerWord(tokens[i - 1]));
    const t = pick(options, rnd);
    if (!t) return null;
    const other = pick(INJECTED_PREPOSITIONS.filter((p) => p !== t.text && !(t.text === 'to' && p === 'for')), rnd)!;
    return { start: t.start, end: t.end, replacement: other };
  },
  // "their" → "there", "than" → "then", "effect" → "affect", "could have" → "could of" is verb-form.
  confusable: (_s, tokens, _l, rnd) => {
    const options = tokens.filter((t) => CONFUSED.has(t.lower) && (lowerWord(t) || t.text.includes("'")));
    const t = pick(options, rnd);
    return t ? { start: t.start, end: t.end, replacement: keepCase(t.text, pick(CONFUSED.get(t.lower)!, rnd)!) } : null;
  },
  // "the the", "is is".
  'doubled-word': (_s, tokens, _l, rnd) => {
    const options = tokens.filter((t, i) => i > 0 && lowerWord(t) && t.text.length <= 5 && tokens[i - 1].text !== t.text);
    const t = pick(options, rnd);
    return t ? { start: t.start, end: t.start, replacement: `${t.text} ` } : null;
  },
  // "a lot" → "alot", "in fact" → "infact", "each other" → "eachother".
  'run-together': (_s, tokens, lexicon, rnd) => {
    const options = tokens.filter((t, i) => {
      const next = tokens[i + 1];
      return next && next.space === ' ' && lowerWord(t) && lowerWord(next) && t.text.length <= 4 && next.text.length >= 2 && !lexicon.isKnown(t.text + next.text);
    });
    const t = pick(options, rnd);
    return t ? { start: t.end, end: t.end + 1, replacement: '' } : null;
  },
  // "without" → "with out", "something" → "some thing".
  'split-word': (_s, tokens, lexicon, rnd) => {
    const options: Injection[] = [];
    for (const t of tokens) {
      if (!lowerWord(t) || t.text.length < 6) continue;
      for (let k = 3; k <= t.text.length - 3; k++) {
        const [a, b] = [t.text.slice(0, k), t.text.slice(k)];
        if (lexicon.frequency(a) > 0 && lexicon.frequency(b) > 0 && lexicon.count(a) >= 1000 && lexicon.count(b) >= 1000) options.push({ start: t.start + k, end: t.start + k, replacement: ' ' });
      }
    }
    return pick(options, rnd) ?? null;
  },
  // One typing slip in a word of five letters or more: a letter left out, doubled, or two swapped.
  misspelling: (_s, tokens, lexicon, rnd) => {
    const options = tokens.filter((t) => lowerWord(t) && t.text.length >= 5);
    const t = pick(options, rnd);
    if (!t) return null;
    for (let attempt = 0; attempt < 5; attempt++) {
      const w = t.text;
      const k = 1 + Math.floor(rnd() * (w.length - 2));
      const kind = Math.floor(rnd() * 3);
      const typo = kind === 0 ? w.slice(0, k) + w.slice(k + 1) : kind === 1 ? w.slice(0, k) + w[k] + w.slice(k) : w.slice(0, k) + w[k + 1] + w[k] + w.slice(k + 2);
      if (typo !== w && !lexicon.isKnown(typo)) return { start: t.start, end: t.end, replacement: typo };
    }
    return null;
  },
};

/** Sentences of the held-out texts: 8 to 40 words, starting with a capital, ending with . ! or ?. */
function sentencesOf(texts: ProseText[]): string[] {
  const out: string[] = [];
  for (const t of texts) {
    for (const s of t.text.split(/(?<=[.!?])\s+(?=[A-Z])/)) {
      const n = words(s);
      if (n >= 8 && n <= 40 && /^[A-Z]/.test(s) && /[.!?]$/.test(s) && !/\d{4,}|@|http/.test(s)) out.push(s);
    }
  }
  return out;
}

interface Case {
  type: string;
  clean: string;
  corrupt: string;
  /** Code-point [start, end) of the injected text in `corrupt`. */
  start: number;
  end: number;
}

/** Up to `perType` cases of each type, from the held-out sentences (fixed seed). */
export function injectedSet(perType: number, lexicon: Lexicon, half: Split): Case[] {
  const sentences = sentencesOf(publishedProse(half));
  const tagged = sentences.map((s) => ({ s, tokens: tokenize(s) })).filter((x): x is { s: string; tokens: Token[] } => x.tokens !== null);
  const cases: Case[] = [];
  for (const [type, inject] of Object.entries(INJECTORS)) {
    const rnd = random(46 + type.length * 7919);
    const order = tagged.map((_, i) => i).sort((a, b) => ((a * 2654435761) % 1000003) - ((b * 2654435761) % 1000003) || a - b);
    let n = 0;
    for (const i of order) {
      if (n >= perType) break;
      const { s, tokens } = tagged[i];
      const inj = inject(s, tokens, lexicon, rnd);
      if (!inj) continue;
      const corrupt = s.slice(0, inj.start) + inj.replacement + s.slice(inj.end);
      const start = Array.from(s.slice(0, inj.start)).length;
      cases.push({ type, clean: s, corrupt, start, end: start + Array.from(inj.replacement).length });
      n++;
    }
  }
  return cases;
}

/** Applies code-point operations to `text`. */
function applyOps(text: string, ops: DiffOperation[]): string {
  const cps = Array.from(text);
  let out = '';
  let at = 0;
  for (const op of [...ops].sort((a, b) => a.start - b.start)) {
    out += cps.slice(at, op.start).join('') + op.corrected;
    at = op.end;
  }
  return out + cps.slice(at).join('');
}

interface InjectRun {
  c: Case;
  ops: TracedOperation[];
  /** The operations that touch the injected span. */
  near: TracedOperation[];
  fixed: boolean;
}

/** The engine on each injected sentence; fixed when its operations on the injected span restore the sentence. */
async function injectRuns(correct: Corrector, half: Split, perType: number): Promise<InjectRun[]> {
  const out: InjectRun[] = [];
  for (const c of injectedSet(perType, Lexicon.load(), half)) {
    const ops = await correct(c.corrupt);
    const near = ops.filter((op) => op.start <= c.end && op.end >= c.start);
    out.push({ c, ops, near, fixed: near.length > 0 && applyOps(c.corrupt, near) === c.clean });
  }
  return out;
}

export async function injectReport(correct: Corrector, half: Split, perType: number, show: number): Promise<void> {
  const runs = await injectRuns(correct, half, perType);
  const stats = new Map<string, { n: number; fixed: number; right: number; wrong: number }>();
  const misses = new Map<string, string[]>();
  for (const { c, ops, near, fixed } of runs) {
    const s = stats.get(c.type) ?? { n: 0, fixed: 0, right: 0, wrong: 0 };
    s.n++;
    if (fixed) {
      s.fixed++;
      s.right += near.length;
      s.wrong += ops.length - near.length;
    } else {
      s.wrong += ops.length;
      const list = misses.get(c.type) ?? [];
      if (list.length < show) list.push(`    ${c.corrupt}${ops.length ? `  [ours: ${ops.map((o) => `${o.original}→${o.corrected}`).join('; ')}]` : ''}`);
      misses.set(c.type, list);
    }
    stats.set(c.type, s);
  }
  console.log(`Injected errors: ${runs.length} sentences of the published prose (${half} half), one error each (fixed seed).`);
  console.log('| type | sentences | fixed (recall) | operations right | operations wrong | precision |');
  console.log('|---|---|---|---|---|---|');
  let all = { n: 0, fixed: 0, right: 0, wrong: 0 };
  for (const [type, s] of stats) {
    console.log(`| ${type} | ${s.n} | ${((100 * s.fixed) / s.n).toFixed(1)}% | ${s.right} | ${s.wrong} | ${s.right + s.wrong ? ((100 * s.right) / (s.right + s.wrong)).toFixed(1) : '-'}% |`);
    all = { n: all.n + s.n, fixed: all.fixed + s.fixed, right: all.right + s.right, wrong: all.wrong + s.wrong };
  }
  console.log(`| all | ${all.n} | ${((100 * all.fixed) / all.n).toFixed(1)}% | ${all.right} | ${all.wrong} | ${((100 * all.right) / (all.right + all.wrong)).toFixed(1)}% |`);
  const worst = [...stats].sort((a, b) => a[1].fixed / a[1].n - b[1].fixed / b[1].n)[0];
  if (worst) console.log(`Worst type: ${worst[0]} (${((100 * worst[1].fixed) / worst[1].n).toFixed(1)}%).`);
  for (const [type, list] of misses) {
    console.log(`  missed ${type}:`);
    for (const l of list) console.log(l);
  }
}

/**
 * Per rule, on one half: its edits on the published prose (each a false alarm, per 1,000 words), its
 * operations that fixed an injected error (hits) and those on injected sentences that did not (misses
 * of the restored sentence and edits elsewhere): which rules pay for their false alarms.
 */
export async function rulesReport(correct: Corrector, half: Split, perType: number): Promise<void> {
  const prose = await proseEdits(correct, publishedProse(half));
  const injected = await injectRuns(correct, half, perType);
  const proseWords = prose.reduce((n, r) => n + words(r.text.text), 0);
  const rows = new Map<string, { prose: number; hits: number; wrong: number; types: Map<string, number> }>();
  const row = (rule: string) => {
    const r = rows.get(rule) ?? { prose: 0, hits: 0, wrong: 0, types: new Map<string, number>() };
    rows.set(rule, r);
    return r;
  };
  for (const { ops } of prose) for (const op of ops) row(op.rule).prose++;
  for (const { c, ops, near, fixed } of injected) {
    for (const op of ops) {
      const r = row(op.rule);
      if (fixed && near.includes(op)) {
        r.hits++;
        r.types.set(c.type, (r.types.get(c.type) ?? 0) + 1);
      } else r.wrong++;
    }
  }
  console.log(`Rules on the ${half} half: published prose ${prose.length} texts, ${proseWords} words; ${injected.length} injected sentences.`);
  console.log('| rule | prose edits (false alarms) | per 1,000 words | injected: hits | injected: other operations | hits by type |');
  console.log('|---|---|---|---|---|---|');
  for (const [rule, r] of [...rows].sort((a, b) => b[1].prose - a[1].prose || b[1].hits - a[1].hits || a[0].localeCompare(b[0]))) {
    const types = [...r.types].sort((a, b) => b[1] - a[1]).map(([t, n]) => `${t} ${n}`).join(', ');
    console.log(`| ${rule} | ${r.prose} | ${((1000 * r.prose) / proseWords).toFixed(2)} | ${r.hits} | ${r.wrong} | ${types} |`);
  }
}
