/**
 * Forward FFT of real input: a half-size complex radix-2 FFT plus the usual split step. Tables are
 * built once per size; an instance keeps scratch buffers, so use one instance per thread.
 */
class ComplexFFT {
  private readonly size: number;
  private readonly reversed: Uint32Array;
  private readonly twiddleRe: Float64Array; // stage after stage: the len/2 twiddles of each stage
  private readonly twiddleIm: Float64Array;

  constructor(size: number) {
    this.size = size;
    const bits = Math.log2(size);
    this.reversed = new Uint32Array(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.reversed[i] = r;
    }
    this.twiddleRe = new Float64Array(size);
    this.twiddleIm = new Float64Array(size);
    let offset = 0;
    for (let half = 1; half < size; half <<= 1) {
      for (let k = 0; k < half; k++) {
        this.twiddleRe[offset + k] = Math.cos((Math.PI * k) / half);
        this.twiddleIm[offset + k] = -Math.sin((Math.PI * k) / half);
      }
      offset += half;
    }
  }

  /** In-place forward transform. */
  transform(re: Float64Array, im: Float64Array): void {
    const n = this.size;
    const rev = this.reversed;
    for (let i = 0; i < n; i++) {
      const j = rev[i];
      if (j > i) {
        const tr = re[i]; re[i] = re[j]; re[j] = tr;
        const ti = im[i]; im[i] = im[j]; im[j] = ti;
      }
    }
    const twr = this.twiddleRe;
    const twi = this.twiddleIm;
    let offset = 0;
    for (let half = 1; half < n; half <<= 1) {
      const span = half << 1;
      for (let k = 0; k < half; k++) {
        const wr = twr[offset + k];
        const wi = twi[offset + k];
        for (let a = k; a < n; a += span) {
          const b = a + half;
          const xr = re[b] * wr - im[b] * wi;
          const xi = re[b] * wi + im[b] * wr;
          re[b] = re[a] - xr; im[b] = im[a] - xi;
          re[a] += xr; im[a] += xi;
        }
      }
      offset += half;
    }
  }
}

export class RealFFT {
  readonly size: number;
  private readonly half: number;
  private readonly complex: ComplexFFT;
  private readonly zr: Float64Array;
  private readonly zi: Float64Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;

  constructor(size: number) {
    if (size < 4 || (size & (size - 1)) !== 0) throw new RangeError(`FFT size must be a power of two >= 4, got ${size}`);
    this.size = size;
    this.half = size / 2;
    this.complex = new ComplexFFT(this.half);
    this.zr = new Float64Array(this.half);
    this.zi = new Float64Array(this.half);
    this.cos = new Float64Array(this.half + 1);
    this.sin = new Float64Array(this.half + 1);
    for (let k = 0; k <= this.half; k++) {
      this.cos[k] = Math.cos((2 * Math.PI * k) / size);
      this.sin[k] = Math.sin((2 * Math.PI * k) / size);
    }
  }

  /** Bins 0..size/2 of the DFT of `input` (length `size`) into `outRe`/`outIm` (length size/2 + 1). */
  forward(input: Float64Array, outRe: Float64Array, outIm: Float64Array): void {
    const m = this.half;
    const { zr, zi } = this;
    for (let j = 0; j < m; j++) { zr[j] = input[2 * j]; zi[j] = input[2 * j + 1]; }
    this.complex.transform(zr, zi);
    for (let k = 0; k <= m; k++) {
      const a = k === m ? 0 : k;
      const b = k === 0 ? 0 : m - k;
      // Even and odd samples' spectra from Z[k] and conj(Z[m - k]), then one radix-2 step.
      const er = (zr[a] + zr[b]) / 2;
      const ei = (zi[a] - zi[b]) / 2;
      const or = (zi[a] + zi[b]) / 2;
      const oi = -(zr[a] - zr[b]) / 2;
      const c = this.cos[k];
      const s = this.sin[k];
      outRe[k] = er + c * or + s * oi;
      outIm[k] = ei + c * oi - s * or;
    }
  }
}
