/**
 * How a model server's evidence joins the built-in model's: logistic stacking over a few features
 * (the built-in score's logit and the server's own numbers), with weights that `npm run calibrate`
 * fits on labelled data against the operator's own server and writes to a file. Never blind: without
 * a calibration file for the configured model the server's evidence is only reported, unless the
 * operator trusts the server's own probability (`*_MODEL_TRUST=own`).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const FUSION_ENGINES = ['text-detect', 'image', 'voice'] as const;
export type FusionEngine = (typeof FUSION_ENGINES)[number];

const Figures = z.record(z.string(), z.unknown());

export const Calibration = z.object({
  engine: z.enum(FUSION_ENGINES),
  /** The server's model(s) the weights were fitted against; a file for another model is not used. */
  model: z.string(),
  features: z.array(z.string()).min(1),
  center: z.array(z.number()),
  scale: z.array(z.number().positive()),
  weights: z.array(z.number()),
  bias: z.number(),
  /** What the calibration measured (held out), kept for the record. */
  figures: Figures.optional(),
});
export type Calibration = z.infer<typeof Calibration>;

const EPS = 1e-4;
export const logit = (p: number) => {
  const q = Math.min(1 - EPS, Math.max(EPS, p));
  return Math.log(q / (1 - q));
};
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The fused probability, or undefined when a feature the calibration needs is missing. */
export function fuse(calibration: Calibration, features: Record<string, number | undefined>): number | undefined {
  let z = calibration.bias;
  for (let i = 0; i < calibration.features.length; i++) {
    const x = features[calibration.features[i]];
    if (x === undefined || !Number.isFinite(x)) return undefined;
    z += (calibration.weights[i] * (x - calibration.center[i])) / calibration.scale[i];
  }
  return sigmoid(z);
}

/** Reads a calibration file; undefined (with the reason) when it is absent, malformed, or for another engine or model. */
export function loadCalibration(file: string, expected: { engine: FusionEngine; model: string }): { calibration?: Calibration; problem?: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { problem: `no calibration file at ${file}` };
  }
  let parsed;
  try {
    parsed = Calibration.safeParse(JSON.parse(text));
  } catch {
    return { problem: `${file} is not JSON` };
  }
  if (!parsed.success) return { problem: `${file} is not a calibration file (${parsed.error.issues[0]?.message})` };
  const c = parsed.data;
  const n = c.features.length;
  if (c.center.length !== n || c.scale.length !== n || c.weights.length !== n) return { problem: `${file}: features, center, scale and weights differ in length` };
  if (c.engine !== expected.engine) return { problem: `${file} calibrates ${c.engine}, not ${expected.engine}` };
  if (c.model !== expected.model) return { problem: `${file} was fitted against model "${c.model}", not the configured "${expected.model}"` };
  return { calibration: c };
}

/**
 * Fits logistic weights (standardised features, a small L2 penalty, Newton's method) on rows of
 * features and 0/1 labels.
 */
export function fitLogistic(rows: number[][], labels: number[], l2 = 1e-2): Pick<Calibration, 'center' | 'scale' | 'weights' | 'bias'> {
  const d = rows[0]?.length ?? 0;
  const n = rows.length;
  const center = Array.from({ length: d }, (_, j) => rows.reduce((s, r) => s + r[j], 0) / n);
  const scale = Array.from({ length: d }, (_, j) => Math.sqrt(rows.reduce((s, r) => s + (r[j] - center[j]) ** 2, 0) / n) || 1);
  const x = rows.map((r) => [1, ...r.map((v, j) => (v - center[j]) / scale[j])]);
  const beta = new Array(d + 1).fill(0);
  for (let iteration = 0; iteration < 50; iteration++) {
    const grad = new Array(d + 1).fill(0);
    const hess = Array.from({ length: d + 1 }, () => new Array(d + 1).fill(0));
    for (let i = 0; i < n; i++) {
      const p = sigmoid(x[i].reduce((s, v, j) => s + v * beta[j], 0));
      const w = p * (1 - p);
      for (let j = 0; j <= d; j++) {
        grad[j] += (p - labels[i]) * x[i][j];
        for (let k = 0; k <= d; k++) hess[j][k] += w * x[i][j] * x[i][k];
      }
    }
    for (let j = 1; j <= d; j++) {
      grad[j] += l2 * n * beta[j];
      hess[j][j] += l2 * n;
    }
    hess[0][0] += 1e-9;
    const step = solve(hess, grad);
    let moved = 0;
    for (let j = 0; j <= d; j++) {
      beta[j] -= step[j];
      moved = Math.max(moved, Math.abs(step[j]));
    }
    if (moved < 1e-9) break;
  }
  return { center, scale, bias: beta[0], weights: beta.slice(1) };
}

/** Gaussian elimination with partial pivoting (the systems here are at most a few unknowns). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) pivot = r;
    [m[c], m[pivot]] = [m[pivot], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c || m[c][c] === 0) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => (row[i] === 0 ? 0 : row[n] / row[i]));
}
