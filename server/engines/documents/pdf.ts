/**
 * PDF: Mozilla's pdf.js (pdfjs-dist, its legacy build for Node) reads the text layer: the
 * positioned text runs of each page. It runs with JavaScript evaluation off (no PDF script, no
 * eval-compiled font code), no font face loading and no system fonts, within a time budget checked
 * between pages (the engine thread's own limit backs it up). The reading order is ours
 * (reading-order.ts).
 *
 * pdf.js maps glyphs to characters with two kinds of data it ships beside its code: the CMaps of
 * CJK fonts (without them a Chinese or Japanese PDF reads as nothing) and the metrics of the 14
 * standard fonts (a PDF that names Times or Helvetica without embedding it). Both are read from
 * the installed pdfjs-dist package folder as file paths: nothing is fetched.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DocumentError, encrypted, noText, unreadable } from './errors.ts';
import { fromPagedParagraphs, type ExtractedDocument } from './layout.ts';
import { dropPageFurniture, pageLines, paragraphsOf, type Line, type TextRun } from './reading-order.ts';

const WHAT = 'a PDF';

/** pdfjs-dist's own folder; pdf.js wants its data folders as paths that end in a slash. */
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const PDFJS_DATA = {
  cMapUrl: `${path.join(PDFJS_DIR, 'cmaps')}${path.sep}`,
  cMapPacked: true,
  standardFontDataUrl: `${path.join(PDFJS_DIR, 'standard_fonts')}${path.sep}`,
};

export interface PdfLimits {
  maxPages: number;
  /** Milliseconds the whole extraction may take. */
  timeMs: number;
}

const tooSlow = (limits: PdfLimits) => new DocumentError('unreadable_document', `The PDF could not be read within ${limits.timeMs / 1000} seconds; it may be damaged or built to stall readers.`, { limit_seconds: limits.timeMs / 1000 });

/** A pdf.js text item, or a marked-content item (which has no text). */
interface Item {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

function runOf(item: Item): TextRun | undefined {
  if (typeof item.str !== 'string' || !item.transform) return undefined;
  const [, , c, d, e, f] = item.transform;
  return { text: item.str, x: e, y: f, width: item.width ?? 0, size: item.height || Math.hypot(c, d) };
}

async function withDeadline<T>(promise: Promise<T>, deadline: number, limits: PdfLimits): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow(limits)), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

function refusal(error: unknown): DocumentError {
  if (error instanceof DocumentError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return encrypted();
  return unreadable(WHAT);
}

export async function readPdf(bytes: Uint8Array, limits: PdfLimits): Promise<ExtractedDocument> {
  const deadline = Date.now() + limits.timeMs;
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, enableXfa: false, stopAtErrors: false, verbosity: 0, ...PDFJS_DATA });
  let pdf: PDFDocumentProxy | undefined;
  try {
    pdf = await withDeadline(task.promise, deadline, limits);
    if (pdf.numPages > limits.maxPages) {
      throw new DocumentError('payload_too_large', `The PDF has ${pdf.numPages} pages; at most ${limits.maxPages} are read.`, { limit_pages: limits.maxPages, actual_pages: pdf.numPages });
    }
    const { info } = await withDeadline(pdf.getMetadata(), deadline, limits).catch(() => ({ info: {} }));
    const title = info && typeof info === 'object' && 'Title' in info && typeof info.Title === 'string' ? info.Title : null;
    const pages: Line[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await withDeadline(pdf.getPage(n), deadline, limits);
      const content = await withDeadline(page.getTextContent(), deadline, limits);
      const runs = (content.items as Item[]).map(runOf).filter((r) => r !== undefined);
      pages.push(pageLines({ runs }, n));
      page.cleanup();
    }
    if (pages.every((lines) => lines.length === 0)) throw noText(`The PDF has no text layer on any of its ${pdf.numPages} page${pdf.numPages === 1 ? '' : 's'}.`);
    return fromPagedParagraphs(title, paragraphsOf(dropPageFurniture(pages)), pdf.numPages);
  } catch (error) {
    throw refusal(error);
  } finally {
    await (pdf ? pdf.destroy() : task.destroy()).catch(() => {});
  }
}
