/**
 * The async path's queue: one typed enqueue (bulk too) that parses every payload before anything
 * is queued, and a renamed task whose already-queued jobs still run under the old name.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { z } from 'zod';
import { enqueueAll } from '../../server/platform/data/queue.ts';
import { startWorker } from '../../server/services.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const queued = async (key: string) => (await server.services.db.query('select count(*)::int as n from graphile_worker.jobs where key = $1', [key]))[0].n;

test('a bulk enqueue parses every payload first: one bad payload queues none', async () => {
  const task = { name: 'queue_test', payload: z.object({ id: z.string().uuid() }), maxAttempts: 1, jobKey: ({ id }: { id: string }) => `queue-test:${id}` };
  const good = crypto.randomUUID();
  await assert.rejects(enqueueAll(server.services.db, task, [{ id: good }, { id: 'not-a-uuid' }]), z.ZodError);
  assert.equal(await queued(`queue-test:${good}`), 0);
  const other = crypto.randomUUID();
  await enqueueAll(server.services.db, task, [{ id: good }, { id: other }]);
  assert.equal((await queued(`queue-test:${good}`)) + (await queued(`queue-test:${other}`)), 2);
  await server.services.db.query("select graphile_worker.remove_job(key) from graphile_worker.jobs where key like 'queue-test:%'");
});

test('a text job queued under the task\'s old name (run_job, before run_text_job) still runs', async () => {
  const { key } = await server.account();
  const accepted = await server.request('/api/detector/', { method: 'POST', key, json: { content: 'One sentence here. And another one there.', poll: true } });
  assert.equal(accepted.status, 202);
  const taskId: string = accepted.body.task_id;
  // As a job queued before the rename: the same job, under the old task name.
  await server.services.db.query('select graphile_worker.remove_job($1)', [`job:${taskId}`]);
  await server.services.db.query("select graphile_worker.add_job('run_job', json_build_object('jobId', $1::text), job_key := $2)", [taskId, `job:${taskId}`]);
  const worker = await startWorker(server.services);
  try {
    for (let tries = 0; ; tries++) {
      const job = await server.request(`/api/jobs/${taskId}/`, { key });
      if (job.body.status === 'success') break;
      assert.notEqual(job.body.status, 'failed');
      assert.ok(tries < 1200, 'the job never ran');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await worker.stop();
  }
});
