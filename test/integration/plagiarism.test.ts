/** The plagiarism engine against a real PostgreSQL: corpus import, scans, offsets, web provider. */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { after, before, test } from 'node:test';
import { createTestDatabase } from '../helpers/database.ts';
import { InsufficientContentError, searxngProvider, type PlagiarismReport } from '../../server/engines/plagiarism/index.ts';
import { PlagiarismScanner } from '../../server/operations/plagiarism.ts';
import { SourceCorpus } from '../../server/platform/data/corpus.ts';
import { codePointLength } from '../../server/engines/shared/text.ts';
import { ApiError } from '../../server/platform/errors.ts';

const VOLCANO =
  'Volcanic eruptions inject sulphur dioxide into the stratosphere, where it forms tiny droplets of sulphuric acid. ' +
  'These aerosols reflect incoming sunlight back to space and can cool the surface of the planet for two or three years. ' +
  'The eruption of Mount Pinatubo in 1991 lowered global average temperatures by about half a degree Celsius. ' +
  'Ash clouds also disrupt aviation, because fine glassy particles melt inside jet engines and clog the turbines.';
const BEES =
  'Honey bees communicate the location of flowers through a waggle dance performed on the vertical comb. ' +
  'The angle of the run relative to gravity encodes the direction of the food source relative to the sun. ' +
  'The duration of the waggle phase tells nestmates how far they must fly before they begin searching. ' +
  'Colonies combine these messages from many foragers and shift their effort toward the richest patches.';
const TIDES =
  'Tides are caused mainly by the gravitational pull of the moon acting on the rotating earth. ' +
  'The sun adds a smaller effect, so spring tides occur when sun and moon line up at new and full moon. ' +
  'Narrow bays such as the Bay of Fundy amplify the range until it exceeds fifteen metres. ' +
  'Engineers build barrages across estuaries to turn this predictable motion into electricity.';
const ORIGINAL =
  'My grandmother kept a notebook of recipes that she never measured precisely. ' +
  'Each page listed ingredients by feel, with notes such as a handful of flour or enough milk to loosen it. ' +
  'When we cooked together she watched the dough rather than the clock. ' +
  'I still use that notebook today, although half of the pages are stained with butter.';

const jsonl = (rows: unknown[]): string => rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let corpus: SourceCorpus;
let scanner: PlagiarismScanner;

before(async () => {
  db = await createTestDatabase();
  corpus = new SourceCorpus(db.pool);
  scanner = new PlagiarismScanner(db.pool);
});

after(async () => {
  await db.close();
});

function checkOffsets(report: PlagiarismReport, text: string): void {
  const length = codePointLength(text);
  let previous = -1;
  for (const h of report.highlights) {
    assert.ok(h.start >= 0 && h.start < h.end && h.end <= length, `highlight ${h.start}-${h.end} of ${length}`);
    assert.ok(h.start >= previous, 'highlights ordered by start');
    assert.ok(h.source_index >= 0 && h.source_index < report.sources.length);
    previous = h.start;
  }
  for (const s of report.sources) {
    for (const m of s.matches) assert.ok(m.submitted_range.start >= 0 && m.submitted_range.end <= length && m.submitted_range.start < m.submitted_range.end);
  }
  assert.ok(report.plagiarism_score >= 0 && report.plagiarism_score <= 1);
}

test('an empty corpus without web search is refused at the first step (no_sources, before any charge); with web search it scans', async () => {
  assert.equal((await corpus.list()).total, 0, 'this test runs first, on the empty corpus');
  await assert.rejects(scanner.prepare(ORIGINAL), (error: unknown) => error instanceof ApiError && error.code === 'no_sources' && /sources import --starter/.test(error.message));
  const web = new PlagiarismScanner(db.pool, { webSearch: { search: async () => [] } });
  const report = await web.scan(ORIGINAL);
  assert.equal(report.verdict, 'original');
  assert.equal(report.stats.sources_checked, 0);
});

test('import: good lines imported, a bad line reported with its number and skipped', async () => {
  const progress: number[] = [];
  const report = await corpus.importJsonl(
    Readable.from(
      jsonl([
        { url: 'https://www.example.org/volcano', title: 'Volcanoes and climate', text: VOLCANO },
        '{"url": "https://example.org/broken", "title": ',
        { url: 'https://bees.example.com/dance', title: 'The waggle dance', text: BEES },
        { url: 'not a url', title: 'x', text: 'some text' },
        { url: 'https://tides.example.net/', title: 'Tides', text: TIDES },
        { url: 'https://example.org/empty', title: 'Empty', text: '   ' },
      ]),
    ),
    (p) => progress.push(p.imported),
  );
  assert.equal(report.imported, 3);
  assert.equal(report.skipped, 3);
  assert.equal(report.lines, 6);
  assert.deepEqual(
    report.errors.map((e) => e.line),
    [2, 4, 6],
  );
  assert.match(report.errors[0].message, /invalid JSON/u);
  assert.ok(progress.length > 0 && progress.at(-1) === 3);
  const listed = await corpus.list();
  assert.equal(listed.total, 3);
  const volcano = listed.sources.find((s) => s.url === 'https://www.example.org/volcano');
  assert.equal(volcano?.domain, 'example.org');
  assert.equal(volcano?.title, 'Volcanoes and climate');
  assert.ok((volcano?.words ?? 0) > 50);
});

test('re-importing a url replaces it, delete removes it', async () => {
  const url = 'https://replace.example.com/page';
  await corpus.importJsonl(Readable.from(jsonl([{ url, title: 'First', text: ORIGINAL }])));
  await corpus.importJsonl(Readable.from(jsonl([{ url, title: 'Second', text: TIDES }])));
  const listed = await corpus.list({ limit: 100 });
  assert.equal(listed.sources.filter((s) => s.url === url).length, 1);
  assert.equal(listed.sources.find((s) => s.url === url)?.title, 'Second');
  // The replaced text no longer matches: the old fingerprints went with it.
  const scan = await scanner.scan(ORIGINAL);
  assert.equal(scan.sources.length, 0);
  assert.equal(await corpus.delete(url), true);
  assert.equal(await corpus.delete(url), false);
  assert.equal((await corpus.list()).total, 3);
});

test('a verbatim copy after an emoji is found with exact code-point ranges', async () => {
  const prefix = 'Notes 🌋🌋 from my report 👩‍🔬. ';
  const text = `${prefix}${VOLCANO} ${ORIGINAL}`;
  const report = await scanner.scan(text);
  checkOffsets(report, text);
  assert.equal(report.sources.length, 1);
  const source = report.sources[0];
  assert.equal(source.url, 'https://www.example.org/volcano');
  assert.equal(source.domain, 'example.org');
  assert.equal(source.matches.length, 1);
  const start = codePointLength(prefix);
  assert.deepEqual(source.matches[0].submitted_range, { start, end: start + codePointLength(VOLCANO) });
  assert.equal(source.matches[0].similarity, 1);
  assert.equal(report.highlights[0].severity, 'high');
  assert.ok(report.plagiarism_score > 0.4 && report.plagiarism_score < 0.7, `score ${report.plagiarism_score}`);
  assert.equal(report.verdict, 'significant_plagiarism');
  assert.equal(report.stats.input_chars, codePointLength(text));
  assert.equal(report.stats.sources_checked, 3);
  assert.ok(report.summary.includes('example.org'));
});

test('one copied sentence of 16 words is found', async () => {
  const copied = 'The duration of the waggle phase tells nestmates how far they must fly before they begin searching.';
  const text = `${ORIGINAL} ${copied}`;
  const report = await scanner.scan(text);
  checkOffsets(report, text);
  assert.equal(report.sources[0]?.url, 'https://bees.example.com/dance');
  const start = codePointLength(`${ORIGINAL} `);
  assert.deepEqual(report.sources[0].matches[0].submitted_range, { start, end: start + codePointLength(copied) });
});

test('a light paraphrase is found', async () => {
  const text =
    'Honey bees share the location of flowers through a waggle dance done on the vertical comb. ' +
    'The angle of the run relative to gravity encodes the direction of the food relative to the sun. ' +
    'The length of the waggle phase tells nestmates how far they have to fly before they start searching. ' +
    ORIGINAL;
  const report = await scanner.scan(text);
  checkOffsets(report, text);
  assert.equal(report.sources[0]?.url, 'https://bees.example.com/dance');
  assert.ok(report.sources[0].similarity_score < 1);
  assert.notEqual(report.verdict, 'original');
});

test('original text is original', async () => {
  const report = await scanner.scan(ORIGINAL);
  assert.equal(report.verdict, 'original');
  assert.equal(report.plagiarism_score, 0);
  assert.deepEqual(report.sources, []);
  assert.deepEqual(report.highlights, []);
  assert.equal(report.stats.sentence_count, 4);
});

test('quoted copy is listed but not counted', async () => {
  const text = `${ORIGINAL} As the article puts it, “${TIDES}” That is all.`;
  const report = await scanner.scan(text);
  assert.equal(report.sources[0]?.url, 'https://tides.example.net/');
  assert.ok(report.plagiarism_score < 0.05, `score ${report.plagiarism_score}`);
});

test('not enough complete sentences raises InsufficientContentError', async () => {
  await assert.rejects(scanner.scan('word word word word word word word word word word word'), InsufficientContentError);
  await assert.rejects(scanner.scan('Short line here\nanother short line'), InsufficientContentError);
});

test('a 3,000-character "word" neither breaks an import nor a scan', async () => {
  const junk = 'Q'.repeat(3000);
  const report = await corpus.importJsonl(Readable.from(jsonl([{ url: 'https://junk.example/page', title: 'Junk', text: `${ORIGINAL} ${junk} end.` }])));
  assert.equal(report.imported, 1);
  const text = `${VOLCANO} ${junk} ${ORIGINAL}`;
  const scan = await scanner.scan(text);
  checkOffsets(scan, text);
  assert.ok(scan.sources.some((s) => s.url === 'https://www.example.org/volcano'));
  assert.equal(await corpus.delete('https://junk.example/page'), true);
});

test('scans are deterministic', async () => {
  const text = `${BEES} ${VOLCANO} ${ORIGINAL}`;
  const strip = (r: PlagiarismReport) => ({ ...r, stats: { ...r.stats, processing_time_ms: 0 } });
  const first = strip(await scanner.scan(text));
  for (let i = 0; i < 3; i++) assert.deepEqual(strip(await scanner.scan(text)), first);
  assert.equal(first.sources.length, 2);
});

test('the SearxNG provider finds and aligns web pages (local server)', async () => {
  const queries: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/search') {
      assert.equal(url.searchParams.get('format'), 'json');
      queries.push(url.searchParams.get('q') ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ results: [{ url: 'https://web.example.com/orchids', title: 'Orchid care', content: 'snippet' }] }));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const page =
    'Orchids need bright but indirect light and should never stand in direct midday sun. ' +
    'Water them once the bark mix is almost dry, and let the excess drain away completely. ' +
    'Feed with a weak balanced fertiliser every second watering during the growing season.';
  const fetched: string[] = [];
  try {
    const web = new PlagiarismScanner(db.pool, {
      webSearch: searxngProvider(base, {
        fetchPage: async (url) => {
          fetched.push(url);
          return `<html><head><script>var x = 1;</script></head><body><p>${page}</p></body></html>`;
        },
      }),
    });
    const text = `${ORIGINAL} ${page}`;
    const report = await web.scan(text);
    assert.ok(queries.length >= 1);
    assert.deepEqual(fetched, ['https://web.example.com/orchids']);
    assert.equal(report.sources[0]?.url, 'https://web.example.com/orchids');
    assert.equal(report.sources[0].domain, 'web.example.com');
    assert.equal(report.sources[0].matches[0].similarity, 1);
    assert.equal(report.stats.sources_checked, 4);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
