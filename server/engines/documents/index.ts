/**
 * The documents engine: bytes in, the text a person would read out, with where each paragraph and
 * page starts (layout.ts). The format is recognised from the bytes (sniff.ts); each format is read
 * by its field's library, pdf.js, mammoth, Readability over linkedom, remark's parser, with zip
 * and XML guarded first (zip.ts, xml.ts). Pure: no HTTP, no database, no disk.
 */
import { DocumentError, noText } from './errors.ts';
import { readDocx } from './docx.ts';
import { readHtml } from './html.ts';
import { fromPlainText, type ExtractedDocument } from './layout.ts';
import { readMarkdown } from './markdown.ts';
import { readOdt } from './odt.ts';
import { readPdf, type PdfLimits } from './pdf.ts';
import { sniff } from './sniff.ts';

export { DocumentError, type DocumentErrorCode } from './errors.ts';
export { locate, type DocumentType, type ExtractedDocument, type Place } from './layout.ts';

export type DocumentLimits = PdfLimits;

export async function extractDocument(bytes: Uint8Array, limits: DocumentLimits): Promise<ExtractedDocument> {
  const sniffed = await sniff(bytes);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let document: ExtractedDocument;
  if ('text' in sniffed) {
    const { kind, text } = sniffed;
    document = kind === 'html' ? readHtml(text) : kind === 'markdown' ? readMarkdown(text) : fromPlainText('text', null, text);
  } else if (sniffed.kind === 'pdf') document = await readPdf(bytes, limits);
  else if (sniffed.kind === 'docx') document = await readDocx(buffer);
  else document = await readOdt(buffer);
  if (document.text.trim() === '') {
    if (document.type === 'pdf') throw noText('The PDF has no text layer.');
    throw new DocumentError('no_text', `The ${document.type === 'text' ? 'file' : document.type.toUpperCase()} has no text to read.`);
  }
  return document;
}

/** Loads every reader and reads a tiny PDF, so that the first request does not pay pdf.js's load. */
export async function warmUpDocuments(): Promise<void> {
  await Promise.all([import('mammoth'), import('linkedom'), import('@mozilla/readability')]);
  await extractDocument(new TextEncoder().encode(WARM_UP_PDF), { maxPages: 1, timeMs: 10_000 });
}

/** The smallest PDF with a line of text (objects, cross-reference table and trailer). */
const WARM_UP_PDF = (() => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 40 >>\nstream\nBT /F1 12 Tf 10 50 Td (Warm up.) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  return `${body}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
})();
