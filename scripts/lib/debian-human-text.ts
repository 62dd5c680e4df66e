/**
 * Human expository prose shipped by Debian packages, read from where the package installs it, for the
 * AI-text detector's training: the registers that only AI owns in the shared data (answers,
 * explanations, how-tos) get human writing too, so "explains things" stops meaning "AI".
 *
 * - perl-doc (licence: GPL-1+ or Artistic, as Perl): the Perl FAQ (question and answer pages,
 *   perlfaq1–9) and the tutorials, written by people over 1994–2022. Verbatim (code) paragraphs and
 *   POD markup are removed; paragraphs that are mostly code or lists of names are skipped.
 * - python3-doc (licence: PSF License Version 2): the reStructuredText sources of the Python FAQ,
 *   tutorial and HOWTOs (1990s–2022), the same way (directives, literal blocks and roles removed).
 * - The Debian project's documentation (domain debian-doc; Debian 12 versions): debian-faq (the Debian
 *   FAQ, 1996–2022; copying permitted with its notice kept), debian-reference-en (GPL-2+),
 *   developers-reference (GPL-2; reStructuredText sources), maint-guide (GPL-2.0+) and
 *   debian-handbook (GPL-2.0+ or CC-BY-SA-3.0, English pages): prose paragraphs of their DocBook
 *   HTML (code, tables and navigation removed) or reStructuredText. Measured, not in the shipped
 *   recipe (RECIPE.humanPackages names the packages training reads; MODEL_CARD.md).
 *
 * Nothing of it is committed: the trainer reads the installed files, and says how to install them
 * when they are missing.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { LabelledText } from './text-detect-data.ts';

export interface DebianSource {
  package: string;
  licence: string;
  domain: string;
  /** Installed files read (absolute paths), sorted. */
  files: () => string[];
  /** Prose paragraphs of one file, grouped by section. */
  paragraphs: (text: string) => string[][];
}

const PYTHON_SOURCES = '/usr/share/doc/python3/html/_sources';
const PYTHON_PARTS = ['faq', 'tutorial', 'howto'];

const PERL_ROOT = '/usr/share/perl';

/** HTML pages of a folder whose names match `re` (index pages left out), sorted. */
function htmlPages(dir: string, re: RegExp): string[] {
  return existsSync(dir) ? readdirSync(dir).sort().filter((f) => re.test(f) && !/^index\b/.test(f)).map((f) => path.join(dir, f)) : [];
}

/** The reStructuredText sources of a Sphinx build's folder (`*.rst.txt`, index left out), sorted. */
function rstSources(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort().filter((f) => f.endsWith('.rst.txt') && f !== 'index.rst.txt').map((f) => path.join(dir, f)) : [];
}

/** A package of the Debian project's own documentation (domain debian-doc), DocBook HTML unless told. */
function debianDoc(pkg: string, licence: string, files: () => string[], paragraphs: (text: string) => string[][] = htmlParagraphs): DebianSource {
  return { package: pkg, licence, domain: 'debian-doc', files, paragraphs };
}

/** Prose pages of perl-doc: the FAQ and the tutorials. */
const PERL_PAGES = /^perl(faq[1-9]|intro|(boot|debtut|hacktut|ootut|opentut|packtut|quick|reftut|requick|retut|thrtut|unitut|xstut)|style|trap|modinstall|newmod|modstyle|port|sec|perf|sub|data|dsc|lol|ref|syn|obj|mod|tie|ipc|unifaq|uniintro|number|pod|policy|hist)\.pod$/;

export const DEBIAN_SOURCES: DebianSource[] = [
  {
    package: 'perl-doc',
    licence: 'GPL-1+ or Artistic (Perl)',
    domain: 'perl-doc',
    files: () => {
      if (!existsSync(PERL_ROOT)) return [];
      const out: string[] = [];
      for (const v of readdirSync(PERL_ROOT).sort()) {
        const pod = path.join(PERL_ROOT, v, 'pod');
        if (!existsSync(pod)) continue;
        for (const f of readdirSync(pod).sort()) if (PERL_PAGES.test(f)) out.push(path.join(pod, f));
        if (out.length > 0) return out; // one Perl version (a symlinked twin would repeat it)
      }
      return out;
    },
    paragraphs: podParagraphs,
  },
  {
    package: 'python3-doc',
    licence: 'PSF License Version 2 (Python documentation)',
    domain: 'python-doc',
    files: () => PYTHON_PARTS.flatMap((part) => rstSources(path.join(PYTHON_SOURCES, part))),
    paragraphs: rstParagraphs,
  },
  // The Debian project's own documentation (domain debian-doc): questions and answers, how-tos and
  // explanations written by Debian developers, 1996–2022.
  debianDoc('debian-faq', 'verbatim and modified copying permitted with the notice kept (Software in the Public Interest)', () => htmlPages('/usr/share/doc/debian/FAQ', /\.en\.html$/)),
  debianDoc('debian-reference-en', 'GPL-2+', () => htmlPages('/usr/share/debian-reference', /\.en\.html$/)),
  debianDoc('developers-reference', 'GPL-2', () => rstSources('/usr/share/developers-reference/_sources'), rstParagraphs),
  debianDoc('maint-guide', 'GPL-2.0+', () => htmlPages('/usr/share/doc/maint-guide/html', /\.en\.html$/)),
  debianDoc('debian-handbook', 'GPL-2.0+ or CC-BY-SA-3.0', () => htmlPages('/usr/share/doc/debian-handbook/html/en-US', /\.html$/)),
];

/** POD formatting codes (C<...>, I<<< ... >>>, L<text|target>, E<gt>) replaced by their text. */
export function stripPodCodes(s: string): string {
  const entities: Record<string, string> = { lt: '\uE000', gt: '\uE001', verbar: '|', sol: '/', quot: '"', amp: '&' };
  // Escapes first, as placeholders, so an escaped "<" or ">" does not end a code.
  s = s.replace(/E<([a-z]+|\d+)>/g, (_, e: string) => (/^\d+$/.test(e) ? String.fromCharCode(Number(e)) : (entities[e] ?? '')));
  const link = (t: string): string => (t.includes('/') ? t.slice(t.lastIndexOf('/') + 1) : t).replace(/"/g, '');
  let prev = '';
  while (prev !== s) {
    prev = s;
    s = s
      .replace(/[A-Z]<<+\s+(.*?)\s+>>+/g, (_, t: string) => t)
      .replace(/L<([^<>|]*)\|[^<>]*>/g, (_, t: string) => t)
      .replace(/L<([^<>]*)>/g, (_, t: string) => link(t))
      .replace(/[A-Z]<([^<>]*)>/g, (_, t: string) => t);
  }
  return s.replace(/\uE000/g, '<').replace(/\uE001/g, '>');
}

const CODE_CHARS = /[$@%{};=\\]|->|::/g;

/** A paragraph of plain prose (few code characters, ends as a sentence), or null. */
function prose(text: string): string | null {
  const words = text.split(' ').length;
  if (words < 8) return null;
  if ((text.match(CODE_CHARS) ?? []).length > words * 0.05) return null;
  if (!/[.?!:]["')]?$/.test(text)) return null; // fragments, lists of names
  return text;
}

/** reStructuredText roles, literals, links and emphasis replaced by their text. */
export function stripRst(s: string): string {
  return s
    .replace(/:[a-z:]+:`~?!?([^`<]*?)(\s*<[^>]*>)?`/g, (_, t: string) => t)
    .replace(/``([^`]*)``/g, (_, t: string) => t)
    .replace(/`([^`<]*?)\s*<[^>]*>`__?/g, (_, t: string) => t)
    .replace(/`([^`]*)`_{0,2}/g, (_, t: string) => t)
    .replace(/\*\*([^*]+)\*\*/g, (_, t: string) => t)
    .replace(/\*([^*\s][^*]*)\*/g, (_, t: string) => t)
    .replace(/\|([^|\s]+)\|/g, (_, t: string) => t)
    .replace(/\\(.)/g, (_, c: string) => c);
}

/** Prose paragraphs of a reStructuredText file, grouped by section: no directives, literal blocks, tables or headings. */
export function rstParagraphs(rst: string): string[][] {
  const sections: string[][] = [];
  let cur: string[] = [];
  for (const block of rst.replace(/\r/g, '').split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    if (lines.some((l) => /^([=\-~^*#"+`'])\1{2,}\s*$/.test(l.trim()))) {
      // A heading (title and underline): a new section.
      if (cur.length > 0) sections.push(cur);
      cur = [];
      continue;
    }
    if (/^\s/.test(block) || /^(\.\.|>>>|\||\+-)/.test(lines[0])) continue; // literal blocks, directives, tables
    const text = prose(stripRst(lines.join(' ')).replace(/\s+/g, ' ').trim());
    if (text !== null && !text.endsWith('::')) cur.push(text.replace(/:$/, ':'));
  }
  if (cur.length > 0) sections.push(cur);
  return sections;
}

const HTML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', copy: '©' };

/** Text of an HTML fragment: tags removed, entities decoded. */
export function htmlText(s: string): string {
  return s
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
      e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (HTML_ENTITIES[e.toLowerCase()] ?? m),
    );
}

/** Prose paragraphs (<p>, or Publican's <div class="para">) of a DocBook HTML page, grouped by section: no code, tables, navigation or headings. */
export function htmlParagraphs(html: string): string[][] {
  const body = html
    .replace(/\r/g, '')
    .replace(/<head[\s>][\s\S]*?<\/head>/gi, '')
    .replace(/<(pre|table|script|style)[\s>][\s\S]*?<\/\1>/gi, '');
  const sections: string[][] = [];
  let cur: string[] = [];
  for (const m of body.matchAll(/<h[1-6][\s>]|<p(?:\s[^>]*)?>([\s\S]*?)<\/p>|<div class="para">([\s\S]*?)<\/div>/gi)) {
    const inner = m[1] ?? m[2];
    if (inner === undefined) {
      if (cur.length > 0) sections.push(cur);
      cur = [];
      continue;
    }
    const text = prose(htmlText(inner).replace(/\s+/g, ' ').trim());
    if (text !== null) cur.push(text);
  }
  if (cur.length > 0) sections.push(cur);
  return sections;
}

/** Prose paragraphs of a POD file: no commands, no verbatim blocks, little code. */
export function podParagraphs(pod: string): string[][] {
  const sections: string[][] = [];
  let cur: string[] = [];
  let inPod = true;
  for (const block of pod.replace(/\r/g, '').split(/\n\s*\n/)) {
    if (block.startsWith('=')) {
      const cmd = block.slice(1).split(/\s/)[0];
      if (cmd === 'cut') inPod = false;
      else inPod = true;
      if (/^head/.test(cmd) && cur.length > 0) {
        sections.push(cur);
        cur = [];
      }
      continue;
    }
    if (!inPod || /^\s/.test(block)) continue; // code, or verbatim examples
    const text = prose(stripPodCodes(block).replace(/\s+/g, ' ').trim());
    if (text !== null) cur.push(text);
  }
  if (cur.length > 0) sections.push(cur);
  return sections;
}

/** Deterministic passage lengths in words, spread like the shared corpus' bands (15–600). */
const TARGETS = [22, 45, 80, 120, 180, 250, 320, 400, 60, 150];

/** Passages of consecutive paragraphs of one section, of about a target length each. */
export function passages(sections: string[][]): string[] {
  const out: string[] = [];
  let t = 0;
  for (const sec of sections) {
    let cur: string[] = [];
    let n = 0;
    const target = (): number => TARGETS[t % TARGETS.length];
    for (const p of sec) {
      const w = p.split(' ').length;
      if (n > 0 && n + w > Math.max(target() * 1.3, 15) && n >= 15) {
        out.push(cur.join('\n\n'));
        t++;
        cur = [];
        n = 0;
      }
      cur.push(p);
      n += w;
      if (n >= target()) {
        out.push(cur.join('\n\n'));
        t++;
        cur = [];
        n = 0;
      }
    }
    if (n >= 15) {
      out.push(cur.join('\n\n'));
      t++;
    }
  }
  return out.filter((p) => p.split(/\s+/).length <= 600);
}

/** The human passages of every source, or an error naming the packages to install. */
export function debianHumanTexts(packages: string[]): { rows: LabelledText[]; counts: Record<string, { files: number; passages: number; words: number }> } {
  const rows: LabelledText[] = [];
  const counts: Record<string, { files: number; passages: number; words: number }> = {};
  const missing: string[] = [];
  for (const name of packages) {
    const src = DEBIAN_SOURCES.find((s) => s.package === name);
    if (src === undefined) throw new Error(`no reader for Debian package ${name}`);
    const files = src.files();
    if (files.length === 0) {
      missing.push(src.package);
      continue;
    }
    let words = 0;
    let n = 0;
    for (const f of files) {
      const name = path.basename(f).replace(/\.\w+$/, '');
      passages(src.paragraphs(readFileSync(f, 'utf8'))).forEach((text, k) => {
        words += text.split(/\s+/).length;
        n++;
        rows.push({ id: `debian:${src.package}:${name}:${k}`, text, label: 'human', domain: src.domain, generator: 'human', attack: 'none', source_repo: `debian:${src.package}` });
      });
    }
    counts[src.package] = { files: files.length, passages: n, words };
  }
  if (missing.length > 0) {
    throw new Error(`human training text from Debian packages is missing: install them with \`apt-get install ${missing.join(' ')}\` (read from ${PERL_ROOT}/*/pod and ${PYTHON_SOURCES})`);
  }
  return { rows, counts };
}
