/**
 * Attribution moves: a quotation's speaker in the other usual order ("..., said Smith." <->
 * "..., Smith said.") and reported speech with the speaker after it. Like the structure moves,
 * each works on a masked sentence (a placeholder is one opaque word) and returns null when its
 * shape is absent.
 */
import { capitaliseFirst } from './phrases.ts';
import { PLACEHOLDER } from './protect.ts';
import { startsIndependentClause } from './structure.ts';

const NAME = `${PLACEHOLDER}(?: ${PLACEHOLDER}){0,3}`;
/** Speakers named by their role ("the club's spokesman", "a police statement"). */
const ROLES = 'spokesman|spokeswoman|spokesperson|minister|mayor|chairman|chairwoman|chair|chief|executive|manager|coach|president|director|officer|official|leader|secretary|founder|owner|boss|captain|statement|report|police|council|company|government|club|firm|group|agency|department|ministry';
/** A speaker that can follow "said": a (masked) name, or "the"/"a" and a role noun ("the spokesman"). */
const SPEAKER = `(?:${NAME}|(?:the|a) (?:[\\p{Ll}'’-]+ |${PLACEHOLDER} ){0,2}(?:${ROLES}))`;
const SAID_SPEAKER = new RegExp(`^(${PLACEHOLDER},?) (said|says|added|adds) (${SPEAKER})(\\.)$`, 'u');
const SPEAKER_SAID = new RegExp(`^(${PLACEHOLDER},?) (${SPEAKER}) (said|says|added|adds)(\\.)$`, 'u');

/**
 * '"We will win," said Smith.' <-> '"We will win," Smith said.': a quotation's attribution in the
 * other order news writers use. A pronoun speaker keeps its order ("said he" is archaic).
 */
export function swapAttribution(sentence: string): string | null {
  const inverted = SAID_SPEAKER.exec(sentence);
  if (inverted) {
    const [, quote, verb, speaker, end] = inverted;
    return `${quote} ${speaker} ${verb}${end}`;
  }
  const plain = SPEAKER_SAID.exec(sentence);
  if (!plain) return null;
  const [, quote, speaker, verb, end] = plain;
  return `${quote} ${verb} ${speaker}${end}`;
}

/** A reporting subject: a pronoun, a (masked) name, or "the" and a role noun. */
const REPORTER = `(?:He|She|They|It|${NAME}|(?:The|A) (?:[\\p{Ll}'’-]+ |${PLACEHOLDER} ){0,2}(?:${ROLES}))`;
const REPORTED = new RegExp(`^(${REPORTER}) (said|says) (?:that )?((?:the|a|an|it|they|he|she|we|this|there|its|their|his|her|${PLACEHOLDER})\\b[^;:"“”]*?)\\.$`, 'u');

/**
 * "The council said the plan would help families." -> "The plan would help families, the council
 * said.": reported speech with the attribution after it, as news reports often put it. Only for a
 * report that is one plain clause (no quotation, colon or comma) of at least five words.
 */
export function moveAttributionBack(sentence: string): string | null {
  const m = REPORTED.exec(sentence);
  if (!m) return null;
  const [, reporter, verb, report] = m;
  // One plain clause with its own subject and verb: no list of reports ("... and that ..."), no second clause after a comma.
  // An auxiliary soon after the subject confirms a clause ('"...," said a thrilled Smith' is a quotation's speaker).
  if (report.split(' ').length < 5 || /[?!,]|\bthat\b/u.test(report) || !startsIndependentClause(capitaliseFirst(report))) return null;
  if (!/^(?:\S+ ){1,5}(?:is|are|was|were|has|have|had|will|would|can|could|may|might|should|must|did|does|do)\b/u.test(report)) return null;
  const speaker = new RegExp(`^${PLACEHOLDER}`, 'u').test(reporter) ? reporter : reporter[0].toLowerCase() + reporter.slice(1);
  return `${capitaliseFirst(report)}, ${speaker} ${verb}.`;
}
