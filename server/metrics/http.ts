/**
 * The HTTP side of the metrics: one Koa middleware that times every request by its route's template
 * path (the router's matched route, never the raw URL, so a path with ids or junk adds no series),
 * and the GET /metrics route of the main server.
 */
import type Koa from 'koa';
import { ApiError } from '../platform/errors.ts';
import { recordHttpRequest } from './registry.ts';
import { mayReadMetrics, metricsExposition, METRICS_REFUSAL } from './serve.ts';

/** Outermost middleware: sees the status the error handler finally set. */
export const httpMetrics: Koa.Middleware = async (ctx, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    const matched: unknown = ctx._matchedRoute;
    recordHttpRequest(ctx.method, typeof matched === 'string' ? matched : 'unmatched', ctx.status, (performance.now() - started) / 1000);
  }
};

/**
 * GET /metrics on the main server; a caller it does not answer gets 403 `forbidden`, in the error
 * shape of every other route. ctx.ip is the socket's address, or with TRUST_PROXY the client's as
 * the trusted proxies saw it (a proxy on this machine does not make every caller loopback).
 */
export function metricsRoute(token: string | undefined): Koa.Middleware {
  return async (ctx) => {
    if (!mayReadMetrics({ address: ctx.ip, authorization: ctx.get('authorization') || undefined }, token)) throw new ApiError('forbidden', METRICS_REFUSAL);
    const { contentType, body } = await metricsExposition();
    ctx.set('Content-Type', contentType);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  };
}
