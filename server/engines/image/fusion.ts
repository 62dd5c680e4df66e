/**
 * Fusion policy: how provenance findings move the pixel classifier's probabilities.
 * - Missing metadata changes nothing, and neither does metadata that speaks for a camera (EXIF, camera-made
 *   quantisation tables, an unverified C2PA capture claim, an editor's name): it is easy to copy, most real
 *   photos arrive without it, and a verdict that rose with it would fall when a messenger strips it. Those
 *   findings are reported as evidence only. So stripping a file's metadata can only move it towards `real`.
 * - An AI claim (C2PA / IPTC source type, generator parameters or names) is rarely forged, so it sets a floor
 *   on the claimed class; unsigned, it raises the class to the floor, it never forces certainty.
 */
import { CLASSES } from './model.ts';
import type { ClaimTarget, ProvenanceFindings } from './provenance.ts';

/** Used in place of the pixel channel when the image is too small to measure. */
export const UNINFORMED_PRIOR: readonly number[] = [0.45, 0.35, 0.2];

const FLOOR = { c2pa: 0.85, iptc: 0.8, structuredTrace: 0.8, nameTrace: 0.7 } as const;
/** Second, conflicting claims do not get a floor; they still double their class's odds. */
const SECONDARY_CLAIM_FACTOR = 2;

const normalise = (p: number[]): number[] => { const s = p.reduce((a, b) => a + b, 0); return p.map((v) => v / s); };

/** Raises class t to at least `floor`, keeping the odds between the other classes. */
function applyFloor(p: number[], t: number, floor: number): number[] {
  if (p[t] >= floor) return p;
  const lambda = (floor - p[t]) / (1 - p[t]);
  return p.map((v, i) => (1 - lambda) * v + (i === t ? lambda : 0));
}

export interface FusionInput {
  pixel: number[]; // pixel-channel probabilities in CLASSES order
  /** 0..1: how much the pixel channel can be trusted (0 for thumbnails). */
  reliability: number;
  findings: ProvenanceFindings;
}

export function fuse({ pixel, reliability, findings }: FusionInput): number[] {
  let p = pixel.map((v, i) => reliability * v + (1 - reliability) * UNINFORMED_PRIOR[i]);
  const claims: { target: ClaimTarget; floor: number }[] = [
    ...findings.sourceClaims.map((c) => ({ target: c.target, floor: FLOOR[c.via] })),
    ...findings.generatorTraces.map((t) => ({ target: t.target, floor: t.structured ? FLOOR.structuredTrace : FLOOR.nameTrace })),
  ].sort((a, b) => b.floor - a.floor);
  const primary = claims[0];
  if (primary) {
    for (const other of new Set(claims.filter((c) => c.target !== primary.target).map((c) => c.target))) {
      const k = CLASSES.indexOf(other);
      p = normalise(p.map((v, i) => (i === k ? v * SECONDARY_CLAIM_FACTOR : v)));
    }
    p = applyFloor(p, CLASSES.indexOf(primary.target), primary.floor);
  }
  return p;
}

/**
 * Rounds to 4 decimals so that the values sum to exactly 1 and the most probable class stays the most
 * probable: the rounding remainder goes to the largest value when positive, to the smallest when negative.
 */
export function roundProbabilities(p: number[]): { rounded: number[]; argmax: number } {
  const argmax = p.reduce((best, v, i) => (v > p[best] ? i : best), 0);
  const rounded = p.map((v) => Math.round(v * 1e4));
  const diff = 1e4 - rounded.reduce((a, b) => a + b, 0);
  if (diff >= 0) rounded[argmax] += diff;
  else {
    let rest = -diff;
    const order = rounded.map((_, i) => i).filter((i) => i !== argmax).sort((a, b) => rounded[a] - rounded[b]);
    for (const i of [...order, argmax]) { const take = Math.min(rest, rounded[i]); rounded[i] -= take; rest -= take; }
  }
  return { rounded: rounded.map((v) => v / 1e4), argmax };
}
