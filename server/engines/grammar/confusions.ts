/**
 * Missing articles before singular count nouns, decided with word counts: SUBTLEX-US tells whether
 * a noun is countable (its plural is in common use), the word-pair model (ngrams.ts) whether a
 * preposition + noun pair is a set phrase that goes without an article ("at school", "by car").
 * Precision first: an edit to correct text costs more than a missed error, so only the two
 * clearest shapes are handled.
 */
import type { LanguageModel } from './ngrams.ts';
import type { PolicyContext } from './policy.ts';
import type { Proposal, Rule } from './rules.ts';
import type { Token } from './tokens.ts';
import { MASS_NOUNS, pluralize, STRICT_UNCOUNTABLE } from './data/nouns.ts';

const isWord = (t: Token | undefined): t is Token => t !== undefined && t.type === 'word';
/** A plain lower-case word (no names, no acronyms, no numbers). */
const isPlain = (t: Token | undefined): t is Token => isWord(t) && /^\p{Ll}+$/u.test(t.text);

/** Prepositions after which a bare noun is usual ("kind of person", "by car", "such as house"). */
const BARE_AFTER = new Set(['of', 'than', 'like', 'as', 'by', 'per', 'including', 'via', 'versus', 'whether', 'unlike']);
/** Adjectives that go with no article, or are determiners themselves. */
const NOT_PLAIN_ADJECTIVES = new Set(['more', 'most', 'less', 'least', 'other', 'same', 'own', 'next', 'last', 'only', 'such', 'enough', 'whole', 'entire', 'much', 'many', 'little', 'few', 'first', 'second', 'third', 'best', 'worst', 'further', 'several', 'various', 'certain', 'main']);

/**
 * Missing article before a singular count noun: a verb + adjective + noun ("I got good score" →
 * "I got a good score": a/an), or a preposition + noun that ends its phrase ("without tour." →
 * "without a tour.": only for clearly countable nouns in a pair the human text never has; "the"
 * where the noun goes with "the" far more often than with "a").
 */
export const missingArticle: Rule = {
  id: 'article-missing',
  category: 'grammar',
  description: 'verb/preposition + (adjective) + bare singular count noun → with a/an/the (I got good score → I got a good score)',
  apply(_text, tokens, ctx) {
    const { lm, lexicon } = ctx;
    const out: Proposal[] = [];
    for (let i = 1; i + 1 < tokens.length; i++) {
      const prev = tokens[i - 1];
      const first = tokens[i];
      if (!isPlain(prev) || !isPlain(first)) continue;
      // The noun phrase: up to two plain adjectives, then a singular noun that is its head.
      let j = i;
      while (j < i + 2 && isPlainAdjective(tokens[j], ctx)) j++;
      const noun = tokens[j];
      const after = tokens[j + 1];
      if (!isCountSingular(noun, ctx) || (after && (after.pos === 'NOUN' || after.pos === 'PROPN' || after.lower === "'s"))) continue;
      if (j > i) {
        // A verb and its object: "got good score". Not after a preposition ("in high demand",
        // "during normal conversation") or in a passive ("was taken full advantage of").
        // Nor after a regular -ed form, often an adjective itself ("increased medical cost").
        if (prev.pos !== 'VERB' || BARE_AFTER.has(prev.lower) || /ed$/.test(prev.lower) || !lexicon.hasLemma(prev.lemma, 'verb') || BE_FORMS.has(tokens[i - 2]?.lower ?? '')) continue;
        out.push({ start: first.start, end: first.start, replacement: `${indefiniteArticle(first.lower)} ` });
        continue;
      }
      // A bare noun right after a preposition, ending its phrase: "without tour." Set phrases
      // ("at school", "by car", "on foot") are pairs the human text has.
      if (prev.pos !== 'ADP' || BARE_AFTER.has(prev.lower) || !after || after.type !== 'punctuation' || lm.pairCount(prev.lower, first.lower) > 0) continue;
      const definite = lm.pairCount('the', first.lower) > 3 * (lm.pairCount('a', first.lower) + lm.pairCount('an', first.lower));
      out.push({ start: first.start, end: first.start, replacement: `${definite ? 'the' : indefiniteArticle(first.lower)} ` });
    }
    return out;
  },
};

/** "a" or "an" by the sound of the next word's spelling. */
export function indefiniteArticle(word: string): 'a' | 'an' {
  if (/^(hour|honest|honor|honour|heir)/.test(word)) return 'an';
  return /^[aeiou]/.test(word) && !/^(uni|use|usu|eu|one|once|ur)/.test(word) ? 'an' : 'a';
}

function isPlainAdjective(t: Token | undefined, { lexicon }: PolicyContext): boolean {
  if (!isPlain(t) || t.pos !== 'ADJ' || NOT_PLAIN_ADJECTIVES.has(t.lower)) return false;
  return lexicon.hasLemma(t.lower, 'adj') && !/est$/.test(t.lower);
}

const BE_FORMS = new Set(['be', 'is', 'are', 'was', 'were', 'been', 'being', 'am', "'s", "'re", "'m"]);
/**
 * Plural uses per singular use (SUBTLEX-US) from which a noun counts as clearly countable: "score",
 * "plan", "problem", not "health", "care", "control", "risk" (often bare after an adjective).
 */
const COUNTABLE_PLURAL_SHARE = 0.2;

/**
 * A singular noun that needs an article: plain, a noun lemma, not uncountable (a curated list, an
 * abstract suffix, or a plural that is rare in use).
 */
function isCountSingular(t: Token | undefined, { lexicon, lm }: PolicyContext): t is Token {
  if (!isPlain(t) || t.pos !== 'NOUN' || t.lemma !== t.lower || MASS_NOUNS.has(t.lower) || STRICT_UNCOUNTABLE.has(t.lower)) return false;
  if (!lexicon.hasLemma(t.lower, 'noun') || /(ing|ness|ism|ics|s)$/.test(t.lower)) return false;
  return pluralShare(t.lower, lm) >= COUNTABLE_PLURAL_SHARE;
}

/** Uses of the plural per use of the singular in SUBTLEX-US (0 for a noun it never saw). */
function pluralShare(noun: string, lm: LanguageModel): number {
  const singular = lm.count(noun);
  return singular > 0 ? lm.count(pluralize(noun)) / singular : 0;
}
