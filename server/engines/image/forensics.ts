/**
 * Forensic channel: a fixed-length vector of pixel statistics that differ between camera pipelines and
 * generators, computed on bounded working views (see decode.ts). Pure functions, no I/O; NaN marks a
 * feature the image is too small to measure (the classifier treats it as "no information").
 *
 * - upsampling grid: peaks of the high-pass residual spectrum at periods 2, 4 and 8 (Synthbuster idea);
 * - spectral slope and high-frequency share of the luma power spectrum;
 * - cross-channel residual correlation and 2×2 phase variance (demosaicing / colour-filter traces);
 * - block-wise noise-level map on the whole image (local edits leave regions with a different noise level).
 */
import type { RgbImage } from './decode.ts';
import { quantile } from '../shared/stats.ts';

export const FEATURE_NAMES = [
  'grid_p2', 'grid_p4', 'grid_p8', 'grid_any', 'grid_row_p2', 'grid_row_p4', 'grid_row_p8',
  'spec_slope', 'spec_hf_share', 'spec_mid_share',
  'xcorr_rg', 'xcorr_gb', 'xcorr_rb', 'chroma_res_ratio',
  'cfa_green_phase', 'cfa_diag_phase',
  'res_log_level', 'res_kurtosis', 'res_sparsity',
  'noise_spread', 'noise_flat_iqr', 'noise_low_tail', 'noise_high_tail', 'noise_outlier_share', 'noise_cluster', 'noise_brightness_corr',
  'sat_mean', 'clip_share',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type FeatureVector = Record<FeatureName, number>;

/** Smallest native side for which the pixel statistics mean anything. */
export const MIN_FORENSIC_SIDE = 64;

// ----------------------------------------------------------------------------------------------
// Small numeric helpers

function luma(img: RgbImage): Float32Array {
  const out = new Float32Array(img.width * img.height);
  for (let i = 0, j = 0; i < out.length; i++, j += 3) out[i] = 0.299 * img.data[j] + 0.587 * img.data[j + 1] + 0.114 * img.data[j + 2];
  return out;
}

function channel(img: RgbImage, c: number): Float32Array {
  const out = new Float32Array(img.width * img.height);
  for (let i = 0, j = c; i < out.length; i++, j += 3) out[i] = img.data[j];
  return out;
}

/** 4-neighbour Laplacian residual (borders left at 0): removes content, keeps noise and resampling traces. */
function residual(plane: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      out[i] = 4 * plane[i] - plane[i - 1] - plane[i + 1] - plane[i - w] - plane[i + w];
    }
  }
  return out;
}

function correlation(a: Float32Array, b: Float32Array): number {
  let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
  const n = a.length;
  for (let i = 0; i < n; i++) { sa += a[i]; sb += b[i]; saa += a[i] * a[i]; sbb += b[i] * b[i]; sab += a[i] * b[i]; }
  const cov = sab / n - (sa / n) * (sb / n);
  const va = saa / n - (sa / n) ** 2;
  const vb = sbb / n - (sb / n) ** 2;
  return va > 1e-9 && vb > 1e-9 ? cov / Math.sqrt(va * vb) : 0;
}

const sortedCopy = (v: ArrayLike<number>): Float64Array => Float64Array.from(v).sort();

/** In-place iterative radix-2 FFT (n a power of two). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) { [re[i], re[j]] = [re[j], re[i]]; [im[i], im[j]] = [im[j], im[i]]; }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang), wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1, ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k, b = a + len / 2;
        const tr = re[b] * cr - im[b] * ci;
        const ti = re[b] * ci + im[b] * cr;
        re[b] = re[a] - tr; im[b] = im[a] - ti;
        re[a] += tr; im[a] += ti;
        const ncr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = ncr;
      }
    }
  }
}

/** Power spectrum (n×n, DC at 0) of a square tile, Hann-windowed, mean removed. */
function powerSpectrum(plane: Float32Array, stride: number, x0: number, y0: number, n: number, out: Float64Array): void {
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  const win = new Float64Array(n);
  for (let i = 0; i < n; i++) win[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / n);
  let mean = 0;
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) mean += plane[(y0 + y) * stride + x0 + x];
  mean /= n * n;
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) re[y * n + x] = (plane[(y0 + y) * stride + x0 + x] - mean) * win[x] * win[y];
  const rowRe = new Float64Array(n), rowIm = new Float64Array(n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) { rowRe[x] = re[y * n + x]; rowIm[x] = im[y * n + x]; }
    fft(rowRe, rowIm);
    for (let x = 0; x < n; x++) { re[y * n + x] = rowRe[x]; im[y * n + x] = rowIm[x]; }
  }
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) { rowRe[y] = re[y * n + x]; rowIm[y] = im[y * n + x]; }
    fft(rowRe, rowIm);
    for (let y = 0; y < n; y++) out[y * n + x] += rowRe[y] * rowRe[y] + rowIm[y] * rowIm[y];
  }
}

/** Averaged power spectra over up to four n×n tiles of the plane (Welch-style). */
function averagedSpectrum(plane: Float32Array, w: number, h: number, n: number): Float64Array {
  const out = new Float64Array(n * n);
  const xs = w >= 2 * n ? [0, w - n] : [Math.floor((w - n) / 2)];
  const ys = h >= 2 * n ? [0, h - n] : [Math.floor((h - n) / 2)];
  for (const y0 of ys) for (const x0 of xs) powerSpectrum(plane, w, x0 & ~7, y0 & ~7, n, out);
  return out;
}

/** log(power at a bin / mean power of the surrounding ring at distance 2..3 bins): a spectral peak score. */
function peakScore(spec: Float64Array, n: number, fx: number, fy: number): number {
  const at = (x: number, y: number): number => spec[(((y % n) + n) % n) * n + (((x % n) + n) % n)];
  let ring = 0, count = 0;
  for (let dy = -3; dy <= 3; dy++) {
    for (let dx = -3; dx <= 3; dx++) {
      const d = Math.max(Math.abs(dx), Math.abs(dy));
      if (d < 2) continue;
      if ((fx + dx) % n === 0 && (fy + dy) % n === 0) continue; // never use DC as a reference
      ring += at(fx + dx, fy + dy);
      count++;
    }
  }
  return Math.log((at(fx, fy) + 1e-9) / (ring / count + 1e-9));
}

// ----------------------------------------------------------------------------------------------
// Feature groups

type FeaturePart = Partial<FeatureVector>;

/** Periodic peaks of the residual spectrum at the frequencies of period-2/4/8 grids. */
function gridFeatures(res: Float32Array, w: number, h: number): FeaturePart {
  const n = largestPow2(Math.min(w, h), 256);
  if (n < 32) return {};
  const spec = averagedSpectrum(res, w, h, n);
  const periodScore = (p: number): number => {
    const f = n / p;
    let best = -Infinity;
    for (let ky = 0; ky < p; ky++) {
      for (let kx = 0; kx < p; kx++) {
        if (kx === 0 && ky === 0) continue;
        // only frequencies that belong to period p itself (not to a divisor of p)
        if (p > 2 && kx % 2 === 0 && ky % 2 === 0) continue;
        best = Math.max(best, peakScore(spec, n, kx * f, ky * f));
      }
    }
    return best;
  };
  // The strongest isolated peak anywhere outside the lowest frequencies: any resampling factor.
  let any = -Infinity;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const fx = Math.min(x, n - x), fy = Math.min(y, n - y);
      if (Math.max(fx, fy) < n / 16) continue;
      any = Math.max(any, peakScore(spec, n, x, y));
    }
  }
  // Row/column mean-|residual| profiles: cheap 1-D periodicity of the residual's energy.
  const col = new Float64Array(w), row = new Float64Array(h);
  for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) { const v = Math.abs(res[y * w + x]); col[x] += v; row[y] += v; }
  const profileScore = (profile: Float64Array, p: number): number => {
    const m = largestPow2(profile.length - 2, 1024);
    if (m < 32) return NaN;
    const re = Float64Array.from(profile.subarray(1, 1 + m));
    const mean = re.reduce((a, b) => a + b, 0) / m;
    for (let i = 0; i < m; i++) re[i] -= mean;
    const im = new Float64Array(m);
    fft(re, im);
    const power = (k: number): number => re[k] * re[k] + im[k] * im[k];
    const k = m / p;
    let ref = 0, count = 0;
    for (let d = 2; d <= 4; d++) for (const kk of [k - d, k + d]) if (kk > 0 && kk <= m / 2) { ref += power(kk); count++; }
    return Math.log((power(k) + 1e-9) / (ref / count + 1e-9));
  };
  const both = (p: number): number => Math.max(profileScore(col, p), profileScore(row, p));
  return {
    grid_p2: periodScore(2), grid_p4: periodScore(4), grid_p8: periodScore(8), grid_any: any,
    grid_row_p2: both(2), grid_row_p4: both(4), grid_row_p8: both(8),
  };
}

function largestPow2(side: number, cap: number): number {
  let n = 1;
  while (n * 2 <= side && n * 2 <= cap) n *= 2;
  return n;
}

/** Radially averaged luma power spectrum: log-log slope and the share of energy at high frequencies. */
function spectrumFeatures(y: Float32Array, w: number, h: number): FeaturePart {
  const n = largestPow2(Math.min(w, h), 256);
  if (n < 32) return {};
  const spec = averagedSpectrum(y, w, h, n);
  const bins = n / 2;
  const sum = new Float64Array(bins), cnt = new Float64Array(bins);
  for (let ky = 0; ky < n; ky++) {
    for (let kx = 0; kx < n; kx++) {
      const fx = Math.min(kx, n - kx), fy = Math.min(ky, n - ky);
      const r = Math.round(Math.hypot(fx, fy));
      if (r >= 1 && r < bins) { sum[r] += spec[ky * n + kx]; cnt[r]++; }
    }
  }
  const xs: number[] = [], ys: number[] = [];
  let low = 0, mid = 0, high = 0;
  for (let r = 1; r < bins; r++) {
    if (!cnt[r]) continue;
    const p = sum[r] / cnt[r];
    const f = r / n; // cycles per pixel, 0..0.5
    if (f >= 0.04 && f <= 0.45) { xs.push(Math.log(f)); ys.push(Math.log(p + 1e-9)); }
    if (f < 0.125) low += sum[r]; else if (f < 0.25) mid += sum[r]; else high += sum[r];
  }
  const total = low + mid + high + 1e-9;
  return { spec_slope: slope(xs, ys), spec_hf_share: Math.log((high + 1e-9) / total), spec_mid_share: Math.log((mid + 1e-9) / total) };
}

function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 3) return NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / n, my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < n; i++) { sxy += (xs[i] - mx) * (ys[i] - my); sxx += (xs[i] - mx) ** 2; }
  return sxy / sxx;
}

/** Demosaicing leaves correlated, phase-dependent residuals across the colour channels. */
function colourFeatures(img: RgbImage): FeaturePart {
  const { width: w, height: h } = img;
  const [r, g, b] = [0, 1, 2].map((c) => residual(channel(img, c), w, h));
  const phaseVar = (res: Float32Array): number[] => {
    const v = [0, 0, 0, 0], n = [0, 0, 0, 0];
    for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) { const k = (y & 1) * 2 + (x & 1); v[k] += res[y * w + x] ** 2; n[k]++; }
    return v.map((s, k) => s / Math.max(1, n[k]) + 1e-6);
  };
  const gv = phaseVar(g);
  const energy = (res: Float32Array): number => { let s = 0; for (let i = 0; i < res.length; i++) s += res[i] * res[i]; return s / res.length + 1e-6; };
  return {
    xcorr_rg: correlation(r, g), xcorr_gb: correlation(g, b), xcorr_rb: correlation(r, b),
    chroma_res_ratio: Math.log((energy(r) + energy(b)) / (2 * energy(g))),
    cfa_green_phase: Math.log(Math.max(...gv) / Math.min(...gv)),
    cfa_diag_phase: Math.abs(Math.log((gv[0] + gv[3]) / (gv[1] + gv[2]))),
  };
}

function residualStats(res: Float32Array, w: number, h: number): FeaturePart {
  const vals: number[] = [];
  for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) vals.push(res[y * w + x]);
  const n = vals.length;
  if (n < 100) return {};
  let m2 = 0, m4 = 0, nearZero = 0;
  for (const v of vals) { m2 += v * v; m4 += v ** 4; if (Math.abs(v) < 1) nearZero++; }
  m2 /= n; m4 /= n;
  return { res_log_level: Math.log(Math.sqrt(m2) + 1e-3), res_kurtosis: Math.log(m4 / (m2 * m2 + 1e-9) + 1e-9), res_sparsity: nearZero / n };
}

/**
 * Block noise map on the overview: Immerkær's estimator per 16×16 block, compared with the texture of the
 * block. Inpainted regions tend to be smoother or noisier than the rest at the same texture level.
 */
function noiseMapFeatures(img: RgbImage): FeaturePart {
  const { width: w, height: h } = img;
  const y = luma(img);
  const B = 16;
  const bw = Math.floor((w - 2) / B), bh = Math.floor((h - 2) / B);
  if (bw * bh < 16) return {};
  const sigma = new Float64Array(bw * bh), texture = new Float64Array(bw * bh), bright = new Float64Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let s = 0, t = 0, m = 0;
      for (let yy = 1 + by * B; yy < 1 + (by + 1) * B; yy++) {
        for (let xx = 1 + bx * B; xx < 1 + (bx + 1) * B; xx++) {
          const i = yy * w + xx;
          const c = y[i], l = y[i - 1], r = y[i + 1], u = y[i - w], d = y[i + w];
          const ul = y[i - w - 1], ur = y[i - w + 1], dl = y[i + w - 1], dr = y[i + w + 1];
          s += Math.abs(4 * c - 2 * (l + r + u + d) + ul + ur + dl + dr);
          t += Math.abs(r - l) + Math.abs(d - u);
          m += c;
        }
      }
      const k = by * bw + bx;
      sigma[k] = Math.log((Math.sqrt(Math.PI / 2) * s) / (6 * B * B) + 0.05);
      texture[k] = Math.log(t / (B * B) + 0.05);
      bright[k] = m / (B * B);
    }
  }
  // Remove the part of the noise estimate that texture explains (linear fit), keep the rest.
  const n = sigma.length;
  const tm = texture.reduce((a, b) => a + b, 0) / n, sm = sigma.reduce((a, b) => a + b, 0) / n;
  let sxy = 0, sxx = 0;
  for (let k = 0; k < n; k++) { sxy += (texture[k] - tm) * (sigma[k] - sm); sxx += (texture[k] - tm) ** 2; }
  const beta = sxx > 1e-9 ? sxy / sxx : 0;
  const rest = new Float64Array(n);
  for (let k = 0; k < n; k++) rest[k] = sigma[k] - sm - beta * (texture[k] - tm);
  const sorted = sortedCopy(rest);
  const med = quantile(sorted, 0.5);
  const mad = quantile(sortedCopy(rest.map((v) => Math.abs(v - med))), 0.5) + 1e-3;
  // Flat blocks (lowest texture half): where noise is measured best.
  const texSorted = sortedCopy(texture);
  const flatCut = quantile(texSorted, 0.5);
  const flat = sortedCopy(Array.from(sigma).filter((_, k) => texture[k] <= flatCut));
  // Outlier blocks and the largest 4-connected cluster of them.
  const outlier = new Uint8Array(n);
  let outliers = 0;
  for (let k = 0; k < n; k++) if (Math.abs(rest[k] - med) > 3 * mad) { outlier[k] = 1; outliers++; }
  let largest = 0;
  const seen = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    if (!outlier[k] || seen[k]) continue;
    let size = 0;
    const stack = [k];
    seen[k] = 1;
    while (stack.length) {
      const c = stack.pop()!;
      size++;
      const cx = c % bw, cy = (c - cx) / bw;
      for (const [nx, ny] of [[cx - 1, cy], [cx + 1, cy], [cx, cy - 1], [cx, cy + 1]]) {
        if (nx < 0 || ny < 0 || nx >= bw || ny >= bh) continue;
        const nk = ny * bw + nx;
        if (outlier[nk] && !seen[nk]) { seen[nk] = 1; stack.push(nk); }
      }
    }
    largest = Math.max(largest, size);
  }
  return {
    noise_spread: (quantile(sorted, 0.9) - quantile(sorted, 0.1)),
    noise_flat_iqr: quantile(flat, 0.75) - quantile(flat, 0.25),
    noise_low_tail: (med - quantile(sorted, 0.02)) / mad,
    noise_high_tail: (quantile(sorted, 0.98) - med) / mad,
    noise_outlier_share: outliers / n,
    noise_cluster: largest / n,
    noise_brightness_corr: correlation(Float32Array.from(sigma), Float32Array.from(bright)),
  };
}

function colourStats(img: RgbImage): FeaturePart {
  let sat = 0, clipped = 0;
  const n = img.width * img.height;
  for (let i = 0; i < n * 3; i += 3) {
    const r = img.data[i], g = img.data[i + 1], b = img.data[i + 2];
    const mx = Math.max(r, g, b), mn = Math.min(r, g, b);
    sat += mx > 0 ? (mx - mn) / mx : 0;
    if (mx === 255 || mn === 0) clipped++;
  }
  return { sat_mean: sat / n, clip_share: clipped / n };
}

/** The full forensic feature vector from the two working views. */
export function extractFeatures(native: RgbImage, overview: RgbImage): FeatureVector {
  const out = Object.fromEntries(FEATURE_NAMES.map((k) => [k, NaN])) as FeatureVector;
  if (Math.min(native.width, native.height) >= MIN_FORENSIC_SIDE) {
    const y = luma(native);
    const res = residual(y, native.width, native.height);
    Object.assign(out, gridFeatures(res, native.width, native.height), spectrumFeatures(y, native.width, native.height),
      colourFeatures(native), residualStats(res, native.width, native.height));
  }
  Object.assign(out, noiseMapFeatures(overview), colourStats(overview));
  for (const k of FEATURE_NAMES) if (!Number.isFinite(out[k])) out[k] = NaN;
  return out;
}
