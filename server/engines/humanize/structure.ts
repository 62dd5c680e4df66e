/**
 * Sentence-structure moves: split a long sentence at a clause boundary, join two short ones,
 * move an introductory or trailing clause to the other end, drop the serial comma of a list.
 * Each move fires only on a shape it can rewrite grammatically and returns null otherwise.
 * Inputs are masked sentences (protect.ts): a placeholder is one opaque word.
 */
import { COMMON_OPENERS, PLACEHOLDER } from './protect.ts';
import { capitaliseFirst, hash } from './phrases.ts';
import { IRREGULAR_PARTICIPLES, IRREGULAR_SIMPLE_PASTS, isNotVerb, sameInBothTenses, verbForms, type VerbForms } from './verbs.ts';
import { withoutPrototype } from '../shared/without-prototype.ts';

const CONTRACTED = /['’](?:re|s|ve|ll|d|m)$/u;
const SUBJECT_PRONOUNS = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'it', 'there', 'this', 'these', 'those']);
const DETERMINERS = new Set(['the', 'a', 'an', 'our', 'their', 'its', 'his', 'her', 'my', 'your', 'many', 'most', 'some', 'each', 'such', 'both', 'several', 'all', 'this', 'that', 'these', 'those', 'no', 'every']);
const FINITE_VERBS = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had', 'will', 'would', 'can', 'could', 'may', 'might', 'should', 'must', 'do', 'does', 'did', "isn't", "aren't", "wasn't", "weren't", "don't", "doesn't", "didn't", "can't", "won't"]);
/** Words a sentence join must not follow with ", and": they already link to what came before. */
const LINKING_STARTS = new Set(['and', 'but', 'or', 'so', 'yet', 'however', 'also', 'then', 'still', 'thus', 'instead', 'because', 'although', 'though', 'which', 'as', 'for', 'nor']);

const words = (text: string): string[] => text.split(/\s+/u).filter(Boolean);
const TERMINAL = /[.!?]$/u;
const bare = (word: string | undefined): string => (word ?? '').toLowerCase().replace(/[^\p{L}'’]/gu, '');
const isPlaceholder = (word: string | undefined): boolean => new RegExp(`^${PLACEHOLDER}`, 'u').test(word ?? '');

/**
 * A clause that is plainly subject then verb: a pronoun, or a determiner and up to two lower-case
 * words, followed at once by an auxiliary or a form of "be", "have" or "do" ("the plot was ...";
 * not "the shapes I had dreamed of", whose verb belongs to a relative clause).
 */
const PLAIN_CLAUSE = new RegExp(`^(?:(?:I|[Ww]e|[Tt]hey|[Hh]e|[Ss]he|[Ii]t|[Tt]here)|(?:[Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Mm]y|[Oo]ur|[Ii]ts) (?:\\p{Ll}+ ){0,2}?\\p{Ll}+) (?:${[...FINITE_VERBS].join('|')})\\b`, 'u');

/** Whether `clause` opens with a subject and soon has a finite verb: an independent clause. */
export function startsIndependentClause(clause: string): boolean {
  const w = words(clause);
  if (w.length < 4) return false;
  const first = bare(w[0]).replace(CONTRACTED, '');
  if (SUBJECT_PRONOUNS.has(first) && !(first === 'this' || first === 'these' || first === 'those')) return true;
  const subjectLike = DETERMINERS.has(first) || SUBJECT_PRONOUNS.has(first) || isPlaceholder(w[0]);
  if (!subjectLike) return false;
  return w.slice(1, 7).some((x, k) => FINITE_VERBS.has(bare(x)) || /^\p{Ll}+ed$/u.test(x.replace(/[,;]$/u, '')) || presentVerbAt(w, k + 1));
}

/** Words that follow a verb far more often than a plural noun ("rises over", "shines through", "greets the"). */
const AFTER_VERB = /^(?:the|a|an|his|her|their|its|my|our|your|this|that|these|those|to|into|over|through|up|down|out|off|away|back|across|around|along|like|upon|towards?|\p{Ll}{3,}ly)$/u;

/**
 * Whether `w[k]` reads as a present verb after its subject ("the sun rises over ..."): an -s word
 * after a plain noun, with a word after it that follows verbs rather than nouns ("the long days
 * of summer" is a noun phrase).
 */
function presentVerbAt(w: readonly string[], k: number): boolean {
  const [previous, word, next] = [w[k - 1] ?? '', w[k] ?? '', w[k + 1] ?? ''];
  if (!/^\p{Ll}{2,}[^su's]s$/u.test(word) || /(?:ness|less|ics|ous)$/u.test(word)) return false;
  if (!/^\p{Ll}+$/u.test(previous) || /s$/u.test(previous) || DETERMINERS.has(previous) || /^(?:of|in|on|at|for|with|from|to|by|and|or|but|which|that|who|whose|where|when)$/u.test(previous)) return false;
  return AFTER_VERB.test(bare(next));
}

/** Whether `text` opens with a pronoun, a determiner or a (masked) name and has at least three words. */
function startsWithSubject(text: string): boolean {
  const w = words(text);
  const first = bare(w[0]);
  return w.length >= 3 && (SUBJECT_PRONOUNS.has(first) || DETERMINERS.has(first) || isPlaceholder(w[0]));
}

/** Lower-cases a sentence's first word for use mid-sentence, or null when it may be a name. */
function lowerFirst(text: string): string | null {
  const m = /^(\p{Lu})(\p{Ll}*)\b/u.exec(text);
  if (!m) return isPlaceholder(text) || /^\p{Ll}/u.test(text) ? text : null;
  const word = m[0].toLowerCase();
  if (word === 'i') return text;
  return COMMON_OPENERS.has(word) ? word + text.slice(m[0].length) : null;
}

/**
 * Clause boundaries: a comma or semicolon before a conjunction, a bare and/but before a subject
 * pronoun (or "it", "there") or a determiner ("... and the sheets were stained"), or a bare comma
 * between two clauses ("The acting was awful, the plot was predictable, and ...").
 */
const SPLIT_POINTS = /, (and|but|so|yet) |; | (and|but) (?=(?:I|we|they|he|she|you|it|there) )| (and|but) (?=(?:the|his|her|their|my|our|its) )|(,) (?=(?:I|we|they|he|she|it|there|the|his|her|their|my|our|its) )/gu;

/**
 * "A, and B." -> "A. B." / "A, but B." -> "A. But B." when both halves are clauses of four words or
 * more: at the boundary nearest the middle, or with `uneven`, the one farthest from it (a short
 * sentence beside a long one varies the rhythm more).
 */
export function splitLong(sentence: string, uneven = false): string | null {
  // Two short clauses ("The breakfast is basic, and the Wi-Fi is slow.") read as well as two sentences.
  // "Not only did they A, but they also B" is one construction.
  if (words(sentence).length < 10 || !TERMINAL.test(sentence) || /^Not only\b/u.test(sentence)) return null;
  const middle = sentence.length / 2;
  let best: { at: number; length: number; conjunction: string } | null = null;
  for (const m of sentence.matchAll(SPLIT_POINTS)) {
    const left = sentence.slice(0, m.index);
    const right = sentence.slice(m.index + m[0].length);
    if (words(left).length < 4 || words(right).length < 4 || !startsIndependentClause(right)) continue;
    // "..., and that any change would need ...": a second "that"-clause of the same verb, no sentence of its own.
    if (/^that (?:the|a|an|any|all|some|no|every|each|this|these|those|it|he|she|they|we|I|you|there|his|her|their|its|our|my)\b/u.test(right)) continue;
    const conjunction = m[1] ?? m[2] ?? m[3] ?? '';
    // "deuterium, helium, and lithium are ...": the last item of a list, not a clause of its own
    // (only "and" joins list items; "..., but Brown believes ..." is a clause).
    const mayBeList = conjunction === 'and' || conjunction === '';
    if (mayBeList && (isPlaceholder(words(right)[0]) || /,[^,]*$/u.test(words(left).slice(-5).join(' ')))) continue;
    // "The beds were uncomfortable and the sheets ...": a bare "and" splits only two plain clauses ("Both the doctor and the nurse were" is one subject).
    // "a correlation between the number and the size", "both the cost and the time": one phrase, not two clauses.
    if (m[3] !== undefined && (/[,;:]/u.test(left) || /,/u.test(right) || /\b(?:between|both)\b/iu.test(left) || !startsIndependentClause(left))) continue;
    // A bare comma ends a clause only between two plain ones, each with its own finite verb ("After the war ended,
    // the city ..." opens with a phrase; "the shapes I had dreamed of, distorted shadows" leaves its verb out).
    if (m[4] !== undefined && (/[,;:]/u.test(left) || !PLAIN_CLAUSE.test(left) || !PLAIN_CLAUSE.test(right))) continue;
    const better = best === null || (uneven ? Math.abs(m.index - middle) > Math.abs(best.at - middle) : Math.abs(m.index - middle) < Math.abs(best.at - middle));
    if (better) best = { at: m.index, length: m[0].length, conjunction };
  }
  if (!best) return null;
  const left = sentence.slice(0, best.at);
  const right = sentence.slice(best.at + best.length);
  const connector = best.conjunction === 'and' || best.conjunction === '' ? '' : `${best.conjunction} `;
  return `${left}. ${capitaliseFirst(connector + right)}`;
}

/** A join's halves may hold up to this many words each, and the joined sentence this many in all: longer reads as a run-on. */
const MAX_HALF_WORDS = 30;
const MAX_JOINED_WORDS = 48;

/** Transitions that open a second sentence and the conjunction that carries the same link in a join. */
const JOIN_LINKS: { opener: RegExp; conjunction: string }[] = [
  { opener: /^(?:However|But|Yet|Still|Even so),? +/u, conjunction: 'but' },
  { opener: /^(?:Therefore|Thus|Consequently|As a result|Hence|So),? +/u, conjunction: 'so' },
  { opener: /^(?:Also|Additionally|Moreover|Furthermore|And),? +/u, conjunction: 'and' },
];

/**
 * "A. B." -> "A, and b."; "A. However, B." -> "A, but b."; "A. Therefore, B." -> "A, so b." for two
 * short sentences of one paragraph (longer ones are allowed when the second opens with a transition).
 */
export function joinShort(first: string, second: string, comma = true): string | null {
  const link = JOIN_LINKS.find((l) => l.opener.test(second));
  const body = link ? second.replace(link.opener, '') : second;
  const a = words(first);
  const b = words(body);
  const maxEach = link ? MAX_HALF_WORDS : 12;
  if (a.length > maxEach || b.length > maxEach || a.length < 3 || b.length < 3 || a.length + b.length > MAX_JOINED_WORDS) return null;
  if (!/\s\p{Ll}{2,}\.$/u.test(first) || !TERMINAL.test(second)) return null; // not "U.S." or a name
  if (LINKING_STARTS.has(bare(b[0])) || /[;:]/u.test(first) || (!link && /,/u.test(first))) return null;
  const rest = lowerFirst(body);
  if (rest === null) return null;
  // Two short clauses joined by "and" need no comma ("The pool is small and the gym is worse.").
  const conjunction = link?.conjunction ?? 'and';
  const separator = comma || conjunction !== 'and' || a.length > 8 || b.length > 8 ? ', ' : ' ';
  return `${first.slice(0, -1)}${separator}${conjunction} ${rest}`;
}

/** A full stop after a plain word, a name or a year, never after an abbreviation ("U.S.", "Inc.", "Dr."). */
const ENDS_IN_FULL_STOP = /\s(?:\p{Ll}{2,}|(?!(?:Inc|Ltd|Corp|Bros|Jr|Sr|St|Mr|Mrs|Ms|Dr|Co|Prof|Gen|Gov|Rev|Sen|Rep|Col|Lt|Sgt|Capt|Mt|Ave|Rd|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|No|Vol|Fig|Eq|al)\.$)\p{Lu}\p{Ll}{2,}|\d{4})\.$/u;

/** Openings of a command ("So get ready ...", "Book now ...") or of a sentence already linked to the one before. */
const IMPERATIVE_OR_LINKED = /^(?:So|And|But|Or|Yet|Please|Don't|Do|Let|Let's|Get|Make|Take|Come|Go|Book|Try|Check|Imagine|Remember|Just|Visit|Join|Watch|Read|Find|See|Keep)\b/u;

const OPENS_WITH_DETERMINER = new RegExp(`^(?:The|This|These|Its|Their|His|Her|Our|My|Your|A|An|${PLACEHOLDER})\\s`, 'u');

/**
 * Whether a sentence opens with its own subject, so that it can follow another as a second clause:
 * a pronoun, or a determiner (or name) and a clause, with no opening phrase before the subject
 * ("A bold colour, red commands ..." opens with a phrase).
 */
function opensWithOwnSubject(sentence: string): boolean {
  if (/^(?:It|They|He|She|We|I|There)\s/u.test(sentence)) return true;
  if (!OPENS_WITH_DETERMINER.test(sentence) || !startsIndependentClause(sentence)) return false;
  return !words(sentence).slice(0, 6).some((w) => w.endsWith(','));
}

/**
 * "A. It was B." -> "A, and it was B." for two sentences of up to 30 words each, at most 48 together, when
 * the second opens with its own subject (a pronoun, or a determiner and a clause): one longer
 * sentence beside the short ones varies the rhythm.
 */
export function joinLong(first: string, second: string): string | null {
  const a = words(first);
  const b = words(second);
  // Long enough to vary the rhythm, short enough to read as one thought (no 50-word run-ons).
  if (a.length < 6 || b.length < 4 || a.length > MAX_HALF_WORDS || b.length > MAX_HALF_WORDS || a.length + b.length <= 24 || a.length + b.length > MAX_JOINED_WORDS) return null;
  // Both must be statements with a subject ("So get ready ..." or a question does not take ", and").
  if (!ENDS_IN_FULL_STOP.test(first) || IMPERATIVE_OR_LINKED.test(first) || !/\.$/u.test(second)) return null;
  if (!opensWithOwnSubject(second)) return null;
  // Neither half may already hold two clauses: "A, but B, and C" runs on.
  if (/[;:]/u.test(first) || /, (?:and|but|so) /u.test(first) || /, (?:and|but|so) /u.test(second) || LINKING_STARTS.has(bare(b[1]))) return null;
  const rest = lowerFirst(second);
  return rest === null ? null : `${first.slice(0, -1)}, and ${rest}`;
}

/**
 * "A. It was B." -> "A; it was B.", "A. The results were B." -> "A; the results were B.": a second
 * sentence that opens with its own subject (a pronoun, or a determiner and a clause), joined with a
 * semicolon (at most 48 words together, neither half holding a semicolon, colon or question).
 */
export function joinSemicolon(first: string, second: string): string | null {
  const a = words(first);
  const b = words(second);
  if (a.length < 5 || b.length < 4 || a.length + b.length > MAX_JOINED_WORDS) return null;
  if (!ENDS_IN_FULL_STOP.test(first) || IMPERATIVE_OR_LINKED.test(first) || !/\.$/u.test(second) || /[;:]/u.test(first + second)) return null;
  if (!opensWithOwnSubject(second)) return null;
  const rest = lowerFirst(second);
  return rest === null ? null : `${first.slice(0, -1)}; ${rest}`;
}

/**
 * Verbs after a pronoun "This" that stands for the whole sentence before ("This suggests ...",
 * "This led to ..."); not "This is ...", whose "This" is often a thing ("This is a great place").
 */
const THIS_VERB = /^This (?=(?:means|meant|shows|showed|suggests|suggested|makes|made|leads|led|allows|allowed|helps|helped|gives|gave|creates|created|highlights|highlighted|indicates|indicated|demonstrates|demonstrated|results|resulted|explains|explained|enables|enabled|ensures|ensured|reflects|reflected|reveals|revealed|raises|raised|brings|brought|adds|added|leaves|left|causes|caused|prompted|sparked|marks|marked) )/u;

/**
 * "The team won the cup. This was its first title." -> "The team won the cup, which was its first
 * title.": a second sentence whose subject is a "This" that stands for the first becomes its
 * which-clause (the reverse of splitWhich), when the two read as one sentence of at most 40 words.
 */
export function joinWhich(first: string, second: string): string | null {
  const a = words(first);
  const b = words(second);
  if (!THIS_VERB.test(second) || a.length < 5 || b.length < 4 || a.length + b.length > 40 || !/\.$/u.test(second)) return null;
  // The first must be one plain statement: no question, abbreviation, quotation or clause of its own after a comma.
  if (!ENDS_IN_FULL_STOP.test(first) || IMPERATIVE_OR_LINKED.test(first) || /[;:]|, (?:which|and|but|so) /u.test(first)) return null;
  return `${first.slice(0, -1)}, which ${second.slice('This '.length)}`;
}

const WHICH_SUBJECT = new RegExp(
  `^((?:The|This|That|Its|Their|His|Her|Our|My|Your) (?:[\\p{Ll}-]+ ){0,2}([\\p{Ll}-]+)), (which|who) ([^,;:]{4,90}), ((?:is|are|was|were|has|have|had|will|would|can|could|should|may|might|must|does|do|did|\\p{Ll}{2,}ed|\\p{Ll}{2,}s|left|kept|held|felt|found|led|won|lost|met|${[...IRREGULAR_SIMPLE_PASTS].join('|')}) .+)$`,
  'u',
);

/**
 * "The ballet, which will feature the Moomins, is sure to delight fans." -> "The ballet will
 * feature the Moomins. It is sure to delight fans.": a which-clause inside the subject becomes a
 * sentence of its own, and the main clause goes on with "It" (or "They" after a plural noun); so does
 * a who-clause after a plural ("The men, who have not been named, pleaded guilty.").
 */
export function splitSubjectWhich(sentence: string): string | null {
  const m = WHICH_SUBJECT.exec(sentence);
  if (!m || !TERMINAL.test(sentence) || words(m[5]).length < 3) return null;
  const [, subject, noun, relative, clause, main] = m;
  const plural = /[^su]s$/u.test(noun) || /^(?:people|men|women|children|police)$/u.test(noun);
  // "The men, who have not been named, ..." -> "They": a person is only ever a plural, never he or she.
  if (relative === 'who' && !(plural && /^(?:are|were|have)\b/u.test(clause))) return null;
  // The clause's verb must agree with the subject it now follows ("The ballet will feature ...").
  if (/^(?:\p{Ll}+ly )?(?:and|or|but|to|in|on|at|of|for|with)\b/u.test(clause)) return null;
  return `${subject} ${clause}. ${plural ? 'They' : 'It'} ${main}`;
}

/**
 * "A, because B." -> "A. This is because B.": the reason as a sentence of its own, when the main
 * clause is long enough to stand alone and the reason is a clause (not "because of").
 */
export function splitBecause(sentence: string): string | null {
  const m = /^([^;:]{30,}?),? because (?!of\b)([^;:]+[.!?])$/u.exec(sentence);
  if (!m || words(m[1]).length < 6 || !startsIndependentClause(m[2])) return null;
  if (/^(?:Just|Only|Simply|Partly|Mainly|Mostly|Largely|Not|Is|Was|Are|Were|Do|Did|Does)\b/u.test(m[1]) || /\b(?:just|only|simply|partly|mainly|mostly|largely|not|precisely|exactly)$/u.test(m[1])) return null;
  // In a past narrative "This was because ..." ("..., which was great because it was busy." is no "This is because").
  const past = pastMarked(m[1]) && pastMarked(m[2]) && !PRESENT_MARKERS.test(m[1]) && !/['’]m\b|\bam\b/u.test(m[1]);
  return `${m[1]}. This ${past ? 'was' : 'is'} because ${m[2]}`;
}

/** Subject nouns that are never a person, so "It" / "They" can stand for them. */
const IT_NOUNS = new Set(
  `company firm business council government study paper model method approach system restaurant place food service hotel room
  film movie book novel city town village project programme program report plan law bill school university hospital museum
  ballet show event festival building church airport station bank court club store shop cafe bar menu dish product device
  app website game album song series season decision deal agreement proposal scheme inquiry investigation survey experiment
  technique framework algorithm network tree river house car ship storm fire earthquake ceremony match race tournament league
  incident operation attack crash accident collision explosion blaze defeat victory ban review trial campaign protest scandal
  election vote budget policy strategy partnership merger takeover contract article team group organisation organization
  charity authority agency committee board panel site park area region country industry market economy sector process
  technology instrument telescope satellite mission spacecraft galaxy planet cell protein gene virus disease drug vaccine
  treatment material structure theory analysis simulation sample meal pizza burger coffee dessert salad beer wine`.split(/\s+/u),
);
const THEY_NOUNS = new Set(
  `results findings data methods models experiments authorities police rules laws plans changes prices rooms dishes trees
  buildings roads measures talks negotiations proposals reforms officials officers investigators researchers scientists
  residents campaigners protesters workers staff members judges ministers councillors organisers organizers players fans
  visitors tourists villagers soldiers students customers guests patients doctors nurses teachers parents families locals
  passengers drivers users viewers readers authors`.split(/\s+/u),
);
/** Words after a subject noun that show the noun phrase goes on ("The company of ...", "The company's ..."). */
const NOUN_PHRASE_GOES_ON = /^(?:of|in|on|at|for|with|from|to|that|which|who|whose|and|or|behind|itself|themselves)\b/u;

/**
 * "The company has ... The company also said ..." -> "... It also said ...": a subject repeated from
 * the previous sentence's opening becomes a pronoun, as a person would write it. Only for nouns that
 * are never people, and only when the previous sentence opened with the same subject.
 */
export function pronounSubject(previous: string, sentence: string): string | null {
  const m = /^The (\p{Ll}+) (?=\p{Ll})/u.exec(sentence);
  if (!m || NOUN_PHRASE_GOES_ON.test(sentence.slice(m[0].length))) return null;
  const pronoun = IT_NOUNS.has(m[1]) ? 'It' : THEY_NOUNS.has(m[1]) ? 'They' : null;
  if (pronoun === null || !new RegExp(`^The ${m[1]} (?!(?:of|'s)\\b)`, 'u').test(previous)) return null;
  return `${pronoun} ${sentence.slice(m[0].length)}`;
}

/** Opening adverbs whose comma is optional and that people often write without one. */
const OPTIONAL_COMMA_ADVERBS = /^(Today|Now|Then|Later|Soon|Finally|Also|So|Recently|Eventually|Suddenly|Sometimes|Usually|Often|Perhaps|Maybe|Yesterday|Tonight|Afterwards|Afterward|Instead|Next|First|Last year|This year|Last week|This week|Last night|Back then|At first|In the end|At last|Of course|Unfortunately|Fortunately|Luckily|Sadly|Thankfully|Surprisingly|Naturally|Honestly|Overall|Together), (?=\p{L}|\uE000)/u;
/** Prepositions that open a short introductory phrase ("In 2019, the ..."). */
const INTRO_PREPOSITION = /^(In|On|At|During|After|Before|By|Since|Over|Within|Across|Throughout|Under|Despite|Without|Through|Around|Until|From|For|Near|Inside|Outside) ([^,;:]{2,40}), (?=(?:the|a|an|I|we|you|they|he|she|it|his|her|their|our|its|my|your|this|these|those|there|many|some|most|people|\uE000)\b)/u;
/** Opening phrases whose comma marks a fixed transition ("In fact, ..."): they keep it. */
const TRANSITION_INTRO = /^(?:in (?:my|our) (?:opinion|view)|in (?:fact|addition|contrast|particular|general|short|summary|conclusion|other words|turn|brief|essence|comparison|sum|total|reality|theory|practice|any case|this case|that case|this regard|this way|the meantime|the long run|the same way|the other hand|the one hand|the end)|on the (?:other|one) hand|on the contrary|for (?:example|instance|one|now|starters|this reason|these reasons|that reason)|at the same time|on top of (?:that|this|it)|after (?:that|this)|because of (?:that|this)|by (?:contrast|comparison|the way)|despite this|despite that|by then|from then on|since then|after all|over time|through this|at (?:least|most|times|best|worst|first|last|present))$/iu;

/**
 * "In 2019, the company ..." -> "In 2019 the company ..."; "Finally, we ..." -> "Finally we ...":
 * the comma after a short opening phrase is optional, and leaving it out is the plainer habit. A
 * phrase with a participle keeps it ("After eating, the dog ..." would mislead), as do fixed
 * transitions and phrases of more than four words. Not after "Second", "Third", "Lastly" or "In my
 * opinion": the grammar engine puts that comma back (and the grammar gate would give the paragraph back).
 */
export function dropIntroComma(sentence: string): string | null {
  const adverb = OPTIONAL_COMMA_ADVERBS.exec(sentence);
  if (adverb) {
    // Only straight before the subject: "Unfortunately from the start, I ..." would run two openers together.
    const rest = sentence.slice(adverb[0].length);
    return startsWithSubject(rest) && !/,/u.test(words(rest).slice(0, 4).join(' ')) ? `${adverb[1]} ${rest}` : null;
  }
  const phrase = INTRO_PREPOSITION.exec(sentence);
  if (!phrase) return null;
  const opening = `${phrase[1]} ${phrase[2]}`;
  if (words(phrase[2]).length > 4 || TRANSITION_INTRO.test(opening) || /\p{L}(?:ing|ed)\b/u.test(phrase[2])) return null;
  return `${opening} ${sentence.slice(phrase[0].length)}`;
}

/**
 * "The room was small, and the bed was hard." -> "The room was small and the bed was hard.": a
 * short compound sentence reads as one thought without the comma. Both clauses short and the
 * second with its own subject; never after a list ("red, blue, and green").
 */
export function dropAndComma(sentence: string): string | null {
  const m = /^([^,;:]+), and (?=(?:I|we|you|they|he|she|it|the|this|his|her|their|its|my|our)\b)([^,;:]+)$/u.exec(sentence);
  if (!m || words(m[1]).length > 10 || words(m[2]).length > 10 || !startsIndependentClause(m[2])) return null;
  return `${m[1]} and ${m[2]}`;
}

/** A verb a singular subject can take: any past ("which went well with the dish" is said of one bottle too). */
const SINGULAR_OR_EITHER = new RegExp(`^(?:is|was|has|does|had|did|can|could|will|would|may|might|must|should|\\p{Ll}+ed|\\p{Ll}+s|${[...IRREGULAR_SIMPLE_PASTS].filter((past) => past !== 'were').join('|')})\\b`, 'u');
/** Whether the which-clause's verb agrees with a plural ("which challenge ..." -> "These challenge ..."). */
const pluralVerb = (clause: string): boolean => {
  // The verb decides, not an adverb before it ("which predominantly serves" is singular).
  const verb = clause.replace(/^(?:\p{Ll}+ly )+/u, '');
  return !SINGULAR_OR_EITHER.test(verb) && /^\p{Ll}+\b/u.test(verb) && !/^(?:also|then|still|now|often|only|in|at|on|by)\b/u.test(verb);
};

/**
 * A long sentence cut at its last ", <relative> ": the main clause (at least `minMainWords` words)
 * and the relative clause without its pronoun (at least 4 words, running to the end without a
 * further comma, so it is one clause).
 */
function trailingClause(sentence: string, relative: 'which' | 'who', minMainWords: number): { main: string; rest: string } | null {
  if (words(sentence).length < 14 || !TERMINAL.test(sentence)) return null;
  const marker = `, ${relative} `;
  const at = sentence.lastIndexOf(marker);
  if (at < 0) return null;
  const main = sentence.slice(0, at);
  const rest = sentence.slice(at + marker.length);
  if (words(main).length < minMainWords || words(rest).length < 4 || /[,;:]/u.test(rest)) return null;
  return { main, rest };
}

/** "A, which is B." -> "A. This is B." when the which-clause runs to the end of a long sentence. */
export function splitWhich(sentence: string): string | null {
  const clause = trailingClause(sentence, 'which', 8);
  if (!clause) return null;
  return `${clause.main}. ${pluralVerb(clause.rest) ? 'These' : 'This'} ${clause.rest}`;
}

/** Verbs after which people usually leave out "that", whatever the subject ("said the road was shut", "I think the plan works"). */
const THAT_OPTIONAL_VERBS =
  'say|says|said|believe|believes|believed|think|thinks|thought|know|knows|knew|hope|hopes|hoped|feel|feels|felt|' +
  'realize|realizes|realized|realise|realises|realised|mean|means|meant';
/**
 * Reporting verbs that also take a noun as their object: before a noun subject "that" stays, or the
 * sentence leads the reader astray ("We find the correlation amplitude shows a decay", "results show
 * the scattering process induces ..."); before a pronoun it may go ("We show it holds").
 */
const THAT_BEFORE_PRONOUN_VERBS =
  'see|saw|notice|noticed|learn|learned|discover|discovered|hear|heard|decide|decided|agree|agreed|admit|admitted|explain|explained|add|added|warn|warned|announce|announced|confirm|confirmed|reported|promised|remember|remembered|' +
  'suggest|suggests|suggested|show|shows|showed|shown|find|finds|found|argue|argues|argued|claim|claims|claimed|note|notes|noted|reveal|reveals|revealed|indicate|indicates|indicated';
const THAT_BEFORE_SUBJECT = new RegExp(
  `\\b(${THAT_OPTIONAL_VERBS}) that (?=(?:I|we|you|they|he|she|it|there|the|this|these|those|its|their|his|her|our|my|your|some|many|most|no)\\b)` +
    `|\\b(${THAT_BEFORE_PRONOUN_VERBS}) that (?=(?:I|we|you|they|he|she|it|there)\\b)`,
  'gu',
);

/** "said that the ..." -> "said the ...", "showed that it ..." -> "showed it ...": the optional complementiser people usually leave out. */
export function dropThat(sentence: string): string | null {
  const out = sentence.replace(THAT_BEFORE_SUBJECT, (_, optional: string | undefined, reporting: string | undefined) => `${optional ?? reporting} `);
  return out === sentence ? null : out;
}

const FRONT_CLAUSE = /^(When|If|Although|Though|While|Because|Since|After|Before|Once|Unless|Whenever|Whereas|As) ([^,;:]{8,120}), ([^,;:.!?]+)([.!?])$/u;
const FRONT_PHRASE =
  /^(In|During|After|Before|Over|By|On|At|Since|Within|Throughout|Across|Through|Among|Under|Without|Despite|With|For|From|Above|Below|Beyond|Behind|Beneath|Amid|Against|Along|Around|Inside|Outside|Following|Upon|Like|Unlike|Until|Thanks) ([^,;:]{3,50}), ([^,;:.!?]+)([.!?])$/u;
/** Introductory phrases that are fixed transitions: moving them to the end reads badly. */
const FIXED_INTROS = /^before (?:I|we|you|he|she|they) (?:knew|know|realized|realised) it$|^(?:in|on|at|by) (?:fact|addition|contrast|particular|general|short|summary|conclusion|other words|turn|brief|essence|comparison|sum|the end|the meantime|the long run|practice|theory|reality|total|part|short|any case|this case|that case|the same way|this way|this regard|the other hand|the one hand|the whole|the contrary|my opinion|our view|other cases|some cases|many cases|most cases)$|^(?:for|with|like|above|from|upon|until) (?:example|instance|one|starters|sure|once|that|this|now|all|then|there|here|reflection)$/iu;
const BACK_CLAUSE = /^([^,;:.!?]{15,}?),? (because|although|though|since|whereas) ([^,;:.!?]{8,120})([.!?])$/u;

const THIRD_PERSON = /\b(?:he|him|his|she|her|hers|it|its|they|them|their|theirs)\b/iu;
/**
 * A relative or subordinate clause, a verb that takes one ("I knew his life would change"), or a participle that
 * opens one ("considering the quality", "prices charged for").
 */
const CLAUSE_INSIDE = /\b(?:who|whom|whose|which|that|where|when|while|whereas|because|if|although|though|since|until|unless|after|before|than|considering|including|given)\b|\b(?:knew|knows|know|realized|realised|realizes|realises|thought|thinks|felt|feels|said|says|believed|believes|decided|noticed|wondered|hoped|feared|understood|learned|learnt|remembered|sensed|promised|sure) (?:I|we|you|he|she|it|they|there|his|her|their|my|our|its|this|the|what|how|why)\b|\b(?!(?:am|is|are|was|were|be|been|being|has|have|had|get|gets|got|seems?|seemed|feels?|felt|looks?|looked|remains?|remained|became|becomes?)\b)\p{Ll}+ \p{Ll}{3,}ed (?:by|for|in|at|on|to|with|from)\b/u;

/** The match of the first pattern that matches, and which pattern it was. */
function firstMatch(text: string, ...patterns: RegExp[]): { match: RegExpExecArray; by: RegExp } | null {
  for (const by of patterns) {
    const match = by.exec(text);
    if (match) return { match, by };
  }
  return null;
}

/** "When B, A." -> "A when b." and "In 2020, A." -> "A in 2020." (never across a full stop: a candidate may hold two sentences). */
export function moveClauseBack(sentence: string): string | null {
  const found = firstMatch(sentence, FRONT_CLAUSE, FRONT_PHRASE);
  if (!found) return null;
  const [, conjunction, clause, main, end] = found.match;
  const phraseMatch = found.by === FRONT_PHRASE;
  if (FIXED_INTROS.test(`${conjunction} ${clause}`) || words(main).length < 3) return null;
  // "As I ate, ..." is a clause; "As a result, ..." or "As mentioned, ..." is not.
  if (conjunction === 'As' && !startsIndependentClause(clause)) return null;
  // At the end "while" reads as time ("... beyond control while efforts are made"): a contrast stays in front.
  if (conjunction === 'While' || conjunction === 'Whereas') return null;
  if (phraseMatch && words(clause).length > 6) return null;
  // A phrase has no verb: "Among them were X, Y and Z." opens with a clause, not a phrase to move.
  if (phraseMatch && clause.split(/\s+/u).some((w) => FINITE_VERBS.has(bare(w)))) return null;
  if (phraseMatch && /^(?:on|upon)$/iu.test(conjunction) && /^\p{Ll}+ing\b/u.test(clause)) return null;
  // "When Lily gets a box, its tunes ..." -> "Its tunes ... when Lily gets a box": the pronoun would come before what
  // it stands for. A phrase ("With a smile, she ...") seldom holds what the pronoun stands for, unless it names someone.
  const mayHoldAntecedent = !phraseMatch || new RegExp(PLACEHOLDER, 'u').test(clause);
  if (mayHoldAntecedent && THIRD_PERSON.test(main) && !THIRD_PERSON.test(clause)) return null;
  // Behind a clause inside the main one the moved part would attach to it: "... a man who was shot on his
  // driveway in a shocking turn of events", "... charged for the meal while the first impression ...".
  if (CLAUSE_INSIDE.test(main)) return null;
  return `${capitaliseFirst(main)} ${conjunction.toLowerCase()} ${clause}${end}`;
}

/** A trailing time clause ("... when the waiter came back.") that reads as well in front. */
const BACK_TIME_CLAUSE = /^([^,;:.!?]{15,}?) (when|after|before|once|until) ([^,;:.!?]{8,120})([.!?])$/u;
/**
 * Words before "when" (or "before", ...) that make it part of the main clause: "the day when ...",
 * "I don't know when ...", "long before ...". The clause then cannot move.
 */
const BOUND_BEFORE_TIME = /\b(?:come|comes|came|coming|time|times|day|days|moment|moments|year|years|point|period|era|age|case|cases|situation|situations|instance|night|morning|evening|week|month|hour|minute|season|know|knew|known|ask|asked|wonder|wondered|remember|remembered|recall|tell|told|see|saw|sure|decide|decided|learn|learned|understand|explain|show|idea|long|soon|shortly|while|later|earlier|ago|right|just|even|only|not|never|ever|and|or|but|than|it|that|this)$/iu;

/** "A because B." -> "Because B, a."; "A when B." -> "When B, a." */
export function moveClauseFront(sentence: string): string | null {
  const found = firstMatch(sentence, BACK_CLAUSE, BACK_TIME_CLAUSE);
  if (!found) return null;
  const [, main, conjunction, clause, end] = found.match;
  const time = found.by === BACK_TIME_CLAUSE;
  if (time && (BOUND_BEFORE_TIME.test(main) || words(main).length > 16)) return null;
  // In front of a main clause that holds another clause the moved one would attach to the outer verb ("When they
  // first meet, the captain admits there may be nerves" is not "there may be nerves when they first meet").
  if (CLAUSE_INSIDE.test(main)) return null;
  // Nor in front of a clause that opens with a conjunction: "Before they cause harm, but it ..." is no sentence.
  if (/^(?:and|but|or|so|yet|nor)\b/iu.test(main)) return null;
  // A time clause may also be a phrase ("after the game"), which reads as well in front.
  const opensWell = time ? startsWithSubject(clause) : startsIndependentClause(clause);
  if (words(main).length < 3 || !opensWell) return null;
  const lowered = lowerFirst(main);
  if (lowered === null) return null;
  return `${conjunction[0].toUpperCase()}${conjunction.slice(1)} ${clause}, ${lowered}${end}`;
}

/** "fast, cheap, and reliable" -> "fast, cheap and reliable". */
export function dropSerialComma(sentence: string): string | null {
  const out = sentence.replace(/(\b\p{L}[\p{L}-]*, (?:\p{L}[\p{L}-]* ){0,2}\p{L}[\p{L}-]*), (and|or) /gu, '$1 $2 ');
  return out === sentence ? null : out;
}

/**
 * Participles that trail a clause (", allowing ...", ", highlighting ...") with their present and
 * past third-person forms, for a sentence of their own ("This allows ...", "This highlighted ...").
 */
const TRAILING_PARTICIPLES = withoutPrototype<[present: string, past: string]>({
  allowing: ['allows', 'allowed'], making: ['makes', 'made'], leading: ['leads', 'led'], giving: ['gives', 'gave'],
  providing: ['provides', 'provided'], creating: ['creates', 'created'], offering: ['offers', 'offered'],
  highlighting: ['highlights', 'highlighted'], showing: ['shows', 'showed'], reducing: ['reduces', 'reduced'],
  enabling: ['enables', 'enabled'], helping: ['helps', 'helped'], adding: ['adds', 'added'], bringing: ['brings', 'brought'],
  causing: ['causes', 'caused'], prompting: ['prompts', 'prompted'], sparking: ['sparks', 'sparked'],
  raising: ['raises', 'raised'], marking: ['marks', 'marked'], underscoring: ['underscores', 'underscored'],
  reflecting: ['reflects', 'reflected'], suggesting: ['suggests', 'suggested'], paving: ['paves', 'paved'],
  opening: ['opens', 'opened'], fostering: ['fosters', 'fostered'], ensuring: ['ensures', 'ensured'],
  resulting: ['results', 'resulted'], contributing: ['contributes', 'contributed'], improving: ['improves', 'improved'],
  demonstrating: ['demonstrates', 'demonstrated'], revealing: ['reveals', 'revealed'],
  signaling: ['signals', 'signaled'], signalling: ['signals', 'signalled'], setting: ['sets', 'set'],
  taking: ['takes', 'took'], securing: ['secures', 'secured'], earning: ['earns', 'earned'], ending: ['ends', 'ended'],
  forcing: ['forces', 'forced'], triggering: ['triggers', 'triggered'], boosting: ['boosts', 'boosted'],
  sending: ['sends', 'sent'], cementing: ['cements', 'cemented'], extending: ['extends', 'extended'],
  showcasing: ['showcases', 'showcased'], affecting: ['affects', 'affected'], attracting: ['attracts', 'attracted'],
  // Not "leaving": "This left ..." was a tell of our own (14 dev outputs vs none in 5,546 human texts of train).
});
// Not an -ed word inside a compound adjective ("well-informed decisions").
const PAST_MARKERS = new RegExp(`\\b(?:was|were|had|did|wasn't|weren't|hadn't|didn't|${[...IRREGULAR_SIMPLE_PASTS].join('|')})\\b|(?<!-)\\b\\p{Ll}{3,}ed\\b`, 'u');
/** An -ed word after a determiner or a present "be" is an adjective or a present passive ("the proposed plans", "is located"), not a past verb. */
const ADJECTIVAL_ED = /\b(?:the|a|an|this|that|these|those|its|their|his|her|our|my|your|some|many|several|all|each|every|such|no|is|are|am|be|been|being|highly|well|newly|widely) (?:\p{Ll}+ly )?\p{Ll}{3,}ed\b/giu;
/** Whether a clause has a past verb (or a past auxiliary). */
const pastMarked = (clause: string): boolean => PAST_MARKERS.test(clause.replace(ADJECTIVAL_ED, ' '));
/** Present markers: auxiliaries, and the present verbs stories and reviews lean on ("she says", "it seems"). */
const PRESENT_MARKERS = /\b(?:is|are|has|have|does|do|can|will|isn't|aren't|hasn't|haven't|doesn't|don't|can't|won't|says|seems|remains|becomes|knows|wants|needs|appears|begins|means|tells|asks|smiles|nods)\b/u;

/**
 * "A, allowing B." -> "A. This allows B." (or "This allowed B." after a clause in the past). The
 * trailing participle is a machine habit; a short sentence of its own varies the rhythm too. Only
 * when the tense of the main clause is plain: present or past markers, not both.
 */
export function splitParticiple(sentence: string): string | null {
  if (!TERMINAL.test(sentence)) return null;
  const m = /^(.+?), (\p{Ll}+ing) (.+)$/u.exec(sentence);
  if (!m) return null;
  const [, left, participle, right] = m;
  const forms = TRAILING_PARTICIPLES[participle];
  if (!forms || words(left).length < 8 || words(right).length < 3 || /[;:]/u.test(right)) return null;
  // "rallying support, raising awareness and calling for ...": one item of a list of participles.
  if (/\b(?:and|or) \p{Ll}+ing\b/u.test(right) || /\p{Ll}+ing\b[^,]*$/u.test(left)) return null;
  // "showing that this was ..." would read "This showed this was ...".
  if (/^(?:that )?(?:this|these)\b/u.test(right)) return null;
  // "making recommendations", "taking part in": the subject acts; only a result ("making it hard", "taking the
  // lives of ...") is what "this" did.
  if (/^(?:making|taking)$/u.test(participle) && (!/^(?:it|them|him|her|us|me|everything|everyone|the|a|an|this|these|its|their|his)\b/u.test(right) || /^\S+ (?:\p{Ll}+ )?(?:way|part|place|care|sure|note|turns|steps|advantage|time|recommendations?|suggestions?|notes?|friends)\b/u.test(right))) return null;
  const past = pastMarked(left);
  const present = PRESENT_MARKERS.test(left);
  // After a modal the result is only possible ("could equip pilots to ..., ensuring" is no "This ensured").
  if (past === present || /\b(?:could|would|may|might|should|must|shall)\b/u.test(left)) return null;
  return `${left}. This ${past ? forms[1] : forms[0]} ${right}`;
}

/** -ing and -ed words that open a sentence but are not participles. */
const NOT_PARTICIPLES = new Set(['nothing', 'something', 'anything', 'everything', 'morning', 'evening', 'during', 'king', 'thing', 'spring', 'indeed', 'hundred', 'having', 'being', 'regarding', 'considering', 'including', 'excluding', 'concerning', 'assuming', 'speaking', 'barring', 'pending', 'given']);
const FRONT_PARTICIPLE = /^(\p{Lu}\p{Ll}{2,}(?:ing|ed)|According|Driven|Known|Born|Built|Made|Taken|Shaken|Torn|Caught|Lost|Struck|Left|Drawn|Frozen|Hidden|Overwhelmed) ([^,;:]{3,80}), ([^,;:.!?]+)([.!?])$/u;

/** "Determined to win, I stepped onto the field." -> "I stepped onto the field, determined to win." */
export function moveParticipleBack(sentence: string): string | null {
  const m = FRONT_PARTICIPLE.exec(sentence);
  if (!m) return null;
  const [, participle, phrase, main, end] = m;
  if (NOT_PARTICIPLES.has(participle.toLowerCase()) || words(phrase).length > 12 || words(main).length < 4 || !startsWithSubject(main)) return null;
  const lowered = lowerFirst(main);
  if (lowered === null) return null;
  return `${capitaliseFirst(lowered)}, ${participle.toLowerCase()} ${phrase}${end}`;
}

const FRONT_ADVERB = /^(Finally|Suddenly|Eventually|Then|Soon|Slowly|Gradually|Quickly|Immediately|Instantly|Later|Recently|Also|Now|Silently|Carefully|Reluctantly|Nervously|Cautiously|Gently|Abruptly),? (.+)$/u;
/** After a fronted adverb the subject is lower-case unless it is "I" or a (masked) name. */
const SUBJECT_THEN_VERB = /^((?:I|we|they|he|she|you|it|\uE000[\uE100-\uF8FF]\uE001)|(?:the|a|an|this|that|his|her|their|our|my|its|your) \p{Ll}+) (\p{Ll}+)\b/u;

/** "Finally, they reached the city." -> "They finally reached the city." (a plain past verb only). */
export function moveAdverbIn(sentence: string): string | null {
  const m = FRONT_ADVERB.exec(sentence);
  if (!m) return null;
  const [, adverb, rest] = m;
  const s = SUBJECT_THEN_VERB.exec(rest);
  if (!s) return null;
  const [whole, subject, verb] = s;
  const pastVerb = IRREGULAR_SIMPLE_PASTS.has(verb) || /^\p{Ll}{3,}ed$/u.test(verb);
  // "the wounded fled": an -ed word in the subject may be an adjective, and the verb is elsewhere.
  if (!pastVerb || /ed$/u.test(subject) || words(rest).length < 3) return null;
  return `${capitaliseFirst(subject)} ${adverb.toLowerCase()} ${verb}${rest.slice(whole.length)}`;
}

/**
 * "... event organisers, who had hoped for 150,000." -> "... event organisers. They had hoped for
 * 150,000.": a trailing who-clause as a sentence of its own. Only when its verb is plural
 * ("who are/were/have"), so "They" is right and no one's gender is guessed.
 */
export function splitWho(sentence: string): string | null {
  const clause = trailingClause(sentence, 'who', 7);
  if (!clause || !/^(?:are|were|have)\b/u.test(clause.rest)) return null;
  return `${clause.main}. They ${clause.rest}`;
}

/** Words that can open a second predicate after "and": an auxiliary, or a past verb followed by its object. */
const SECOND_PREDICATE = /^(?:(?:was|were|has|have|had|is|are|will|would|could|can|also) |(?:\p{Ll}{3,}ed|PAST) (?:the|a|an|his|her|their|its|our|my|that|to|for|on|with|in|at|him|them|it|us|me)\b)/u;
const SECOND_PREDICATE_WITH_PAST = new RegExp(SECOND_PREDICATE.source.replace('PAST', [...IRREGULAR_SIMPLE_PASTS].join('|')), 'u');
/** Subjects a repeated pronoun can stand for: the pronoun itself, or a non-person noun. */
const PRONOUN_SUBJECT = /^(I|We|They|He|She|It|The (\p{Ll}+)) (\p{Ll}+) /u;

/**
 * "He stressed the need for resilience and urged his players to ..." -> "He stressed the need for
 * resilience. He urged his players to ...": two predicates of one subject as two sentences, the
 * subject repeated as a pronoun. Only for a pronoun subject or a noun that is never a person, with
 * both halves of five words or more and no comma between (not a list).
 */
export function splitPredicates(sentence: string): string | null {
  if (words(sentence).length < 14 || !/\.$/u.test(sentence)) return null;
  const s = PRONOUN_SUBJECT.exec(sentence);
  if (!s) return null;
  const noun = s[2];
  const pronoun = noun === undefined ? s[1] : IT_NOUNS.has(noun) ? 'It' : THEY_NOUNS.has(noun) ? 'They' : null;
  if (pronoun === null) return null;
  // The first verb must be finite, right after the subject.
  const verb = s[3];
  if (!(FINITE_VERBS.has(verb) || IRREGULAR_SIMPLE_PASTS.has(verb) || /^\p{Ll}{3,}ed$/u.test(verb))) return null;
  // "... and urged ..." or "..., but has been ...": the first conjunction after the subject.
  const joint = / and |, but /u.exec(sentence.slice(s[0].length));
  if (!joint) return null;
  const at = s[0].length + joint.index;
  const but = joint[0] === ', but ';
  const left = sentence.slice(0, at);
  const right = sentence.slice(at + joint[0].length);
  if (/[,;:]/u.test(left) || words(left).length < 5 || words(right).length < 5 || !SECOND_PREDICATE_WITH_PAST.test(right)) return null;
  // "It was clear that the chefs knew ... and had ...": the "and" may belong to a clause inside the first.
  if (/\b(?:that|what|who|whom|which|when|where|how|if|because|while|although|as|whether|than)\b/u.test(left)) return null;
  // "He was born in 1950 and raised in Leeds": after an auxiliary the second verb shares it.
  if (FINITE_VERBS.has(verb) && !/^(?:was|were|has|have|had|is|are|will|would|could|can)\b/u.test(right)) return null;
  if (but) return `${left}. But ${pronoun === 'I' ? pronoun : pronoun.toLowerCase()} ${right}`;
  return `${left}. ${pronoun} ${right}`;
}

/**
 * "The operation, conducted by security forces, set out to ..." -> "The operation was conducted by
 * security forces. It set out to ...": a participle phrase inside the subject as a sentence of its
 * own, for a noun that is never a person, beside a main clause in the past.
 */
export function splitSubjectParticiple(sentence: string): string | null {
  const m = /^The ((?:[\p{Ll}-]+ ){0,2}([\p{Ll}-]+)), (\p{Ll}{3,}ed|built|made|held|led|run|set up|known|seen|given|taken|chosen|written|shown) ([^,;:]{4,80}), ((\p{Ll}+) [^,;:]+[.!?])$/u.exec(sentence);
  if (!m) return null;
  const [, phrase, noun, participle, rest, main, verb] = m;
  const pronoun = IT_NOUNS.has(noun) ? 'It' : THEY_NOUNS.has(noun) ? 'They' : null;
  if (pronoun === null || words(main).length < 3) return null;
  // Only beside a past main clause: "The report, published by the council, is due" would become "is published".
  if (!(IRREGULAR_SIMPLE_PASTS.has(verb) || /^\p{Ll}{3,}ed$/u.test(verb) || /^(?:was|were|had)$/u.test(verb))) return null;
  return `The ${phrase} ${pronoun === 'It' ? 'was' : 'were'} ${participle} ${rest}. ${pronoun} ${main}`;
}

/** Person nouns with the pronoun that stands for them. */
const PERSON_PRONOUNS = withoutPrototype<'He' | 'She' | 'They'>(Object.fromEntries([
  ...'man boy father husband son brother king prince gentleman grandfather uncle'.split(' ').map((n) => [n, 'He'] as const),
  ...'woman girl mother wife daughter sister queen princess lady grandmother aunt'.split(' ').map((n) => [n, 'She'] as const),
  ...'people children men women'.split(' ').map((n) => [n, 'They'] as const),
]));
/** Nouns in -s that are not plurals ("the news is"). */
const NOT_PLURAL = /(?:ss|us|is|ics|news|series|species|ous)$/u;
/** Adverbs that may stand between a subject and its verb ("The staff also offered"). */
const MID_ADVERB = /^(?:also|then|now|still|soon|just|already|never|always|often|quickly|slowly|finally|suddenly|eventually|immediately|simply|really|even|only)$/u;
const MODALS = new Set(['will', 'would', 'can', 'could', 'may', 'might', 'should', 'must', 'shall', "won't", "can't", "couldn't", "wouldn't", "shouldn't"]);
/** A second clause in the first half ("He reached out and she closed her eyes"): whose action follows is unclear. */
const SECOND_SUBJECT = /\b(?:and|but|or|so) (?:I|we|you|he|she|they|it|the|his|her|their|its|my|our)\b/u;
/** "I was impressed by the range, ensuring ...": after a passive the agent of what follows is unclear. */
const PASSIVE_BY = /\b(?:am|is|are|was|were|been|being) (?:\p{Ll}+ly )?\p{Ll}+(?:ed|en) by\b/u;
/** Words that start a clause inside the first half, which a trailing participle could belong to. */
const INNER_CLAUSE = /\b(?:who|which|that|whose|whom|when|while|because|if|although|though|as|where|whether|than|until|after|before|since)\b/u;

/** Whether a word right after a subject noun reads as its verb (or an adverb before it). */
const looksLikeVerb = (word: string): boolean => FINITE_VERBS.has(word) || MODALS.has(word) || IRREGULAR_SIMPLE_PASTS.has(word) || /^\p{Ll}{3,}(?:ed|ly)$/u.test(word) || MID_ADVERB.test(word);

/** The pronoun for a sentence's subject and the tense of its verb, or null when either is unclear. */
function subjectAndTense(clause: string, guessPlurals = true): { pronoun: string; past: boolean; subjectWords: number } | null {
  const w = words(clause);
  let subject: { pronoun: string; at: number } | undefined;
  if (/^(?:I|We|You|He|She|They)$/u.test(w[0])) subject = { pronoun: w[0], at: 1 };
  else if (/^(?:The|This|That|These|Those|Our|My|His|Her|Their|Your)$/u.test(w[0])) {
    for (let k = 1; k <= 3 && k < w.length - 1 && !subject; k++) {
      const noun = w[k];
      if (!/^\p{Ll}[\p{Ll}-]*$/u.test(noun) || FINITE_VERBS.has(noun) || looksLikeVerb(noun)) break;
      const next = w[k + 1];
      // A listed noun needs no more than a word after it; a guessed plural needs a verb we know.
      const known = PERSON_PRONOUNS[noun] ?? (IT_NOUNS.has(noun) ? 'It' : THEY_NOUNS.has(noun) ? 'They' : undefined);
      const plural = guessPlurals && /[^s]s$/u.test(noun) && !NOT_PLURAL.test(noun) && looksLikeVerb(next) ? 'They' : undefined;
      const pronoun = known ?? plural;
      if (pronoun && /^\p{Ll}/u.test(next) && !DETERMINERS.has(next) && !/^(?:of|and|or|in|on|at|for|with|from|to)$/u.test(next)) subject = { pronoun, at: k + 1 };
    }
  }
  if (!subject) return null;
  let at = subject.at;
  if (MID_ADVERB.test(w[at] ?? '') || /^\p{Ll}{3,}ly$/u.test(w[at] ?? '')) at++;
  const verb = w[at] ?? '';
  const next = (w[at + 1] ?? '').replace(/[,.]$/u, '');
  const { pronoun } = subject;
  const subjectWords = subject.at;
  if (MODALS.has(verb) || !/^\p{Ll}+$/u.test(verb)) return null;
  const singular = pronoun === 'He' || pronoun === 'She' || pronoun === 'It';
  // "Uber has welcomed it. It said ...": a finished event reads as past once split off; "has been" is a state that goes on.
  if (/^(?:has|have)$/u.test(verb)) {
    const participle = MID_ADVERB.test(next) || /ly$/u.test(next) ? (w[at + 2] ?? '') : next;
    return { pronoun, subjectWords, past: (/^\p{Ll}+(?:ed|en)$/u.test(participle) && participle !== 'been') || IRREGULAR_SIMPLE_PASTS.has(participle) };
  }
  if (/^(?:was|were|had|did)$/u.test(verb) || IRREGULAR_SIMPLE_PASTS.has(verb) || /^\p{Ll}{3,}ed$/u.test(verb)) return { pronoun, subjectWords, past: true };
  if (/^(?:is|are|am|does|do)$/u.test(verb)) return { pronoun, subjectWords, past: false };
  // A present verb must agree with the subject: -s for he/she/it, none for the others; "I set out" may be either tense.
  if (sameInBothTenses(verb) || verb.length < 3 || /[^s]s$/u.test(verb) !== singular || FINITE_VERBS.has(verb) || DETERMINERS.has(verb)) return null;
  return { pronoun, subjectWords, past: false };
}

/** Words that can open the object of a coordinated participle ("and answering any questions"). */
const OBJECT_START = /^(?:the|a|an|any|every|each|all|some|their|his|her|its|our|my|your|this|that|these|those|them|him|it|us|me|up|out|down|off|back|to|with|for|on|in|at|into|over|through|about|around|what|how)$/u;

/**
 * "The staff was friendly, offering tips and answering our questions." -> "The staff was friendly.
 * They offered tips and answered our questions.": a trailing participle phrase that tells what the
 * subject did next, as a sentence of its own with the subject as a pronoun and the main clause's
 * tense. Only for a pronoun, a person noun, or a noun that is never a person (or a plain plural),
 * a first half with no clause of its own, and verbs whose forms are certain.
 */
export function splitTrailingAction(sentence: string): string | null {
  // An opening time or place phrase may stand before the clause ("In 2019, the firm ..., offering ...").
  const m = /^((?:(?:In|On|At|After|During|Before|Since|Later|Earlier|Last|This|Today|Yesterday|Then|Now|Finally|Eventually|Soon|Suddenly)(?: [^,;:]{1,30})?, )?)([^,;:]+), (\p{Ll}+ing) ([^;:]+?)([.!?])$/u.exec(sentence);
  if (!m) return null;
  const [, opener, clause, participle, right, end] = m;
  const left = opener + clause;
  if (words(clause).length < 4 || words(clause).length > 30 || words(right).length < 2 || INNER_CLAUSE.test(clause) || SECOND_SUBJECT.test(clause) || PASSIVE_BY.test(clause)) return null;
  // "showing that this was ..." would read "They showed this was ...".
  if (/^(?:that )?(?:this|these)\b/u.test(right)) return null;
  const subject = subjectAndTense(opener ? capitaliseFirst(clause) : clause);
  const forms = verbForms(participle);
  if (!subject || !forms) return null;
  const singular = subject.pronoun === 'He' || subject.pronoun === 'She' || subject.pronoun === 'It';
  const finite = (f: VerbForms): string => (subject.past ? f.past : singular ? f.third : f.base);
  // Coordinated participles take the same form ("..., offering tips and answering questions").
  // Unsure cases ("unique and surprising finds", "recipes and daring combinations") reject the move.
  let ok = true;
  const rest = right.replace(/(\p{Ll}+)?(,? (?:and|or) |, )(\p{Ll}+ing)( \p{Ll}+)?/gu, (whole, before: string | undefined, joint: string, next: string, after: string | undefined) => {
    // "tips on cooking and baking": a pair of gerunds, not a second predicate; "left us upset and
    // questioning ...": the second belongs to the object.
    if ((before ?? '').endsWith('ing')) return whole;
    if (/^\p{Ll}{2,}[^e]ed$/u.test(before ?? '')) ok = false;
    const f = verbForms(next);
    if (!f || !OBJECT_START.test((after ?? '').trim())) {
      if (!isNotVerb(next)) ok = false;
      return whole;
    }
    return `${before ?? ''}${joint}${finite(f)}${after ?? ''}`;
  });
  // Any other comma in the phrase may open a clause the split would misattach.
  if (!ok || /,(?! (?:and |or )?\p{Ll}+(?:ed|[^s]s)\b)/u.test(rest.replace(/, (?:and |or )?(?=\p{Ll})/gu, (x) => x))) return null;
  return `${left}. ${subject.pronoun} ${finite(forms)} ${rest}${end}`;
}

/** Singular or plural present verbs of a clause, which tell a coordinated verb its form. */
const SINGULAR_PRESENT = /\b(?:is|has|does|isn't|hasn't|doesn't)\b/u;
const PLURAL_PRESENT = /\b(?:are|have|do|aren't|haven't|don't)\b/u;

/**
 * "Uber welcomed the decision, saying it would help." -> "Uber welcomed the decision and said it
 * would help.": a trailing participle phrase as a second verb of the same subject, in the main
 * clause's tense. Unlike splitTrailingAction it needs no pronoun, so it serves names too; the
 * present needs an auxiliary that shows the subject's number.
 */
export function coordinateTrailingAction(sentence: string): string | null {
  const m = /^([^,;:]+), (\p{Ll}+ing) ([^,;:]+?)([.!?])$/u.exec(sentence);
  if (!m) return null;
  const [, clause, participle, rest, end] = m;
  if (words(clause).length < 4 || words(rest).length < 2 || !startsWithSubject(clause) || INNER_CLAUSE.test(clause) || SECOND_SUBJECT.test(clause) || PASSIVE_BY.test(clause)) return null;
  // "offering tips and answering questions": coordinated participles are splitTrailingAction's case.
  if (/\b(?:and|or) \p{Ll}+ing\b/u.test(rest) || /\band\b/u.test(clause) || /^(?:that )?(?:this|these)\b/u.test(rest)) return null;
  // Another -ing or a speech verb in the clause may own the participle ("saw Ramsay guiding them, teaching ...",
  // "the Professor said, entering ..."), as may an infinitive after seem/appear.
  if (/\b\p{Ll}{3,}ing\b/u.test(clause) || SPEECH_VERB.test(clause) || /\b(?:seem|seems|seemed|appear|appears|appeared)\b/u.test(clause)) return null;
  // A passive ("My soul was released, leaving ...") or a present perfect ("has expressed ... and cited") would not take the verb well.
  if (/\b(?:am|is|are|was|were|be|been|being|has|have|had)\b(?: \p{Ll}+ly)? \p{Ll}+(?:ed|en|wn|ght|lt|nt)\b/u.test(clause) || /\b(?:has|have)\b/u.test(clause)) return null;
  const forms = verbForms(participle);
  const tense = clauseTense(clause);
  if (!forms || !tense) return null;
  let verb: string;
  if (tense === 'past') verb = forms.past;
  else if (SINGULAR_PRESENT.test(clause) !== PLURAL_PRESENT.test(clause)) verb = SINGULAR_PRESENT.test(clause) ? forms.third : forms.base;
  else return null;
  return `${clause} and ${verb} ${rest}${end}`;
}

/** Whether a predicate opens with a finite verb (after an optional adverb): "was played", "guided the team", "did not". */
function opensWithVerb(predicate: string): boolean {
  const w = words(predicate);
  const first = /^(?:\p{Ll}+ly|also|not|still|now|then)$/u.test(w[0] ?? '') ? w[1] : w[0];
  const verb = bare(first);
  return FINITE_VERBS.has(verb) || MODALS.has(verb) || IRREGULAR_SIMPLE_PASTS.has(verb) || /^\p{Ll}{3,}(?:ed|[^su]s)$/u.test(verb);
}

/**
 * "The match, which was played at Wembley, saw a fierce battle." -> "The match was played at
 * Wembley and saw a fierce battle."; "Sharapova, who has won five titles, has been ..." ->
 * "Sharapova has won five titles and has been ...": a relative clause inside the subject as the
 * first of two predicates, when both are in the same tense.
 */
export function mergeRelativeClause(sentence: string): string | null {
  const m = new RegExp(`^((?:${PLACEHOLDER} ){0,3}${PLACEHOLDER}|The (?:[\\p{Ll}-]+ ){0,2}[\\p{Ll}-]+), (?:who|which) ([^,;:]{6,90}), (\\p{Ll}[^;:]*[.!?])$`, 'u').exec(sentence);
  if (!m) return null;
  const [, subject, relative, main] = m;
  // A main clause with an "and" of its own would chain three predicates ("... and is ... and is expected ...").
  if (!opensWithVerb(relative) || !opensWithVerb(main) || /\band\b/u.test(main.split(',')[0]) || /\band\b/u.test(relative)) return null;
  const tense = clauseTense(relative);
  if (!tense || tense !== clauseTense(main.split(',')[0])) return null;
  return `${subject} ${relative} and ${main}`;
}

/** Time words that tie a present perfect to now ("has lived here since 2010"): the past would change the meaning. */
const ONGOING = /\b(?:since|so far|yet|ever|never|always|already|still|lately|to date|until now|up to now|for (?:years|decades|months|weeks|days|ages|a long time|long|some time|the (?:past|last))|over the (?:past|last)|in recent (?:years|months|weeks))\b/iu;
const PRESENT_PERFECT = /(?<!\b(?:to|will|would|could|should|might|may|must|shall|not|never|I) )\b(has|have)( also| recently)? (been )?(\p{Ll}{3,}ed|said|made|found|held|kept|left|told|paid|sent|spent|built|bought|brought|caught|taught|thought|lost|led|met|won|struck|sold|felt|heard|meant|laid)\b(?! to\b)/gu;

/**
 * "The council has approved the plan." -> "The council approved the plan."; "has been charged" ->
 * "was charged": a finished event told in the simple past, as reporters and reviewers mostly write
 * it. Not in questions, not with words that tie the event to now ("since", "so far", "yet", "for
 * years") or a present tense beside it, and only for verbs whose past and participle are the same word.
 */
export function simplePast(sentence: string): string | null {
  // "The monster grabbed you and is dragging you away": a present beside it would clash.
  if (!/\.$/u.test(sentence) || ONGOING.test(sentence) || /\b(?:is|are|am)\b/u.test(sentence)) return null;
  let changed = false;
  const out = sentence.replace(PRESENT_PERFECT, (whole, aux: string, adverb: string | undefined, been: string | undefined, verb: string, at: number) => {
    // "have" after I/you/we/they or a plural: "were"; after a name or singular noun: "was".
    const subject = sentence.slice(0, at).trim().split(/\s+/u).pop() ?? '';
    if (/^(?:it|this|that|which|who|what|there)$/iu.test(subject) && been === undefined && aux === 'have') return whole;
    changed = true;
    const be = aux === 'has' ? 'was' : /^I$/u.test(subject) ? 'was' : 'were';
    return `${adverb ? adverb.trim() + ' ' : ''}${been ? `${be} ` : ''}${verb}`;
  });
  // All or nothing: "launched an inquiry and has vowed to ..." would mix the tenses.
  return changed && !/\b(?:has|have)\b/u.test(out) ? out : null;
}

/**
 * "McCarthy has a knee injury, while Gibson has a groin problem." -> "McCarthy has a knee injury.
 * Gibson has a groin problem.": a contrast of two clauses as two sentences side by side. Only when
 * the second half is a clause with its own subject and both halves are five words or more.
 */
export function splitWhile(sentence: string): string | null {
  const m = /^([^;:]+?), (?:while|whereas) ([^;:]+[.!?])$/u.exec(sentence);
  if (!m) return null;
  const [, left, right] = m;
  if (words(left).length < 5 || words(right).length < 5 || !startsIndependentClause(right)) return null;
  // "while + -ing" or a participle ("while waiting") is a time clause, not a second statement.
  if (/^\p{Ll}+ing\b/u.test(right)) return null;
  const rest = capitaliseFirst(right);
  return `${left}. ${rest}`;
}

/** Quantifiers that make the noun phrase of a with-clause plural ("with many hoping ..."). */
const PLURAL_QUANTIFIER = /^(?:many|some|several|both|most|few|others|all|two|three|four|five)\b/u;

/** The tense of a plain clause: past or present markers, not both; a finished present perfect is past. */
function clauseTense(clause: string): 'past' | 'present' | null {
  if (/\b(?:has|have) (?:(?:\p{Ll}+ly|already|also|just|now|both|all) )?(?:\p{Ll}{3,}ed|said|made|found|held|kept|left|told|won|led)\b/u.test(clause) && !/\b(?:is|are|am)\b/u.test(clause)) return 'past';
  const past = pastMarked(clause);
  // Without an auxiliary, a present verb after its subject ("the crowd grows larger") marks the present.
  const present = PRESENT_MARKERS.test(clause) || words(clause).some((_, k, w) => presentVerbAt(w, k));
  return past === present ? null : past ? 'past' : 'present';
}

/**
 * "Chan's comments were met with mixed reactions, with some people praising him." -> "... mixed
 * reactions. Some people praised him.": a trailing with-clause (a subject and a participle) as a
 * sentence of its own in the main clause's tense. The noun phrase must be short and plain: a
 * determiner or quantifier and up to three words, or a name.
 */
export function splitWithClause(sentence: string): string | null {
  const m = new RegExp(`^([^;:]+?), with ((?:(?:the|a|an|many|some|several|both|most|few|others|all|its|their|his|her|our|each|one|two|three|${PLACEHOLDER})(?: [\\p{Ll}-]+){0,3}?)|(?:[\\p{Ll}-]+ ){0,1}[\\p{Ll}-]+) (\\p{Ll}+ing)( [^;:]+?)?([.!?])$`, 'u').exec(sentence);
  if (!m) return null;
  const [, left, phrase, participle, tail = '', end] = m;
  const right = tail.trim();
  // "with a delightful filling of cheese": an indefinite phrase and -ing is a noun, not a participle.
  if (words(left).length < 5 || /\b\p{Ll}+ing\b/u.test(phrase) || /,/u.test(right) || /^an? /u.test(phrase) || /^of\b/u.test(right)) return null;
  // "with the governing authorities responsible for ...": after a bare determiner the -ing word is an adjective.
  if (/^(?:the|its|their|his|her|our|my|your)$/u.test(phrase)) return null;
  // "with the help of", "with one of": the phrase goes on; a name is one word only.
  if (/\b(?:of|and|or|to|in|on|at|for|from|by)\b/u.test(phrase) || (new RegExp(`^${PLACEHOLDER}`, 'u').test(phrase) && words(phrase).length > 1)) return null;
  // A bare noun phrase ("with upbeat music playing in ..."): the -ing word must read as a verb
  // ("outdoor seating available" is a noun).
  const bare = !new RegExp(`^(?:the|a|an|many|some|several|both|most|few|others|all|its|their|his|her|our|each|one|two|three|${PLACEHOLDER})(?=\\s|$)`, 'u').test(phrase);
  if (bare ? !(right === '' || AFTER_PARTICIPLE.test(words(right)[0])) : words(right).length < 2) return null;
  const forms = verbForms(participle);
  const tense = clauseTense(left);
  // "This is his second win, with the first coming in 2019": a dated event would need the past.
  if (!forms || !tense || (tense === 'present' && /\b(?:1[89]\d\d|20\d\d|ago|last|yesterday|earlier)\b/u.test(right))) return null;
  const finite = (nounPhrase: string, f: VerbForms): string => (tense === 'past' ? f.past : isPluralPhrase(nounPhrase) ? f.base : f.third);
  // "and the chef cooking at the grill", "and others criticising him": a second subject and participle take the same tense;
  // "congratulating him and voicing ...": so does a second participle of the same subject.
  let ok = true;
  const rest = right
    .replace(/\b(and|or) (\p{Ll}+ing)\b(?= \S)/gu, (whole, joint: string, next: string) => {
      const f = verbForms(next);
      return f && OBJECT_START.test(right.slice(right.indexOf(whole) + whole.length + 1).split(' ')[0]) ? `${joint} ${finite(phrase, f)}` : whole;
    })
    .replace(/\b(and|or) ((?:(?:the|a|an|his|her|their|its|our|my|your|some|many|most|others|the rest)(?: [\p{Ll}-]+){0,2})|[\p{Ll}-]+(?: [\p{Ll}-]+)?) (\p{Ll}+ing)\b/gu, (whole, joint: string, who: string, next: string) => {
    const f = verbForms(next);
    if (!f || /\b\p{Ll}+ing\b/u.test(who)) {
      ok = false;
      return whole;
    }
    return `${joint} ${who} ${finite(who, f)}`;
  });
  // "and the crowd singing and dancing": a further -ing after a conjunction would be left as it is.
  if (!ok || /\b(?:and|or) \p{Ll}+ing\b/u.test(rest)) return null;
  return `${left}. ${capitaliseFirst(phrase)} ${finite(phrase, forms)}${rest ? ` ${rest}` : ''}${end}`;
}

/** Words after a participle of a bare with-phrase that show it is a verb ("music playing in", "chatter filling the"). */
const AFTER_PARTICIPLE = /^(?:the|a|an|his|her|their|its|our|my|your|this|that|these|those|in|on|at|to|into|over|through|around|across|along|outside|inside|nearby|everywhere|from|by|up|down|out|off|back|away|about|with)$/u;

/** Whether a noun phrase takes a plural verb: a plural quantifier or a plural head noun. */
function isPluralPhrase(phrase: string): boolean {
  const last = words(phrase).at(-1) ?? '';
  return PLURAL_QUANTIFIER.test(phrase) || (/[^s]s$/u.test(last) && !NOT_PLURAL.test(last));
}

/**
 * "She looked away, her eyes fixed on the floor." -> "She looked away. Her eyes were fixed on the
 * floor."; "The crowd cheered, their phones capturing every moment." -> "... Their phones captured
 * every moment.": a trailing absolute phrase (a possessive, a noun and a participle) as a sentence
 * of its own, in the main clause's tense and the noun's number.
 */
export function splitAbsolute(sentence: string): string | null {
  const m = /^((?:[^,;:]+, )?)([^,;:]+), ((?:his|her|their|its|my|our|your) (?:[\p{Ll}-]+ ){0,2}?([\p{Ll}-]+)) (\p{Ll}{3,})(?: ([^,;:]*?))?([.!?])$/u.exec(sentence);
  if (!m) return null;
  const [, opener, clause, phrase, noun, participle, rest = '', end] = m;
  const main = opener + clause;
  // The main clause (after at most one opening phrase) must stand alone in a plain tense; the phrase
  // is a plain noun phrase ("my way of expressing" is not).
  const tense = clauseTense(main);
  // A masked word before an article ("WheF a child was born") is no name but a garbled opener.
  if (new RegExp(`^${PLACEHOLDER} (?:a|an|the)\\b`, 'u').test(clause)) return null;
  if (!tense || words(main).length < 4 || !startsWithSubject(clause.replace(/^(?:But|And|So|Yet) /u, '')) || /ing$|ly$/u.test(noun) || DETERMINERS.has(noun) || /\b(?:of|in|on|at|for|with|from|to|by|and|or|as)\b/u.test(phrase)) return null;
  const plural = /[^s]s$/u.test(noun) && !NOT_PLURAL.test(noun);
  let predicate: string;
  if (/^\p{Ll}{3,}ed$/u.test(participle) || IRREGULAR_PARTICIPLES.has(participle)) {
    // "her voice filled with dread" -> "Her voice was filled with dread"; a bare adjective-like -ed ("her hair tangled") too.
    predicate = `${BE_FORMS[tense === 'past' ? 'past' : 'present'][plural ? 'plural' : 'singular']} ${participle}`;
  } else {
    const forms = participle.endsWith('ing') ? verbForms(participle) : null;
    if (!forms) return null;
    predicate = tense === 'past' ? forms.past : plural ? forms.base : forms.third;
  }
  // "her hands shaking and her voice low": a second absolute joined on would be left without a verb.
  if (/\b(?:and|or) (?:his|her|their|its|my|our|your)\b/u.test(rest)) return null;
  return `${main}. ${capitaliseFirst(phrase)} ${predicate}${rest ? ` ${rest}` : ''}${end}`;
}

/** Time phrases that end a sentence and read as well in front ("in recent years", "last week", "today"). */
const TRAILING_TIME = /^([^,;:]{12,}?) ((?:in|over|during) (?:recent (?:years|months|weeks|decades)|the past (?:few )?(?:years|months|weeks|decades)|the (?:morning|afternoon|evening|summer|winter|spring|autumn|weekend|meantime))|(?:last|this|next) (?:year|week|month|season|summer|winter|spring|autumn|weekend|night|morning)|(?:earlier|later) (?:this|that) (?:year|week|month|day)|at (?:night|dawn|dusk)|every (?:day|week|year|morning|night)|these days|nowadays|today|yesterday|tonight|recently|eventually)([.!])$/u;

/**
 * "Lincoln City have struggled in recent years." -> "In recent years, Lincoln City have struggled.":
 * a trailing time phrase in front, for a single plain clause only.
 */
export function frontTimePhrase(sentence: string): string | null {
  const m = TRAILING_TIME.exec(sentence);
  if (!m) return null;
  const [, main, time, end] = m;
  // "the years before today", "the plans for next year": the phrase belongs to a noun, not the clause.
  // "the plans for next year", "like it was yesterday": the phrase belongs to a noun or a verb's complement.
  if (words(main).length < 4 || !startsWithSubject(main) || /\b(?:of|for|from|until|since|before|after|than|to|the|a|an|is|was|are|were|be|been)$/u.test(main)) return null;
  // Only a single plain clause: after "said", "to", "after", "and" ... the phrase may belong to the inner clause.
  if (/\b(?:that|which|who|whom|when|where|after|before|because|if|while|whether|until|since|as|like|to|and|or|but|said|says|told|tells|believes?|thinks?|expects?|hopes?|announced|confirmed|revealed|reported|\p{Ll}+ing)\b/u.test(main.slice(main.indexOf(' ')))) return null;
  const rest = lowerFirst(main);
  return rest === null ? null : `${capitaliseFirst(time)}, ${rest}${end}`;
}

/**
 * How the split-off list opens, varied by its words ("These include" in every text was a tell of our
 * own: 11 dev outputs vs 1 in 5,546 human texts): "These/They include"; "Among them are" only before
 * a list of two or more nouns (not "Among them were training its drivers", "Among them are a new roof").
 */
function includingOpener(list: string, tense: 'past' | 'present'): string {
  const past = tense === 'past';
  const openers = [past ? 'These included' : 'These include', past ? 'They included' : 'They include'];
  if (!/^\p{Ll}+ing\b/u.test(list) && /,| and /u.test(list)) openers.push(past ? 'Among them were' : 'Among them are');
  return openers[hash(list.toLowerCase()) % openers.length];
}

/**
 * "The firm agreed to several conditions, including training its drivers." -> "The firm agreed to
 * several conditions. These included training its drivers.": a trailing including-list as a
 * sentence of its own, after a plural noun, in the main clause's tense.
 */
export function splitIncluding(sentence: string): string | null {
  const m = /^([^;:]+?) (\p{Ll}+), including ([^;:]+?)([.!?])$/u.exec(sentence);
  if (!m) return null;
  const [, head, noun, list, end] = m;
  const left = `${head} ${noun}`;
  const tense = clauseTense(left);
  if (!tense || words(left).length < 6 || !/[^s]s$/u.test(noun) || NOT_PLURAL.test(noun) || words(list).length < 2) return null;
  // Only a list that runs to the end: no verb of a clause after it ("..., including X, was ...").
  if (/,/u.test(list) && list.split(/\s+/u).some((w) => FINITE_VERBS.has(bare(w)))) return null;
  return `${left}. ${includingOpener(list, tense)} ${list}${end}`;
}

/** Fronted participles that are prepositions or fixed phrases, not something the subject did. */
const FIXED_FRONT = /^(?:According|Based|Compared|Given|Following|Regarding|Concerning|Including|Assuming|Provided|Granted|Speaking|Judging|Depending|Considering|Excluding|Barring|Pending|Notwithstanding|Nothing|Something|Everything|Anything|Morning|Evening|Wedding|Building|Being|Having)$/u;
const BE_FORMS = { past: { singular: 'was', plural: 'were', I: 'was' }, present: { singular: 'is', plural: 'are', I: 'am' } } as const;

/**
 * "Feeling tired, she went to bed early." -> "She felt tired. She went to bed early."; "Intrigued by
 * the offer, the group signed up." -> "The group was intrigued by the offer. It signed up.": a
 * fronted participle phrase as a short sentence of its own, told of the main clause's subject, which
 * the second sentence then names with a pronoun.
 */
export function splitFrontParticiple(sentence: string): string | null {
  const m = /^(\p{Lu}\p{Ll}{2,}(?:ing|ed)) ([^,;:]{3,80}), ([^,;:]+[.!?])$/u.exec(sentence);
  if (!m) return null;
  const [, participle, phrase, main] = m;
  if (FIXED_FRONT.test(participle) || words(phrase).length > 12 || words(main).length < 4) return null;
  const subjectClause = capitaliseFirst(main);
  // A guessed plural might be a dangling participle's wrong subject ("Moving in, the floorboards squeaked").
  const subject = subjectAndTense(subjectClause, false);
  if (!subject) return null;
  const { pronoun, past, subjectWords } = subject;
  // The subject as written ("The campaign group") opens the first sentence; the pronoun, the second.
  const w = words(subjectClause);
  const subjectText = w.slice(0, subjectWords).join(' ');
  const singular = pronoun === 'He' || pronoun === 'She' || pronoun === 'It';
  const lowered = participle.toLowerCase();
  let predicate: string;
  if (lowered.endsWith('ing')) {
    const forms = verbForms(lowered);
    if (!forms) return null;
    predicate = past ? forms.past : singular ? forms.third : forms.base;
  } else {
    const be = BE_FORMS[past ? 'past' : 'present'];
    predicate = `${pronoun === 'I' ? be.I : singular ? be.singular : be.plural} ${lowered}`;
  }
  const rest = w.slice(subjectWords).join(' ');
  return `${subjectText} ${predicate} ${phrase}. ${pronoun} ${rest}`;
}

const SPEECH_VERB = /\b(?:said|says|saying|say|added|adds|adding|told|explained|explains|stated|states|wrote|writes|asked|replied|declared|warned|insisted|noted|stressed|urged|commented)$/u;

/**
 * "He said: "We can win."" -> "He said, "We can win.""; "The reason was simple: they had no money."
 * -> "The reason was simple. They had no money.": a colon in running prose, where a comma (before a
 * quotation) or a full stop (before a clause with its own subject) is the plainer mark. Lists after
 * a colon keep it.
 */
export function replaceColon(sentence: string): string | null {
  const m = /^([^:;]+?): ([^:;]+)$/u.exec(sentence);
  if (!m) return null;
  const [, left, right] = m;
  if (SPEECH_VERB.test(left) && new RegExp(`^${PLACEHOLDER}`, 'u').test(right)) return `${left}, ${right}`;
  if (words(left).length < 4 || words(right).length < 4 || !TERMINAL.test(right) || /,/u.test(right)) return null;
  // Only a clause in running prose (lower case after the colon): a pronoun or a determiner and a
  // finite verb soon after, with no relative clause before it ("a fungal infection that has ..."),
  // never a list, a label or a quotation.
  if (!/^(?:\p{Ll}|I\b)/u.test(right) || /^(?:\S+ ){0,4}(?:that|which|who|whose)\b/u.test(right)) return null;
  const clause = capitaliseFirst(right);
  if (!startsIndependentClause(clause)) return null;
  return `${left}. ${clause}`;
}

/** What an appositive opens with ("a small island", "the author of ...", "known as ..."). */
const APPOSITIVE = '(?:a|an|the|known as|also known as|formerly|now)';
/**
 * A verb that goes on with the sentence after an appositive inside its subject ("..., is home to",
 * "..., infects the plants"); an -s word only before an object or preposition ("this place caters
 * to"), since a plural noun ("..., loss, and ...") ends in -s too.
 */
const MAIN_VERB = new RegExp(
  `^(?:(?:${[...FINITE_VERBS].join('|')}|\\p{Ll}{2,}ed|${[...IRREGULAR_SIMPLE_PASTS].join('|')})\\b|\\p{Ll}{2,}s (?:the|a|an|to|in|on|at|for|with|from|into|its|their|his|her|our|my|up|out|over|off|down|many|more|most|some|all|no|every|each|much|them|it|him|us)\\b)`,
  'u',
);
const MID_APPOSITIVE = new RegExp(`^([^,;:()]*[\\p{L}\\uE001]), (${APPOSITIVE} [^,;:.!?()"“]{3,60}?), (.+)$`, 'u');
const END_APPOSITIVE = new RegExp(`^([^,;:()]*[\\p{L}\\uE001]), ((?:a|an|known as|also known as) [^,;:.!?()"“]{3,60})([.!?])$`, 'u');
/** Examples that close a sentence ("..., including X, Y and Z."), after a head of at least four words with no comma. */
const END_EXAMPLES = /^([^,;:()]*\p{L}(?: [^,;:()\s]+){3,}), ((?:including|such as|like) [^;:.!?()"“]{3,100})([.!?])$/u;
const ATTRIBUTION_VERB = /\b(?:says|said|say|told|tells|reports|reported|claims|claimed|adds|added|explains|explained|notes|noted|argues|argued|believes|believed|thinks|thought|insists|insisted|warns|warned)\b/u;
const IRREGULAR_PAST_WORD = new RegExp(`\\b(?:${[...IRREGULAR_SIMPLE_PASTS].join('|')})\\b`, 'u');
const FINITE_WORD = new RegExp(`\\b(?:${[...FINITE_VERBS].join('|')})\\b`, 'u');
/** A sentence that opens with a subordinate clause or phrase ("As soon as I stepped in, the smell ..."), not with its subject. */
const OPENS_WITH_INTRO = /^(?:(?:Just|Even|Only|Right|Soon|Long|Shortly) )?(?:when|while|as|if|after|before|once|since|until|When|Whenever|While|As|If|Although|Though|Albeit|Because|Since|After|Before|Once|Until|Unless|Whereas|Whether|In|On|At|During|With|Without|Through|Throughout|Despite|From|By|For|Under|Over|Upon|Within|Across|Among|Amid|Along|Following|Like|Unlike|Beyond|Behind|Beneath|Inside|Outside|Against|Around)\b/u;

/** Whether a would-be appositive is a clause or the last items of a list ("an electrostatic force is produced", "an elephant and a kangaroo"). */
function clauseOrList(appositive: string): boolean {
  const w = words(appositive).map(bare);
  const relative = w.findIndex((x) => x === 'that' || x === 'who' || x === 'which' || x === 'whose');
  const verbs = w.slice(0, relative < 0 ? undefined : relative);
  if (/^(?:known|also)$/u.test(w[0])) return false;
  // An -ed word after a determiner or another modifier is an adjective ("an experienced worker").
  return verbs.some((x, k) => FINITE_VERBS.has(x) || IRREGULAR_SIMPLE_PASTS.has(x) || (k >= 2 && /\p{Ll}{3,}ed$/u.test(x)) || x === 'and' || x === 'or');
}

/**
 * "Lord Howe Island, a small island off Australia, is home to ..." -> "Lord Howe Island (a small
 * island off Australia) is home to ...", and "... on Lord Howe Island, a small island off Australia."
 * -> "... (a small island off Australia).": an appositive in brackets, as people often write it
 * (human dev texts hold almost four times as many brackets as generated ones); so do examples that
 * close a sentence ("..., including X and Y." -> "... (including X and Y)."). Only in a sentence
 * that opens with its subject and has no other comma before it, never a clause or a list item
 * ("apples, a pear and ...", "a zebra, an elephant and a kangaroo").
 */
export function bracketAppositive(sentence: string): string | null {
  if (sentence.includes('(') || OPENS_WITH_INTRO.test(sentence)) return null;
  const mid = MID_APPOSITIVE.exec(sentence);
  if (mid) {
    const [, head, appositive, rest] = mid;
    if (!MAIN_VERB.test(rest) || clauseOrList(appositive)) return null;
    // The head is the subject the sentence goes on from: a clause before the comma ("The story unfolded before me, a
    // story of love, loss and ...") makes the rest a list, not the predicate.
    if (FINITE_WORD.test(head) || IRREGULAR_PAST_WORD.test(head) || /(?<!-)\b\p{Ll}{3,}ed\b/u.test(head)) return null;
    return `${head} (${appositive}) ${rest}`;
  }
  const examples = END_EXAMPLES.exec(sentence);
  // A list of things, not a clause that runs on ("..., such as the soup, and we loved it."), nor a list the sentence
  // goes on after ("..., such as gas, oil, and coal, for centuries.").
  if (examples && !words(examples[2]).some((w) => FINITE_VERBS.has(bare(w)) || SUBJECT_PRONOUNS.has(bare(w))) && !/\b(?:and|or) [^,]+,/u.test(examples[2])) return `${examples[1]} (${examples[2]})${examples[3]}`;
  const end = END_APPOSITIVE.exec(sentence);
  if (!end) return null;
  const [, head, appositive, stop] = end;
  // "..., a councillor says." is an attribution, not an appositive.
  if (ATTRIBUTION_VERB.test(appositive) || clauseOrList(appositive)) return null;
  // "..., a sense of dread building.", "..., a few reaching their targets.", "..., a hint of doubt now clear." are
  // absolute phrases (a noun and its own predicate), no appositives. A relative clause of its own ("a weapon that
  // gave me an edge") may hold a verb.
  const own = appositive.replace(/\b(?:that|who|which|whose|whom)\b.*$/u, '');
  if (/(?<!-)\b\p{Ll}{2,}(?:ing|ed)\b|\b(?:now|still|already)\b/u.test(own) || IRREGULAR_PAST_WORD.test(own)) return null;
  if (words(head).length < 4 || !/\b(?:is|are|was|were|has|have|had|\p{Ll}{2,}ed|\p{Ll}{2,}s)\b/u.test(head)) return null;
  return `${head} (${appositive})${stop}`;
}
