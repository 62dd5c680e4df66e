/**
 * Import a source into the plagiarism corpus (admin), then scan a text that copies part of it.
 *
 *   CI_ADMIN_API_KEY=ci_… CI_API_KEY=ci_… npx tsx sdk/examples/plagiarism-scan.ts
 *
 * Importing needs a key with the `admin` scope, which "all scopes" does not include:
 *   npm run admin -- keys create --user demo@example.com --name admin --scopes admin
 * (CI_ADMIN_API_KEY defaults to CI_API_KEY, for a key that has both.)
 */
import { clientFromEnv, fail, runExample } from './common.ts';

const source = {
  url: 'https://example.org/articles/mitochondria',
  title: 'Mitochondria',
  text:
    'The mitochondrion is a double-membrane-bound organelle found in most eukaryotic organisms. Mitochondria generate most of the cell\'s supply of adenosine triphosphate, which is used as a source of chemical energy. ' +
    'They were first discovered by Albert von Kölliker in 1857 in the voluntary muscles of insects. The term mitochondrion was coined by Carl Benda in 1898.',
};
const submitted =
  'My biology notes. Mitochondria generate most of the cell\'s supply of adenosine triphosphate, which is used as a source of chemical energy. ' +
  'I still need to read the chapter on photosynthesis before Friday.';

await runExample(async () => {
  const admin = clientFromEnv('CI_ADMIN_API_KEY');
  const imported = await admin.importSources([source]);
  console.log(`Imported ${imported.imported} source(s) into the corpus.`);

  const client = clientFromEnv();
  const scan = await client.scanPlagiarism({ content: submitted });
  console.log(`Verdict: ${scan.verdict} (score ${scan.plagiarism_score.toFixed(3)}): ${scan.summary}`);
  const chars = [...submitted];
  for (const highlight of scan.highlights) {
    const from = scan.sources[highlight.source_index];
    console.log(`  [${highlight.severity}] "${chars.slice(highlight.start, highlight.end).join('')}"  ← ${from?.title} (${from?.url})`);
  }
  console.log(`${scan.credits_remaining} credits left`);
  if (!scan.sources.some((s) => s.url === source.url)) fail('the imported source was not found by the scan');
});
