/**
 * Which word of a small closed set belongs in a slot (which preposition, in "at the end _ the season"),
 * read from the words around it: a multinomial logistic model over word features, trained on edited
 * English by scripts/build-grammar-slot-models.ts (`npm run train -- grammar-slots`). Where the counts
 * see only a pair or a triple, the model weighs all the words around at once ("the end" before, "the
 * season" after).
 *
 * File format (gzipped text): a first line `classes<TAB>c1 c2 ...`, a second `scale<TAB>n`, then one
 * line a feature, `feature<TAB>w1 w2 ...`, its weight for each class times `scale`, rounded.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { CountTable } from './counts.ts';

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
    return SlotModel.parse(gunzipSync(readFileSync(file)).toString('utf8'));
  }

  static parse(text: string): SlotModel {
    const lines = text.split('\n').filter((l) => l !== '');
    const classes = lines[0].split('\t')[1].split(' ');
    const scale = Number(lines[1].split('\t')[1]);
    const k = classes.length;
    const weights = new Int16Array((lines.length - 2) * k);
    const entries: Array<[string, number]> = [];
    for (let i = 2; i < lines.length; i++) {
      const tab = lines[i].lastIndexOf('\t');
      const row = i - 2;
      entries.push([lines[i].slice(0, tab), row + 1]);
      lines[i]
        .slice(tab + 1)
        .split(' ')
        .forEach((w, c) => (weights[row * k + c] = Number(w)));
    }
    return new SlotModel(classes, CountTable.fromEntries(entries), weights, scale);
  }

  /** The model as its file's text: `weights` holds each feature's weights, one row a feature. */
  static format(classes: readonly string[], features: readonly string[], weights: Float32Array | Float64Array, scale: number): string {
    const k = classes.length;
    const lines = [`classes\t${classes.join(' ')}`, `scale\t${scale}`];
    features.forEach((f, row) => lines.push(`${f}\t${Array.from(weights.subarray(row * k, row * k + k), (w) => Math.max(-32767, Math.min(32767, Math.round(w * scale)))).join(' ')}`));
    return `${lines.join('\n')}\n`;
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
    const top = Math.max(...p);
    let sum = 0;
    for (let c = 0; c < k; c++) sum += p[c] = Math.exp(p[c] - top);
    for (let c = 0; c < k; c++) p[c] /= sum;
    return p;
  }
}

/** Words that open a noun phrase: the features read the noun after them. */
const OPENERS = new Set(['the', 'a', 'an', 'his', 'her', 'their', 'its', 'my', 'our', 'your', 'this', 'that', 'these', 'those', 'some', 'any', 'every', 'each', 'all', 'no', 'which', 'what']);

/**
 * A slot's features: the words of its sentence before it (ngramWords, at least one) and after it. The
 * two words on each side, the first word after any determiners (the noun: "the end of the season"),
 * and pairs of them across the slot.
 */
export function slotFeatures(before: readonly string[], after: readonly string[]): string[] {
  const l1 = before[before.length - 1];
  const l2 = before[before.length - 2] ?? '<s>';
  const r1 = after[0] ?? '</s>';
  const r2 = after[1] ?? '</s>';
  let n = 0;
  while (n < after.length && n < 3 && OPENERS.has(after[n])) n++;
  const object = after[n] ?? '</s>';
  return ['bias', `l1:${l1}`, `l2:${l2} ${l1}`, `w2:${l2}`, `r1:${r1}`, `r2:${r1} ${r2}`, `obj:${object}`, `l1obj:${l1} ${object}`, `l1r1:${l1} ${r1}`];
}
