/**
 * Walks image containers (JPEG segments, PNG chunks, WebP RIFF chunks, TIFF) and pulls out the raw
 * metadata blocks the provenance channel reads. Pure TypeScript; never throws on malformed input,
 * it just stops walking.
 */
import { inflateSync } from 'node:zlib';
import type { ImageFormat } from './formats.ts';

export interface MetadataBlocks {
  /** TIFF-structured EXIF ("II*\0…" / "MM\0*…"), without the JPEG "Exif\0\0" prefix. */
  exif: Uint8Array[];
  xmp: string[];
  /** Complete JUMBF superboxes (C2PA manifest stores). */
  jumbf: Uint8Array[];
  /** PNG tEXt/zTXt/iTXt entries. */
  text: { key: string; value: string }[];
  /** JPEG comment segments. */
  comments: string[];
  /** JPEG quantisation tables by table id, in natural (row-major) order. */
  quantTables: Map<number, number[]>;
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');
/** Caps on what one text chunk may inflate to: a zTXt bomb must not exhaust memory. */
const MAX_INFLATED = 4 * 1024 * 1024;

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
  28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
  54, 47, 55, 62, 63,
];

const startsWithText = (bytes: Uint8Array, at: number, s: string): boolean =>
  at + s.length <= bytes.length && [...s].every((c, i) => bytes[at + i] === c.charCodeAt(0));

function inflateBounded(data: Uint8Array): Uint8Array | null {
  try {
    return inflateSync(data, { maxOutputLength: MAX_INFLATED });
  } catch {
    return null;
  }
}

function emptyBlocks(): MetadataBlocks {
  return { exif: [], xmp: [], jumbf: [], text: [], comments: [], quantTables: new Map() };
}

function walkJpeg(bytes: Uint8Array, out: MetadataBlocks): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // APP11 JUMBF arrives split over segments: each repeats the box header; group by box instance.
  const jumbfParts = new Map<number, Uint8Array[]>();
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) break;
    const marker = bytes[pos + 1];
    if (marker === 0xff) { pos++; continue; } // fill byte
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { pos += 2; continue; }
    if (marker === 0xd9 || marker === 0xda) break; // end of image / start of scan: metadata is before
    const len = view.getUint16(pos + 2);
    const start = pos + 4;
    const end = pos + 2 + len;
    if (len < 2 || end > bytes.length) break;
    const seg = bytes.subarray(start, end);
    if (marker === 0xe1 && startsWithText(seg, 0, 'Exif\0')) out.exif.push(seg.subarray(6));
    else if (marker === 0xe1 && startsWithText(seg, 0, 'http://ns.adobe.com/xap/1.0/\0')) out.xmp.push(utf8.decode(seg.subarray(29)));
    else if (marker === 0xeb && seg.length > 16 && seg[0] === 0x4a && seg[1] === 0x50) {
      // "JP", box instance (2), packet sequence (4), then LBox/TBox (8) and the payload.
      const instance = (seg[2] << 8) | seg[3];
      const parts = jumbfParts.get(instance) ?? [];
      parts.push(parts.length === 0 ? seg.subarray(8) : seg.subarray(16));
      jumbfParts.set(instance, parts);
    } else if (marker === 0xfe) out.comments.push(latin1.decode(seg));
    else if (marker === 0xdb) readDqt(seg, out.quantTables);
    pos = end;
  }
  for (const parts of jumbfParts.values()) out.jumbf.push(Buffer.concat(parts));
}

function readDqt(seg: Uint8Array, tables: Map<number, number[]>): void {
  let p = 0;
  while (p < seg.length) {
    const precision = seg[p] >> 4;
    const id = seg[p] & 15;
    const size = precision ? 128 : 64;
    if (p + 1 + size > seg.length) return;
    const natural = new Array<number>(64);
    for (let i = 0; i < 64; i++) {
      natural[ZIGZAG[i]] = precision ? (seg[p + 1 + 2 * i] << 8) | seg[p + 2 + 2 * i] : seg[p + 1 + i];
    }
    tables.set(id, natural);
    p += 1 + size;
  }
}

function walkPng(bytes: Uint8Array, out: MetadataBlocks): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 8;
  while (pos + 8 <= bytes.length) {
    const len = view.getUint32(pos);
    const type = latin1.decode(bytes.subarray(pos + 4, pos + 8));
    const start = pos + 8;
    const end = start + len;
    if (end > bytes.length) break;
    const data = bytes.subarray(start, end);
    if (type === 'tEXt') {
      const nul = data.indexOf(0);
      if (nul > 0) pushPngText(out, latin1.decode(data.subarray(0, nul)), utf8.decode(data.subarray(nul + 1)));
    } else if (type === 'zTXt') {
      const nul = data.indexOf(0);
      const inflated = nul > 0 ? inflateBounded(data.subarray(nul + 2)) : null;
      if (inflated) pushPngText(out, latin1.decode(data.subarray(0, nul)), utf8.decode(inflated));
    } else if (type === 'iTXt') {
      readITxt(data, out);
    } else if (type === 'eXIf') out.exif.push(data);
    else if (type === 'caBX') out.jumbf.push(data);
    else if (type === 'IEND') break;
    pos = end + 4; // skip CRC
  }
}

function readITxt(data: Uint8Array, out: MetadataBlocks): void {
  const keyEnd = data.indexOf(0);
  if (keyEnd <= 0 || keyEnd + 3 > data.length) return;
  const compressed = data[keyEnd + 1] === 1;
  const langEnd = data.indexOf(0, keyEnd + 3);
  const transEnd = langEnd < 0 ? -1 : data.indexOf(0, langEnd + 1);
  if (transEnd < 0) return;
  const raw = data.subarray(transEnd + 1);
  const body = compressed ? inflateBounded(raw) : raw;
  if (!body) return;
  pushPngText(out, latin1.decode(data.subarray(0, keyEnd)), utf8.decode(body));
}

/** PNG text entries; the XMP packet may come in any of the three text chunk types. */
function pushPngText(out: MetadataBlocks, key: string, value: string): void {
  if (key === 'XML:com.adobe.xmp') out.xmp.push(value);
  else out.text.push({ key, value });
}

function walkWebp(bytes: Uint8Array, out: MetadataBlocks): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 12;
  while (pos + 8 <= bytes.length) {
    const type = latin1.decode(bytes.subarray(pos, pos + 4));
    const len = view.getUint32(pos + 4, true);
    const start = pos + 8;
    const end = start + len;
    if (end > bytes.length) break;
    const data = bytes.subarray(start, end);
    if (type === 'EXIF') out.exif.push(startsWithText(data, 0, 'Exif\0') ? data.subarray(6) : data);
    else if (type === 'XMP ') out.xmp.push(utf8.decode(data));
    else if (type === 'C2PA') out.jumbf.push(data);
    pos = end + (len & 1); // chunks are padded to even sizes
  }
}

/** Finds an XMP packet anywhere in the file (GIF application extensions, TIFF tag 700, odd writers). */
function scanForXmp(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = head.indexOf('<x:xmpmeta');
  if (start < 0) return null;
  const end = head.indexOf('</x:xmpmeta>', start);
  if (end < 0) return null;
  return head.toString('utf8', start, end + 12);
}

export function extractMetadata(bytes: Uint8Array, format: ImageFormat): MetadataBlocks {
  const out = emptyBlocks();
  try {
    if (format === 'jpeg') walkJpeg(bytes, out);
    else if (format === 'png') walkPng(bytes, out);
    else if (format === 'webp') walkWebp(bytes, out);
    else if (format === 'tiff') out.exif.push(bytes);
  } catch {
    // Malformed metadata is not evidence either way: keep what was read so far.
  }
  if (out.xmp.length === 0) {
    const xmp = scanForXmp(bytes);
    if (xmp) out.xmp.push(xmp);
  }
  return out;
}
