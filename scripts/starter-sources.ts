/**
 * The starter plagiarism corpus (`npm run admin -- sources import --starter`): the licence texts in
 * /usr/share/common-licenses, which Debian's base-files package ships (Essential: on every Debian
 * and Ubuntu system, CI's included), so a fresh install has something real to compare with and the
 * portal playground's plagiarism sample finds its source. Each text may be copied verbatim; its
 * own licence is listed with it. Real use needs a real corpus: `sources import FILE.jsonl`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceDocument } from '../server/engines/plagiarism/index.ts';

const STARTER_DIR = '/usr/share/common-licenses';

const FSF = 'FSF: "Everyone is permitted to copy and distribute verbatim copies of this license document, but changing it is not allowed."';

/** Each file, where the same text is published, and the licence of the text itself. */
export const STARTER_SOURCES: readonly { file: string; title: string; url: string; licence: string }[] = [
  { file: 'GPL-1', title: 'GNU General Public License, version 1', url: 'https://www.gnu.org/licenses/old-licenses/gpl-1.0.txt', licence: FSF },
  { file: 'GPL-2', title: 'GNU General Public License, version 2', url: 'https://www.gnu.org/licenses/old-licenses/gpl-2.0.txt', licence: FSF },
  { file: 'GPL-3', title: 'GNU General Public License, version 3', url: 'https://www.gnu.org/licenses/gpl-3.0.txt', licence: FSF },
  { file: 'LGPL-2', title: 'GNU Library General Public License, version 2', url: 'https://www.gnu.org/licenses/old-licenses/lgpl-2.0.txt', licence: FSF },
  { file: 'LGPL-2.1', title: 'GNU Lesser General Public License, version 2.1', url: 'https://www.gnu.org/licenses/old-licenses/lgpl-2.1.txt', licence: FSF },
  { file: 'LGPL-3', title: 'GNU Lesser General Public License, version 3', url: 'https://www.gnu.org/licenses/lgpl-3.0.txt', licence: FSF },
  { file: 'GFDL-1.2', title: 'GNU Free Documentation License, version 1.2', url: 'https://www.gnu.org/licenses/old-licenses/fdl-1.2.txt', licence: FSF },
  { file: 'GFDL-1.3', title: 'GNU Free Documentation License, version 1.3', url: 'https://www.gnu.org/licenses/fdl-1.3.txt', licence: FSF },
  { file: 'Artistic', title: 'The Artistic License (Perl)', url: 'https://dev.perl.org/licenses/artistic.html', licence: 'Perl: "Everyone is permitted to copy and distribute verbatim copies of this license document, but changing it is not allowed."' },
  { file: 'Apache-2.0', title: 'Apache License, Version 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0.txt', licence: 'The Apache Software Foundation publishes the licence for verbatim reproduction in works under it' },
  { file: 'MPL-1.1', title: 'Mozilla Public License, version 1.1', url: 'https://www.mozilla.org/media/MPL/1.1/index.txt', licence: 'Mozilla Foundation: the licence text may be reproduced verbatim' },
  { file: 'MPL-2.0', title: 'Mozilla Public License, version 2.0', url: 'https://www.mozilla.org/media/MPL/2.0/index.txt', licence: 'Mozilla Foundation: the licence text may be reproduced verbatim' },
  { file: 'CC0-1.0', title: 'Creative Commons CC0 1.0 Universal', url: 'https://creativecommons.org/publicdomain/zero/1.0/legalcode.txt', licence: 'Creative Commons dedicates its legal code to the public domain (CC0 1.0)' },
  { file: 'BSD', title: 'BSD License (University of California)', url: 'https://www.debian.org/legal/licenses/bsd', licence: 'the licence template of the Regents of the University of California, reproduced in every work under it' },
];

/** Paragraphs kept, the hard line wraps of the plain-text files undone. */
function unwrap(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

/** The starter documents, read from `dir`; names every missing file and how to get it. */
export function readStarterSources(dir = STARTER_DIR): SourceDocument[] {
  const missing: string[] = [];
  const docs: SourceDocument[] = [];
  for (const { file, title, url } of STARTER_SOURCES) {
    try {
      docs.push({ url, title, text: unwrap(readFileSync(path.join(dir, file), 'utf8')) });
    } catch {
      missing.push(file);
    }
  }
  if (missing.length > 0) {
    throw new Error(`the starter corpus reads ${dir}, which lacks ${missing.join(', ')}; Debian's base-files package ships them (every Debian or Ubuntu system has it). Elsewhere import your own sources: npm run admin -- sources import FILE.jsonl`);
  }
  return docs;
}
