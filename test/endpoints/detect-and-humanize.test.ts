/**
 * POST /api/detect-and-humanize/ (detectAndHumanize) over HTTP against the real server: the file to open
 * first for this endpoint. Rules every route shares are in integration/inputs.test.ts and
 * integration/fuzz.test.ts; the job lifecycle (a failed job refunded once) in integration/jobs.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DetectAndHumanizeAccepted, DetectAndHumanizeResult } from '../../contract/schemas.ts';
import { assertError, detectorScore, refusesBadKeys } from '../helpers/endpoints.ts';
import { AI_TEXT, answersSyncPollAndCallback, startJobServer } from '../helpers/jobs.ts';
import type { TestServer } from '../helpers/server.ts';

describe('POST /api/detect-and-humanize/', () => {
  let server: TestServer;
  let key: string;
  before(async () => {
    server = await startJobServer();
    key = (await server.account()).key;
  });
  after(() => server.close());

  const post = (json: unknown) => server.request('/api/detect-and-humanize/', { method: 'POST', key, json });

  describe('happy path', () => {
    answersSyncPollAndCallback({ path: '/api/detect-and-humanize/', body: { content: AI_TEXT, detection_threshold: 0.1 }, sync: DetectAndHumanizeResult, accepted: DetectAndHumanizeAccepted }, () => server);

    test('detect-and-humanize reuses its detection as the score before, and reports the score of the rewrite', async () => {
      const both = DetectAndHumanizeResult.parse((await post({ content: AI_TEXT, detection_threshold: 0.01 })).body);
      assert.ok(both.humanized);
      assert.equal(both.ai_score_before, both.ai_score);
      assert.equal(both.ai_score_after, await detectorScore(server, key, both.humanized_content));
    });
  });

  describe('errors', () => {
    test('a detection_threshold over 1, or none, → 400 invalid_payload', async () => {
      assertError(await post({ content: 'word '.repeat(60), detection_threshold: 1.5 }), 400, 'invalid_payload');
      assertError(await post({ content: 'word '.repeat(60) }), 400, 'invalid_payload');
    });

    test('unknown JSON fields are ignored', async () => {
      const ok = await post({ content: 'hi', detection_threshold: 0.5, colour: 'blue' });
      assertError(ok, 400, 'min_words_not_met'); // got past validation: the extra field did not matter
    });
  });

  describe('security', () => {
    refusesBadKeys('detectAndHumanize', () => server);

    test('detect-and-humanize needs both scopes: humanizer alone is refused', async () => {
      const { key } = await server.account({ scopes: ['humanizer'] });
      const res = await server.request('/api/detect-and-humanize/', { method: 'POST', key, json: { content: 'word '.repeat(60), detection_threshold: 0.5 } });
      assert.equal(res.status, 403);
      assert.deepEqual(res.body.details.missing, ['ai_detector']);
    });
  });
});
