/**
 * The asynchronous form of the three text endpoints (`poll` and/or `callback_url`): checks the
 * callback URL, then charges and queues the job in one transaction (platform/jobs.ts). Each
 * endpoint builds its own 202 body from what this returns.
 */
import { textCharges, type TextOperation } from '../../contract/catalogue.ts';
import { ApiError } from '../platform/errors.ts';
import type { AcceptedJob } from '../platform/jobs.ts';
import { checkPublicUrl, UnsafeUrlError } from '../platform/outbound.ts';
import type { KeyContext } from './endpoint.ts';

export interface AsyncOptions {
  content: string;
  callback_url?: string;
  poll?: boolean;
  webhook_secret?: string;
  detection_threshold?: number;
}

export const isAsync = (input: AsyncOptions) => input.poll === true || input.callback_url !== undefined;

export async function acceptTextJob(ctx: KeyContext, operation: TextOperation, input: AsyncOptions, words: number): Promise<AcceptedJob & { userId: number }> {
  const { services } = ctx;
  const principal = await ctx.key.principal();
  if (input.callback_url !== undefined) {
    try {
      await checkPublicUrl(input.callback_url, { allowPrivate: services.config.ALLOW_PRIVATE_CALLBACKS });
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw new ApiError('invalid_payload', `callback_url: ${error.message}`);
      throw error;
    }
  }
  const job = await services.jobs.accept({
    userId: principal.userId,
    maxPendingJobs: principal.plan.max_pending_jobs,
    operation,
    input: { content: input.content, ...(input.detection_threshold !== undefined ? { detection_threshold: input.detection_threshold } : {}) },
    words,
    charges: textCharges(operation, words),
    callbackUrl: input.callback_url,
    webhookSecret: input.webhook_secret,
    requestId: ctx.requestId,
  });
  return { ...job, userId: principal.userId };
}
