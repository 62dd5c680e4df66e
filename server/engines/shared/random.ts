/** mulberry32: a small, fast, seedable generator, so synthetic signals and training runs repeat exactly. */
import { createHash } from 'node:crypto';

/** A generator of numbers in [0, 1); a string seed is hashed (SHA-256) to the 32-bit state. */
export function seededRandom(seed: number | string): () => number {
  let a = typeof seed === 'string' ? createHash('sha256').update(seed).digest().readUInt32LE(0) : seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
