/**
 * Bytes to text: a byte order mark decides (UTF-8, UTF-16 LE or BE); without one the bytes must
 * be UTF-8, or (HTML only) the charset the page declares.
 */
export type Decoded = { text: string; encoding: string };

/** The text of the bytes by their BOM or as UTF-8; undefined when they are neither. */
export function decodeText(bytes: Uint8Array): Decoded | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode(bytes.subarray(2), 'utf-16be');
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode(bytes.subarray(3), 'utf-8');
  return decode(bytes, 'utf-8');
}

function decode(bytes: Uint8Array, encoding: string): Decoded | undefined {
  try {
    return { text: new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes), encoding };
  } catch {
    return undefined;
  }
}

/** An HTML page in a legacy charset it declares in a meta tag (windows-1252, Shift_JIS, ...). */
export function decodeDeclaredCharset(bytes: Uint8Array): Decoded | undefined {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  const charset = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  if (!charset) return undefined;
  try {
    return { text: new TextDecoder(charset.toLowerCase()).decode(bytes), encoding: charset.toLowerCase() };
  } catch {
    return undefined;
  }
}

/** Control characters other than tab, line breaks and form feed: what makes bytes binary rather than text. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
export const hasBinaryControls = (text: string) => /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/.test(text.slice(0, 65_536));
