/** GET /api/image-detector/health/: no key; 200 healthy or 503 unhealthy. */
import { defineEndpoint } from '../endpoint.ts';
import { engineHealth } from '../engine-health.ts';

export default defineEndpoint({ op: 'imageHealth', auth: 'none', handle: async (ctx) => engineHealth(ctx.services, 'image') });
