/** GET /livez: no key; 200 while the process and its event loop run (it never looks at the database or the engines). */
import { defineEndpoint } from '../endpoint.ts';

export default defineEndpoint({ op: 'livez', auth: 'none', handle: async () => ({ body: { status: 'alive' as const } }) });
