/**
 * Safe synonym substitution: a word is replaced only when the part-of-speech tagger (wink-nlp)
 * and the WordNet table agree on its part of speech, the word is in a form we can inflect the
 * replacement to exactly (singular or regular plural nouns; base, -s and -ing verbs; plain
 * adjectives and adverbs), and it is not protected (the text is masked).
 */
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { SYNONYMS, type WordNetPos } from './lexicon.ts';
import { fixArticles } from './phrases.ts';

const nlp = winkNLP(model, ['pos']);
const its = nlp.its;

const POS_OF_TAG: Record<string, WordNetPos | undefined> = { NOUN: 'n', VERB: 'v', ADJ: 'a', ADV: 'r' };

export interface Substitution {
  start: number;
  end: number;
  replacement: string;
}

/** Plural / third-person -s form of a regular word, or null when the rules might be wrong. */
function addS(word: string): string | null {
  if (/(?:is|us|um|on|f|fe|man|child|person|foot|tooth|mouse|goose)$/u.test(word)) return null;
  if (/(?:s|x|z|ch|sh)$/u.test(word)) return `${word}es`;
  if (/[^aeiou]y$/u.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** -ing form of a regular verb, or null when consonant doubling might apply. */
function addIng(word: string): string | null {
  if (/[^aeiou][aeiou][^aeiouwxy]$/u.test(word)) return null; // stop -> stopping: not worth the risk
  if (/ie$/u.test(word)) return `${word.slice(0, -2)}ying`;
  if (/[^e]e$/u.test(word)) return `${word.slice(0, -1)}ing`;
  return `${word}ing`;
}

/** The lemma behind an inflected form in our table, with a function that inflects a replacement. */
function analyse(word: string, pos: WordNetPos): { lemma: string; inflect: (r: string) => string | null } | null {
  const table = SYNONYMS[pos];
  if (table.has(word)) return { lemma: word, inflect: (r) => r };
  if (pos === 'n' || pos === 'v') {
    for (const lemma of [word.slice(0, -1), word.slice(0, -2), `${word.slice(0, -3)}y`]) {
      if (table.has(lemma) && addS(lemma) === word) return { lemma, inflect: addS };
    }
  }
  if (pos === 'v' && word.endsWith('ing')) {
    for (const lemma of [word.slice(0, -3), `${word.slice(0, -3)}e`, `${word.slice(0, -4)}ie`]) {
      if (table.has(lemma) && addIng(lemma) === word) return { lemma, inflect: addIng };
    }
  }
  return null;
}

function matchCase(replacement: string, original: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return replacement.toUpperCase();
  if (/^\p{Lu}/u.test(original)) return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Every safe substitution in a masked sentence, in text order; `choice` picks among alternatives. */
export function findSubstitutions(masked: string, choice = 0): Substitution[] {
  const doc = nlp.readDoc(masked);
  const values = doc.tokens().out(its.value);
  const tags = doc.tokens().out(its.pos);
  const spaces = doc.tokens().out(its.precedingSpaces);
  const subs: Substitution[] = [];
  let offset = 0;
  for (let i = 0; i < values.length; i++) {
    offset += spaces[i].length;
    const value = values[i];
    const start = offset;
    offset += value.length;
    if (masked.slice(start, offset) !== value) return []; // tokens do not map back: stay safe
    const pos = POS_OF_TAG[tags[i]];
    if (!pos || !/^\p{L}+$/u.test(value) || (/^\p{Lu}/u.test(value) && i > 0)) continue;
    const analysis = analyse(value.toLowerCase(), pos);
    if (!analysis) continue;
    const options = SYNONYMS[pos].get(analysis.lemma) ?? [];
    const inflected = analysis.inflect(options[choice % options.length]);
    if (inflected) subs.push({ start, end: offset, replacement: matchCase(inflected, value) });
  }
  return subs;
}

/** Applies substitutions (sorted, non-overlapping) and repairs "a"/"an" before changed words. */
export function applySubstitutions(masked: string, subs: readonly Substitution[]): string {
  let out = '';
  let at = 0;
  for (const s of subs) {
    out += masked.slice(at, s.start) + s.replacement;
    at = s.end;
  }
  return fixArticles(out + masked.slice(at), masked);
}
