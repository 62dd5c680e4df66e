/**
 * Which word of a small closed set belongs in a slot (which preposition, in "at the end _ the season"),
 * read from the words around it: a multinomial logistic model over word features, trained on edited
 * English by scripts/build-grammar-slot-models.ts (`npm run train -- grammar-slots`). Where the counts
 * see only a pair or a triple, the model weighs all the words around at once ("the end" before, "the
 * season" after).
 *
 * File format (gzipped): three text lines, `classes<TAB>c1 c2 ...`, `scale<TAB>n` and `rows<TAB>n`; then the
 * weights, a signed 16-bit little-endian integer per feature and class (weight × scale, rounded), row by row;
 * then one line a feature, `feature<TAB>row + 1`, read as a CountTable (its keys kept as hashes, no strings).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { CountTable } from './counts.ts';
import { SENTENCE_START } from './ngrams.ts';

export class SlotModel {
  private constructor(
    /** The words the slot may hold, in the order of each feature's weights. */
    readonly classes: readonly string[],
    /** Each feature's row + 1 (CountTable keeps keys as hashes; 0 means unknown). */
    private readonly rows: CountTable,
    private readonly weights: Int16Array,
    private readonly scale: number,
  ) {}

  static load(file: URL): SlotModel {
    return SlotModel.parse(gunzipSync(readFileSync(file)));
  }

  static parse(bytes: Buffer): SlotModel {
    let at = 0;
    const header = (): string => {
      const end = bytes.indexOf(10, at);
      const value = bytes.toString('utf8', at, end).split('\t')[1];
      at = end + 1;
      return value;
    };
    const classes = header().split(' ');
    const scale = Number(header());
    const weights = new Int16Array(Number(header()) * classes.length);
    for (let i = 0; i < weights.length; i++, at += 2) weights[i] = bytes.readInt16LE(at);
    return new SlotModel(classes, CountTable.parse(bytes, '', at), weights, scale);
  }

  /** The model's file (before gzip): `weights` holds each feature's weights, one row a feature. */
  static format(classes: readonly string[], features: readonly string[], weights: Float32Array | Float64Array, scale: number): Buffer {
    const k = classes.length;
    const packed = Buffer.alloc(features.length * k * 2);
    weights.slice(0, features.length * k).forEach((w, i) => packed.writeInt16LE(Math.max(-32767, Math.min(32767, Math.round(w * scale))), 2 * i));
    const keys = features.map((f, row) => `${f}\t${row + 1}\n`).join('');
    return Buffer.concat([Buffer.from(`classes\t${classes.join(' ')}\nscale\t${scale}\nrows\t${features.length}\n`), packed, Buffer.from(keys)]);
  }

  /** The probability of each class (in `classes` order) given the slot's features; unknown features weigh nothing. */
  probabilities(features: readonly string[]): Float64Array {
    const k = this.classes.length;
    const p = new Float64Array(k);
    for (const f of features) {
      const row = this.rows.get(f) - 1;
      if (row < 0) continue;
      for (let c = 0; c < k; c++) p[c] += this.weights[row * k + c] / this.scale;
    }
    return softmax(p);
  }
}

/** Scores made probabilities in place (shifted by their top, so no exponent overflows); the trainer's too. */
export function softmax(scores: Float64Array): Float64Array {
  const top = Math.max(...scores);
  let sum = 0;
  for (let c = 0; c < scores.length; c++) sum += scores[c] = Math.exp(scores[c] - top);
  for (let c = 0; c < scores.length; c++) scores[c] /= sum;
  return scores;
}

/** Words that open a noun phrase: the features read the noun after them. */
const NOUN_PHRASE_OPENERS = new Set(['the', 'a', 'an', 'his', 'her', 'their', 'its', 'my', 'our', 'your', 'this', 'that', 'these', 'those', 'some', 'any', 'every', 'each', 'all', 'no', 'which', 'what']);

/**
 * A slot's features: the words of its sentence before it (ngramWords, at least one) and after it. The
 * two words on each side, the first word after any determiners (the noun: "the end of the season"),
 * and pairs of them across the slot.
 */
export function slotFeatures(before: readonly string[], after: readonly string[]): string[] {
  const l1 = before[before.length - 1];
  const l2 = before[before.length - 2] ?? SENTENCE_START;
  const r1 = after[0] ?? '</s>';
  const r2 = after[1] ?? '</s>';
  let n = 0;
  while (n < after.length && n < 3 && NOUN_PHRASE_OPENERS.has(after[n])) n++;
  const object = after[n] ?? '</s>';
  return ['bias', `l1:${l1}`, `l2:${l2} ${l1}`, `w2:${l2}`, `r1:${r1}`, `r2:${r1} ${r2}`, `obj:${object}`, `l1obj:${l1} ${object}`, `l1r1:${l1} ${r1}`];
}
