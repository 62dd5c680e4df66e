/** The credit ledger as CSV (RFC 4180), for the Usage page's export. */
import type { Services } from '../context.ts';
import { ledgerPage } from '../platform/data/ledger.ts';

/** Quotes a field when it holds a separator, a quote or a line break; a leading =+-@ is defused for spreadsheets. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const MAX_ROWS = 100_000;

export async function ledgerCsv(db: Services['db'], userId: number): Promise<string> {
  const { entries } = await ledgerPage(db, userId, 1, MAX_ROWS);
  const lines = [['time', 'kind', 'operation', 'request_id', 'task_id', 'credits', 'balance_after'].join(',')];
  for (const e of entries) lines.push([e.time, e.kind, e.operation, e.request_id, e.task_id, e.credits, e.balance_after].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
