/**
 * Every SDK example runs as its own process, the way the README tells a newcomer to run it, against
 * a test server (with a worker, and loopback callbacks allowed for the webhook example), and must
 * exit 0 with the output it promises.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { PUBLIC_SCOPES } from '../../contract/catalogue.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const run = promisify(execFile);

/** Each example and a line its output must contain. */
const EXAMPLES: Record<string, RegExp> = {
  'detect-text.ts': /^Verdict: (ai|human) \(ai_score \d\.\d{3}/m,
  'humanize-async.ts': /^Done in [\d.]+ s:/m,
  'batch-detect.ts': /^essay-3: (ai|human) \(ai_score \d\.\d{3}\)\nBatch completed: \d+ credits charged, 0 refunded\./m,
  'webhook-receiver.ts': /^Verified webhook for job [0-9a-f-]{36}: status success/m,
  'grammar-diff.ts': /^Diff: {6}.*\[-go-\]\{\+goes\+\}/m,
  'plagiarism-scan.ts': /^Verdict: \w+ \(score \d\.\d{3}\)/m,
  'image-check.ts': /^generated\.png: (real|fake|inpainting) \(confidence/m,
  'voice-check.ts': /^synthesised\.wav: (ai_voice|natural_voice|undetermined) /m,
};

describe('SDK examples', () => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    server = await startTestServer({ worker: true });
    const { key } = await server.account({ scopes: [...PUBLIC_SCOPES, 'admin'] });
    env = { ...process.env, CI_BASE_URL: server.url, CI_API_KEY: key, CI_ADMIN_API_KEY: key };
  });
  after(() => server.close());

  test('every example in sdk/examples is covered here', () => {
    const files = readdirSync('sdk/examples').filter((f) => f.endsWith('.ts') && f !== 'common.ts').sort();
    assert.deepEqual(files, Object.keys(EXAMPLES).sort());
  });

  for (const [file, expected] of Object.entries(EXAMPLES)) {
    test(file, async () => {
      // Asynchronous on purpose: the server answering the example lives in this process.
      const { stdout } = await run(process.execPath, ['--import', 'tsx', `sdk/examples/${file}`], { env, timeout: 180_000 }).catch((error: { code?: number; stdout?: string; stderr?: string }) => {
        assert.fail(`${file} exited with ${error.code}:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
      });
      assert.match(stdout, expected);
    });
  }

  test('an example exits non-zero, with the API error, when the key is wrong', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'sdk/examples/grammar-diff.ts'], { env: { ...env, CI_API_KEY: 'ci_wrong' } }).then(
      () => assert.fail('expected a non-zero exit'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(failure.code, 1);
    assert.match(failure.stderr, /Failed: invalid_api_key \(HTTP 401\)/);
    assert.match(failure.stderr, /request id: req_/);
  });
});
