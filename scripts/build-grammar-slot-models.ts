/**
 * `npm run train -- grammar-slots` (this script): trains the grammar engine's slot model of prepositions,
 * server/engines/grammar/data/prepositions.bin.gz (slot-model.ts): which of COMMON_PREPOSITIONS belongs
 * between the words around it, a multinomial logistic model fitted by stochastic gradient descent on every
 * such preposition of the grammar corpus (scripts/lib/grammar-corpus.ts, the text the count tables are
 * built from). Feature weights only are written, never the text.
 *
 * First it measures itself: a model trained on nine sentences in ten is read on the tenth, and the script
 * prints how often the engine would change a preposition of that held-out English at its thresholds
 * (prepositions.ts), and how many prepositions swapped for another at random it puts back. Then it trains
 * on all sentences and writes the model. The same inputs give the same bytes.
 *
 * A model of missing articles the same way (no article, "the" or "a" at each place one could stand) was
 * tried and left out: at 0.03 insertions per 1,000 held-out words it put back 4% of the articles left out.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMMON_PREPOSITIONS } from '../server/engines/grammar/data/function-words.ts';
import { prepositionSwap } from '../server/engines/grammar/prepositions.ts';
import { SlotModel, slotFeatures, softmax } from '../server/engines/grammar/slot-model.ts';
import { seededRandom } from '../server/engines/shared/random.ts';
import { GRAMMAR_CORPUS, sentenceWords } from './lib/grammar-corpus.ts';
import { INJECTED_PREPOSITIONS } from './lib/grammar-heldout.ts';

const OUT = path.resolve(import.meta.dirname, '../server/engines/grammar/data/prepositions.bin.gz');
/** A feature seen fewer times is left out: mostly noise, and it would swell the file. */
const MIN_FEATURE = 5;
/** Passes over the examples, and the first pass's step (divided by the pass number after). */
const EPOCHS = 4;
const STEP = 0.2;
/** Weights are kept to two decimals (the file's integers are weights × SCALE). */
const SCALE = 100;
/** A feature whose weights all lie closer to 0 than this is left out: it barely moves a choice. */
const MIN_WEIGHT = 0.1;
/** One sentence in HELD_OUT is kept out of the model that measures itself. */
const HELD_OUT = 10;
/** The prepositions the injected errors of `npm run eval -- grammar inject` swap among. */
const SWAPPED = INJECTED_PREPOSITIONS;

interface Example {
  features: string[];
  label: number;
}

const CLASS = new Map(COMMON_PREPOSITIONS.map((p, i) => [p, i]));
const K = COMMON_PREPOSITIONS.length;
const before = (words: string[], i: number): string[] => words.slice(Math.max(0, i - 2), i);
const after = (words: string[], i: number): string[] => words.slice(i + 1, i + 4);

/** Each preposition of the sentence with a word before it: its features and which one it is. */
function examples(words: string[]): Example[] {
  const out: Example[] = [];
  for (let i = 1; i < words.length; i++) {
    const label = CLASS.get(words[i]);
    if (label !== undefined) out.push({ features: slotFeatures(before(words, i), after(words, i)), label });
  }
  return out;
}

/** The model's file (slot-model.ts, before gzip), trained on `data`. */
function train(data: Example[]): Buffer {
  const seen = new Map<string, number>();
  for (const e of data) for (const f of e.features) seen.set(f, (seen.get(f) ?? 0) + 1);
  const index = new Map<string, number>();
  for (const [f, n] of [...seen].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (n >= MIN_FEATURE) index.set(f, index.size);
  const rows = data.map((e) => ({ rows: Int32Array.from(e.features.map((f) => index.get(f) ?? -1).filter((r) => r >= 0)), label: e.label }));
  const w = new Float64Array(index.size * K);
  const p = new Float64Array(K);
  const order = rows.map((_, i) => i);
  const random = seededRandom('grammar-slot-prepositions');
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const step = STEP / (1 + epoch);
    let loss = 0;
    for (const o of order) {
      const { rows: r, label } = rows[o];
      p.fill(0);
      for (const row of r) for (let c = 0; c < K; c++) p[c] += w[row * K + c];
      softmax(p);
      loss -= Math.log(p[label] + 1e-12);
      for (const row of r) for (let c = 0; c < K; c++) w[row * K + c] -= step * (p[c] - (c === label ? 1 : 0));
    }
    console.log(`  pass ${epoch + 1}: mean log loss ${(loss / order.length).toFixed(4)}`);
  }
  const rowOf = (f: string): Float64Array => w.subarray(index.get(f)! * K, index.get(f)! * K + K);
  const kept = [...index.keys()].filter((f) => rowOf(f).some((x) => Math.abs(x) >= MIN_WEIGHT));
  return SlotModel.format(COMMON_PREPOSITIONS, kept, Float64Array.from(kept.flatMap((f) => Array.from(rowOf(f)))), SCALE);
}

const sentences: string[][] = [];
for (const source of GRAMMAR_CORPUS) for (const words of sentenceWords(source)) sentences.push(words);
const training = sentences.filter((_, i) => i % HELD_OUT !== 0).flatMap(examples);
console.log(`${sentences.length.toLocaleString('en-US')} sentences; a model trained on nine in ten (${training.length.toLocaleString('en-US')} prepositions) measures itself on the tenth`);
const model = SlotModel.parse(train(training));

// Every held-out preposition as written (a change is a false alarm, or one of the corpus's own slips),
// then swapped for another at random (a change back is a fix).
const random = seededRandom('grammar-slot-prepositions-swaps');
let words = 0;
let seen = 0;
let likeliest = 0;
let changed = 0;
let mended = 0;
for (const [n, sentence] of sentences.entries()) {
  if (n % HELD_OUT !== 0) continue;
  words += sentence.length;
  for (let i = 1; i < sentence.length; i++) {
    const written = sentence[i];
    if (!CLASS.has(written)) continue;
    seen++;
    const b = before(sentence, i);
    const a = after(sentence, i);
    const p = model.probabilities(slotFeatures(b, a));
    if (p.indexOf(Math.max(...p)) === CLASS.get(written)) likeliest++;
    if (prepositionSwap(model, b, written, a) !== null) changed++;
    const others = SWAPPED.filter((x) => x !== written);
    if (prepositionSwap(model, b, others[Math.floor(random() * others.length)], a) === written) mended++;
  }
}
const pct = (x: number): string => `${((100 * x) / seen).toFixed(1)}%`;
console.log(`held out: ${words.toLocaleString('en-US')} words, ${seen.toLocaleString('en-US')} prepositions`);
console.log(`  the likeliest preposition is the one written: ${pct(likeliest)}`);
console.log(`  prepositions as written that the engine would change: ${changed} (${((1000 * changed) / words).toFixed(3)} per 1,000 words)`);
console.log(`  prepositions swapped at random that it puts back: ${pct(mended)}`);

const all = sentences.flatMap(examples);
console.log(`training on all sentences (${all.length.toLocaleString('en-US')} prepositions)`);
const gz = gzipSync(train(all), { level: 9 });
writeFileSync(OUT, gz);
console.log(`${OUT}: ${(gz.length / 1e6).toFixed(2)} MB`);
