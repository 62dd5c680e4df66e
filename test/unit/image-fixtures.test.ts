/**
 * Image fixtures built in code for the image engine tests (nothing is read from disk): synthetic pixels,
 * a hand-written BMP encoder, PNG chunk insertion with CRC, and a tiny CBOR + JUMBF writer for C2PA stores.
 * Helpers only (no tests here); named *.test.ts to stay within the image test files.
 */
import sharp from 'sharp';

/** Deterministic textured RGB pixels (smooth gradient + LCG noise), so forensics have something to measure. */
export function syntheticRgb(width: number, height: number, seed = 1): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let state = seed >>> 0 || 1;
  const rand = (): number => { state = (Math.imul(state, 1664525) + 1013904223) >>> 0; return state / 2 ** 32; };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const base = 96 + 64 * Math.sin(x / 23) * Math.cos(y / 31);
      data[i] = Math.max(0, Math.min(255, base + 40 * Math.sin(y / 17) + 12 * (rand() - 0.5)));
      data[i + 1] = Math.max(0, Math.min(255, base + 12 * (rand() - 0.5)));
      data[i + 2] = Math.max(0, Math.min(255, base - 30 * Math.cos(x / 13) + 12 * (rand() - 0.5)));
    }
  }
  return data;
}

export const rawImage = (width: number, height: number, seed = 1): ReturnType<typeof sharp> =>
  sharp(syntheticRgb(width, height, seed), { raw: { width, height, channels: 3 } });

/** 24-bit bottom-up BMP written by hand (sharp cannot write BMP). */
export function encodeBmp(rgb: Buffer, width: number, height: number): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const dataSize = rowSize * height;
  const out = Buffer.alloc(54 + dataSize);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(54 + dataSize, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(dataSize, 34);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * 3;
      out[row + x * 3] = rgb[s + 2];
      out[row + x * 3 + 1] = rgb[s + 1];
      out[row + x * 3 + 2] = rgb[s];
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Inserts chunks right after IHDR (the first chunk, always 25 bytes long including its header and CRC). */
export function withPngChunks(png: Buffer, chunks: Buffer[]): Buffer {
  const afterIhdr = 8 + 25;
  return Buffer.concat([png.subarray(0, afterIhdr), ...chunks, png.subarray(afterIhdr)]);
}

export const textChunk = (key: string, value: string): Buffer => pngChunk('tEXt', Buffer.from(`${key}\0${value}`, 'latin1'));

/** A PNG header that declares width × height pixels, followed by a tiny (invalid) IDAT and IEND. */
export function pngBombHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- CBOR and JUMBF writers (just what a C2PA fixture needs) ----

export type CborIn = string | number | boolean | CborIn[] | { [k: string]: CborIn };

function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) { const b = Buffer.alloc(3); b[0] = (major << 5) | 25; b.writeUInt16BE(n, 1); return b; }
  const b = Buffer.alloc(5); b[0] = (major << 5) | 26; b.writeUInt32BE(n, 1); return b;
}

export function encodeCbor(v: CborIn): Buffer {
  if (typeof v === 'string') { const s = Buffer.from(v, 'utf8'); return Buffer.concat([cborHead(3, s.length), s]); }
  if (typeof v === 'number') return v >= 0 ? cborHead(0, v) : cborHead(1, -1 - v);
  if (typeof v === 'boolean') return Buffer.from([v ? 0xf5 : 0xf4]);
  if (Array.isArray(v)) return Buffer.concat([cborHead(4, v.length), ...v.map(encodeCbor)]);
  const entries = Object.entries(v);
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([k, x]) => [encodeCbor(k), encodeCbor(x)])]);
}

export function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** A JUMBF superbox: description box (UUID, toggles "requestable + label", label) then the children. */
export function superbox(label: string, children: Buffer[]): Buffer {
  const jumd = box('jumd', Buffer.concat([Buffer.alloc(16, 0x11), Buffer.from([0x03]), Buffer.from(`${label}\0`, 'utf8')]));
  return box('jumb', Buffer.concat([jumd, ...children]));
}

export const cborAssertion = (label: string, value: CborIn): Buffer => superbox(label, [box('cbor', encodeCbor(value))]);

const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

export interface ManifestSpec {
  label: string;
  actions: { action: string; sourceType?: string; instanceId?: string }[];
  ingredients?: { manifest: string; relationship: string; instanceId?: string }[];
  generator?: string;
}

/** A C2PA manifest store; the last manifest is the active one. */
export function c2paStore(manifests: ManifestSpec[]): Buffer {
  return superbox('c2pa', manifests.map((m) => {
    const assertions = [
      cborAssertion('c2pa.actions', {
        actions: m.actions.map((a) => ({
          action: a.action,
          ...(a.sourceType ? { digitalSourceType: IPTC + a.sourceType } : {}),
          ...(a.instanceId ? { parameters: { instanceId: a.instanceId } } : {}),
        })),
      }),
      ...(m.ingredients ?? []).map((ing, i) => cborAssertion(i === 0 ? 'c2pa.ingredient' : `c2pa.ingredient__${i}`, {
        'dc:title': 'ingredient.jpg',
        relationship: ing.relationship,
        ...(ing.instanceId ? { instanceID: ing.instanceId } : {}),
        c2pa_manifest: { url: `self#jumbf=/c2pa/${ing.manifest}/c2pa.claim`, alg: 'sha256' },
      })),
    ];
    return superbox(m.label, [
      superbox('c2pa.assertions', assertions),
      superbox('c2pa.claim', [box('cbor', encodeCbor({ claim_generator: m.generator ?? 'unit-test/1.0' }))]),
    ]);
  }));
}

/** Wraps a JUMBF store into JPEG APP11 segments (split into several to exercise reassembly) after SOI. */
export function withJpegJumbf(jpeg: Buffer, store: Buffer, segmentPayload = 600): Buffer {
  const lbox = store.subarray(0, 8);
  const body = store.subarray(8);
  const segments: Buffer[] = [];
  for (let off = 0, seq = 1; off < body.length; off += segmentPayload, seq++) {
    const part = body.subarray(off, off + segmentPayload);
    const head = Buffer.alloc(8);
    head.write('JP', 0, 'latin1');
    head.writeUInt16BE(1, 2); // box instance
    head.writeUInt32BE(seq, 4);
    const content = Buffer.concat([head, lbox, part]);
    const marker = Buffer.alloc(4);
    marker[0] = 0xff; marker[1] = 0xeb;
    marker.writeUInt16BE(content.length + 2, 2);
    segments.push(marker, content);
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

export function xmpPacket(sourceType: string): string {
  return `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    `<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" ` +
    `Iptc4xmpExt:DigitalSourceType="${IPTC}${sourceType}"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}
