/**
 * The portal's browser code: the typed modules in ./client bundled by esbuild into one script,
 * in memory, once per process (about 50 ms), the stylesheet and the icon. Nothing is fetched from a CDN.
 */
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

export interface Asset { type: string; body: string }

export function clientAssets(): () => Promise<Record<string, Asset>> {
  let assets: Promise<Record<string, Asset>> | undefined;
  return () => {
    assets ??= (async () => {
      const bundle = await build({
        entryPoints: [new URL('./client/main.ts', import.meta.url).pathname],
        bundle: true,
        format: 'esm',
        target: 'es2022',
        minify: true,
        write: false,
        legalComments: 'none',
        logLevel: 'silent',
      });
      const file = (name: string) => readFile(new URL(`./client/${name}`, import.meta.url), 'utf8');
      return {
        'portal.js': { type: 'text/javascript; charset=utf-8', body: bundle.outputFiles[0].text },
        'portal.css': { type: 'text/css; charset=utf-8', body: await file('portal.css') },
        'favicon.svg': { type: 'image/svg+xml', body: await file('favicon.svg') },
      };
    })();
    assets.catch(() => (assets = undefined));
    return assets;
  };
}
