/**
 * A short explanation of each correction, for the writer: why the words changed, in terms they can
 * act on next time. Chosen by the rule that made the edit (ours, or harper's rule name), with the
 * edit's category as the fallback.
 */

/** What kind of correction an edit is. */
export type Category = 'spelling' | 'grammar' | 'punctuation' | 'capitalization' | 'variant' | 'spacing';

type Explain = (original: string, corrected: string) => string;

const q = (s: string): string => `"${s.trim()}"`;

/** Explanations by rule-name pattern, tried in order. */
const BY_RULE: Array<[RegExp, Explain]> = [
  [/^confusable$|^(TheirToThere|ThereToTheir|ThenThan|ThatThan|ItsContraction|PossessiveYour|to-too|its-your-contraction)$/, (o, c) => `${q(o)} and ${q(c)} are easily confused; the words around it call for ${q(c)}.`],
  [/^(ModalOf)$/, (o, c) => `After a modal verb (could, should, would) write ${q(c)}, not ${q(o)}: it only sounds alike.`],
  [/^(verb-after-modal|verb-after-to|to-after-modal|modal-be-able)$/, (_o, c) => `After a modal verb or "to", the verb takes its base form: ${q(c)}.`],
  [/^(perfect-participle|perfect-base-participle|SimplePastToPastParticiple|passive-participle)$/, (_o, c) => `After has, have, had or a form of be, use the past participle: ${q(c)}.`],
  [/^(irregular-past|past-after-time-clause)$/, (_o, c) => `This verb's past form is ${q(c)}.`],
  [/^agreement-there-is$/, (_o, c) => `After "there", the verb agrees with the noun that follows it, here one thing: ${q(c)}.`],
  [/^agreement-noun-subject$/, (_o, c) => `The verb agrees with the main noun of its subject, not with the nearest noun: ${q(c)}.`],
  [/agree|Agreement|^be-agree$|^plural-bare-subject$|^this-these$|^singular-after-every$|^plural-after-quantifier$|^quantifier-of-bare-plural$|^plural-kind-of$/, (_o, c) => `The verb and its subject (or the determiner and its noun) must agree in number: ${q(c)}.`],
  [/^(AdjectiveDoubleDegree|article-the-superlative)$/, (o, c) => (c.trim() === '' || o.length > c.length ? `The adjective is already comparative or superlative: drop ${q(o)}.` : `A superlative takes "the": ${q(c)}.`)],
  [/^(AnA|article-a-an)$/, (_o, c) => `Use "an" before a vowel sound and "a" before a consonant sound: ${q(c)}.`],
  [/^(article-missing|article-missing-context)$/, (_o, c) => `A singular noun here needs an article: add ${q(c)}.`],
  [/^(article-before-plural|doubled-determiner|MassNouns|uncountable-plural)$/, (o, c) => (c.trim() === '' ? `${q(o)} does not go with this noun: it is plural or uncountable.` : `This noun is uncountable or plural here: ${q(c)}.`)],
  [/^(RepeatedWords)$/, (o) => `The word ${q(o)} is written twice.`],
  [/^(SplitWords|OpenCompounds|split-compound)$/, (_o, c) => `These are separate words: ${q(c)}.`],
  [/^(MergeWords|Someone|Everyone|Everybody|Nowadays|Furthermore|Therefore)$/, (_o, c) => `This is written as one word: ${q(c)}.`],
  [/^(interested-in|set-phrase|DespiteOf|verb-extra-preposition|to-before-place|for-after-easy|on-weekday)$/, (_o, c) => (c.trim() === '' ? 'This phrase takes no preposition here.' : `This phrase takes the preposition in ${q(c)}.`)],
  [/^(preposition-in-phrase|preposition-choice)$/, (o, c) => `With the words around it, edited English uses ${q(c)} here, not ${q(o)}.`],
  [/^preposition-before-verb$/, (o) => `Before the base form of a verb, the infinitive takes "to", not ${q(o)}.`],
  [/^(gerund-after|gerund-subject|go-ing-activity)$/, (_o, c) => `This verb is followed by the -ing form: ${q(c)}.`],
  [/^comma-/, () => 'A comma belongs here: it separates the introductory or added part of the sentence.'],
  [/^final-period$/, () => 'A sentence ends with a full stop.'],
];

const BY_CATEGORY: Record<Category, Explain> = {
  spelling: (o, c) => {
    if (o.replace(/\s/g, '') !== c.replace(/\s/g, '')) return `${q(o)} looks like a misspelling of ${q(c)}.`;
    // The same letters: a word split ("alot" → "a lot") or joined ("air line" → "airline").
    return /\s/.test(c.trim()) ? `${q(c)} is written with a space.` : `${q(c)} is written as one word.`;
  },
  grammar: (o, c) => (c === '' ? `${q(o)} is not needed here.` : o === '' ? `${q(c)} is missing here.` : `${q(c)} fits the grammar of this sentence.`),
  punctuation: (o, c) => (c === '' ? `${q(o)} is not needed here.` : `Punctuation: ${q(c)}.`),
  capitalization: (_o, c) => (/^\p{Lu}/u.test(c) ? `Capitalise the first word of a sentence, names and "I": ${q(c)}.` : `This word takes no capital here: ${q(c)}.`),
  spacing: () => 'Spacing between words and punctuation.',
  variant: (o, c) => `${q(o)} is spelt ${q(c)} in the target variant of English.`,
};

/** The explanation of one correction made by `rule` in `category`. */
export function explain(rule: string, category: Category, original: string, corrected: string): string {
  if (category === 'spelling' || category === 'capitalization' || category === 'variant') return BY_CATEGORY[category](original, corrected);
  for (const [pattern, fn] of BY_RULE) if (pattern.test(rule)) return fn(original, corrected);
  return BY_CATEGORY[category](original, corrected);
}
