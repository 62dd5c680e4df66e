/**
 * Reading order of a PDF's text, which pdf.js hands over as positioned runs in the order the file
 * draws them (not always the order a person reads). What no library does for us, in four steps:
 *
 * 1. runs → fragments: neighbouring runs on one baseline, split where a gap is wider than an em
 *    (a column's gutter, a table's cell);
 * 2. columns: a vertical strip in the middle of the page that no narrow fragment crosses, with
 *    text on both sides, is a gutter; a page with one is read band by band (a full-width line,
 *    such as a title or a wide caption, ends a band), each band left column first;
 * 3. lines repeated at the top or bottom of many pages (running heads, page numbers, with digits
 *    counted alike) are page furniture and left out;
 * 4. lines → paragraphs: a larger gap than the document's usual line spacing, a change of type
 *    size, an indented first line or a short last line after a full stop start a paragraph; a word
 *    hyphenated at a line end is joined, and a paragraph running on across a column or page is one.
 *
 * Coordinates are PDF user space: y grows upwards, so the top of a page has the largest y.
 */
import type { PagedParagraph } from './layout.ts';

export interface TextRun {
  text: string;
  /** Left edge and baseline. */
  x: number;
  y: number;
  width: number;
  /** Font size (the run's height). */
  size: number;
}

export interface PageText {
  runs: TextRun[];
}

type Column = 'single' | 'left' | 'right' | 'span';

interface Fragment {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

export interface Line extends Fragment {
  page: number;
  column: Column;
}

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
};

const endsWithSpace = (text: string) => /\s$/u.test(text);
const startsWithSpace = (text: string) => /^\s/u.test(text);

/**
 * TeX (and other typesetters without precomposed glyphs) draws an accented letter as two glyphs:
 * a spacing accent and the letter, one over the other. Each spacing accent's combining mark, so
 * that the pair reads as the one letter (é, ü) a person sees.
 */
const ACCENTS: Record<string, string> = {
  '\u00b4': '\u0301', '`': '\u0300', '\u00a8': '\u0308', '\u02c6': '\u0302', '^': '\u0302', '\u02dc': '\u0303', '~': '\u0303', '\u00af': '\u0304',
  '\u02d8': '\u0306', '\u02d9': '\u0307', '\u02da': '\u030a', '\u02c7': '\u030c', '\u00b8': '\u0327', '\u02dd': '\u030b', '\u02db': '\u0328',
};
const ENDS_WITH_ACCENT = /[\u00b4`\u00a8\u02c6^\u02dc~\u00af\u02d8\u02d9\u02da\u02c7\u00b8\u02dd\u02db]$/u;

/**
 * Whether `run` is a superscript or subscript of text set at `size` on `baseline` (a footnote mark,
 * an exponent, an index, the raised A of the LaTeX logo): smaller type, raised by up to three
 * quarters of the text's size or lowered by up to almost half of it.
 */
const isScriptOf = (run: { y: number; size: number }, baseline: number, size: number) => run.size < 0.9 * size && run.y - baseline <= 0.75 * size && baseline - run.y <= 0.45 * size;

/** Whether a glyph run repeats one already drawn at (almost) the same place: fake bold or a shadow, read once. */
function overprinted(seen: Map<string, { x: number; y: number }[]>, run: TextRun, size: number): boolean {
  const at = seen.get(run.text);
  if (at?.some((p) => Math.abs(p.x - run.x) < 0.1 * size && Math.abs(p.y - run.y) < 0.1 * size)) return true;
  if (at) at.push({ x: run.x, y: run.y });
  else seen.set(run.text, [{ x: run.x, y: run.y }]);
  return false;
}

/**
 * Step 1: runs drawn one after another on one line, without a wide gap, are one fragment. A
 * fragment's baseline and size are those of its main text: a smaller run raised or lowered next to
 * it is a script and joins it, as the word it belongs to (`x²`, `note.¹`), without a space unless
 * there is a gap. A spacing accent drawn over the letter next to it becomes that letter's
 * combining mark; a run drawn twice at one place is read once.
 */
export function fragmentsOf(runs: TextRun[]): Fragment[] {
  const fragments: Fragment[] = [];
  const seen = new Map<string, { x: number; y: number }[]>();
  let current: Fragment | undefined;
  /** Where the text before a separately drawn accent ended, to tell a word's gap from the accent's own offset. */
  let beforeAccent: number | undefined;
  for (const run of runs) {
    if (run.text === '' || !Number.isFinite(run.x) || !Number.isFinite(run.y)) continue;
    const size = run.size > 0 ? run.size : 10;
    if (run.text.trim() === '') {
      if (current) current.text += ' ';
      continue;
    }
    if (overprinted(seen, run, size)) continue;
    const gap = current ? run.x - current.x1 : 0;
    const em = current ? Math.max(size, current.size) : size;
    const onLine =
      current !== undefined &&
      (Math.abs(run.y - current.y) <= 0.3 * em || isScriptOf(run, current.y, current.size) || isScriptOf(current, run.y, size));
    if (current && onLine && gap > -0.5 * em && gap < 1.0 * size) {
      let text = run.text;
      const accent = ENDS_WITH_ACCENT.exec(current.text.trimEnd())?.[0];
      if (accent && gap < -0.1 * size && /^\p{L}/u.test(text)) {
        // The letter is drawn back under the accent before it: accent and letter are one character.
        const head = current.text.trimEnd().slice(0, -accent.length).trimEnd();
        const spaced = beforeAccent === undefined ? head !== current.text.trimEnd().slice(0, -accent.length) : run.x - beforeAccent > 0.15 * size;
        current.text = `${head}${spaced && head ? ' ' : ''}${[...text][0]}${ACCENTS[accent]}`.normalize('NFC');
        text = text.slice([...text][0].length);
      } else if (ENDS_WITH_ACCENT.test(text[0] ?? '') && text.length === 1 && gap < -0.1 * size && /\p{L}$/u.test(current.text)) {
        // The accent is drawn back over the letter before it.
        current.text = `${current.text}${ACCENTS[text]}`.normalize('NFC');
        text = '';
      } else if (gap > 0.15 * size && !endsWithSpace(current.text) && !startsWithSpace(text)) current.text += ' ';
      beforeAccent = ENDS_WITH_ACCENT.test(text) && text.length === 1 ? current.x1 : undefined;
      current.text += text;
      current.x1 = Math.max(current.x1, run.x + run.width);
      // The main text's baseline and size are the fragment's, whichever came first.
      if (size > current.size) Object.assign(current, { y: run.y, size });
    } else {
      if (current) fragments.push(current);
      current = { text: run.text, x0: run.x, x1: run.x + Math.max(run.width, 0), y: run.y, size };
      beforeAccent = ENDS_WITH_ACCENT.test(run.text) && run.text.length === 1 ? run.x : undefined;
    }
  }
  if (current) fragments.push(current);
  return fragments.map((f) => ({ ...f, text: f.text.replace(/\s+/gu, ' ').trim() })).filter((f) => f.text !== '');
}

/** Step 2a: the x of a gutter between two columns, when the page has one. */
export function findGutter(fragments: Fragment[]): number | undefined {
  if (fragments.length < 8) return undefined;
  const left = Math.min(...fragments.map((f) => f.x0));
  const right = Math.max(...fragments.map((f) => f.x1));
  const width = right - left;
  if (width <= 0) return undefined;
  const narrow = fragments.filter((f) => f.x1 - f.x0 < 0.6 * width);
  if (narrow.length < 8) return undefined;
  const bins = Math.ceil(width);
  const covered = new Uint8Array(bins + 1);
  for (const f of narrow) for (let x = Math.max(0, Math.floor(f.x0 - left)); x <= Math.min(bins, Math.ceil(f.x1 - left)); x++) covered[x] = 1;
  const em = median(narrow.map((f) => f.size));
  let best: { from: number; to: number } | undefined;
  for (let x = 0; x <= bins; x++) {
    if (covered[x]) continue;
    let to = x;
    while (to + 1 <= bins && !covered[to + 1]) to++;
    const center = (x + to) / 2;
    if (center > 0.3 * width && center < 0.7 * width && to - x + 1 >= Math.max(4, 0.5 * em) && (!best || to - x > best.to - best.from)) best = { from: x, to };
    x = to;
  }
  if (!best) return undefined;
  const gutter = left + (best.from + best.to) / 2;
  const leftSide = narrow.filter((f) => f.x1 <= gutter).length;
  const rightSide = narrow.filter((f) => f.x0 >= gutter).length;
  // Text on both sides, as columns have; short lines that all end before the middle do not make a gutter.
  if (leftSide < 0.25 * narrow.length || rightSide < 0.25 * narrow.length || leftSide < 4 || rightSide < 4) return undefined;
  return gutter;
}

/** Fragments of one column on one baseline are one line, read left to right. */
function linesOf(fragments: Fragment[], page: number, column: Column): Line[] {
  const sorted = [...fragments].sort((a, b) => b.y - a.y || a.x0 - b.x0);
  const groups: Fragment[][] = [];
  for (const f of sorted) {
    const group = groups[groups.length - 1];
    if (group && Math.abs(group[0].y - f.y) <= 0.5 * Math.min(group[0].size, f.size)) group.push(f);
    else groups.push([f]);
  }
  return groups.map((group) => {
    const parts = [...group].sort((a, b) => a.x0 - b.x0);
    return {
      text: parts.map((p) => p.text).join(' '),
      x0: parts[0].x0,
      x1: Math.max(...parts.map((p) => p.x1)),
      y: Math.max(...parts.map((p) => p.y)),
      size: median(parts.map((p) => p.size)),
      page,
      column,
    };
  });
}

/** Step 2: a page's lines in reading order. `page` is 1-based. */
export function pageLines(page: PageText, pageNumber: number): Line[] {
  const fragments = fragmentsOf(page.runs);
  const gutter = findGutter(fragments);
  if (gutter === undefined) return linesOf(fragments, pageNumber, 'single');
  const span = linesOf(fragments.filter((f) => f.x0 < gutter && f.x1 > gutter), pageNumber, 'span');
  const left = linesOf(fragments.filter((f) => f.x1 <= gutter), pageNumber, 'left');
  const right = linesOf(fragments.filter((f) => f.x0 >= gutter), pageNumber, 'right');
  const ordered: Line[] = [];
  // Each full-width line ends the band of column text above it.
  const take = (lines: Line[], above: number) => {
    while (lines.length && lines[0].y > above) ordered.push(lines.shift()!);
  };
  for (const wide of span) {
    take(left, wide.y);
    take(right, wide.y);
    ordered.push(wide);
  }
  take(left, -Infinity);
  take(right, -Infinity);
  return ordered;
}

/** What a running head or page number is recognised by: its words, with every digit alike. */
const furnitureKey = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/** Lines at a page's top or bottom that may be page furniture. */
const EDGE_LINES = 2;

/** Step 3: drops lines repeated at the top or bottom of at least 40% of the pages (and at least 3). */
export function dropPageFurniture(pages: Line[][]): Line[][] {
  if (pages.length < 3) return pages;
  const edges = pages.map((lines) => {
    const byHeight = [...lines].sort((a, b) => b.y - a.y);
    return new Set([...byHeight.slice(0, EDGE_LINES), ...byHeight.slice(-EDGE_LINES)]);
  });
  const pagesWith = new Map<string, number>();
  for (const edge of edges) for (const key of new Set([...edge].map((l) => furnitureKey(l.text)))) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  const threshold = Math.max(3, Math.ceil(0.4 * pages.length));
  return pages.map((lines, i) => lines.filter((line) => !(edges[i].has(line) && (pagesWith.get(furnitureKey(line.text)) ?? 0) >= threshold)));
}

const TERMINAL = /[.!?:;。！？]["'”’)\]]*$/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The text that joins two lines of one paragraph, and whether the first loses its last character (a hyphen). */
export function joinLines(before: string, after: string): { drop: number; joiner: string } {
  if (/\p{L}[-\u00ad]$/u.test(before) && /^\p{Ll}/u.test(after)) return { drop: 1, joiner: '' };
  if (CJK.test(before.slice(-1)) && CJK.test(after[0] ?? '')) return { drop: 0, joiner: '' };
  return { drop: 0, joiner: ' ' };
}

/** Step 4: the lines of every page, in reading order, as paragraphs with the page each piece is on. */
export function paragraphsOf(pages: Line[][]): PagedParagraph[] {
  const lines = pages.flat();
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1], lines[i]];
    if (a.page === b.page && a.column === b.column && a.y > b.y) gaps.push(a.y - b.y);
  }
  const lineGap = median(gaps) || 12;
  // Each column's usual left edge and right edge, for indented first and short last lines.
  const edges = new Map<string, { left: number; right: number }>();
  const keyOf = (l: Line) => `${l.page}:${l.column}`;
  for (const key of new Set(lines.map(keyOf))) {
    const column = lines.filter((l) => keyOf(l) === key);
    edges.set(key, { left: median(column.map((l) => l.x0)), right: quantile(column.map((l) => l.x1), 0.9) });
  }

  const startsParagraph = (prev: Line, line: Line): boolean => {
    const terminal = TERMINAL.test(prev.text);
    if (prev.page !== line.page || prev.column !== line.column) return prev.column === 'span' || line.column === 'span' ? prev.page === line.page || terminal : terminal;
    if (prev.y - line.y > 1.5 * lineGap || prev.y < line.y) return true;
    if (Math.abs(prev.size - line.size) > 0.15 * prev.size) return true;
    const edge = edges.get(keyOf(line))!;
    if (terminal && line.x0 > edge.left + 0.7 * line.size) return true;
    return terminal && prev.x1 < edge.right - 4 * prev.size;
  };

  const paragraphs: PagedParagraph[] = [];
  let current: PagedParagraph | undefined;
  let prev: Line | undefined;
  for (const line of lines) {
    if (!current || !prev || startsParagraph(prev, line)) {
      current = { pieces: [{ text: line.text, page: line.page }] };
      paragraphs.push(current);
    } else {
      const last = current.pieces[current.pieces.length - 1];
      const { drop, joiner } = joinLines(last.text, line.text);
      last.text = last.text.slice(0, last.text.length - drop) + joiner;
      if (last.page === line.page) last.text += line.text;
      else current.pieces.push({ text: line.text, page: line.page });
    }
    prev = line;
  }
  return paragraphs;
}
