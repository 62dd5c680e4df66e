/**
 * `npm run eval -- documents [--pdfs N] [--others N]`: the documents engine on real documents written
 * by others, read from this machine (never committed): the PDFs Debian ships under /usr/share/doc
 * (TeX Live's documentation: one to hundreds of pages, two-column journal samples, Cyrillic and
 * other scripts), HTML and Markdown files from /usr/share/doc, DOCX and ODT made from those Markdown
 * files by pandoc; and hostile ones made from them: encrypted by qpdf, image-only (pages rendered by
 * pdftoppm, put back in a PDF without text), truncated.
 *
 * Prints, per format: failures that are not a declared error (a 5xx); the share of readable
 * documents whose word count is within 5% of the reference extractor's (pdftotext for PDF, pandoc
 * for the others). HTML is measured as a reader view: the reference is the page's own marked main
 * element (`<main>` or `role="main"`, as the site's authors marked it) converted to text by pandoc,
 * and each page's overlap is the recall, precision and F1 of its words against ours, per page and
 * per site (the package folder the pages came from). Then the worst group (a format's share
 * within 5%, a site's mean F1) and whether every encrypted, image-only and broken file got its own
 * declared error.
 *
 * Needs poppler-utils (pdftotext, pdfinfo, pdftoppm), pandoc and qpdf:
 * apt-get install poppler-utils pandoc qpdf texlive-latex-base-doc texlive-publishers-doc texlive-lang-cyrillic
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { PDFDocument } from 'pdf-lib';
import { ERROR_STATUS } from '../../contract/errors.ts';
import { DocumentError, extractDocument } from '../../server/engines/documents/index.ts';
import { countWords } from '../../server/engines/shared/text.ts';

const LIMITS = { maxPages: 300, timeMs: 30_000 };

function filesUnder(dir: string, ext: RegExp): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => ext.test(f))
      .map((f) => path.join(dir, f))
      .filter((f) => statSync(f).isFile())
      // Debian links some documentation folders to others (python3-dev → python3): each file once, under its real path.
      .map((f) => realpathSync(f))
      .sort()
      .filter((f, i, all) => i === 0 || f !== all[i - 1]);
  } catch {
    return [];
  }
}

/** Every k-th of the list, so the sample spreads over all packages. */
const spread = <T>(list: T[], n: number) => (list.length <= n ? list : Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]));
const tool = (cmd: string, args: string[], input?: string) =>
  execFileSync(cmd, args, { input, maxBuffer: 256 * 2 ** 20, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'ignore'], timeout: 60_000 });
const pagesOf = (file: string) => Number(/Pages:\s+(\d+)/.exec(tool('pdfinfo', [file]).toString())?.[1] ?? 0);

const wordList = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Recall, precision and F1 of our words against the reference's, as multisets (a word counts as often as it occurs). */
function wordOverlap(ours: string, reference: string): { recall: number; precision: number; f1: number } {
  const counts = new Map<string, number>();
  const theirs = wordList(reference);
  for (const w of theirs) counts.set(w, (counts.get(w) ?? 0) + 1);
  const mine = wordList(ours);
  let common = 0;
  for (const w of mine) {
    const c = counts.get(w) ?? 0;
    if (c > 0) {
      common++;
      counts.set(w, c - 1);
    }
  }
  const recall = theirs.length ? common / theirs.length : 1;
  const precision = mine.length ? common / mine.length : 1;
  return { recall, precision, f1: recall + precision ? (2 * recall * precision) / (recall + precision) : 0 };
}

/** The page's one element its authors marked as the main content, as HTML; undefined when it has none or several. */
function markedMain(html: string): string | undefined {
  // Most pages mark nothing: a text search spares building their DOM.
  if (!/<main[\s>]|role\s*=\s*["']?main\b/i.test(html)) return undefined;
  const { document } = parseHTML(html);
  const marked = document.querySelectorAll('main, [role="main"]');
  return marked.length === 1 ? (marked[0] as { outerHTML: string }).outerHTML : undefined;
}

/** A page's site: the package folder under /usr/share/doc it came from (or under /usr/share, where Debian links the folder there). */
function siteOf(file: string): string {
  const inDoc = path.relative('/usr/share/doc', file);
  return (inDoc.startsWith('..') ? path.relative('/usr/share', file) : inDoc).split(path.sep)[0];
}

type Outcome = { ok: true; words: number; text: string; ms: number } | { ok: false; code: string; status: number; ms: number; undeclared?: string };

async function read(bytes: Uint8Array): Promise<Outcome> {
  const started = performance.now();
  try {
    const doc = await extractDocument(bytes, LIMITS);
    return { ok: true, words: wordsOf(doc.text), text: doc.text, ms: performance.now() - started };
  } catch (error) {
    const ms = performance.now() - started;
    if (error instanceof DocumentError) return { ok: false, code: error.code, status: ERROR_STATUS[error.code], ms };
    return { ok: false, code: 'internal_error', status: 500, ms, undeclared: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Words as both sides are compared: the service's count (countWords) of the tokens that hold a
 * letter or a digit, so that a reference's layout marks (pandoc's list bullets and heading rules,
 * pdftotext's stray bullets) do not count as words.
 */
const wordsOf = (text: string) => countWords(text.replace(/(?<=^|\s)[^\p{L}\p{N}\s]+(?=\s|$)/gu, ' '));

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');

export async function run(args: string[]): Promise<void> {
  const option = (name: string, fallback: number) => Number(args[args.indexOf(name) + 1] ?? fallback) || fallback;
  const pdfCount = args.includes('--pdfs') ? option('--pdfs', 150) : 150;
  const otherCount = args.includes('--others') ? option('--others', 40) : 40;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'eval-documents-'));
  const htmlCount = args.includes('--html') ? option('--html', 230) : 230;
  const rows: { kind: string; file: string; outcome: Outcome; reference?: number; within?: boolean; overlap?: { recall: number; precision: number; f1: number }; expected?: string }[] = [];
  try {
    // ---------------------------------------------------------------- readable documents
    const pdfs = spread(filesUnder('/usr/share/doc', /\.pdf$/i).filter((f) => {
      try {
        const pages = pagesOf(f);
        return pages >= 1 && pages <= 300;
      } catch {
        return false;
      }
    }), pdfCount);
    for (const file of pdfs) {
      const outcome = await read(readFileSync(file));
      const reference = wordsOf(tool('pdftotext', ['-enc', 'UTF-8', file, '-']).toString());
      rows.push({ kind: 'pdf', file, outcome, reference, within: outcome.ok ? Math.abs(outcome.words - reference) <= 0.05 * reference : false });
    }
    const markdown = spread(filesUnder('/usr/share/doc', /\.md$/i).filter((f) => statSync(f).size > 500), otherCount);
    for (const file of markdown) {
      const reference = wordsOf(tool('pandoc', ['-f', 'gfm', '-t', 'plain', '--wrap=none', file]).toString());
      const outcome = await read(readFileSync(file));
      rows.push({ kind: 'markdown', file, outcome, reference, within: outcome.ok ? Math.abs(outcome.words - reference) <= 0.05 * reference : false });
      // The same text as DOCX and ODT, written by pandoc; the reference is pandoc's own reading of them.
      for (const format of ['docx', 'odt'] as const) {
        const out = path.join(tmp, `${path.basename(file)}.${format}`);
        try {
          tool('pandoc', ['-f', 'gfm', '-o', out, file]);
        } catch {
          continue;
        }
        const ref = wordsOf(tool('pandoc', ['-t', 'plain', '--wrap=none', out]).toString());
        const got = await read(readFileSync(out));
        rows.push({ kind: format, file: out, outcome: got, reference: ref, within: got.ok ? Math.abs(got.words - ref) <= 0.05 * ref : false });
      }
    }
    // Pages whose authors marked their main element: that element is the reader view's reference.
    const marked = filesUnder('/usr/share/doc', /\.html?$/i)
      .filter((f) => statSync(f).size > 3000)
      .map((file) => ({ file, main: markedMain(readFileSync(file, 'utf8')) }))
      .filter((p): p is { file: string; main: string } => p.main !== undefined);
    for (const { file, main } of spread(marked, htmlCount)) {
      const referenceText = tool('pandoc', ['-f', 'html', '-t', 'plain', '--wrap=none'], main).toString();
      const reference = wordsOf(referenceText);
      const outcome = await read(readFileSync(file));
      rows.push({
        kind: 'html', file, outcome, reference,
        within: outcome.ok ? Math.abs(outcome.words - reference) <= 0.05 * reference : false,
        overlap: outcome.ok ? wordOverlap(outcome.text, referenceText) : { recall: 0, precision: 0, f1: 0 },
      });
    }

    // ---------------------------------------------------------------- hostile documents made from real ones
    for (const [i, file] of spread(pdfs, 10).entries()) {
      const encrypted = path.join(tmp, `encrypted-${i}.pdf`);
      try {
        tool('qpdf', ['--encrypt', 'user-password', 'owner-password', '256', '--', file, encrypted]);
      } catch (error) {
        // qpdf's status 3: done, with warnings about the input.
        if ((error as { status?: number }).status !== 3) throw error;
      }
      rows.push({ kind: 'encrypted', file: encrypted, outcome: await read(readFileSync(encrypted)), expected: 'encrypted_document' });
      const bytes = readFileSync(file);
      rows.push({ kind: 'truncated', file: `${file} (first 40%)`, outcome: await read(bytes.subarray(0, Math.floor(bytes.length * 0.4))), expected: 'unreadable_document' });
      // Image-only: the first pages rendered to PNG and put back as a PDF without text, as a scanner makes.
      const prefix = path.join(tmp, `scan-${i}`);
      tool('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '3', file, prefix]);
      const scan = await PDFDocument.create();
      for (const png of readdirSync(tmp).filter((f) => f.startsWith(`scan-${i}`) && f.endsWith('.png')).sort()) {
        const image = await scan.embedPng(readFileSync(path.join(tmp, png)));
        scan.addPage([image.width, image.height]).drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
      }
      rows.push({ kind: 'image-only', file: `${file} (pages rendered)`, outcome: await read(await scan.save()), expected: 'no_text' });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  // ---------------------------------------------------------------- figures
  const undeclared = rows.filter((r) => !r.outcome.ok && r.outcome.undeclared);
  console.log(`Documents: ${rows.length}; undeclared failures (would be 5xx): ${undeclared.length}`);
  for (const r of undeclared) console.log(`  ${r.file}: ${r.outcome.ok ? '' : r.outcome.undeclared}`);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  /** Every format's and every site's score, so that the worst one is named. */
  const groups: { name: string; score: number; size: number }[] = [];
  for (const kind of ['pdf', 'docx', 'odt', 'html', 'markdown']) {
    const of = rows.filter((r) => r.kind === kind);
    if (!of.length) continue;
    const read = of.filter((r) => r.outcome.ok);
    const refused = of.filter((r) => !r.outcome.ok).map((r) => (r.outcome.ok ? '' : r.outcome.code));
    const within = read.filter((r) => r.within).length;
    const times = read.map((r) => r.outcome.ms).sort((a, b) => a - b);
    const reference = kind === 'pdf' ? 'pdftotext' : kind === 'html' ? "pandoc's reading of the marked main element" : 'pandoc';
    console.log(`${kind}: ${of.length} files, ${read.length} read (${refused.length} refused: ${[...new Set(refused)].join(', ') || 'none'}); word count within 5% of ${reference}: ${within}/${read.length} = ${pct(within, read.length)}; median ${Math.round(times[Math.floor(times.length / 2)] ?? 0)} ms, max ${Math.round(times[times.length - 1] ?? 0)} ms`);
    // HTML's measure is its overlap with the marked main element (below), not its word count.
    if (kind !== 'html') groups.push({ name: `${kind} (share within 5%)`, score: read.length ? within / read.length : 0, size: of.length });
    if (kind === 'html') {
      const f1s = of.map((r) => r.overlap?.f1 ?? 0);
      console.log(`  reader view vs marked main element: recall ${mean(of.map((r) => r.overlap?.recall ?? 0)).toFixed(3)}, precision ${mean(of.map((r) => r.overlap?.precision ?? 0)).toFixed(3)}, F1 ${mean(f1s).toFixed(3)} (mean of ${of.length} pages); pages with F1 ≥ 0.8: ${f1s.filter((f) => f >= 0.8).length}/${of.length}`);
      const sites = new Map<string, typeof of>();
      for (const r of of) sites.set(siteOf(r.file), [...(sites.get(siteOf(r.file)) ?? []), r]);
      for (const [site, pages] of [...sites].sort()) {
        const f1 = mean(pages.map((r) => r.overlap?.f1 ?? 0));
        console.log(`  site ${site}: ${pages.length} pages, F1 ${f1.toFixed(3)}, lowest page ${Math.min(...pages.map((r) => r.overlap?.f1 ?? 0)).toFixed(3)}`);
        groups.push({ name: `html site ${site} (mean F1)`, score: f1, size: pages.length });
      }
      for (const r of [...of].sort((a, b) => (a.overlap?.f1 ?? 0) - (b.overlap?.f1 ?? 0)).slice(0, 5)) {
        console.log(`  lowest: ${r.file}: recall ${r.overlap?.recall.toFixed(3)}, precision ${r.overlap?.precision.toFixed(3)}, F1 ${r.overlap?.f1.toFixed(3)}`);
      }
    }
    const refusedWithText = of.filter((r) => !r.outcome.ok && (r.reference ?? 0) > 0);
    if (refusedWithText.length) console.log(`  refused where the reference found words: ${refusedWithText.map((r) => `${path.basename(r.file)} (${r.outcome.ok ? '' : r.outcome.code}, reference ${r.reference} words)`).join('; ')}`);
    const worst = read.filter((r) => !r.within && kind !== 'html').slice(0, 8);
    for (const r of worst) console.log(`  off: ${r.file}: ours ${r.outcome.ok ? r.outcome.words : '-'} vs ${r.reference}`);
  }
  const worstGroup = [...groups].sort((a, b) => a.score - b.score)[0];
  if (worstGroup) console.log(`worst group: ${worstGroup.name}: ${worstGroup.score.toFixed(3)} (${worstGroup.size} files)`);
  for (const kind of ['encrypted', 'image-only', 'truncated']) {
    const of = rows.filter((r) => r.kind === kind);
    const right = of.filter((r) => !r.outcome.ok && r.outcome.code === r.expected).length;
    const codes = [...new Set(of.map((r) => (r.outcome.ok ? 'read' : r.outcome.code)))];
    console.log(`${kind}: ${right}/${of.length} got ${of[0]?.expected} (${codes.join(', ')}); max ${Math.round(Math.max(...of.map((r) => r.outcome.ms)))} ms`);
  }
}
