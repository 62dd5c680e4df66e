/**
 * `npm run bench -- documents`: reading a 100-page born-digital PDF (made here with pdf-lib: two
 * columns of body text, a running head and a page number on every page), and what a document
 * request does to the others.
 *
 * 1. Extraction alone, in this process, warm: p50 and max of 5 runs (target: under 2 s).
 * 2. A real server (`npm start`'s flags, embedded PostgreSQL): short detector requests (100 words),
 *    one after another, alone and then while the 100-page PDF is sent to POST /api/detector/ again
 *    and again (extraction and detection on the engine threads); p50/p90/p99 of each (target:
 *    p90 under 100 ms while the PDF runs).
 * 3. Hostile files, in this process after the readers are warm: what each is refused with, how fast,
 *    and how much the process's resident memory grew meanwhile (sampled every 5 ms): the caps must
 *    act before anything large is inflated, parsed or expanded.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractDocument } from '../../server/engines/documents/index.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { ENTITY_BOMB, loopingPdf, makeDocx, makeOdt, truncatedPdf, zipBombDocx } from '../../test/helpers/documents.ts';
import { percentile } from '../lib/percentile.ts';
import { prose, startBenchServer } from '../lib/bench-server.ts';

const PAGES = 100;
// 40 lines of 6 words in each of two columns: 48,000 words, within the detector's 50,000.
const LINES = 40;

/** A 100-page, two-column PDF of prose with a running head and page numbers. */
async function hundredPages(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle('Benchmark report');
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const words = prose(PAGES * LINES * 2 * 6).split(' ');
  let w = 0;
  const line = () => words.slice(w, (w += 6)).join(' ');
  for (let p = 0; p < PAGES; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText('Proceedings of the Benchmark Society, volume 12', { x: 72, y: 760, size: 8, font });
    for (let row = 0; row < LINES; row++) {
      const y = 730 - row * 16;
      page.drawText(line(), { x: 54, y, size: 10, font });
      page.drawText(line(), { x: 318, y, size: 10, font });
    }
    page.drawText(String(p + 1), { x: 300, y: 30, size: 9, font });
  }
  return Buffer.from(await doc.save());
}

const ms = (x: number) => `${Math.round(x)} ms`;

function summary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${sorted.length ? percentile(sorted, 50).toFixed(1) : '–'} ms, p90 ${percentile(sorted, 90).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (${sorted.length} requests)`;
}

/** Each hostile file's refusal, its time and the growth of resident memory while it was read. */
async function hostileFiles(): Promise<string[]> {
  const limits = { maxPages: 300, timeMs: 10_000 };
  const files: [string, Uint8Array][] = [
    ['zip bomb DOCX (1 GB of zeros, honest directory)', await zipBombDocx()],
    ['zip bomb DOCX (1 GB of zeros, directory claims 100 bytes)', await zipBombDocx({ lie: true })],
    ['XML entity bomb in a DOCX', makeDocx(['x'], { doctype: ENTITY_BOMB })],
    ['XML entity bomb in an ODT', makeOdt(['x'], { doctype: ENTITY_BOMB })],
    ['PDF whose page tree loops', loopingPdf()],
    ['truncated PDF', await truncatedPdf()],
  ];
  const rows: string[] = [];
  for (const [name, bytes] of files) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = performance.now();
    const outcome = await extractDocument(bytes, limits).then(
      () => 'read (!)',
      (error: unknown) => String((error as { code?: unknown }).code ?? error),
    );
    const took = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    rows.push(`| ${name} | ${(bytes.byteLength / 1024).toFixed(0)} KB | ${outcome} | ${ms(took)} | +${((peak - before) / 2 ** 20).toFixed(1)} MB |`);
  }
  return rows;
}

export async function run(): Promise<string> {
  const pdf = await hundredPages();
  const limits = { maxPages: 300, timeMs: 60_000 };
  await extractDocument(pdf, limits); // warm: pdf.js loaded and compiled
  const times: number[] = [];
  let words = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const doc = await extractDocument(pdf, limits);
    times.push(performance.now() - started);
    words = countWords(doc.text);
  }
  times.sort((a, b) => a - b);
  const hostile = await hostileFiles(); // after the extraction runs above, so every reader is loaded

  const server = await startBenchServer();
  const short = prose(100);
  const detect = async () => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/detector/`, { method: 'POST', headers: { 'X-API-Key': server.key, 'Content-Type': 'application/json' }, body: JSON.stringify({ content: short }) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`detector answered ${res.status}`);
    return performance.now() - started;
  };
  const shortRequests = async (seconds: number) => {
    const latencies: number[] = [];
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      latencies.push(await detect());
      await new Promise((r) => setTimeout(r, 20));
    }
    return latencies;
  };
  try {
    for (let i = 0; i < 20; i++) await detect();
    const alone = await shortRequests(10);
    let stop = false;
    const documentTimes: number[] = [];
    const documents = (async () => {
      while (!stop) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(pdf)]), 'report.pdf');
        const started = performance.now();
        const res = await fetch(`${server.url}/api/detector/`, { method: 'POST', headers: { 'X-API-Key': server.key }, body: form });
        const body = (await res.json()) as { document?: { pages: number } };
        if (res.status !== 200 || body.document?.pages !== PAGES) throw new Error(`the PDF request answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
        documentTimes.push(performance.now() - started);
      }
    })();
    const during = await shortRequests(30);
    stop = true;
    await documents;
    return [
      `A ${PAGES}-page two-column PDF (${(pdf.length / 2 ** 20).toFixed(1)} MB, ${words.toLocaleString('en-US')} words after extraction), made by pdf-lib.`,
      '',
      '| Measure | Figure | Target |',
      '|---|---|---|',
      `| extraction, in process, warm (5 runs) | p50 ${ms(percentile(times, 50))}, max ${ms(times[times.length - 1])} | under 2 s |`,
      `| POST /api/detector/ with the PDF (upload, extraction, detection of all its words) | ${documentTimes.length} requests, p50 ${ms(percentile([...documentTimes].sort((a, b) => a - b), 50))} | – |`,
      `| short detector requests (100 words), alone | ${summary(alone)} | – |`,
      `| short detector requests while the PDF requests run back to back | ${summary(during)} | p90 under 100 ms |`,
      '',
      'Hostile files, read in this process after the readers are loaded (resident memory sampled every 5 ms):',
      '',
      '| File | Size | Refused with | Time | Memory growth |',
      '|---|---|---|---|---|',
      ...hostile,
    ].join('\n');
  } finally {
    await server.stop();
  }
}
