/** FNV-1a's offset basis; another basis gives an independent second hash of the same key. */
export const FNV_OFFSET_BASIS = 0x811c9dc5;

/** FNV-1a (32 bits) of s[from, to) by UTF-16 code units, from `basis`: the hash of the engines' open-addressing word tables. */
export function fnv1a(s: string, basis = FNV_OFFSET_BASIS, from = 0, to = s.length): number {
  let h = basis;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The same hash of bytes[from, to): equal to `fnv1a` of the string those bytes spell when every byte is ASCII. */
export function fnv1aBytes(bytes: Uint8Array, basis: number, from: number, to: number): number {
  let h = basis;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

/** MurmurHash3's 32-bit finaliser: spreads a hash over all bits before it is masked to a table size. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
