/**
 * Curated phrase tables: the wording that marks machine-written English (stock transitions,
 * "delve", "plays a crucial role", "a testament to", inflated verbs, hedges) and plainer wording
 * for each, plus contractions. Every rule is written so that its output stays grammatical: verbs
 * are rewritten per inflected form, and a rule only fires where its pattern fixes the syntax.
 *
 * Rules run on masked text (protect.ts), so they never see numbers, names, quotes or code.
 */
import { PLACEHOLDER } from './protect.ts';

interface PhraseRule {
  pattern: RegExp;
  /** Alternatives, chosen by the variant number; `$1`.. refer to the pattern's groups. */
  replacements: string[];
}

const rule = (source: string, replacements: string[]): PhraseRule => ({ pattern: new RegExp(source, 'giu'), replacements });

/** Per-form verb rule: `forms` maps an inflected form to the same form of each replacement. */
function verbRules(forms: Record<string, string[]>, after = ''): PhraseRule[] {
  return Object.entries(forms).map(([form, replacements]) => rule(`\\b${form}\\b${after}`, replacements));
}

/** Sentence-opening transitions and fillers (the sentence's first words). */
const OPENERS: PhraseRule[] = [
  rule('^(?:Moreover|Furthermore|Additionally|In addition|What is more),\\s+', ['', 'Also, ', 'On top of that, ']),
  rule('^(?:However|Nevertheless|Nonetheless),\\s+', ['But ', 'Still, ', 'Even so, ']),
  rule('^(?:Consequently|Therefore|Thus|Hence|As a result|Accordingly),\\s+', ['So ', 'Because of this, ', 'That is why ']),
  rule('^(?:In conclusion|To conclude|In summary|To summarize|To summarise|To sum up|In closing),\\s+', ['All in all, ', 'In short, ', '']),
  rule('^(?:Ultimately|Overall|In essence|Essentially|Notably|Importantly|Indeed|Interestingly|Undoubtedly|Needless to say|Of course|Admittedly),\\s+', ['', 'In the end, ', '']),
  rule('^(?:Firstly|First and foremost),\\s+', ['First, ', 'To start, ']),
  rule('^Secondly,\\s+', ['Second, ', 'Next, ']),
  rule('^(?:Thirdly|Lastly),\\s+', ['Finally, ', 'Last, ']),
  rule('^(?:Similarly|Likewise),\\s+', ['In the same way, ', 'Also, ']),
  rule('^Subsequently,\\s+', ['Later, ', 'After that, ']),
  rule("^In today's (?:fast-paced |digital |modern |ever-changing |rapidly changing |interconnected )?(?:world|age|era|society|landscape),\\s+", ['Today, ', 'These days, ']),
  rule('^(?:It is|It\'s) (?:important|worth|crucial|essential|vital|interesting) (?:to note|noting|to remember|to mention|to recognize|to recognise|to understand|to acknowledge|to highlight|to emphasize|to emphasise|to point out|pointing out) that\\s+', ['', '']),
  rule('^(?:It is|It\'s) (?:clear|evident|apparent|undeniable) that\\s+', ['Clearly, ', '']),
  rule('^(?:It could be argued|One could argue|It can be argued) that\\s+', ['', 'Perhaps ']),
];

/** Stock phrases anywhere in the sentence. */
const PHRASES: PhraseRule[] = [
  ...verbRules({ delve: ['look', 'dig'], delves: ['looks', 'digs'], delved: ['looked', 'dug'], delving: ['looking', 'digging'] }),
  rule('\\b(play|plays|played|playing) (?:a|an) (?:crucial|vital|pivotal|key|critical|essential|significant|important|fundamental|integral|central|instrumental|major) role\\b', ['$1 a big part', '$1 a major part', '$1 a large role']),
  rule('\\ba (?:true |powerful |clear |lasting )?testament to\\b', ['proof of', 'a sign of']),
  rule('\\b(?:a|an) (?:wide|broad|diverse|vast|rich) (?:range|array|variety|spectrum|assortment) of\\b', ['many', 'all sorts of', 'lots of']),
  rule('\\ba (?:myriad|plethora|multitude) of\\b', ['many', 'lots of', 'plenty of']),
  rule('\\bmyriad\\b', ['many', 'countless']),
  rule('\\bnumerous\\b', ['many', 'lots of']),
  rule('\\ba (?:significant|substantial|considerable|large) (?:amount|number|portion) of\\b', ['a lot of', 'plenty of']),
  ...verbRules({ utilize: ['use'], utilizes: ['uses'], utilized: ['used'], utilizing: ['using'], utilise: ['use'], utilises: ['uses'], utilised: ['used'], utilising: ['using'], utilization: ['use'], utilisation: ['use'] }),
  ...verbRules({ leverages: ['uses', 'draws on'], leveraged: ['used', 'drew on'], leveraging: ['using', 'drawing on'] }),
  rule('\\b(to|can|could|will|would|should|must|we|they|you|and|or) leverage\\b', ['$1 use', '$1 draw on']),
  ...verbRules({ facilitate: ['ease', 'help'], facilitates: ['eases', 'helps'], facilitated: ['eased', 'helped'], facilitating: ['easing', 'helping'] }),
  ...verbRules({ enhance: ['improve', 'boost'], enhances: ['improves', 'boosts'], enhanced: ['improved', 'boosted'], enhancing: ['improving', 'boosting'], enhancement: ['improvement'], enhancements: ['improvements'] }),
  ...verbRules({ foster: ['encourage', 'build'], fosters: ['encourages', 'builds'], fostering: ['encouraging', 'building'] }, '(?! (?:care|parents?|homes?|child|children|families|family|kids?)\\b)'),
  ...verbRules({ showcase: ['show', 'display'], showcases: ['shows', 'displays'], showcasing: ['showing', 'displaying'] }),
  ...verbRules({ underscore: ['stress', 'show'], underscores: ['stresses', 'shows'], underscored: ['stressed'], underscoring: ['stressing', 'showing'] }),
  ...verbRules({ commence: ['start', 'begin'], commences: ['starts', 'begins'], commenced: ['started'], commencing: ['starting', 'beginning'] }),
  ...verbRules({ 'embark on': ['start', 'set out on'], 'embarks on': ['starts', 'sets out on'], 'embarked on': ['started', 'set out on'], 'embarking on': ['starting', 'setting out on'] }),
  ...verbRules({ grapple: ['struggle', 'deal'], grapples: ['struggles', 'deals'], grappled: ['struggled', 'dealt'], grappling: ['struggling', 'dealing'] }, ' with'),
  ...verbRules({ revolutionize: ['transform', 'change'], revolutionizes: ['transforms', 'changes'], revolutionized: ['transformed', 'changed'], revolutionizing: ['transforming', 'changing'], revolutionise: ['transform'], revolutionises: ['transforms'], revolutionised: ['transformed'], revolutionising: ['transforming'] }),
  ...verbRules({ bolster: ['boost', 'strengthen'], bolsters: ['boosts', 'strengthens'], bolstered: ['boosted', 'strengthened'], bolstering: ['boosting', 'strengthening'] }),
  ...verbRules({ garner: ['gain', 'win'], garners: ['gains', 'wins'], garnered: ['gained'], garnering: ['gaining', 'winning'] }),
  ...verbRules({ assist: ['help'], assists: ['helps'], assisted: ['helped'], assisting: ['helping'], assistance: ['help'] }),
  ...verbRules({ demonstrate: ['show'], demonstrates: ['shows'], demonstrating: ['showing'] }),
  ...verbRules({ pave: ['open'], paves: ['opens'], paved: ['opened'], paving: ['opening'] }, ' the way for'),
  rule('\\b(open|opens|opened|opening) the way for\\b', ['$1 the door to', '$1 the door for']),
  rule("\\b(navigate|navigates|navigated|navigating) (?:the )?(?:complexities|intricacies|challenges|nuances) of\\b", ['$1 the maze of', '$1 the ins and outs of']),
  rule('\\b(harness|harnesses|harnessed|harnessing) the (?:full )?(?:power|potential) of\\b', ['$1', '$1']),
  rule('\\bharness\\b', ['use', 'tap']),
  rule('\\bharnesses\\b', ['uses', 'taps']),
  rule('\\bharnessed\\b', ['used', 'tapped']),
  rule('\\bharnessing\\b', ['using', 'tapping']),
  rule('\\bunlock the (?:full )?potential of\\b', ['make the most of', 'get the most out of']),
  rule("\\bin today's (?:fast-paced |digital |modern |ever-changing |rapidly changing |interconnected )?(?:world|age|era|society|landscape)\\b", ['today', 'these days']),
  rule('\\bin the realm of\\b', ['in', 'in the field of']),
  rule('\\bthe realm of\\b', ['the world of', 'the field of']),
  rule('\\bwhen it comes to\\b', ['for', 'with']),
  rule('\\bin order to\\b', ['to']),
  rule('\\b(?:due to|owing to) the fact that\\b', ['because', 'since']),
  rule('\\bprior to\\b', ['before']),
  rule('\\bin the event that\\b', ['if']),
  rule('\\bat this point in time\\b', ['now']),
  rule('\\bindividuals\\b', ['people']),
  rule('\\bsubsequently\\b', ['later', 'then']),
  rule('\\bapproximately\\b', ['about', 'around']),
  rule('\\bcrucial\\b', ['key', 'vital']),
  rule('\\bpivotal\\b', ['key', 'central']),
  rule('\\bparamount\\b', ['vital', 'key']),
  rule('\\bseamless\\b', ['smooth', 'easy']),
  rule('\\bseamlessly\\b', ['smoothly', 'easily']),
  rule('\\brobust\\b', ['strong', 'solid']),
  rule('\\bcomprehensive\\b', ['thorough', 'full']),
  rule('\\bintricate\\b', ['complex', 'detailed']),
  rule('\\bmultifaceted\\b', ['complex', 'many-sided']),
  rule('\\b(?:ever-evolving|ever-changing|constantly evolving|rapidly evolving)\\b', ['changing', 'shifting']),
  rule('\\bever-growing\\b', ['growing']),
  rule('\\btapestry\\b', ['mix', 'blend']),
  rule('\\bcommendable\\b', ['impressive', 'admirable']),
  rule('\\bmeticulous\\b', ['careful', 'thorough']),
  rule('\\bmeticulously\\b', ['carefully', 'closely']),
  rule('\\bendeavou?rs to\\b', ['tries to']),
  rule('\\bendeavou?r to\\b', ['try to']),
  rule('\\bendeavou?rs\\b', ['efforts']),
  rule('\\bendeavou?r\\b', ['effort']),
  rule('\\bvibrant\\b', ['lively', 'bright']),
  rule('\\bbustling\\b', ['busy', 'lively']),
  rule('\\bnestled\\b', ['tucked', 'set']),
  rule('\\bgame-changer\\b', ['breakthrough', 'big shift']),
  rule('\\bcutting-edge\\b', ['latest', 'advanced']),
  rule('\\bstate-of-the-art\\b', ['modern', 'advanced']),
  rule('\\bgroundbreaking\\b', ['pioneering', 'new']),
  rule('\\bunparalleled\\b', ['unmatched', 'unrivalled']),
  rule('\\binvaluable\\b', ['very useful', 'priceless']),
  rule('\\bprofound\\b', ['deep', 'strong']),
  rule('\\bprofoundly\\b', ['deeply', 'greatly']),
  rule('(?<!statistically |not )\\bsignificantly\\b', ['greatly', 'sharply']),
  rule('(?<!statistically |not )\\bsignificant\\b', ['major', 'big']),
  rule('\\bensure that\\b', ['make sure that']),
  rule('\\bensures that\\b', ['makes sure that']),
  rule('\\bensured that\\b', ['made sure that']),
  rule('\\bensuring that\\b', ['making sure that']),
  rule('\\b(may|might|could|can) potentially\\b', ['$1', '$1']),
  rule(';\\s*however,\\s+', [', but ', '. Still, ']),
  rule(',\\s*however,\\s+', [', though, ', ', still, ']),
  rule(',\\s*thus\\s+', [', so ', ', which means ']),
  rule(',\\s*thereby\\s+', [', so ', ', and so ']),
  // A spaced dash between words reads as a machine tell; a comma does the same job here.
  rule('(?<=[\\p{L}\\p{N}\uE001]) +[—–] +(?=[\\p{L}\uE000])', [', ']),
  rule('(?<=\\p{L})—(?=\\p{L})', [', ']),
];

/**
 * Formal words that machine text favours, with the plain word a person would more likely write
 * (after plain-language style guides). Only forms whose replacement inflects the same way.
 */
const PLAIN_WORDS: PhraseRule[] = [
  ...verbRules({ purchase: ['buy'], purchases: ['buys'], purchasing: ['buying'] }, '(?! (?:price|order|agreement)s?\\b)'),
  ...verbRules({ obtain: ['get'], obtains: ['gets'], obtaining: ['getting'] }),
  ...verbRules({ require: ['need'], requires: ['needs'], required: ['needed'], requiring: ['needing'] }, '(?! (?:by|for|under)\\b)'),
  ...verbRules({ attempt: ['try'], attempts: ['tries'], attempted: ['tried'], attempting: ['trying'] }, '(?= to\\b)'),
  ...verbRules({ inquire: ['ask'], inquires: ['asks'], inquired: ['asked'], inquiring: ['asking'] }),
  ...verbRules({ possess: ['have'], possesses: ['has'], possessing: ['having'] }),
  ...verbRules({ endeavour: ['try'] }, '(?= to\\b)'),
  ...verbRules({ indicate: ['show', 'suggest'], indicates: ['shows', 'suggests'], indicating: ['showing', 'suggesting'] }),
  ...verbRules({ acquire: ['gain', 'get'], acquires: ['gains', 'gets'], acquired: ['gained'], acquiring: ['gaining', 'getting'] }),
  ...verbRules({ comprise: ['include', 'make up'], comprises: ['includes'], comprising: ['including'] }),
  ...verbRules({ elucidate: ['explain', 'clarify'], elucidates: ['explains', 'clarifies'], elucidated: ['explained'], elucidating: ['explaining'] }),
  ...verbRules({ ascertain: ['find out', 'learn'], ascertained: ['found out', 'learned'] }),
  ...verbRules({ exemplify: ['show'], exemplifies: ['shows'], exemplifying: ['showing'] }),
  ...verbRules({ encompass: ['cover', 'include'], encompasses: ['covers', 'includes'], encompassing: ['covering', 'including'] }),
  ...verbRules({ optimize: ['improve', 'tune'], optimizes: ['improves', 'tunes'], optimizing: ['improving', 'tuning'] }),
  ...verbRules({ mitigate: ['reduce', 'ease'], mitigates: ['reduces', 'eases'], mitigated: ['reduced', 'eased'], mitigating: ['reducing', 'easing'] }),
  ...verbRules({ necessitate: ['need', 'call for'], necessitates: ['needs', 'calls for'], necessitated: ['needed'], necessitating: ['needing'] }),
  ...verbRules({ envision: ['picture', 'imagine'], envisions: ['pictures', 'imagines'], envisioned: ['pictured', 'imagined'], envisioning: ['picturing', 'imagining'] }),
  ...verbRules({ strive: ['try', 'work'], strives: ['tries', 'works'], striving: ['trying', 'working'] }, '(?= to\\b)'),
  rule('\\bsufficient\\b', ['enough']),
  rule('\\binsufficient\\b', ['too little', 'not enough']),
  rule('\\bnevertheless\\b', ['still', 'even so']),
  rule('\\bnonetheless\\b', ['still', 'even so']),
  rule('\\bmoreover\\b', ['also', 'besides']),
  rule('\\bfurthermore\\b', ['also', 'besides']),
  rule('\\badditionally\\b', ['also']),
  rule('\\bcommence\\b', ['start']),
  rule('\\bcommencement\\b', ['start', 'beginning']),
  rule('\\bexceedingly\\b', ['very', 'extremely']),
  rule('\\bimmensely\\b', ['hugely', 'greatly']),
  rule('\\bimmense\\b', ['huge', 'vast']),
  rule('\\bremarkable\\b', ['striking', 'amazing']),
  rule('\\bremarkably\\b', ['strikingly', 'surprisingly']),
  rule('\\bexceptional\\b', ['outstanding', 'rare']),
  rule('\\bfascinating\\b', ['interesting', 'gripping']),
  rule('\\binnovative\\b', ['new', 'fresh']),
  rule('\\bdiverse\\b', ['varied', 'different']),
  rule('\\bdelectable\\b', ['delicious', 'tasty']),
  rule('\\bexquisite\\b', ['superb', 'lovely']),
  rule('\\bbreathtaking\\b', ['stunning', 'amazing']),
  rule('\\bcaptivating\\b', ['gripping', 'charming']),
  rule('\\benchanting\\b', ['charming', 'magical']),
  rule('\\bunwavering\\b', ['steady', 'firm']),
  rule('\\binsatiable\\b', ['endless', 'restless']),
  rule('\\butmost\\b', ['greatest', 'highest']),
  rule('\\bwhilst\\b', ['while']),
  rule('\\bamongst\\b', ['among']),
  rule('\\bpertaining to\\b', ['about', 'on']),
  rule('\\bwith regard to\\b', ['about', 'on']),
  rule('\\bin regard to\\b', ['about', 'on']),
  rule('\\bwith respect to\\b', ['about', 'for']),
  rule('\\bin terms of\\b', ['for', 'in']),
  rule('\\ba number of\\b', ['several', 'some']),
  rule('\\bthe majority of\\b', ['most']),
  rule('\\bin close proximity to\\b', ['near', 'close to']),
  rule('\\bin proximity to\\b', ['near', 'close to']),
  rule('\\bfor the purpose of\\b', ['for', 'to help with']),
  rule('\\bon a daily basis\\b', ['daily', 'every day']),
  rule('\\bon a regular basis\\b', ['regularly', 'often']),
  rule('\\bin a timely manner\\b', ['on time', 'promptly']),
  rule('\\bdespite the fact that\\b', ['although', 'even though']),
  rule('\\bin spite of the fact that\\b', ['although', 'even though']),
  rule('\\bin light of\\b', ['given', 'because of']),
];

/** Contractions, only before a following word (so "as it is." stays whole). */
const CONTRACTIONS: PhraseRule[] = [
  ...[
    ['do not', "don't"], ['does not', "doesn't"], ['did not', "didn't"], ['is not', "isn't"], ['are not', "aren't"],
    ['was not', "wasn't"], ['were not', "weren't"], ['has not', "hasn't"], ['have not', "haven't"], ['had not', "hadn't"],
    ['cannot', "can't"], ['can not', "can't"], ['could not', "couldn't"], ['would not', "wouldn't"], ['should not', "shouldn't"],
    ['will not', "won't"], ['it is', "it's"], ['that is', "that's"], ['there is', "there's"], ['what is', "what's"],
    ['they are', "they're"], ['we are', "we're"], ['you are', "you're"], ['I am', "I'm"], ['let us', "let's"],
  ].map(([from, to]) => rule(`\\b${from}\\b(?= +(?:\\p{L}|${PLACEHOLDER}))(?! +to say\\b)`, [to])),
  ...[['he is', "he's"], ['she is', "she's"], ['who is', "who's"], ['here is', "here's"], ['I will', "I'll"], ['we will', "we'll"], ['you will', "you'll"], ['they will', "they'll"], ['would have', "would've"], ['could have', "could've"], ['should have', "should've"]].map(([from, to]) => rule(`\\b${from}\\b(?= +\\p{L})`, [to])),
  rule("\\b(I|we|you|they) have (?=(?:been|seen|found|shown|made|had|become|learned|done|got|gone|come|taken|given|known)\\b)", ["$1've"]),
  rule("\\b(I|we|you|they|he|she) had (?=(?:been|seen|found|made|had|become|learned|done|gone|come|taken|given|known|never|always|just|already)\\b)", ["$1'd"]),
];

const CAPITAL_START = /^\p{Lu}/u;

function applyRule(text: string, { pattern, replacements }: PhraseRule, variant: number): string {
  pattern.lastIndex = 0;
  return text.replace(pattern, (...args: unknown[]) => {
    const match = args[0] as string;
    const groups = args.slice(1).filter((g): g is string | undefined => typeof g === 'string' || g === undefined);
    let out = replacements[variant % replacements.length].replace(/\$(\d)/gu, (_, n: string) => groups[Number(n) - 1] ?? '');
    // Keep the match's capitalisation ("In order to" -> "To"); keep "I" in contractions.
    if (CAPITAL_START.test(match) && out.length > 0) out = out[0].toUpperCase() + out.slice(1);
    return out;
  });
}

/** Applies the opener and phrase tables, each rule with its `variant`-th alternative. */
export function replacePhrases(masked: string, variant: number): string {
  let out = masked;
  for (const r of OPENERS) out = applyRule(out, r, variant);
  for (const r of PHRASES) out = applyRule(out, r, variant);
  for (const r of PLAIN_WORDS) out = applyRule(out, r, variant);
  return tidy(out, masked);
}

export function contract(masked: string): string {
  let out = masked;
  for (const r of CONTRACTIONS) out = applyRule(out, r, 0);
  return out;
}

/**
 * Cleans what deletions leave behind: doubled spaces, a space before punctuation, and the first
 * letter of the sentence lower-cased after its opener was dropped.
 */
export function tidy(text: string, before: string): string {
  let out = text.replace(/(?<=\S) {2,}(?=\S)/gu, ' ').replace(/(?<=[\p{L}\p{N}\uE001]) +(?=[,.;:!?](?:\s|$))/gu, '').replace(/,,+/gu, ',');
  out = out.replace(/^\s+/u, '');
  if (CAPITAL_START.test(before.trimStart())) out = capitaliseFirst(out);
  return fixArticles(out, before);
}

/** Upper-cases the first letter when the text starts with a plain word (not a placeholder). */
export function capitaliseFirst(text: string): string {
  const m = /^([^\p{L}\uE000]*)(\p{Ll})/u.exec(text);
  return m ? m[1] + m[2].toUpperCase() + text.slice(m[0].length) : text;
}

/**
 * "a"/"an" before a word a rule introduced ("an intricate" -> "a complex"), decided by the first
 * letter; a pair the input already had is left alone ("an hour", "a unit").
 */
export function fixArticles(text: string, before: string): string {
  return text.replace(/\b(a|an|A|An) (\p{L}+)/gu, (whole, article: string, word: string) => {
    if (before.includes(whole)) return whole;
    const vowel = /^[aeiou]/iu.test(word);
    const wantsAn = vowel;
    const isAn = article.toLowerCase() === 'an';
    if (wantsAn === isAn) return whole;
    const fixed = wantsAn ? 'an' : 'a';
    return `${article[0] === article[0].toUpperCase() ? fixed[0].toUpperCase() + fixed.slice(1) : fixed} ${word}`;
  });
}
