/**
 * What a file is, from its bytes alone (never its name or a Content-Type): the formats read here
 * by their own signatures (a PDF header, a zip whose entries make it a Word or OpenDocument text,
 * text by its byte order mark or valid UTF-8), everything else named by file-type (a magic-byte
 * sniffer of a few hundred formats) so that a refusal says what was sent.
 */
import { fileTypeFromBuffer } from 'file-type';
import { DocumentError, encrypted, READABLE_FORMATS } from './errors.ts';
import { decodeDeclaredCharset, decodeText, hasBinaryControls } from './text.ts';
import { zipNames } from './zip.ts';

export type Sniffed = { kind: 'pdf' | 'docx' | 'odt' } | { kind: 'html' | 'markdown' | 'text'; text: string };

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');

const unsupported = (what: string) => new DocumentError('unsupported_document', `The file is ${what}; this endpoint reads ${READABLE_FORMATS}.`, { detected: what });

const HTML_START = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>]|meta[\s>]|title[\s>])/i;
const MARKDOWN_SIGNS = [/^#{1,6}\s+\S/m, /^(```|~~~)/m, /\[[^\]\n]+\]\([^)\s]+\)/, /(\*\*|__)\S[^\n]*?\S\1/, /^\S[^\n]*\n(=+|-+)\s*$/m, /^\s{0,3}[-*+]\s+\S[^\n]*\n\s{0,3}[-*+]\s+\S/m];

/** HTML, Markdown or plain text, by the text's own look. */
export function textKind(text: string): 'html' | 'markdown' | 'text' {
  const head = text.slice(0, 4096);
  if (HTML_START.test(head)) return 'html';
  return MARKDOWN_SIGNS.some((sign) => sign.test(text.slice(0, 65_536))) ? 'markdown' : 'text';
}

/** A zip: Word or OpenDocument text, or which other kind of zip for the refusal. */
async function zipKind(bytes: Uint8Array): Promise<Sniffed> {
  // ODF stores its media type first, uncompressed: "mimetype" then the type itself.
  const first = ascii(bytes, 30, 120);
  if (first.startsWith('mimetype')) {
    if (first.startsWith('mimetypeapplication/vnd.oasis.opendocument.text')) return { kind: 'odt' };
    const odf = /^mimetypeapplication\/vnd\.oasis\.opendocument\.(\w+)/.exec(first)?.[1];
    if (odf) throw unsupported(`an OpenDocument ${odf}, not a text document`);
    if (first.startsWith('mimetypeapplication/epub+zip')) throw unsupported('an EPUB e-book');
  }
  const names = new Set((await zipNames(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) ?? []);
  if (names.has('word/document.xml')) return { kind: 'docx' };
  if (names.has('content.xml') && names.has('mimetype')) return { kind: 'odt' };
  if (names.has('xl/workbook.xml')) throw unsupported('an Excel spreadsheet (XLSX)');
  if (names.has('ppt/presentation.xml')) throw unsupported('a PowerPoint presentation (PPTX)');
  throw unsupported('a ZIP archive');
}

export async function sniff(bytes: Uint8Array): Promise<Sniffed> {
  if (bytes.length === 0) throw unsupported('empty');
  // A PDF header may follow a little junk (readers look in the first kilobyte).
  if (ascii(bytes, 0, 1024).includes('%PDF-')) return { kind: 'pdf' };
  if (ascii(bytes, 0, 4) === 'PK\x03\x04') return zipKind(bytes);
  // OLE2 compound file: a password-protected DOCX/XLSX is one (its package encrypted inside), or a legacy .doc/.xls.
  if (ascii(bytes, 0, 8) === '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1') {
    if (Buffer.from(bytes).includes(Buffer.from('EncryptedPackage', 'utf16le'))) throw encrypted();
    throw unsupported('a legacy Microsoft Office file (DOC, XLS or PPT); save it as DOCX');
  }
  const decoded = decodeText(bytes);
  if (decoded && !hasBinaryControls(decoded.text)) return { kind: textKind(decoded.text), text: decoded.text };
  const type = await fileTypeFromBuffer(bytes.subarray(0, 65_536)).catch(() => undefined);
  if (type) throw unsupported(`${type.ext.toUpperCase()} (${type.mime})`);
  // Not UTF-8: an HTML page may declare its legacy charset.
  const legacy = decodeDeclaredCharset(bytes);
  if (legacy && textKind(legacy.text) === 'html') return { kind: 'html', text: legacy.text };
  throw unsupported('binary data of an unknown kind (or text that is not UTF-8)');
}
