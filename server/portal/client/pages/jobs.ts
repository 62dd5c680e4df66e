/** Jobs and webhooks: recent async jobs, every webhook delivery attempt, and "send again". */
import { api, call, csrfHeader, type Schemas } from '../api.ts';
import { app, date, h, messageArea } from '../dom.ts';

type Job = Schemas['PortalJobs']['jobs'][number];

export async function jobsPage(): Promise<void> {
  const message = messageArea();
  const list = h('div', { class: 'jobs' });
  const reload = h('button', { type: 'button', class: 'secondary' }, 'Refresh');
  reload.addEventListener('click', () => void refresh());

  async function refresh() {
    const { jobs } = await call(api.GET('/portal/api/jobs/'));
    list.replaceChildren(...(jobs.length ? jobs.map(card) : [h('p', {}, 'No async jobs in the last hour. Send a request with "poll": true or a callback_url to see it here.')]));
  }

  function card(job: Job) {
    const attempts = job.attempts.length
      ? h('table', {}, h('caption', {}, 'Webhook deliveries'),
          h('thead', {}, h('tr', {}, ...['#', 'Time', 'Result', 'Duration'].map((t) => h('th', { scope: 'col' }, t)))),
          h('tbody', {}, ...job.attempts.map((a) => h('tr', { class: a.ok ? 'ok' : 'failed' },
            h('td', {}, a.attempt), h('td', {}, date(a.time, true)),
            h('td', {}, a.status_code !== null ? `HTTP ${a.status_code}${a.ok ? '' : ' (failed)'}` : `Network error: ${a.error ?? 'unknown'}`),
            h('td', {}, `${a.duration_ms} ms`)))))
      : job.callback_url ? h('p', { class: 'hint' }, 'No delivery attempt yet.') : null;
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
        h('dt', {}, 'Next retry'), h('dd', {}, job.next_retry_at ? date(job.next_retry_at, true) : '—')),
      attempts, again);
  }

  app().replaceChildren(h('div', { class: 'row' }, reload), message.el, list);
  await refresh();
}
