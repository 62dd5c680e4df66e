/** The body of the two engine health routes: pool and circuit breaker, whether the engines are loaded, and the operator's model server if any. */
import type { Services } from '../context.ts';
import type { Reply } from './endpoint.ts';

export function engineHealth(services: Services, engine: 'image' | 'voice') {
  const { ready, circuit, failures } = services.engines.health(engine);
  const healthy = ready && circuit !== 'open';
  // The operator's model server is reported, but its being down is no outage: the built-in model answers.
  const model = services.modelServers[engine];
  return {
    status: healthy ? 200 : 503,
    body: {
      status: healthy ? ('healthy' as const) : ('unhealthy' as const),
      upstream: { status: ready ? ('healthy' as const) : ('unhealthy' as const), piscina_ready: ready, ...(model ? { [`${engine}_model_ready`]: model.channel.ready() } : {}) },
      circuit: { status: circuit, failures },
    },
  } satisfies Reply;
}
