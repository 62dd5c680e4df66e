/**
 * HTML: the page's main text, as a browser's reader view shows it. linkedom builds a DOM on the
 * server (it runs no script and loads nothing), Mozilla's Readability (Firefox's reader view)
 * picks the article out of it, without navigation, ads, comments and footers; its HTML is then
 * read block by block so that each paragraph, heading, list item and table cell is a paragraph.
 * A page Readability finds no article in is read whole, less what is never content.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { fromParagraphs, squeeze, type ExtractedDocument, type Paragraph } from './layout.ts';

/** Elements that end the paragraph before them and start one of their own. */
const BLOCK = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3',
  'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'SUMMARY', 'TABLE', 'TD', 'TH', 'TR', 'UL',
]);
/** Never text a reader reads. */
const NEVER = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'CANVAS', 'IFRAME', 'OBJECT', 'HEAD', 'TITLE', 'BUTTON', 'SELECT', 'TEXTAREA', 'INPUT']);
/** Not the page's content when the whole page is read. */
const CHROME = new Set(['NAV', 'HEADER', 'FOOTER', 'ASIDE', 'FORM']);
/** The same, as ARIA landmark roles on any element (a Sphinx page's `<div role="navigation">`). */
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search']);

/** An element that is page chrome by its ARIA role, or a footer by its class or id (as FOOTERS finds them). */
const isChrome = (node: DomNode) =>
  CHROME_ROLES.has(node.getAttribute?.('role') ?? '') || (node.getAttribute?.('class') ?? '').split(/\s+/).includes('footer') || node.getAttribute?.('id') === 'footer';

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?: (name: string) => string | null;
}

/** The least share of the page's words an article found by Readability must hold to be taken as the main text. */
const MIN_ARTICLE_SHARE = 0.25;
const wordsIn = (paragraphs: Paragraph[]) => paragraphs.reduce((n, p) => n + p.text.split(' ').length, 0);

/** The paragraphs of a DOM subtree, in document order. */
function blocks(root: DomNode, skip: Set<string>): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let current = '';
  const flush = () => {
    const text = squeeze(current);
    if (text) paragraphs.push({ text });
    current = '';
  };
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) {
      current += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const name = node.nodeName.toUpperCase();
    if (NEVER.has(name) || skip.has(name)) return;
    if (skip === CHROME && isChrome(node)) return;
    const block = BLOCK.has(name);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) flush();
  };
  walk(root);
  flush();
  return paragraphs;
}

/** Where a page keeps its footer: the element, its ARIA role, or a class or id that says so. */
const FOOTERS = 'footer, [role="contentinfo"], [class~="footer"], [id="footer"]';

/**
 * Whether the article Readability picked is the page's footer: on a page whose own content is
 * short (a list of links, an index), the copyright and licence lines can outscore it.
 */
function isFooter(document: { querySelectorAll(selector: string): ArrayLike<DomNode> }, articleText: string): boolean {
  if (articleText === '') return false;
  return Array.from(document.querySelectorAll(FOOTERS)).some((footer) => squeeze(footer.textContent ?? '').includes(articleText));
}

export function readHtml(html: string): ExtractedDocument {
  const { document } = parseHTML(html);
  const pageTitle = squeeze(document.querySelector('title')?.textContent ?? '') || null;
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    article = new Readability(document, { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  // The whole body, less what is never content: the fallback.
  const { document: whole } = parseHTML(html);
  const body = whole.body ? blocks(whole.body, CHROME) : [];
  if (article?.content) {
    const paragraphs = blocks(parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body, new Set());
    // Readability sometimes settles on one box of a page (a quoted example in a manual page): an
    // "article" of under a quarter of the page's words is not the page's main text.
    const articleText = squeeze(paragraphs.map((p) => p.text).join(' '));
    if (paragraphs.length && wordsIn(paragraphs) >= MIN_ARTICLE_SHARE * wordsIn(body) && !isFooter(whole, articleText)) return fromParagraphs('html', squeeze(article.title ?? '') || pageTitle, paragraphs);
  }
  return fromParagraphs('html', pageTitle, body);
}
