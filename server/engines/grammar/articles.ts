/**
 * Missing indefinite article before a singular count noun after a verb and an adjective: "I got
 * good score" → "I got a good score". Countability comes from SUBTLEX-US word counts (the plural is
 * in common use: "score", "plan", "problem"; not "health", "care", "control", which go bare after an
 * adjective). A bare noun straight after a preposition ("without tour") was tried and left out:
 * set phrases ("at school", "into ash", "on guard") made it change correct text.
 */
import type { LanguageModel } from './ngrams.ts';
import type { PolicyContext } from './rule.ts';
import type { Proposal, Rule } from './rule.ts';
import type { Token } from './tokens.ts';
import { ABSTRACT_SUFFIX, MASS_NOUNS, pluralize, STRICT_UNCOUNTABLE } from './data/nouns.ts';

const isWord = (t: Token | undefined): t is Token => t !== undefined && t.type === 'word';
/** A plain lower-case word (no names, no acronyms, no numbers). */
const isPlain = (t: Token | undefined): t is Token => isWord(t) && /^\p{Ll}+$/u.test(t.text);

/** Words, often tagged as verbs, after which a bare noun phrase is usual ("like nuclear power", "as good friend"). */
const BARE_AFTER = new Set(['like', 'as', 'than', 'unlike', 'including']);
/** Adjectives that go with no article, or are determiners themselves. */
const NOT_PLAIN_ADJECTIVES = new Set(['more', 'most', 'less', 'least', 'other', 'same', 'own', 'next', 'last', 'only', 'such', 'enough', 'whole', 'entire', 'much', 'many', 'little', 'few', 'first', 'second', 'third', 'best', 'worst', 'further', 'several', 'various', 'certain', 'main']);

/** Verb of having or getting + adjective(s) + bare singular count noun: "I got good score" → "I got a good score". */
export const missingArticle: Rule = {
  id: 'article-missing',
  category: 'grammar',
  description: 'verb + adjective + bare singular count noun → a/an (I got good score → I got a good score)',
  apply(_text, tokens, ctx) {
    const { lexicon } = ctx;
    const out: Proposal[] = [];
    for (let i = 1; i + 1 < tokens.length; i++) {
      const prev = tokens[i - 1];
      const first = tokens[i];
      if (!isPlain(prev) || !isPlain(first)) continue;
      // The noun phrase: one or two plain adjectives, then a singular noun that is its head.
      let j = i;
      while (j < i + 2 && isPlainAdjective(tokens[j], ctx)) j++;
      const noun = tokens[j];
      const after = tokens[j + 1];
      if (!isCountSingular(noun, ctx) || (after && (after.pos === 'NOUN' || after.pos === 'PROPN' || after.lower === "'s"))) continue;
      // A verb and its object: "got good score". Not after a preposition ("in high demand",
      // "during normal conversation"), a regular -ed form (often an adjective itself: "increased
      // medical cost") or in a passive ("was taken full advantage of").
      if (j === i || prev.pos !== 'VERB' || BARE_AFTER.has(prev.lower) || /ed$/.test(prev.lower) || !lexicon.hasLemma(prev.lemma, 'verb') || BE_FORMS.has(tokens[i - 2]?.lower ?? '')) continue;
      // Only the common verbs of having and getting, where learners drop the article ("got good score",
      // "bring good plan"); after others a noun with a mass sense is usual ("provide exceptional service",
      // "possess immense power", "offer new insight").
      if (!ARTICLE_VERBS.has(prev.lemma)) continue;
      out.push({ start: first.start, end: first.start, replacement: `${indefiniteArticle(first.lower)} ` });
    }
    return out;
  },
};

/**
 * "a" or "an" by the sound of the next word's spelling (lower case): a silent h takes "an"; a vowel
 * letter sounding as a consonant takes "a" (a university, a usual, a European, a one-off, a urine test:
 * "ur" + vowel is said "yur"), while "ur" + consonant keeps its vowel (an urgent call, an urban area).
 */
export function indefiniteArticle(word: string): 'a' | 'an' {
  if (/^(hour|honest|honor|honour|heir)/.test(word)) return 'an';
  return /^[aeiou]/.test(word) && !/^(uni(?![mn])|use|usu|eu|one|once|ur[aeiou])/.test(word) ? 'an' : 'a';
}

function isPlainAdjective(t: Token | undefined, { lexicon }: PolicyContext): boolean {
  if (!isPlain(t) || t.pos !== 'ADJ' || NOT_PLAIN_ADJECTIVES.has(t.lower)) return false;
  return lexicon.hasLemma(t.lower, 'adj') && !/est$/.test(t.lower);
}

const ARTICLE_VERBS = new Set(['have', 'get', 'make', 'take', 'give', 'bring', 'buy', 'find', 'need', 'want', 'become', 'win', 'lose', 'earn', 'choose', 'own']);
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
  if (!lexicon.hasLemma(t.lower, 'noun') || /(ing|s)$/.test(t.lower) || ABSTRACT_SUFFIX.test(t.lower)) return false;
  return clearlyCountable(t.lower, lm);
}

/** True when SUBTLEX-US uses the plural of `noun` at least COUNTABLE_PLURAL_SHARE times per singular use. */
export function clearlyCountable(noun: string, lm: LanguageModel): boolean {
  const singular = lm.count(noun);
  return singular > 0 && lm.count(pluralize(noun)) / singular >= COUNTABLE_PLURAL_SHARE;
}
