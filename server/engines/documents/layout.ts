/**
 * The extracted text of a document and where each part of it came from: the start of every
 * paragraph and (PDF) of every page, as code-point offsets into the text, the unit every offset of
 * the API is in. `locate` answers "which page and paragraph does this offset start on".
 */
import { codePointLength, OffsetMap } from '../shared/text.ts';

export type DocumentType = 'pdf' | 'docx' | 'odt' | 'html' | 'markdown' | 'text';

/** A paragraph as an extractor found it; `page` (1-based) for paginated formats. */
export interface Paragraph {
  text: string;
  page?: number;
}

export interface ExtractedDocument {
  type: DocumentType;
  title: string | null;
  /** Page count (PDF); null for formats without pages. */
  pages: number | null;
  text: string;
  /** Code-point offset where each paragraph starts, ascending; paragraph i is [starts[i], starts[i+1]). */
  paragraphStarts: number[];
  /** Code-point offset where page i+1's text starts (PDF), ascending; null without pages. */
  pageStarts: number[] | null;
}

export interface Place {
  /** 1-based page the offset is on (PDF only). */
  page?: number;
  /** 0-based index of the paragraph the offset is in. */
  paragraph: number;
}

/** Paragraphs are separated by one blank line in the extracted text. */
const PARAGRAPH_BREAK = '\n\n';

/**
 * Makes storable text of what a file holds: U+0000 and other control characters (a PDF's unmapped
 * glyphs, a form feed) become spaces or go; an unpaired surrogate becomes U+FFFD.
 */
export function cleanText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
  );
}

/** One paragraph's text on one line of words: runs of whitespace become one space. */
export const squeeze = (text: string) => text.replace(/\s+/gu, ' ').trim();

/** Joins paragraphs (empty ones dropped) into the document's text, with their offsets. */
export function fromParagraphs(type: DocumentType, title: string | null, paragraphs: Paragraph[], pages: number | null = null): ExtractedDocument {
  const kept = paragraphs.map((p) => ({ ...p, text: cleanText(p.text).trim() })).filter((p) => p.text !== '');
  const paragraphStarts: number[] = [];
  const pageStarts: number[] | null = pages === null ? null : [];
  let offset = 0;
  let page = 0;
  const parts: string[] = [];
  for (const p of kept) {
    if (parts.length) offset += PARAGRAPH_BREAK.length;
    paragraphStarts.push(offset);
    // A page without a paragraph of its own starts where the next text does.
    while (pageStarts && p.page !== undefined && page < p.page) {
      pageStarts.push(offset);
      page++;
    }
    parts.push(p.text);
    offset += codePointLength(p.text);
  }
  while (pageStarts && pages !== null && page < pages) {
    pageStarts.push(offset);
    page++;
  }
  return { type, title: title?.trim() || null, pages, text: parts.join(PARAGRAPH_BREAK), paragraphStarts, pageStarts };
}

/**
 * Page breaks inside a paragraph: `fromParagraphs` gives a paragraph one page, so a paragraph that
 * runs onto the next page is built from pieces, each knowing its page. The piece's offset within
 * the text marks where its page starts.
 */
export interface PagedParagraph {
  pieces: { text: string; page: number }[];
}

/** Like fromParagraphs, for paragraphs whose pieces lie on several pages (PDF). Pieces are joined as given. */
export function fromPagedParagraphs(title: string | null, paragraphs: PagedParagraph[], pages: number): ExtractedDocument {
  const paragraphStarts: number[] = [];
  const pageStarts: number[] = [];
  const parts: string[] = [];
  let offset = 0;
  let page = 0;
  for (const paragraph of paragraphs) {
    const pieces = paragraph.pieces.map((p) => ({ ...p, text: cleanText(p.text) }));
    const text = pieces.map((p) => p.text).join('');
    if (text.trim() === '') continue;
    if (parts.length) offset += PARAGRAPH_BREAK.length;
    paragraphStarts.push(offset);
    let at = offset;
    for (const piece of pieces) {
      while (page < piece.page) {
        pageStarts.push(at);
        page++;
      }
      at += codePointLength(piece.text);
    }
    parts.push(text);
    offset = at;
  }
  while (page < pages) {
    pageStarts.push(offset);
    page++;
  }
  return { type: 'pdf', title: title?.trim() || null, pages, text: parts.join(PARAGRAPH_BREAK), paragraphStarts, pageStarts };
}

/** Plain text: the text as it is (line ends normalised); a paragraph starts after each blank line. */
export function fromPlainText(type: DocumentType, title: string | null, raw: string): ExtractedDocument {
  const text = cleanText(raw).replace(/^\ufeff/, '');
  const offsets = new OffsetMap(text);
  const paragraphStarts: number[] = [];
  const lead = /^\s*/u.exec(text)?.[0] ?? '';
  if (lead.length < text.length) paragraphStarts.push(offsets.toCodePoint(lead.length));
  for (const match of text.matchAll(/\n[^\S\n]*\n\s*/gu)) {
    const end = match.index + match[0].length;
    if (end < text.length) paragraphStarts.push(offsets.toCodePoint(end));
  }
  return { type, title, pages: null, text, paragraphStarts, pageStarts: null };
}

/** How many of the ascending `starts` are at or before `offset`. */
function countAtOrBefore(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The page (PDF) and paragraph a code-point offset of the document's text is in. */
export function locate(document: Pick<ExtractedDocument, 'paragraphStarts' | 'pageStarts'>, offset: number): Place {
  const paragraph = Math.max(0, countAtOrBefore(document.paragraphStarts, offset) - 1);
  if (!document.pageStarts) return { paragraph };
  return { page: Math.max(1, countAtOrBefore(document.pageStarts, offset)), paragraph };
}
