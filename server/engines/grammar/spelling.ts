/**
 * Choosing among harper's spelling candidates, and deciding whether a flagged word should be
 * touched at all. Harper orders candidates by edit distance only ("wich" → wish, which, wick); we
 * weigh a typo-aware edit cost against how common each candidate is.
 */
import type { LanguageModel } from './ngrams.ts';
import { escapeRegExp } from '../shared/text.ts';

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

/** Letters next to each other on a QWERTY keyboard: hitting the neighbour is a common slip. */
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const ADJACENT = new Set<string>();
KEYBOARD_ROWS.forEach((row, r) => {
  for (let i = 0; i < row.length; i++) {
    const neighbours = [row[i - 1], row[i + 1], KEYBOARD_ROWS[r + 1]?.[i], KEYBOARD_ROWS[r + 1]?.[i - 1], KEYBOARD_ROWS[r - 1]?.[i], KEYBOARD_ROWS[r - 1]?.[i + 1]];
    for (const n of neighbours) if (n) ADJACENT.add(row[i] + n);
  }
});

const PREFIXES = ['bi', 'by', 'un', 'non', 're', 'pre', 'over', 'under', 'multi', 'anti', 'co', 'inter', 'self', 'post', 'sub', 'super', 'counter', 'mis', 'dis', 'bio', 'micro', 'macro', 'eco', 'semi', 'mini', 'cyber', 'neuro', 'geo', 'hyper', 'out', 'trans', 'mid'];

/** A word made of a prefix and a known word of five letters or more ("bytracks", "superpowers", "bimetric"): a coinage, not a slip. */
export function knownWithPrefix(word: string, lexicon: { isLemmaOrPlural(word: string): boolean }): boolean {
  for (const prefix of PREFIXES) {
    if (word.length >= prefix.length + 5 && word.startsWith(prefix)) {
      const rest = word.slice(prefix.length).replace(/^-/, '');
      if (lexicon.isLemmaOrPlural(rest)) return true;
    }
  }
  return false;
}

/** True when `a` becomes `b` by one letter added, left out or replaced, or two neighbours swapped. */
export function oneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length && a.slice(i + 2) === b.slice(i + 2) && a[i] === b[i + 1] && a[i + 1] === b[i]) return true;
  const [rest, restB] = a.length === b.length ? [a.slice(i + 1), b.slice(i + 1)] : a.length > b.length ? [a.slice(i + 1), b.slice(i)] : [a.slice(i), b.slice(i + 1)];
  return rest === restB;
}

/**
 * Damerau-Levenshtein distance with typo-aware costs: doubling or undoubling a letter and
 * swapping adjacent letters cost less than other edits; so do vowel-for-vowel substitutions, a
 * neighbouring key, and a silent h left out or added.
 */
export function typoCost(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  const d: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 0; i <= n; i++) d[i][0] = i;
  for (let j = 0; j <= m; j++) d[0][j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const x = a[i - 1];
      const y = b[j - 1];
      const sub = x === y ? 0 : VOWELS.has(x) && VOWELS.has(y) ? 0.6 : ADJACENT.has(x + y) ? 0.8 : 1.1;
      const del = i >= 2 && a[i - 2] === x ? 0.5 : x === 'h' ? 0.6 : 1; // undoubling; a silent h added (whe, rhythem)
      const ins = j >= 2 && b[j - 2] === y ? 0.5 : y === 'h' ? 0.6 : 1; // doubling; a silent h left out (wich, wen, tought)
      d[i][j] = Math.min(d[i - 1][j] + del, d[i][j - 1] + ins, d[i - 1][j - 1] + sub);
      if (i >= 2 && j >= 2 && x === b[j - 2] && a[i - 2] === y) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 0.7);
    }
  }
  return d[n][m];
}

/**
 * A sound-alike key: the consonants as they sound, in order, doubled letters once. English spells
 * one sound many ways ("-tion", "-sion", "-ssion"; c as k or s; ph as f), and writers who spell by
 * ear keep the consonants and lose the vowels: "bisnes" and "business" share bsns, "possetion" and
 * "possession" psXn, while "bones" is bns.
 */
export function soundKey(word: string): string {
  const spelt = word
    .toLowerCase()
    .replace(/[stc]+h?i(?=on)/g, 'X') // the sh sound of -tion, -sion, -ssion, -cion, -ction
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 's')
    .replace(/(.)\1+/g, '$1');
  return spelt[0] + spelt.slice(1).replace(/[aeiouy]/g, '');
}

/** The vowel groups of a word, a final silent e not counted ("strike" 1, "sutoraike" 4). */
function syllables(word: string): number {
  const w = word.toLowerCase().replace(/([^aeiouy])e$/, '$1');
  return (w.match(/[aeiouy]+/g) ?? []).length;
}

/**
 * A respelling that sounds the same (same soundKey) is one slip of the ear, however many letters
 * differ: it costs at most one substitution ("bisnes" → business, not bones).
 */
const SOUND_ALIKE_COST = 1.1;

/** Matches the case pattern of `model` (Capitalised, UPPER or lower). */
export function matchCase(model: string, word: string): string {
  if (model.length > 1 && model === model.toUpperCase() && model !== model.toLowerCase()) return word.toUpperCase();
  if (model[0] !== model[0].toLowerCase()) return word[0].toUpperCase() + word.slice(1);
  return word;
}

export interface SpellingChoice {
  replacement: string;
  cost: number;
  /** How much likelier (log10) the choice is than the next best candidate (Infinity when alone). */
  margin: number;
  /** How much likelier (log10) the choice is than the word as written. */
  marginOverWritten: number;
}

/** log10 of how much less likely each unit of typing cost makes a candidate (noisy channel). */
export const EDIT_WEIGHT = 2.5;
/**
 * log10 of how much less likely the word as written is than its count says: it is in neither
 * harper's dictionary nor WordNet, and subtitles have typos of their own ("dont", "wich"); a word
 * the subtitles never had is very likely a slip.
 */
const unlistedPenalty = (count: number) => (count > 0 ? 1 : 6);

/** Inflectional endings a misspelt word keeps; `keeps` excludes stems that merely end so ("ss": across, class). */
const INFLECTIONS = [
  { written: 's', keeps: /(ss|us|is)$/ },
  { written: 'ing', keeps: /^.{0,2}ing$/ },
];
/** Extra typing cost of a candidate without the misspelt word's inflectional ending. */
const ENDING_LOST_COST = 0.5;

/** The letters a typeset ligature stands for, longest first. */
const LIGATURES = ['ffi', 'ffl', 'ff', 'fi', 'fl'];

/** `word` with one ligature's letters put back at each place from `first` to `last` (string indices). */
function restoredLigatures(word: string, first: number, last: number): string[] {
  const out: string[] = [];
  for (let i = first; i <= last; i++) for (const lig of LIGATURES) out.push(word.slice(0, i) + lig + word.slice(i));
  return out;
}

/** True when `candidate` is `word` with one ligature's letters put back in one place ("sucient" → sufficient). */
function ligatureLost(word: string, candidate: string): boolean {
  return candidate.length - word.length >= 2 && restoredLigatures(word, 0, word.length).includes(candidate);
}

/** The words `word` may have been before a ligature inside it was lost: candidates to respell it by. */
export function ligatureRestorations(word: string): string[] {
  return restoredLigatures(word, 1, word.length - 1);
}

/** Letter pairs that text recognition reads as one letter: "rn" as "m" ("tumed" for turned), "cl" as "d" ("indude"). */
const MISREAD_PAIRS: ReadonlyArray<readonly [pair: string, read: string]> = [['rn', 'm'], ['cl', 'd']];

/** The words `word` may have been before one letter pair in it was misread as one letter: candidates to respell it by. */
export function misreadRestorations(word: string): string[] {
  const out: string[] = [];
  for (const [pair, read] of MISREAD_PAIRS) {
    for (let i = word.indexOf(read); i >= 0; i = word.indexOf(read, i + 1)) out.push(word.slice(0, i) + pair + word.slice(i + 1));
  }
  return out;
}

/** The typing cost of reaching the misspelt `word` (lower case) from `candidate`. */
function channelCost(word: string, candidate: string): number {
  const c = candidate.toLowerCase();
  // The regular -s on a word in -y ("familys", "studys"): the inflection rule slipped, as cheap as a
  // left-out apostrophe (family's), so the neighbouring words decide between the two.
  if (c.endsWith('ies') && /[^aeiou]ys$/.test(word) && `${c.slice(0, -3)}ys` === word) return 0.2;
  // The same for -ly on an adjective in -le ("stablely" for stably).
  if (c.endsWith('ly') && /[^aeiou]lely$/.test(word) && `${c.slice(0, -1)}ely` === word) return 0.2;
  // A left-out apostrophe ("dont", "its") is the commonest slip of all.
  if (c.replace(/'/g, '') === word.replace(/['’]/g, '')) return 0.2;
  // A ligature lost where text was copied out of a PDF ("dierent", "sucient" for different, sufficient).
  if (ligatureLost(word, c)) return 0.5;
  // So is a letter pair that text recognition read as one ("tumed", "indude" for turned, include).
  if (misreadRestorations(word).includes(c)) return 0.5;
  // The e of a past ending left out ("happend", "listend") is a common slip too.
  if (c.endsWith('ed') && `${c.slice(0, -2)}d` === word) return 0.5;
  let cost = typoCost(word, c);
  // Not where the written word has more syllables and two letters more than the candidate: writers who spell
  // by ear seldom add whole syllables ("sutoraike" is Japanese for strike, "grafeteed" no "grafted"; but "imporeved").
  if (cost > SOUND_ALIKE_COST && soundKey(word) === soundKey(c) && !(syllables(word) > syllables(c) && word.length - c.length >= 2)) cost = SOUND_ALIKE_COST;
  // Writers misspell the stem and keep the ending they meant: a misspelt plural or -ing form stays one
  // ("cigarrets" → cigarettes, not cigarette; "probles" → problems). An ending added to a whole word
  // is no slip of the stem but a wrong inflection ("the olders", "smallers"): its dropping costs nothing more.
  for (const { written, keeps } of INFLECTIONS) {
    if (word.endsWith(written) && !keeps.test(word) && !c.endsWith(written) && word !== c + written) cost += ENDING_LOST_COST;
  }
  if (c.includes("'") && !word.includes("'") && !word.includes('’')) cost += c.endsWith("'s") ? 1.2 : 0.2;
  if (c.includes(' ')) cost += 0.8;
  // The first letter is seldom wrong, unless swapped with the second or a vowel for a vowel ("imotions").
  if (c[0] !== word[0] && !(c[0] === word[1] && c[1] === word[0]) && !(VOWELS.has(c[0]) && VOWELS.has(word[0]))) cost += 0.4;
  return cost;
}

/**
 * The likeliest intended word for a misspelt `word` among `candidates` (noisy channel: how likely
 * the candidate is between its neighbours, times how likely the typing slip is). The word as written
 * competes too, at no typing cost: null when it is the likeliest reading or there is no candidate.
 * The margin is over the runner-up, the word as written included.
 */
export function chooseSpelling(word: string, candidates: string[], lm: LanguageModel, context: { previous: string | null; next: string | null }): SpellingChoice | null {
  const w = word.toLowerCase();
  const likelihood = (c: string): number =>
    c.split(' ').reduce((sum, part, k, parts) => sum + lm.inContext(part, k === 0 ? context.previous : parts[k - 1], k === parts.length - 1 ? context.next : null), 0);
  const written = likelihood(w) - unlistedPenalty(lm.count(w));
  const scored = new Map<string, { c: string; score: number; cost: number }>();
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    if (c === '' || c === w || scored.has(c)) continue;
    const cost = channelCost(w, c);
    scored.set(c, { c: candidate, score: likelihood(c) - EDIT_WEIGHT * cost, cost });
  }
  const [best, second] = [...scored.values()].sort((a, b) => b.score - a.score);
  if (!best) return null;
  return {
    replacement: matchCase(word, best.c),
    cost: best.cost,
    margin: second ? best.score - second.score : Infinity,
    marginOverWritten: best.score - written,
  };
}

/**
 * True when `word` (any case) occurs in `text` again as a whole word besides at `start`, as written
 * or with a plural -s taken off or put on ("blazar" beside "blazars"). A word a text spells the same
 * way twice is a term its writer means, not a slip: the grammar engine and the humanizer's typo
 * fixes both leave it (the grammar engine still fixes one that stands for a common word).
 */
export function spelledAgain(text: string, word: string, start: number): boolean {
  const escaped = escapeRegExp(word).replace(/[’']/g, "['’]");
  const stem = word.length >= 4 ? escaped.replace(/s$/i, '') : escaped;
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}'’])${stem}s?(?![\\p{L}\\p{N}])`, 'giu'))) if (m.index !== start) return true;
  return false;
}
