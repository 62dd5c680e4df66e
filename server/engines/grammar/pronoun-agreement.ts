/**
 * A subject pronoun and the form of be, have or do right after it: "he were not" → "he was not",
 * "they is" → "they are", "she have" → "she has", "I is" → "I am", "it were" → "it was". He, she, they,
 * we and I are subjects wherever they stand, so the verb after one must agree with it. Left: an inverted question
 * ("does he have"), and "were" of a wish or condition ("if he were", "as though she were").
 * A demonstrative that opens a clause is a subject too ("This are the second" → "This is").
 */
import type { Proposal, Rule } from './rule.ts';
import type { Token } from './tokens.ts';
import { matchCase } from './spelling.ts';
import { subjunctive } from './agreement.ts';
import { withoutPrototype } from '../shared/without-prototype.ts';

const SINGULAR = withoutPrototype<string>({ are: 'is', were: 'was', have: 'has', do: 'does' });
const PLURAL = withoutPrototype<string>({ is: 'are', was: 'were', has: 'have', does: 'do', am: 'are' });
const FIRST = withoutPrototype<string>({ is: 'am', are: 'am', has: 'have', does: 'do' });
/** "it" may be an object too ("let it have"): only be is changed after it. */
const IT = withoutPrototype<string>({ are: 'is', were: 'was' });
const FORMS = withoutPrototype<Record<string, string>>({ he: SINGULAR, she: SINGULAR, it: IT, they: PLURAL, we: PLURAL, i: FIRST });
/**
 * Demonstratives with the verb right after them stand alone as the subject ("This are the second",
 * "These was built"), but only where a clause begins: after a preposition the verb may come before its
 * subject ("Added to this are the costs"), and "that" elsewhere is mostly a relative ("cliffs that are").
 */
const DEMONSTRATIVES = withoutPrototype<Record<string, string>>({ this: SINGULAR, that: SINGULAR, these: PLURAL, those: PLURAL });
/** Words after which a clause, and so a demonstrative subject, begins. */
const CLAUSE_START = new Set([',', ';', ':', '(', '"', '“', '—', '–', 'but', 'because', 'so', 'and', 'when', 'while', 'although', 'whereas']);

/** True when the demonstrative at `i` opens its sentence (or a quotation there), or, for this/these/those, any clause. */
function demonstrativeSubject(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  if (i === 0 || t.sentenceStart) return true;
  const before = tokens[i - 1];
  if (/^["“]$/.test(before.text) && (i === 1 || before.sentenceStart)) return true;
  return t.lower !== 'that' && CLAUSE_START.has(before.lower);
}

/** Prepositions that also open clauses ("after it was", "since it is"): no sign of an object. */
const CLAUSE_OPENERS = new Set(['after', 'before', 'since', 'until', 'till', 'as', 'because', 'while', 'although', 'though', 'unless', 'once', 'if', 'whether', 'than', 'like']);

const PREPOSITIONS = new Set(['of', 'for', 'to', 'with', 'about', 'on', 'in', 'by', 'from', 'into', 'regarding', 'towards', 'toward']);

/**
 * True when the token at `i` follows a preposition, directly or through an -ing verb ("of using it"), or
 * is the object of an infinitive ("warnings not to view it were heeded").
 */
function objectOfPreposition(tokens: Token[], i: number): boolean {
  // The tagger reads some prepositions as conjunctions ("for storing it").
  const preposition = (t: Token | undefined): boolean => t !== undefined && (t.pos === 'ADP' || PREPOSITIONS.has(t.lower)) && !CLAUSE_OPENERS.has(t.lower);
  const before = tokens[i - 1];
  return preposition(before) || (before?.pos === 'VERB' && ((/ing$/.test(before.lower) && preposition(tokens[i - 2])) || tokens[i - 2]?.lower === 'to'));
}

export const subjectPronounAgreement: Rule = {
  id: 'agreement-subject-pronoun',
  category: 'grammar',
  description: 'be/have/do after he, she, they, we or I agrees with it (he were → he was, they is → they are)',
  apply(_text, tokens: Token[]) {
    const out: Proposal[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const pronoun = tokens[i];
      const verb = tokens[i + 1];
      const demonstrative = DEMONSTRATIVES[pronoun.lower] !== undefined && demonstrativeSubject(tokens, i);
      const forms = demonstrative ? DEMONSTRATIVES[pronoun.lower] : FORMS[pronoun.lower];
      const right = forms?.[verb.lower];
      if (!right || (pronoun.lower === 'i' && pronoun.text !== 'I') || verb.space === '' || !/^\p{L}+$/u.test(verb.text)) continue;
      // "Does he have", "were they": the verb before the pronoun is the one that agrees; "as it were" is an idiom.
      // "He and I are": a pronoun joined to another subject is not the verb's whole subject.
      if (i > 0 && ['and', 'or', 'nor'].includes(tokens[i - 1].lower)) continue;
      if (i > 0 && (tokens[i - 1].pos === 'AUX' || (pronoun.lower === 'it' && tokens[i - 1].lower === 'as'))) continue;
      // "problems related to it are", "rules for using it are": "it" after a preposition, or after an -ing
      // verb after one, is an object, and the verb after it agrees with a subject before. Not after a
      // conjunction tagged as one ("after it were scheduled"), nor "reports alleging it were" (a clause).
      if (pronoun.lower === 'it' && objectOfPreposition(tokens, i)) continue;
      if (verb.lower === 'were' && subjunctive(tokens, i + 1)) continue;
      out.push({ start: verb.start, end: verb.end, replacement: matchCase(verb.text, right) });
    }
    return out;
  },
};
