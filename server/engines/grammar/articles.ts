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
import { holdsCode } from './names.ts';

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
    const { lexicon, lm } = ctx;
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
      // Not a noun that modifies a later head: "buying organic pesticide free foods", "satisfactory signal-matching performance".
      if (!isCountSingular(noun, ctx) || (after && (after.pos === 'NOUN' || after.pos === 'PROPN' || after.pos === 'ADJ' || after.text === '-' || after.lower === "'s"))) continue;
      // A verb and its object: "got good score". Not after a preposition ("in high demand",
      // "during normal conversation"), a regular -ed form (often an adjective itself: "increased
      // medical cost") or in a passive ("was taken full advantage of").
      if (j === i || prev.pos !== 'VERB' || BARE_AFTER.has(prev.lower) || /ed$/.test(prev.lower) || !lexicon.hasLemma(prev.lemma, 'verb') || BE_FORMS.has(tokens[i - 2]?.lower ?? '')) continue;
      // Only the common verbs of having and getting, where learners drop the article ("got good score",
      // "bring good plan"); after others a noun with a mass sense is usual ("provide exceptional service",
      // "possess immense power", "offer new insight").
      if (!ARTICLE_VERBS.has(prev.lemma)) continue;
      // "take full effect", "make good sense": the verb and the bare noun are a usage of their own in the counts.
      if (lm.pairCount(prev.lower, noun.lower) > MAX_BARE_PAIR) continue;
      // "to have set foot", "had broken ground": a participle after "have" is the perfect, not an adjective.
      const base = prev.lemma === 'have' ? lexicon.verbBase(first.lower) : null;
      if (base && lexicon.pastParticiple(base) === first.lower) continue;
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

/** The words before "as" that make it introduce examples or a list ("such as", "as well as"). */
const LIST_AS = new Set(['such', 'well']);
/**
 * Tags of the words an article may follow straight away ("went to [the] store", "made [the] decision"). Not a
 * conjunction: after "and" the article before the first noun serves both ("the lecture and passage").
 */
const BEFORE_ARTICLE_TAGS = new Set(['VERB', 'ADP', 'AUX', 'SCONJ', 'PART']);
/** Tags after the noun that make it a modifier, not the head ("heart surgery", "teacher James", "page 5"). */
const NOT_HEAD_AFTER = new Set(['NOUN', 'PROPN', 'NUM']);
/** The word before must be seen this often for its counts to speak. */
const MIN_CONTEXT = 20;
/** The bare pair ("at end") seen more often than this is a usage, not a slip ("at home", "in time"). */
const MAX_BARE_PAIR = 5;
/**
 * The three words with the article must have been seen at least this often ("at the end", "as a result").
 * A phrase seen only a few times with its article is no evidence against the bare noun: on edited prose
 * nobody tuned on, the rule at three sightings inserted "the" into correct English ("with boundary",
 * "cope with demand", "from observation") four times for each slip it mended.
 */
const MIN_TRIPLE = 10;
/** Plural uses per singular use (SUBTLEX-US) below which a noun is uncountable in use ("flu", "news"). */
const MIN_PLURAL_SHARE = 0.03;
/** log10: the reading with the article must be this much likelier than the bare one. */
const ARTICLE_MARGIN = 1.5;

/**
 * An article left out before a singular noun, chosen by the words on both sides of the gap: "we arrived
 * at end of the road" → "at the end", where "at the end" is counted often and "at end" all but never.
 * The noun must head its phrase (no noun, name or number after it) and the word before must be one an
 * article follows (a verb, a preposition, a conjunction). "the" or "a/an" is whichever the counts read
 * likelier. A pair common both ways is left: "went to store" stays, as "to store" is also a verb's
 * infinitive in the counts.
 */
export const articleByContext: Rule = {
  id: 'article-missing-context',
  category: 'grammar',
  description: 'an article left out between a verb or preposition and a singular noun, where the counts show the phrase with it (arrived at end of the road → at the end)',
  apply(text, tokens, { lm, lexicon }) {
    const out: Proposal[] = [];
    if (holdsCode(text)) return out;
    for (let i = 1; i < tokens.length; i++) {
      const before = tokens[i - 1];
      const noun = tokens[i];
      const after = tokens[i + 1];
      // Not after "such as", "as well as", "like", "including": examples and lists are often bare ("such as
      // disease, an accident"). After another "as" the counts decide: "as result of" → "as a result of",
      // while "as chairman" is counted bare.
      const listing = BARE_AFTER.has(before.lower) && (before.lower !== 'as' || LIST_AS.has(tokens[i - 2]?.lower ?? ''));
      if (!isPlain(before) || !isPlain(noun) || !BEFORE_ARTICLE_TAGS.has(before.pos) || listing || text.slice(before.end, noun.start) !== ' ') continue;
      // "fined for ball-tampering", "in end-of-life care": the word opens a hyphenated compound, not a bare noun.
      if (/^[-‐]/u.test(text.slice(noun.end, noun.end + 1))) continue;
      // A gerund goes bare ("trained in bombing").
      if (noun.pos !== 'NOUN' || noun.lemma !== noun.lower || /(s|ing)$/.test(noun.lower)) continue;
      // A participle after an adjective or determiner modifies the noun itself ("a huge missed chance"); so does any word
      // after a determiner ("the near end", "the far end").
      if ((before.pos === 'VERB' && tokens[i - 2]?.pos === 'ADJ') || tokens[i - 2]?.pos === 'DET') continue;
      // A noun whose plural is all but unused goes bare ("in bed with flu"): no article is missing.
      if (lm.count(pluralize(noun.lower)) < MIN_PLURAL_SHARE * lm.count(noun.lower)) continue;
      // A word that is also a verb, with a determiner after it, is the verb and its object ("left the march in attack a bank").
      if (after?.pos === 'DET' && lexicon.hasLemma(noun.lower, 'verb')) continue;
      if (after && (NOT_HEAD_AFTER.has(after.pos) || after.lower === "'s" || after.lower === '’s')) continue;
      // Bare nouns joined ("in body and mind", "a change in place or date"), a noun repeated across a
      // preposition ("from town to town"), "by" + noun + "of" ("by way of", "by lack of"): set uses, no article missing.
      if (['and', 'or', 'nor'].includes(after?.lower ?? '') || [tokens[i - 2]?.lower, tokens[i + 2]?.lower].includes(noun.lower) || (before.lower === 'by' && after?.lower === 'of')) continue;
      if (lm.wordCount(before.lower) < MIN_CONTEXT || lm.pairCount(before.lower, noun.lower) > MAX_BARE_PAIR) continue;
      // One word written in two ("under weight", "over time"): a compound, no missing article.
      if (lm.wordCount(before.lower + noun.lower) > 0 && lexicon.isKnown(before.lower + noun.lower)) continue;
      // A part or amount of something bare: "a section of cliff", "a piece of cake".
      if (before.lower === 'of' && tokens[i - 2]?.pos === 'NOUN') continue;
      const bare = lm.pairLogProb(noun.lower, before.lower);
      let best: { article: string; score: number } | null = null;
      for (const article of ['the', indefiniteArticle(noun.lower)]) {
        if (lm.tripleCount(before.lower, article, noun.lower) < MIN_TRIPLE) continue;
        const score = lm.pairLogProb(article, before.lower) + lm.tripleLogProb(noun.lower, before.lower, article) - bare;
        if (score >= ARTICLE_MARGIN && (!best || score > best.score)) best = { article, score };
      }
      if (best) out.push({ start: noun.start, end: noun.start, replacement: `${best.article} ` });
    }
    return out;
  },
};

