/**
 * `npm run samples`: the sample responses of the API reference (/docs and openapi.yaml), taken from
 * real answers of the current engines, so that a sample shows the engine versions that answer
 * today and the word count of the text it was sent. It starts the service in this process on a
 * fresh embedded PostgreSQL in a temp folder (engines warmed, job worker running), sends every
 * public operation the request its /docs curl command sends (`sampleRequestOf`: the contract's
 * sample request; the sample files are made here), and writes each success answer to
 * contract/recorded-samples.ts. Then run `npm run generate`. Rerun it when an engine, a response
 * schema or a sample request changes (test/unit/recorded-samples.test.ts says when it is due).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { buildOpenApiDocument } from '../contract/openapi.ts';
import { sampleRequestOf, type SampleRequest } from '../contract/examples.ts';
import { routes } from '../contract/routes.ts';
import { SCOPES } from '../contract/catalogue.ts';
import { loadConfig } from '../server/config.ts';
import { createUser } from '../server/platform/accounts.ts';
import { createApiKey } from '../server/platform/keys.ts';
import { closeServices, createServer, createServices, startWorker } from '../server/services.ts';
import { encodeWav, speechLikeSignal } from '../server/engines/voice/synthetic.ts';

type Json = Record<string, unknown>;

/** The sample files the upload operations name (`x-sample-file`): a photo-like gradient, and 4 s of the voice engine's speech-like signal. */
async function sampleFile(name: string): Promise<Blob> {
  if (name.endsWith('.jpg')) {
    const width = 480;
    const height = 320;
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        pixels[i] = 90 + Math.round((80 * x) / width);
        pixels[i + 1] = 140 + Math.round((60 * y) / height);
        pixels[i + 2] = 200 - Math.round((50 * (x + y)) / (width + height));
      }
    }
    return new Blob([new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer())], { type: 'image/jpeg' });
  }
  if (name.endsWith('.wav')) return new Blob([new Uint8Array(encodeWav(speechLikeSignal(4, { sampleRate: 16_000, seed: 7 }), 16_000))], { type: 'audio/wav' });
  throw new Error(`no sample file ${name}`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ci-samples-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ENGINE_THREADS: '1', WARM_ENGINES: 'true', PATH: process.env.PATH });
const services = await createServices(config, { log: pino({ level: 'warn' }) });
const worker = await startWorker(services);
try {
  const server = createServer(services).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const user = await createUser(services.db, 'samples@example.com', '25M');
  const { key } = await createApiKey(services.db, { userId: user.id, name: 'samples', scopes: [...SCOPES], expiration: 'never' });
  console.log('waiting for the engines to load…');
  while (!services.engines.health('image').ready) await new Promise((r) => setTimeout(r, 500));

  async function send(request: SampleRequest, extra: Json = {}): Promise<{ status: number; body: Json }> {
    const headers: Record<string, string> = request.needsKey ? { 'X-API-Key': key } : {};
    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify({ ...(request.json as Json), ...extra });
    } else if (request.files) {
      const form = new FormData();
      for (const [field, file] of request.files) form.append(field, await sampleFile(file), file);
      body = form;
    }
    const res = await fetch(base + request.url, { method: request.method, headers, body });
    return { status: res.status, body: (await res.json()) as Json };
  }

  const doc = buildOpenApiDocument() as unknown as Json;
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, Json>;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const recorded: Record<string, Record<string, unknown>> = {};
  const record = (op: string, status: number, body: Json) => ((recorded[op] ??= {})[status] = body);
  const requestOf = (op: string) => {
    const route = routes.find((r) => r.op === op)!;
    return sampleRequestOf(route.method, route.path, paths[route.path][route.method], schemas);
  };
  // The sources first (a scan needs something to compare with), their removal last; a job or a batch is read after a request made it.
  const order = (op: string) => (op === 'importSources' ? 0 : op === 'deleteSource' ? 3 : ['getJob', 'getBatch', 'cancelBatch'].includes(op) ? 2 : 1);
  /** A batch made by the createBatch sample, read until it has ended (or, for the cancel sample, just made). */
  const sampleBatch = async (finished: boolean) => {
    const accepted = await send(requestOf('createBatch'));
    const url = `/api/batches/${String(accepted.body.batch_id)}/`;
    if (finished) {
      for (let batch = await send({ ...requestOf('getBatch'), url }); ['queued', 'running'].includes(String(batch.body.status)); batch = await send({ ...requestOf('getBatch'), url })) {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    return url;
  };
  for (const route of [...routes].sort((a, b) => order(a.op) - order(b.op))) {
    const declared = Object.keys(route.responses).map(Number);
    let request = requestOf(route.op);
    if (route.op === 'getJob') {
      const accepted = await send(requestOf('detectText'), { poll: true });
      request = { ...request, url: `/api/jobs/${String(accepted.body.task_id)}/` };
      let job = await send(request);
      while (job.body.status === 'processing') {
        await new Promise((r) => setTimeout(r, 200));
        job = await send(request);
      }
    }
    if (route.op === 'getBatch' || route.op === 'cancelBatch') request = { ...request, url: await sampleBatch(route.op === 'getBatch') };
    const answer = await send(request);
    if (!declared.includes(answer.status) || answer.status >= 300) throw new Error(`${route.op}: its sample request got ${answer.status} ${JSON.stringify(answer.body)}: fix the sample request in contract/schemas.ts`);
    record(route.op, answer.status, answer.body);
    if (declared.includes(202) && answer.status !== 202) {
      const accepted = await send(request, { poll: true });
      if (accepted.status !== 202) throw new Error(`${route.op} with poll: ${accepted.status} ${JSON.stringify(accepted.body)}`);
      record(route.op, 202, accepted.body);
    }
    console.log(`${route.op}: ${Object.keys(recorded[route.op]).join(', ')}`);
  }
  server.close();
  const file = new URL('../contract/recorded-samples.ts', import.meta.url);
  writeFileSync(
    file,
    `/** Written by \`npm run samples\` (scripts/samples.ts): the answers of the current engines to the API reference's sample requests, by operation and status. */\nexport const RECORDED_SAMPLES: Record<string, Record<string, unknown>> = ${JSON.stringify(recorded, null, 2)};\n`,
  );
  console.log('wrote contract/recorded-samples.ts; now run npm run generate');
} finally {
  await worker.stop();
  await closeServices(services);
  rmSync(dataDir, { recursive: true, force: true });
}
