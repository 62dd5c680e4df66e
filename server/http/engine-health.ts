/** The body of the two engine health routes: pool and circuit breaker, and whether the engines are loaded. */
import type { Services } from '../context.ts';
import type { Reply } from './endpoint.ts';

export function engineHealth(services: Services, engine: 'image' | 'voice') {
  const { ready, circuit, failures } = services.engines.health(engine);
  const healthy = ready && circuit !== 'open';
  return {
    status: healthy ? 200 : 503,
    body: {
      status: healthy ? ('healthy' as const) : ('unhealthy' as const),
      upstream: { status: ready ? ('healthy' as const) : ('unhealthy' as const), piscina_ready: ready },
      circuit: { status: circuit, failures },
    },
  } satisfies Reply;
}
