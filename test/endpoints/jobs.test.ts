/**
 * GET /api/jobs/{task_id}/ (getJob) over HTTP against the real server: the file to open first for this
 * endpoint. A finished job's body is checked for each text endpoint in its own file (poll and callback);
 * expiry, refunds of failed jobs, webhooks and crash safety are the job lifecycle, in
 * integration/jobs.test.ts. No worker runs here, so an accepted job stays pending.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { JobProcessing } from '../../contract/schemas.ts';
import { refusesBadKeys, UNKNOWN_TASK_ID } from '../helpers/endpoints.ts';
import { AI_TEXT } from '../helpers/jobs.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('GET /api/jobs/{task_id}/', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const accept = async (key: string) => (await server.request('/api/detector/', { method: 'POST', key, json: { content: AI_TEXT, poll: true } })).body.task_id as string;

  describe('happy path', () => {
    test('a job not yet done reads as processing, with its task_id and nothing else yet', async () => {
      const { key } = await server.account();
      const taskId = await accept(key);
      const res = await server.request(`/api/jobs/${taskId}/`, { key });
      assert.equal(res.status, 200);
      assert.deepEqual(JobProcessing.parse(res.body), { ...res.body, status: 'processing', task_id: taskId });
    });
  });

  describe('errors', () => {
    test('an unknown or malformed id is 404', async () => {
      const { key } = await server.account();
      assert.equal((await server.request(`/api/jobs/${UNKNOWN_TASK_ID}/`, { key })).status, 404);
      assert.equal((await server.request('/api/jobs/not-a-uuid/', { key })).status, 404);
    });
  });

  describe('security', () => {
    refusesBadKeys('getJob', () => server);

    test('only the owner can read a job: another key gets the 404 of an unknown id', async () => {
      const owner = await server.account();
      const other = await server.account();
      const taskId = await accept(owner.key);
      assert.equal((await server.request(`/api/jobs/${taskId}/`, { key: other.key })).status, 404);
      assert.equal((await server.request(`/api/jobs/${taskId}/`, { key: owner.key })).status, 200);
    });
  });
});
