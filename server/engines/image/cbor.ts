/**
 * Minimal CBOR (RFC 8949) decoder for C2PA assertions: maps, arrays, strings, byte strings, integers,
 * floats, tags and simple values. Defensive: bounded depth and lengths, throws on malformed input.
 */
export type CborValue =
  | number
  | bigint
  | string
  | boolean
  | null
  | undefined
  | Uint8Array
  | CborValue[]
  | { [key: string]: CborValue };

const MAX_DEPTH = 64;

export function decodeCbor(bytes: Uint8Array): CborValue {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 0;
  const need = (n: number): void => {
    if (n < 0 || pos + n > bytes.length) throw new Error('CBOR: truncated');
  };
  const readArg = (info: number): number => {
    if (info < 24) return info;
    if (info === 24) { need(1); return bytes[pos++]; }
    if (info === 25) { need(2); const v = view.getUint16(pos); pos += 2; return v; }
    if (info === 26) { need(4); const v = view.getUint32(pos); pos += 4; return v; }
    if (info === 27) { need(8); const v = Number(view.getBigUint64(pos)); pos += 8; return v; }
    throw new Error('CBOR: indefinite or reserved length not supported');
  };
  const text = new TextDecoder('utf-8', { fatal: false });
  /** True (and consumed) when the next byte is the "break" that ends an indefinite-length item. */
  const peekBreak = (): boolean => {
    need(1);
    if (bytes[pos] !== 0xff) return false;
    pos++;
    return true;
  };
  const item = (depth: number): CborValue => {
    if (depth > MAX_DEPTH) throw new Error('CBOR: nesting too deep');
    need(1);
    const initial = bytes[pos++];
    const major = initial >> 5;
    const info = initial & 31;
    switch (major) {
      case 0: return readArg(info);
      case 1: return -1 - readArg(info);
      case 2: case 3: {
        if (info === 31) {
          // Indefinite length: definite chunks until the break byte.
          const chunks: Uint8Array[] = [];
          while (peekBreak() === false) {
            const chunk = item(depth + 1);
            if (typeof chunk === 'string') chunks.push(new TextEncoder().encode(chunk));
            else if (chunk instanceof Uint8Array) chunks.push(chunk);
            else throw new Error('CBOR: bad indefinite string chunk');
          }
          const joined = Buffer.concat(chunks);
          return major === 2 ? new Uint8Array(joined) : text.decode(joined);
        }
        const len = readArg(info);
        need(len);
        const slice = bytes.subarray(pos, pos + len);
        pos += len;
        return major === 2 ? slice : text.decode(slice);
      }
      case 4: {
        if (info === 31) {
          const out: CborValue[] = [];
          while (peekBreak() === false) out.push(item(depth + 1));
          return out;
        }
        const len = readArg(info);
        need(len); // every item takes at least one byte
        const out: CborValue[] = [];
        for (let i = 0; i < len; i++) out.push(item(depth + 1));
        return out;
      }
      case 5: {
        const indefinite = info === 31;
        const len = indefinite ? Infinity : readArg(info);
        if (!indefinite) need(len * 2);
        const out: { [key: string]: CborValue } = {};
        for (let i = 0; i < len && !(indefinite && peekBreak()); i++) {
          const key = item(depth + 1);
          // defineProperty: a "__proto__" key must stay data, never reach the prototype.
          Object.defineProperty(out, typeof key === 'string' ? key : String(key), { value: item(depth + 1), enumerable: true, writable: true, configurable: true });
        }
        return out;
      }
      case 6: readArg(info); return item(depth + 1); // tags: keep the tagged value
      default: {
        if (info === 20) return false;
        if (info === 21) return true;
        if (info === 22) return null;
        if (info === 23) return undefined;
        if (info === 25) { need(2); const v = float16(view.getUint16(pos)); pos += 2; return v; }
        if (info === 26) { need(4); const v = view.getFloat32(pos); pos += 4; return v; }
        if (info === 27) { need(8); const v = view.getFloat64(pos); pos += 8; return v; }
        if (info < 24) return info;
        throw new Error('CBOR: unsupported simple value');
      }
    }
  };
  return item(0);
}

function float16(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}
