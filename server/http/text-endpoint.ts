/**
 * The handler of the three text endpoints (detector, humanizer, detect-and-humanize): the bounds
 * from the catalogue, then either the synchronous branch (charge → work → refund on failure) or
 * the asynchronous one (`poll` and/or `callback_url`: the callback URL is checked, then the charge
 * and the job are written in one transaction by platform/jobs.ts, and the 202 body is built from
 * the route's own 202 schema).
 */
import { z } from 'zod';
import { TEXT_BOUNDS, textCharges, type TextOperation } from '../../contract/catalogue.ts';
import { placeResult, readDocument, type ReadText, type TextSource } from '../operations/documents.ts';
import { checkTextBounds, paidWork, type OperationContext } from '../operations/text.ts';
import { chargedWork } from '../platform/credits.ts';
import { ApiError } from '../platform/errors.ts';
import { checkPublicUrl, outboundPolicy, UnsafeUrlError } from '../platform/outbound.ts';
import type { KeyContext, Reply } from './endpoint.ts';

/** What the three text requests share: the text, or a document (operations/documents.ts). */
interface TextInput extends TextSource {
  callback_url?: string;
  poll?: boolean;
  webhook_secret?: string;
  detection_threshold?: number;
}

interface TextEndpointSpec<I extends TextInput, Sync extends object, Shape extends z.ZodRawShape> {
  operation: TextOperation;
  /** The route's 202 schema: its null fields are null, the others are what acceptance knows. */
  accepted: z.ZodObject<Shape>;
  /** Before a synchronous charge (the humanizer's rate limit); headers for the reply. */
  beforeSync?(ctx: KeyContext): Promise<Record<string, string>>;
  run(work: OperationContext, input: I & { content: string }, words: number): Promise<Sync>;
}

export function textEndpoint<I extends TextInput, Sync extends object, Shape extends z.ZodRawShape>(spec: TextEndpointSpec<I, Sync, Shape>) {
  return async (ctx: KeyContext, input: I): Promise<Reply<Sync | z.output<z.ZodObject<Shape>>>> => {
    // The text (read out of a document first when one was sent) is what is bounded and charged.
    const read = await readDocument(ctx.services, input);
    const words = checkTextBounds(read.text, TEXT_BOUNDS[spec.operation]);
    if (input.poll === true || input.callback_url !== undefined) return { status: 202, body: await acceptJob(ctx, spec, input, read, words) };
    const headers = await spec.beforeSync?.(ctx);
    const paid = await ctx.payer.charge(textCharges(spec.operation, words));
    const work = async () => placeResult(await spec.run(paidWork(ctx.services, paid, ctx.requestId), { ...input, content: read.text }, words), read);
    const body = await chargedWork(ctx.services, paid, ctx.requestId, work);
    return { body, headers };
  };
}

async function acceptJob<Shape extends z.ZodRawShape>(ctx: KeyContext, spec: { operation: TextOperation; accepted: z.ZodObject<Shape> }, input: TextInput, read: ReadText, words: number) {
  const { services } = ctx;
  const principal = await ctx.payer.principal();
  if (input.callback_url !== undefined) await checkCallbackUrl(services, input.callback_url);
  const job = await services.jobs.accept({
    userId: principal.userId,
    maxPendingJobs: principal.plan.max_pending_jobs,
    operation: spec.operation,
    // A document's facts and layout go with the job, so its result is placed in the document too (jobs/run-text-job.ts).
    input: { content: read.text, ...(input.detection_threshold !== undefined ? { detection_threshold: input.detection_threshold } : {}), ...(read.document ? { document: read.document } : {}) },
    words,
    charges: textCharges(spec.operation, words),
    callbackUrl: input.callback_url,
    webhookSecret: input.webhook_secret,
    requestId: ctx.requestId,
  });
  const known: Record<string, unknown> = {
    status: 'pending', task_id: job.taskId, word_count: words, credits_remaining: job.balanceAfter, user: { id: principal.userId },
    detection_threshold: input.detection_threshold, message: 'Accepted for processing.',
  };
  const fields = Object.entries(spec.accepted.shape).map(([name, field]) => [name, field instanceof z.ZodNull ? null : known[name]]);
  return spec.accepted.parse(Object.fromEntries(fields));
}

/** A callback_url must be a public address (400 invalid_payload before any charge); the async text requests and batches check it so. */
export async function checkCallbackUrl(services: KeyContext['services'], url: string): Promise<void> {
  try {
    await checkPublicUrl(url, outboundPolicy(services.config));
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw new ApiError('invalid_payload', `callback_url: ${error.message}`);
    throw error;
  }
}
