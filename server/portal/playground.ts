/**
 * The portal playground: the public operations run for the signed-in user, charged exactly like
 * the API (the same bounds, price and refund on failure) and answering the same body.
 */
import { checkTextBounds, runTextOperation, TEXT_BOUNDS, textCharges } from '../operations/text.ts';
import { refundCharge } from '../platform/credits.ts';
import { ApiError } from '../platform/errors.ts';
import type { Services } from '../services.ts';

export async function playgroundDetect(services: Services, userId: number, requestId: string, content: string) {
  const words = checkTextBounds(content, TEXT_BOUNDS.detectText);
  const charges = await services.charges.charge(userId, textCharges('detectText', words), { requestId });
  try {
    const context = { services, userId, taskId: null, charges, balanceAfterCharges: charges[charges.length - 1].balanceAfter, requestId };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the body is DetectionResult, checked by the contract's tests
    return (await runTextOperation(context, 'detectText', { content }, words)) as any;
  } catch (error) {
    for (const charge of charges) await refundCharge(services.db, userId, charge, { operation: 'refund on failure', requestId });
    if (error instanceof ApiError) throw error;
    services.log.error({ err: error }, 'playground detection failed');
    throw new ApiError('service_error', 'Processing failed; the credits were refunded.');
  }
}
