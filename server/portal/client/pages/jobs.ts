/**
 * Jobs and webhooks: recent async jobs, the payload their webhook POSTs, every delivery attempt with
 * the start of the receiver's reply, where the delivery stands (gave up included), and "send again";
 * recent batches with their counts, credits, items and their one webhook's deliveries.
 */
import { api, call, csrfHeader, type Schemas } from '../api.ts';
import { app, date, h, labelCells, messageArea } from '../dom.ts';

type Job = Schemas['PortalJobs']['jobs'][number];
type Batch = Schemas['PortalJobs']['batches'][number];

/** Where the delivery stands, in words. */
function deliveryText(job: Pick<Job, 'attempts' | 'delivery' | 'next_retry_at'>): string {
  const attempts = job.attempts.length;
  switch (job.delivery) {
    case 'none': return 'No webhook (the result is polled).';
    case 'pending': return 'Not sent yet: it is sent when the job (or the batch\'s last item) finishes.';
    case 'delivered': return `Delivered (attempt ${attempts}).`;
    case 'retrying': return `Failed ${attempts} time${attempts === 1 ? '' : 's'}; the next attempt is ${job.next_retry_at ? `at ${date(job.next_retry_at, true)}` : 'queued'}.`;
    case 'gave_up': return `Gave up after ${attempts} failed attempts. Fix the receiver, then use Send again.`;
  }
}

export async function jobsPage(): Promise<void> {
  const message = messageArea();
  const list = h('div', { class: 'jobs' });
  const reload = h('button', { type: 'button', class: 'secondary' }, 'Refresh');
  reload.addEventListener('click', () => void refresh());

  async function refresh() {
    const { jobs, batches } = await call(api.GET('/portal/api/jobs/'));
    list.replaceChildren(
      ...batches.map(batchCard),
      ...(jobs.length || batches.length ? jobs.map(card) : [h('p', {}, 'No async jobs or batches in the last hour. Send a request with "poll": true or a callback_url, or a batch to POST /api/batches/, to see it here.')]),
    );
  }

  function attemptsTable(job: Pick<Job, 'attempts'>) {
    const attempts = job.attempts.length
      ? h('table', { class: 'stack' }, h('caption', {}, 'Webhook deliveries'),
          h('thead', {}, h('tr', {}, ...['#', 'Time', 'Result', 'Duration', 'Response body'].map((t) => h('th', { scope: 'col' }, t)))),
          h('tbody', {}, ...job.attempts.map((a) => h('tr', { class: a.ok ? 'ok' : 'failed' },
            h('td', {}, a.attempt), h('td', { class: 'nowrap' }, date(a.time, true)),
            h('td', {}, a.status_code !== null ? `HTTP ${a.status_code}${a.ok ? '' : ' (failed)'}` : `Network error: ${a.error ?? 'unknown'}`),
            h('td', { class: 'nowrap' }, `${a.duration_ms} ms`),
            h('td', {}, a.response_body ? h('code', { class: 'reply' }, a.response_body) : h('span', { class: 'hint' }, a.status_code === null ? 'no reply' : 'empty'))))))
      : null;
    if (attempts) labelCells(attempts);
    return attempts;
  }

  function batchCard(batch: Batch) {
    const counts = Object.entries(batch.counts).filter(([, n]) => n > 0).map(([state, n]) => `${n} ${state}`).join(', ');
    const table = h('table', { class: 'stack' }, h('caption', {}, `Items of batch ${batch.batch_id}`),
      h('thead', {}, h('tr', {}, ...['#', 'Ref', 'Status', 'Error'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...batch.items.map((item) => h('tr', {},
        h('td', {}, item.index), h('td', {}, item.ref ?? ''), h('td', {}, h('span', { class: `badge ${item.status}` }, item.status)), h('td', {}, item.error ?? '')))));
    labelCells(table);
    const items = h('details', {}, h('summary', {}, `Items (${batch.item_count})`), table);
    return h('article', { class: 'card job batch' },
      h('h2', {}, 'Batch ', h('code', {}, batch.batch_id)),
      h('dl', { class: 'facts' },
        h('dt', {}, 'Service'), h('dd', {}, batch.service),
        h('dt', {}, 'Status'), h('dd', {}, h('span', { class: `badge ${batch.status}` }, batch.status.replaceAll('_', ' '))),
        h('dt', {}, 'Items'), h('dd', {}, `${batch.item_count}: ${counts}`),
        h('dt', {}, 'Credits'), h('dd', {}, `${batch.credits_held} held, ${batch.credits_charged} charged, ${batch.credits_refunded} refunded`),
        h('dt', {}, 'Created'), h('dd', {}, date(batch.created_at, true)),
        h('dt', {}, 'Finished'), h('dd', {}, date(batch.completed_at, true)),
        h('dt', {}, 'Callback'), h('dd', {}, batch.callback_url ?? 'none (polled)'),
        h('dt', {}, 'Webhook'), h('dd', { class: `delivery ${batch.delivery}` }, deliveryText(batch))),
      items, attemptsTable(batch));
  }

  function card(job: Job) {
    const attempts = attemptsTable(job);
    const payload = job.payload
      ? h('details', {}, h('summary', {}, 'Request payload (the JSON body of every delivery)'), h('pre', { class: 'payload', tabindex: 0, 'aria-label': `Payload of ${job.task_id}` }, JSON.stringify(job.payload, null, 2)))
      : null;
    const again = job.callback_url && job.status !== 'processing' ? h('button', { type: 'button', class: 'small', 'aria-label': `Send the webhook of ${job.task_id} again` }, 'Send again') : null;
    again?.addEventListener('click', async () => {
      try {
        await call(api.POST('/portal/api/jobs/{task_id}/redeliver/', { params: { ...csrfHeader, path: { task_id: job.task_id } } }));
        message.ok(`Queued another delivery of ${job.task_id}.`);
        await refresh();
      } catch (error) {
        message.error((error as Error).message);
      }
    });
    return h('article', { class: 'card job' },
      h('h2', {}, h('code', {}, job.task_id)),
      h('dl', { class: 'facts' },
        h('dt', {}, 'Endpoint'), h('dd', {}, job.endpoint),
        h('dt', {}, 'Status'), h('dd', {}, h('span', { class: `badge ${job.status}` }, job.status)),
        h('dt', {}, 'Created'), h('dd', {}, date(job.created_at, true)),
        h('dt', {}, 'Finished'), h('dd', {}, date(job.finished_at, true)),
        h('dt', {}, 'Callback'), h('dd', {}, job.callback_url ?? 'none (polled)'),
        h('dt', {}, 'Webhook'), h('dd', { class: `delivery ${job.delivery}` }, deliveryText(job))),
      payload, attempts, again);
  }

  app().replaceChildren(h('div', { class: 'row' }, reload), message.el, list);
  await refresh();
}
