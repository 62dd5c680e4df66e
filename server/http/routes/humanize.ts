/** POST /api/humanizer/: rewrites AI-sounding text; synchronous (rate limited per plan), or a job. */
import { HumanizationAccepted } from '../../../contract/schemas.ts';
import { runHumanizer } from '../../operations/text.ts';
import { defineEndpoint } from '../endpoint.ts';
import { textEndpoint } from '../text-endpoint.ts';

export default defineEndpoint({
  op: 'humanize',
  auth: 'key',
  handle: textEndpoint({
    operation: 'humanize',
    accepted: HumanizationAccepted,
    // The rate limit needs the plan, so the payer is looked up first here.
    async beforeSync({ services, payer }) {
      const principal = await payer.principal();
      return services.rateLimits.consume('humanizer_sync', principal.userId, principal.plan.humanizer_sync_per_minute);
    },
    run: (work, input, words) => runHumanizer(work, input.content, words),
  }),
});
