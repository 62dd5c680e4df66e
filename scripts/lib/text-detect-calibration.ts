/**
 * Calibration of the AI-text detector per length band, fitted on held-out logits (every training text
 * scored by a model trained without its register group): Platt scaling per band with human and AI
 * weighing the same, and an operating point per band (`shift`): the logit above which at most
 * BAND_FPR of the band's held-out humans lie. model.ts (scoreAt) scores above 0.5 only past that
 * point and keeps Platt's probability, capped at 0.5, below it. A band whose held-out logits carry no
 * evidence (Platt slope not positive) gets slope 0 and score 0.5. model.ts interpolates between the
 * bands' knots.
 */
import { LENGTH_BANDS, sigmoid, type Calibration } from '../../server/engines/text-detect/model.ts';
import { answerSourceOf, registerGroupOf, type CorpusDoc } from './text-detect-recipe.ts';

/** Held-out human false-positive rate allowed at ai_score 0.5, per length band (pooled over held-out registers). */
export const BAND_FPR = [0.01, 0.01, 0.008, 0.005, 0.005];

/** Weighted Platt scaling: a, b minimising Σ w·log-loss of sigmoid(a·x + b) (Newton's method with step halving). */
export function platt(x: number[], y: number[], w: number[]): { a: number; b: number } {
  const loss = (a: number, b: number): number => {
    let l = 0;
    for (let i = 0; i < x.length; i++) {
      const m = (a * x[i] + b) * (y[i] ? 1 : -1);
      l += w[i] * (m > 0 ? Math.log1p(Math.exp(-m)) : -m + Math.log1p(Math.exp(m)));
    }
    return l;
  };
  let a = 1;
  let b = 0;
  let f = loss(a, b);
  for (let it = 0; it < 100; it++) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-12;
    let hab = 0;
    let hbb = 1e-12;
    for (let i = 0; i < x.length; i++) {
      const p = sigmoid(a * x[i] + b);
      const r = w[i] * (p - y[i]);
      const h = w[i] * p * (1 - p);
      ga += r * x[i];
      gb += r;
      haa += h * x[i] * x[i];
      hab += h * x[i];
      hbb += h;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    let step = 1;
    let fNew = loss(a - da, b - db);
    while (fNew > f && step > 1e-6) {
      step /= 2;
      fNew = loss(a - step * da, b - step * db);
    }
    if (fNew > f) break;
    a -= step * da;
    b -= step * db;
    const done = f - fNew < 1e-12;
    f = fNew;
    if (done) break;
  }
  return { a, b };
}

/**
 * Per register group: a band's threshold is also raised until no group with at least `minHumans`
 * human texts in the band has more than `fpr[band]` of them above it, so the pooled target cannot hide
 * one register that is flagged often (the per-domain false-positive rate is what a person meets).
 * Stricter under 60 words, where a text carries little evidence. 4.2.0: 0.25% (≤ 60 words) and 1%
 * (longer); 4.0.0: 0.5% and 1.5%; 3.x: 1% and 2%: chosen on the held-out protocol (MODEL_CARD.md,
 * "calibration"). 1% was out of reach before 4.2.0 read separator lines as layout: two human emails
 * with banners of asterisks scored as the most AI-like texts of their register and set its threshold.
 */
export const GROUP_FPR = {
  fpr: [0.0025, 0.0025, 0.01, 0.01, 0.01],
  minHumans: 30,
  on: true,
  /**
   * With RECIPE.answers: OpenAssistant's human replies held to this false-positive target of their own,
   * outside their group's and the band's (undefined: in them, like any human text). Their labels are
   * noisy (silent ChatGPT pastes) and held out they rank at chance against chat answers, so at 1% they
   * set the `answers` group's threshold for every chat answer. Measured with 0.1, not shipped
   * (MODEL_CARD.md, "Answers candidate B"); exploration: TEXT_DETECT_GROUP_FPR='{"oasst":0.1}'.
   */
  oasst: undefined as undefined | number,
};
if (process.env.TEXT_DETECT_GROUP_FPR) Object.assign(GROUP_FPR, JSON.parse(process.env.TEXT_DETECT_GROUP_FPR));

/** Per-band Platt scaling on held-out logits `x` of the texts `which`, each band at its false-positive target. */
export function fitCalibration(x: ArrayLike<number>, docs: CorpusDoc[], which: number[]): Calibration {
  const a: number[] = [];
  const b: number[] = [];
  const shift: number[] = [];
  // OpenAssistant's humans at a target of their own (GROUP_FPR.oasst), outside the band's and their group's.
  const ownFpr = GROUP_FPR.oasst;
  const ownTarget = (i: number): boolean => ownFpr !== undefined && answerSourceOf(docs[i]) === 'oasst';
  for (let band = 0; band < LENGTH_BANDS.length; band++) {
    const at = which.map((i, k) => ({ i, x: x[k] })).filter((e) => docs[e.i].band === band);
    const nh = at.filter((e) => docs[e.i].y === 0).length;
    const na = at.length - nh;
    const cal = nh > 0 && na > 0 ? platt(at.map((e) => e.x), at.map((e) => docs[e.i].y), at.map((e) => (docs[e.i].y ? 0.5 / na : 0.5 / nh))) : { a: 0, b: 0 };
    if (!(cal.a > 0)) {
      // Held out, the band's logits do not rank AI above human (short texts: their registers, chat
      // answers against dialogue and tweets, do not carry over), or the band lacks a label: no
      // evidence, so every text of the band scores 0.5 ("cannot tell"), not above the threshold.
      a.push(0);
      b.push(0);
      shift.push(0);
      continue;
    }
    // Threshold in logit: the human logit with BAND_FPR of the band's humans above it, never below Platt's 0.5.
    const human = at.filter((e) => docs[e.i].y === 0 && !ownTarget(e.i)).map((e) => e.x).sort((p, q) => p - q);
    const allowed = Math.floor(BAND_FPR[band] * human.length);
    let t = Math.max(-cal.b / cal.a, human.length > 0 ? human[human.length - 1 - allowed] : -Infinity);
    if (GROUP_FPR.on) {
      const byGroup = new Map<string, { fpr: number; x: number[] }>();
      for (const e of at) {
        if (docs[e.i].y !== 0) continue;
        const own = ownTarget(e.i);
        const key = own ? 'oasst' : registerGroupOf(docs[e.i].row.domain);
        const g = byGroup.get(key) ?? { fpr: own && ownFpr !== undefined ? ownFpr : GROUP_FPR.fpr[band], x: [] };
        g.x.push(e.x);
        byGroup.set(key, g);
      }
      for (const { fpr, x: hs } of byGroup.values()) {
        if (hs.length < GROUP_FPR.minHumans) continue;
        hs.sort((p, q) => p - q);
        t = Math.max(t, hs[hs.length - 1 - Math.floor(fpr * hs.length)]);
      }
    }
    a.push(cal.a);
    b.push(-cal.a * t);
    shift.push(-cal.a * t - cal.b);
  }
  return { a, b, shift };
}
