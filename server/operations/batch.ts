/**
 * The items of a batch, the operation: every item read (a `url` item fetched and read as a document)
 * and checked against its service's bounds before anything is charged (all of them, so a refusal can
 * list the bad ones), and one item's work, whose
 * body is the one its single synchronous request returns. The batch's acceptance, fan-out and
 * fan-in are platform/batches.ts; the worker task is jobs/run-batch-item.ts.
 */
import { BATCH_LIMITS, BATCH_SERVICES, batchItemCharges, TEXT_BOUNDS, type BatchOperation, type BatchService, type ChargePart } from '../../contract/catalogue.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import type { Services } from '../context.ts';
import type { BatchRow } from '../platform/data/batches.ts';
import { balanceOf } from '../platform/data/ledger.ts';
import { ApiError } from '../platform/errors.ts';
import { EngineError } from '../runtime/engines.ts';
import { placeResult, readDocument, type DocumentFacts, type TextSource } from './documents.ts';
import type { PlagiarismScanner } from './plagiarism.ts';
import { checkTextBounds, runGrammar, runTextOperation, type OperationContext } from './text.ts';

/** A service's options, the same for every item of a batch. */
type BatchOptions = BatchRow['options'];

/** An item that passed its checks: its words and its price. */
export interface CheckedItem {
  content: string;
  /** When the item was a document (a file or a url): what its result is placed in. */
  document?: DocumentFacts;
  ref?: string;
  words: number;
  charges: ChargePart[];
}

/** An item the batch was refused for, as details.items lists it. */
interface InvalidItem {
  index: number;
  ref: string | null;
  code: ErrorCode;
  message: string;
}

async function plagiarismScanner(services: Pick<Services, 'plagiarism'>): Promise<PlagiarismScanner> {
  const { scanner } = await services.plagiarism().catch(() => {
    throw new ApiError('service_unavailable', 'The plagiarism engine is not available.', undefined, { 'Retry-After': '30' });
  });
  return scanner;
}

/** The item's own fault as its code and message, or undefined for a failure that is not about the item. */
function itemFault(error: unknown): Pick<InvalidItem, 'code' | 'message'> | undefined {
  if (error instanceof ApiError && error.code !== 'no_sources' && error.code !== 'service_unavailable') return { code: error.code, message: error.message };
  // A document the reader refused (url and file items), or a text without enough sentences to scan: the item's own.
  if (error instanceof EngineError && (error.input?.engine === 'documents' || error.input?.engine === 'plagiarism')) return { code: error.input.code, message: error.input.message };
  return undefined;
}

/** Folders, control and bidirectional formatting characters a client's file name may carry. */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const NOT_SHOWN = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A file item's ref: the client's file name without any folder, on one line, within the ref's length; none when nothing is left. */
export function fileRef(name: string): string | undefined {
  const base = name.toWellFormed().split(/[\\/]/).pop() ?? '';
  const ref = base.replace(NOT_SHOWN, '').trim().slice(0, BATCH_LIMITS.refMaxChars).toWellFormed();
  return ref || undefined;
}

/**
 * Checks every item against its service's single-request bounds (a plagiarism item also against
 * the scan's first step: enough complete sentences, and sources to compare with). When any item
 * fails, the whole batch is refused with 400 invalid_payload listing the first bad ones; nothing has
 * been charged.
 */
export async function checkBatchItems(services: Pick<Services, 'plagiarism' | 'engines' | 'config'>, service: BatchService, items: (TextSource & { ref?: string })[]): Promise<CheckedItem[]> {
  const operation = BATCH_SERVICES[service];
  const scanner = operation === 'scanPlagiarism' ? await plagiarismScanner(services) : undefined;
  const invalid: InvalidItem[] = [];
  const checked = await Promise.all(
    items.map(async (item, index): Promise<CheckedItem | undefined> => {
      try {
        // A url or file item is read here (operations/documents.ts), so it is bounded and priced by its text.
        const { text, document } = await readDocument(services, { content: item.content, url: item.url, file: item.file });
        const words = checkTextBounds(text, TEXT_BOUNDS[operation]);
        await scanner?.prepare(text);
        return { content: text, document, ref: item.ref, words, charges: batchItemCharges(operation, words) };
      } catch (error) {
        const fault = itemFault(error);
        if (!fault) throw error;
        invalid.push({ index, ref: item.ref ?? null, ...fault });
        return undefined;
      }
    }),
  );
  if (invalid.length > 0) {
    invalid.sort((a, b) => a.index - b.index);
    const listed = invalid.slice(0, BATCH_LIMITS.listedInvalidItems);
    const first = listed[0];
    throw new ApiError(
      'invalid_payload',
      `${invalid.length} of ${items.length} items are invalid (the first: item ${first.index}, ${first.message}); nothing was queued or charged.`,
      { items: listed, invalid_count: invalid.length },
    );
  }
  return checked.filter((item) => item !== undefined);
}

/** What a batch item's work is handed: the item as stored. */
export interface ItemWork {
  operation: BatchOperation;
  content: string;
  document?: DocumentFacts;
  words: number;
  options: BatchOptions;
}

/**
 * One item's work: the body its single synchronous request returns (task_id null), with
 * credits_remaining read when it ends, placed in its document (`document`, pages and paragraphs)
 * when it was one, as the single request's is. Throws when the work fails (the caller refunds).
 */
export async function runBatchItem(ctx: OperationContext & { services: Pick<Services, 'plagiarism'> }, item: ItemWork): Promise<Record<string, unknown>> {
  return placeResult(await itemBody(ctx, item), { text: item.content, document: item.document });
}

async function itemBody(ctx: OperationContext & { services: Pick<Services, 'plagiarism'> }, item: ItemWork): Promise<Record<string, unknown>> {
  const { operation, content, words, options } = item;
  if (operation === 'detectText' || operation === 'humanize' || operation === 'detectAndHumanize') {
    return runTextOperation(ctx, operation, { content, detection_threshold: options.detection_threshold }, words);
  }
  const started = performance.now();
  const work = operation === 'correctGrammar'
    ? await runGrammar(ctx.services, content, options.target_variant ?? 'auto', words)
    : { status: 'success' as const, scan_id: crypto.randomUUID(), ...(await (await plagiarismScanner(ctx.services)).scan(content)) };
  // The fields the charged single endpoints add, in their order (http/charged.ts).
  return { ...work, word_count: words, execution_time: Math.round(performance.now() - started) / 1000, credits_remaining: await balanceOf(ctx.services.db, ctx.userId), user: { id: ctx.userId } };
}
