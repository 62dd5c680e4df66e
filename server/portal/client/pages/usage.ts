/** Usage: plan and balance, a chart of credits per day and service, and the paginated ledger with CSV export. */
import { api, call } from '../api.ts';
import { SERVICE_NAMES, usageChart } from '../chart.ts';
import { app, date, h, labelCells, number } from '../dom.ts';

const PER_PAGE = 20;

export async function usagePage(): Promise<void> {
  const { account, daily } = await call(api.GET('/portal/api/usage/'));
  const days: string[] = [];
  // Every day of the billing period, the days still to come included, so the chart reads as a month.
  for (let d = new Date(account.period_start.slice(0, 10)); d.toISOString() < account.period_end && days.length < 32; d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));

  const stat = (label: string, value: string) => h('div', { class: 'stat' }, h('dt', {}, label), h('dd', {}, value));
  const summary = h('dl', { class: 'stats' },
    stat('Plan', account.plan),
    stat('Credits remaining', number(account.credits_remaining)),
    stat('Monthly allotment', number(account.monthly_allotment)),
    stat('Next reset', date(account.period_end)));
  const services = Object.entries(account.usage);
  const byService = h('table', {}, h('caption', {}, 'Credits used this period by service'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Service'), h('th', { scope: 'col', class: 'num' }, 'Credits'))),
    h('tbody', {}, ...services.map(([s, v]) => h('tr', {}, h('th', { scope: 'row' }, SERVICE_NAMES[s] ?? s), h('td', { class: 'num' }, number(v))))));

  const ledgerBody = h('tbody');
  const ledgerTable = h('table', { class: 'ledger stack' }, h('caption', { class: 'visually-hidden' }, 'Credit ledger, newest first'),
    h('thead', {}, h('tr', {}, ...['Time', 'Kind', 'Operation', 'Request or task id', 'Credits', 'Balance after'].map((t, i) => h('th', { scope: 'col', class: i >= 4 ? 'num' : undefined }, t)))),
    ledgerBody);
  const pageInfo = h('span', { role: 'status' });
  const prev = h('button', { type: 'button', class: 'secondary small' }, 'Newer');
  const next = h('button', { type: 'button', class: 'secondary small' }, 'Older');
  let page = 1;
  async function load() {
    const ledger = await call(api.GET('/portal/api/ledger/', { params: { query: { page, per_page: PER_PAGE } } }));
    ledgerBody.replaceChildren(...ledger.entries.map((e) => h('tr', {},
      h('td', { class: 'nowrap' }, date(e.time, true)), h('td', {}, e.kind), h('td', {}, e.operation),
      h('td', {}, h('code', {}, e.request_id ?? e.task_id ?? '—')),
      h('td', { class: `num ${e.credits < 0 ? 'neg' : 'pos'}` }, (e.credits > 0 ? '+' : '') + number(e.credits)),
      h('td', { class: 'num' }, number(e.balance_after)))));
    labelCells(ledgerTable);
    const pages = Math.max(1, Math.ceil(ledger.total / PER_PAGE));
    pageInfo.textContent = `Page ${page} of ${pages} (${number(ledger.total)} entries)`;
    prev.disabled = page <= 1;
    next.disabled = page >= pages;
  }
  prev.addEventListener('click', () => { page--; void load(); });
  next.addEventListener('click', () => { page++; void load(); });
  const ledger = h('section', { 'aria-labelledby': 'ledger-title' },
    h('div', { class: 'row spread' }, h('h2', { id: 'ledger-title' }, 'Charges and refunds'), h('a', { class: 'button secondary', href: '/portal/usage/ledger.csv', download: 'ledger.csv' }, 'Download CSV')),
    h('div', { class: 'scroll' }, ledgerTable),
    h('div', { class: 'row' }, prev, pageInfo, next));

  app().replaceChildren(summary,
    h('section', { 'aria-labelledby': 'chart-heading' }, h('h2', { id: 'chart-heading' }, `Credits per day, ${date(account.period_start)} to ${date(account.period_end)}`), usageChart(days, daily)),
    byService, ledger);
  await load();
}
