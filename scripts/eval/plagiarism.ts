/**
 * `npm run eval -- plagiarism [--data DIR] [--only CORPUS] [--verbose]`: imports sources.jsonl into a
 * throwaway PostgreSQL, scans every case of cases.jsonl and prints PAN character-level precision,
 * recall, granularity and plagdet per obfuscation type (submitted side, with source attribution),
 * document-level accuracy, verdict agreement, false positives on original texts and import speed.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '../../test/helpers/database.ts';
import type { PlagiarismReport } from '../../server/engines/plagiarism/index.ts';
import { PlagiarismScanner } from '../../server/operations/plagiarism.ts';
import { SourceCorpus } from '../../server/platform/data/corpus.ts';
import { verdictFor } from '../../server/engines/plagiarism/report.ts';

interface Expected {
  source_id: string;
  submitted_start: number;
  submitted_end: number;
  obfuscation: string;
}

interface Case {
  id: string;
  corpus: string;
  text: string;
  label: 'plagiarised' | 'original';
  annotation_level: 'passage' | 'document';
  category?: string;
  expected: Expected[];
}

interface Detection {
  url: string;
  start: number;
  end: number;
}

interface Annotated {
  url: string;
  start: number;
  end: number;
  obfuscation: string;
}

/** Characters of [start, end) covered by the union of ranges. */
function coveredLength(start: number, end: number, ranges: [number, number][]): number {
  const clipped = ranges
    .map(([a, b]): [number, number] => [Math.max(a, start), Math.min(b, end)])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let reach = start;
  for (const [a, b] of clipped) {
    const from = Math.max(a, reach);
    if (b > from) total += b - from;
    reach = Math.max(reach, b);
  }
  return total;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean => a.start < b.end && b.start < a.end;

/** PAN measures (Potthast et al. 2010) over (case, detection) pairs from many documents. */
function panMeasures(docs: { cases: Annotated[]; detections: Detection[] }[]) {
  let precisionSum = 0;
  let detectionCount = 0;
  let recallSum = 0;
  let caseCount = 0;
  let granularitySum = 0;
  let detectedCases = 0;
  for (const { cases, detections } of docs) {
    for (const r of detections) {
      const hits = cases.filter((s) => s.url === r.url && overlaps(s, r)).map((s): [number, number] => [s.start, s.end]);
      precisionSum += coveredLength(r.start, r.end, hits) / (r.end - r.start);
      detectionCount++;
    }
    for (const s of cases) {
      const hits = detections.filter((r) => r.url === s.url && overlaps(s, r));
      recallSum += coveredLength(s.start, s.end, hits.map((r): [number, number] => [r.start, r.end])) / (s.end - s.start);
      caseCount++;
      if (hits.length > 0) {
        detectedCases++;
        granularitySum += hits.length;
      }
    }
  }
  const precision = detectionCount === 0 ? 1 : precisionSum / detectionCount;
  const recall = caseCount === 0 ? 0 : recallSum / caseCount;
  const granularity = detectedCases === 0 ? 1 : granularitySum / detectedCases;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { cases: caseCount, detections: detectionCount, detectedCases, precision, recall, granularity, plagdet: f1 / Math.log2(1 + granularity) };
}

const f3 = (x: number): string => x.toFixed(3);

export async function run(args: string[]): Promise<void> {
  const dataDir = args.includes('--data') ? args[args.indexOf('--data') + 1] : path.resolve('../shared/data/plagiarism');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const verbose = args.includes('--verbose');
  const sourcesFile = path.join(dataDir, 'sources.jsonl');
  const urlById = new Map<string, string>();
  for (const line of readFileSync(sourcesFile, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const s = JSON.parse(line) as { id: string; url: string };
    urlById.set(s.id, s.url);
  }
  const cases = readFileSync(path.join(dataDir, 'cases.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Case)
    .filter((c) => !only || c.corpus === only);

  const db = await createTestDatabase();
  try {
    const corpus = new SourceCorpus(db.pool);
    const t0 = performance.now();
    const imported = await corpus.importJsonl(createReadStream(sourcesFile));
    const importSeconds = (performance.now() - t0) / 1000;
    const mb = statSync(sourcesFile).size / 1e6;
    console.log(`import: ${imported.imported} sources, ${imported.skipped} skipped, ${mb.toFixed(1)} MB in ${importSeconds.toFixed(1)} s = ${(mb / importSeconds).toFixed(2)} MB/s`);

    const scanner = new PlagiarismScanner(db.pool);
    const passageDocs: { cases: Annotated[]; detections: Detection[] }[] = [];
    let docCorrect = 0;
    let docTotal = 0;
    let verdictAgree = 0;
    let originals = 0;
    let originalFlagged = 0;
    const byCategory = new Map<string, { n: number; correct: number }>();
    const scanTimes: number[] = [];
    for (const c of cases) {
      const t = performance.now();
      let report: PlagiarismReport;
      try {
        report = await scanner.scan(c.text);
      } catch (error) {
        console.log(`${c.id}: ${(error as Error).message}`);
        continue;
      }
      scanTimes.push(performance.now() - t);
      const detections = report.sources.flatMap((s) => s.matches.map((m) => ({ url: s.url, start: m.submitted_range.start, end: m.submitted_range.end })));
      const annotated = c.expected.map((e) => ({ url: urlById.get(e.source_id) ?? e.source_id, start: e.submitted_start, end: e.submitted_end, obfuscation: e.obfuscation }));
      if (c.annotation_level === 'passage') passageDocs.push({ cases: annotated, detections });

      const predicted = report.verdict === 'original' ? 'original' : 'plagiarised';
      docTotal++;
      if (predicted === c.label) docCorrect++;
      const category = c.category ?? `${c.corpus}:${c.label}`;
      const cat = byCategory.get(category) ?? { n: 0, correct: 0 };
      cat.n++;
      if (predicted === c.label) cat.correct++;
      byCategory.set(category, cat);
      const expectedShare = coveredLength(0, c.text.length, annotated.map((a): [number, number] => [a.start, a.end])) / c.text.length;
      if (verdictFor(expectedShare) === report.verdict) verdictAgree++;
      if (c.label === 'original') {
        originals++;
        if (report.sources.length > 0) originalFlagged++;
      }
      if (verbose) {
        console.log(
          `${c.id} ${c.label}/${c.category ?? ''} expected=${f3(expectedShare)} score=${f3(report.plagiarism_score)} ${report.verdict} sources=${report.sources.length} detections=${detections.length} ${Math.round(performance.now() - t)}ms`,
        );
      }
    }

    console.log('\nPAN character level (submitted side, source attributed), passage-annotated cases:');
    console.log('type                 cases  detected  precision  recall  granularity  plagdet');
    const types = [...new Set(passageDocs.flatMap((d) => d.cases.map((c) => c.obfuscation)))].sort();
    for (const type of [...types, 'all']) {
      const docs = passageDocs
        .map((d) => {
          const cases = type === 'all' ? d.cases : d.cases.filter((c) => c.obfuscation === type);
          // Precision per type uses the detections that touch a case of that type.
          const detections = type === 'all' ? d.detections : d.detections.filter((r) => cases.some((s) => s.url === r.url && overlaps(s, r)));
          return { cases, detections };
        })
        .filter((d) => d.cases.length > 0 || type === 'all');
      const m = panMeasures(docs);
      console.log(
        `${type.padEnd(20)} ${String(m.cases).padStart(5)}  ${String(m.detectedCases).padStart(8)}  ${f3(m.precision).padStart(9)}  ${f3(m.recall).padStart(6)}  ${f3(m.granularity).padStart(11)}  ${f3(m.plagdet).padStart(7)}`,
      );
    }
    console.log('\nDocument level (plagiarised = verdict other than original):');
    for (const [category, { n, correct }] of [...byCategory].sort()) console.log(`  ${category.padEnd(32)} ${correct}/${n}`);
    console.log(`  accuracy ${f3(docCorrect / docTotal)} (${docCorrect}/${docTotal})`);
    const clough = [...byCategory].filter(([k]) => ['cut', 'light', 'heavy', 'non'].includes(k));
    const cloughCorrect = clough.reduce((s, [, v]) => s + v.correct, 0);
    const cloughTotal = clough.reduce((s, [, v]) => s + v.n, 0);
    if (cloughTotal > 0) console.log(`  Clough & Stevenson accuracy ${f3(cloughCorrect / cloughTotal)} (${cloughCorrect}/${cloughTotal})`);
    console.log(`verdict agreement with the band of the expected covered share: ${f3(verdictAgree / docTotal)} (${verdictAgree}/${docTotal})`);
    console.log(`original texts with any reported source: ${originalFlagged}/${originals}`);
    scanTimes.sort((a, b) => a - b);
    const pct = (p: number): number => scanTimes[Math.min(scanTimes.length - 1, Math.floor(p * scanTimes.length))];
    console.log(`scan time: p50 ${Math.round(pct(0.5))} ms, p95 ${Math.round(pct(0.95))} ms, max ${Math.round(pct(1))} ms over ${scanTimes.length} cases`);
  } finally {
    await db.close();
  }
}
