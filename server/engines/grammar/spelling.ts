/**
 * Choosing among harper's spelling candidates, and deciding whether a flagged word should be
 * touched at all. Harper orders candidates by edit distance only ("wich" → wish, which, wick); we
 * weigh a typo-aware edit cost against how common each candidate is.
 */
import type { Lexicon } from './lexicon.ts';

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

/**
 * Damerau-Levenshtein distance with typo-aware costs: doubling or undoubling a letter and
 * swapping adjacent letters cost less than other edits; vowel-for-vowel substitutions too.
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
      const sub = x === y ? 0 : VOWELS.has(x) && VOWELS.has(y) ? 0.6 : 1;
      const del = i >= 2 && a[i - 2] === x ? 0.5 : 1; // undoubling
      const ins = j >= 2 && b[j - 2] === y ? 0.5 : 1; // doubling
      d[i][j] = Math.min(d[i - 1][j] + del, d[i][j - 1] + ins, d[i - 1][j - 1] + sub);
      if (i >= 2 && j >= 2 && x === b[j - 2] && a[i - 2] === y) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 0.7);
    }
  }
  return d[n][m];
}

/** Matches the case pattern of `model` (Capitalised, UPPER or lower). */
export function matchCase(model: string, word: string): string {
  if (model.length > 1 && model === model.toUpperCase() && model !== model.toLowerCase()) return word.toUpperCase();
  if (model[0] !== model[0].toLowerCase()) return word[0].toUpperCase() + word.slice(1);
  return word;
}

export const W = { freq: 0.5, rank: 0.1, unseen: 0.5, sound: 0.3 };

/** American Soundex code of a lower-case word (letter + three digits). */
export function soundex(word: string): string {
  const codes: Record<string, string> = { b: '1', f: '1', p: '1', v: '1', c: '2', g: '2', j: '2', k: '2', q: '2', s: '2', x: '2', z: '2', d: '3', t: '3', l: '4', m: '5', n: '5', r: '6' };
  const letters = word.replace(/[^a-z]/g, '');
  if (letters === '') return '';
  let out = letters[0];
  let last = codes[letters[0]] ?? '';
  for (const ch of letters.slice(1)) {
    const code = codes[ch] ?? '';
    if (code !== '' && code !== last) out += code;
    if (ch !== 'h' && ch !== 'w') last = code;
  }
  return (out + '000').slice(0, 4);
}

export interface SpellingChoice {
  replacement: string;
  cost: number;
}

/**
 * The best candidate for a misspelt `word`, or null when none is close and plausible enough.
 * Possessive candidates for a word without an apostrophe ("knowledges" → "knowledge's") and
 * candidates that are not words we know are penalised.
 */
export function chooseSpelling(word: string, candidates: string[], lexicon: Lexicon): SpellingChoice | null {
  const w = word.toLowerCase();
  let best: { c: string; score: number; cost: number } | null = null;
  candidates.forEach((candidate, rank) => {
    const c = candidate.toLowerCase();
    if (c === w || c === '') return;
    let cost = typoCost(w, c);
    if (c.includes("'") && !w.includes("'") && !w.includes('’')) cost += c.endsWith("'s") ? 1.2 : 0.2;
    if (c.includes(' ')) cost += 0.8;
    if (c[0] !== w[0] && !(c[0] === w[1] && c[1] === w[0])) cost += 0.4;
    const freq = lexicon.frequency(c.replace(/'s$/, ''));
    let score = -cost + W.freq * Math.log10(1 + freq) - W.rank * rank;
    if (freq === 0) score -= W.unseen;
    if (soundex(c) === soundex(w)) score += W.sound;
    if (!best || score > best.score) best = { c: candidate, score, cost };
  });
  if (!best) return null;
  const chosen: { c: string; score: number; cost: number } = best;
  return { replacement: matchCase(word, chosen.c), cost: chosen.cost };
}
