const mb = (n: number) => (n / 2 ** 20).toFixed(0);
const gc = () => { (globalThis as any).gc(); (globalThis as any).gc(); };
const step = async (name: string, f: () => Promise<unknown> | unknown) => { gc(); const b = process.memoryUsage(); const t = performance.now(); await f(); const ms = performance.now() - t; gc(); const a = process.memoryUsage(); console.log(name, 'ms', ms.toFixed(0), 'rss', mb(a.rss), 'rss+', mb(a.rss - b.rss), 'heap+', mb(a.heapUsed - b.heapUsed), 'ext+', mb(a.external - b.external)); };
await step('zod+contract', () => import('./contract/routes.ts'));
await step('koa etc http', () => import('./server/http/app.ts'));
await step('operations', () => import('./server/operations/text.ts'));
await step('services', () => import('./server/services.ts'));
await step('portal', () => import('./server/portal/routes.ts'));
