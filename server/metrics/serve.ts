/**
 * Who may read GET /metrics, and the text it answers: Prometheus's text format from the registry.
 * The main server mounts it (http/app.ts) unless METRICS_PORT gives it a server of its own
 * (`startMetricsServer`), which then answers nothing else.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import ipaddr from 'ipaddr.js';
import { registry } from './registry.ts';

export const METRICS_PATH = '/metrics';

export const METRICS_REFUSAL = `${METRICS_PATH} answers callers on this machine (loopback), or a request with Authorization: Bearer and the server's METRICS_TOKEN.`;

const isLoopback = (address: string | undefined) => {
  if (!address || !ipaddr.isValid(address)) return false;
  // ipaddr.process turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into its IPv4 address.
  return ipaddr.process(address).range() === 'loopback';
};

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * A caller on loopback (`address`: the client's address, as the trusted proxies said it when
 * TRUST_PROXY is set), or one that sends `Authorization: Bearer <token>` when a token is set. The
 * token is compared by its hash in constant time.
 */
export function mayReadMetrics(caller: { address: string | undefined; authorization: string | undefined }, token: string | undefined): boolean {
  if (isLoopback(caller.address)) return true;
  const bearer = /^Bearer +(\S+)\s*$/i.exec(caller.authorization ?? '')?.[1];
  return Boolean(token && bearer && timingSafeEqual(digest(bearer), digest(token)));
}

/** The exposition: every metric of the process, in the Prometheus text format (version 0.0.4). */
export async function metricsExposition(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}


/**
 * METRICS_PORT: GET /metrics alone on a server of its own (a port a firewall can keep internal),
 * with the same access rule; any other request is 404 (405 for another method on /metrics), in the
 * API's error shape.
 */
export async function startMetricsServer(options: { port: number; host: string; token?: string }): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const answer = (status: number, code: string, message: string, headers: Record<string, string> = {}) => {
      const requestId = `req_${randomUUID().replaceAll('-', '')}`;
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId, ...headers });
      res.end(JSON.stringify({ status: 'error', code, message, details: {}, request_id: requestId }));
    };
    if (path !== METRICS_PATH) return answer(404, 'not_found', `No route ${path.slice(0, 200)}: this port serves ${METRICS_PATH} only.`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, 'method_not_allowed', `This route does not take ${req.method}; it takes GET.`, { Allow: 'GET, HEAD' });
    if (!mayReadMetrics({ address: req.socket.remoteAddress, authorization: req.headers.authorization }, options.token)) return answer(403, 'forbidden', METRICS_REFUSAL);
    metricsExposition().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(req.method === 'HEAD' ? undefined : body),
      () => answer(500, 'internal_error', 'The metrics could not be collected.'),
    );
  });
  server.listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return server;
}
