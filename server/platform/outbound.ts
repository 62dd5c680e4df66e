/**
 * SSRF-safe outbound HTTP for user-supplied URLs (webhook callbacks).
 *
 * Two gates, one policy:
 *  - `checkPublicUrl` at request time: the URL's form, then every address its host resolves to.
 *  - `safeRequest` at delivery time: the same form check, then a custom `lookup` on the socket, so the
 *    connection goes only to an address that was checked in that same lookup (no second DNS query an
 *    attacker could rebind). IP-literal hosts never reach `lookup`; they are checked before connecting.
 *
 * Only globally routable unicast addresses are public. `allowPrivate` (ALLOW_PRIVATE_CALLBACKS, tests and
 * local development only) additionally admits private and loopback addresses, nothing else; `allowNetworks`
 * (OUTBOUND_ALLOWED_NETWORKS, closed networks) admits the private and loopback addresses of the listed
 * networks only, so an intranet range can be opened without opening loopback or every private range.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface OutboundPolicy {
  allowPrivate: boolean;
  /** Private or loopback networks admitted besides public addresses (CIDRs, parsed by `parseNetworks`). */
  allowNetworks?: readonly Network[];
}

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Comma-separated CIDRs ("10.20.0.0/16, fd00::/8") as networks; throws on one that is not a CIDR. */
export function parseNetworks(list: string): Network[] {
  return list
    .split(',')
    .map((cidr) => cidr.trim())
    .filter((cidr) => cidr !== '')
    .map((cidr) => ipaddr.parseCIDR(cidr));
}

/** The policy the operator's settings give: every outbound request to a user-supplied URL uses it. */
export function outboundPolicy(config: { ALLOW_PRIVATE_CALLBACKS: boolean; OUTBOUND_ALLOWED_NETWORKS: readonly Network[] }): OutboundPolicy {
  return { allowPrivate: config.ALLOW_PRIVATE_CALLBACKS, allowNetworks: config.OUTBOUND_ALLOWED_NETWORKS };
}

/** A URL or address that must not be contacted; the message says why (for a 400 invalid_payload). */
export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

/** The exchange ran past its time limit or its response past its byte cap. */
export class OutboundLimitError extends Error {
  override name = 'OutboundLimitError';
  constructor(
    readonly limit: 'time' | 'bytes',
    message: string,
  ) {
    super(message);
  }
}

/** Resolves a host name to every address it has (A and AAAA). Injectable so tests never touch DNS. */
export type HostResolver = (hostname: string) => Promise<string[]>;

/** getaddrinfo, as a socket would use it (so /etc/hosts counts too), all families, in resolver order. */
export const systemResolver: HostResolver = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface OutboundRequestInit {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  maxResponseBytes?: number;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

type AddressClass = 'public' | 'private' | 'forbidden';

/** IPv6 global unicast (2000::/3): everything outside it is special-purpose or unallocated. */
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * public: globally routable unicast. private: RFC 1918, IPv6 unique-local (fc00::/7) and loopback.
 * forbidden: everything else (link-local, CGNAT, multicast, broadcast, reserved, documentation,
 * benchmarking, unspecified, NAT64, 6to4, Teredo, site-local, IPv4-compatible, zoned, non-canonical).
 */
function classifyAddress(ip: string): AddressClass {
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) return classifyIPv4(ipaddr.IPv4.parse(ip));
  if (!ip.includes(':') || ip.includes('%') || !ipaddr.IPv6.isValid(ip)) return 'forbidden';
  const v6 = ipaddr.IPv6.parse(ip);
  if (v6.isIPv4MappedAddress()) return classifyIPv4(v6.toIPv4Address());
  const range = v6.range();
  if (range === 'loopback' || range === 'uniqueLocal') return 'private';
  if (!v6.match(IPV6_GLOBAL_UNICAST)) return 'forbidden';
  return range === 'unicast' ? 'public' : 'forbidden';
}

function classifyIPv4(v4: ipaddr.IPv4): AddressClass {
  const range = v4.range();
  if (range === 'unicast') return 'public';
  return range === 'private' || range === 'loopback' ? 'private' : 'forbidden';
}

/** True only for a canonical IPv4 (dotted decimal) or IPv6 address that is globally routable unicast. */
export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === 'public';
}

function isAllowedAddress(ip: string, policy: OutboundPolicy): boolean {
  const kind = classifyAddress(ip);
  if (kind === 'public') return true;
  if (kind !== 'private') return false;
  return policy.allowPrivate || inNetworks(ip, policy.allowNetworks ?? []);
}

function inNetworks(ip: string, networks: readonly Network[]): boolean {
  if (networks.length === 0) return false;
  const parsed = ipaddr.process(ip); // IPv4-mapped IPv6 as IPv4, so one CIDR covers both spellings
  return networks.some(([network, bits]) => parsed.kind() === network.kind() && parsed.match(network, bits));
}

function assertAllowedAddress(ip: string, host: string, policy: OutboundPolicy): void {
  if (!isAllowedAddress(ip, policy)) {
    const where = ip === host ? `address ${ip}` : `host ${host} resolves to ${ip}, which`;
    throw new UnsafeUrlError(`${where} is not a publicly routable address`);
  }
}

interface Target {
  url: URL;
  /** Host without IPv6 brackets or a trailing dot: what is checked and what the socket connects to. */
  host: string;
  isIpLiteral: boolean;
}

/** Scheme and authority exactly as written, before WHATWG normalisation hides odd host encodings. */
const RAW_AUTHORITY = /^(https?):\/\/([^/?#]*)/i;

/** The URL's form: http(s), no userinfo, a name or a canonical IP literal. Resolves nothing. */
function parseTarget(raw: string, policy: OutboundPolicy): Target {
  // Whitespace, control characters and backslashes are all silently rewritten by URL parsers.
  if (/[\s\\\p{Cc}]/u.test(raw)) {
    throw new UnsafeUrlError('URL contains whitespace, control characters or backslashes');
  }
  const rawMatch = RAW_AUTHORITY.exec(raw);
  if (!rawMatch) throw new UnsafeUrlError('URL must start with http:// or https://');
  const authority = rawMatch[2];
  if (authority.includes('@')) throw new UnsafeUrlError('URL must not contain credentials (userinfo)');

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('URL is not valid');
  }

  const rawHost = (authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.replace(/:\d*$/, ''))
    .toLowerCase()
    .replace(/\.$/, '');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (rawHost === '' || host === '' || host.split('.').includes('')) throw new UnsafeUrlError('URL has an empty host');

  if (url.hostname.startsWith('[')) return { url, host, isIpLiteral: true };
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) {
    // The URL parser turns 2130706433, 0x7f.1, 0177.0.0.1, 127.1 and percent-encoded digits into
    // dotted decimal; only a host written that way in the first place is accepted.
    if (rawHost !== host) throw new UnsafeUrlError(`IP address must be written in dotted decimal (got ${rawHost})`);
    return { url, host, isIpLiteral: true };
  }
  if (!policy.allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) {
    throw new UnsafeUrlError(`host ${host} is local`);
  }
  return { url, host, isIpLiteral: false };
}

/**
 * Request-time check: http(s) only, no userinfo, a host that is a name or a canonical IP literal;
 * resolves the name (all A/AAAA) and refuses any non-public address. Returns the parsed URL.
 */
export async function checkPublicUrl(url: string, policy: OutboundPolicy, resolve: HostResolver = systemResolver): Promise<URL> {
  const target = parseTarget(url, policy);
  if (target.isIpLiteral) {
    assertAllowedAddress(target.host, target.host, policy);
    return target.url;
  }
  let addresses: string[];
  try {
    addresses = await resolve(target.host);
  } catch (error) {
    // The resolver's own text (getaddrinfo ENOTFOUND …) stays out of the answer.
    throw new UnsafeUrlError(`host ${target.host} could not be resolved`, { cause: error });
  }
  if (addresses.length === 0) throw new UnsafeUrlError(`host ${target.host} has no address`);
  for (const address of addresses) assertAllowedAddress(address, target.host, policy);
  return target.url;
}

/**
 * The socket's DNS lookup: resolves once, refuses the connection unless every address is allowed, and
 * hands the socket exactly those addresses.
 */
function checkedLookup(policy: OutboundPolicy, resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    const host = hostname.replace(/\.$/, '');
    resolve(host)
      .then((addresses) => {
        for (const address of addresses) assertAllowedAddress(address, host, policy);
        const entries = addresses
          .map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
          .filter((entry) => !options.family || entry.family === options.family);
        if (entries.length === 0) throw Object.assign(new Error(`no usable address for ${host}`), { code: 'ENOTFOUND' });
        if (options.all) callback(null, entries);
        else callback(null, entries[0].address, entries[0].family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}

/**
 * One request: no redirects followed (a 3xx is returned as is), a hard timeout over the whole exchange,
 * a response size cap, and a connection only to an address that passed the check at connect time.
 * Throws UnsafeUrlError for a refused target, another Error for network failures and timeouts.
 */
export async function safeRequest(
  url: string,
  init: OutboundRequestInit,
  policy: OutboundPolicy,
  resolve: HostResolver = systemResolver,
): Promise<OutboundResponse> {
  const target = parseTarget(url, policy);
  if (target.isIpLiteral) assertAllowedAddress(target.host, target.host, policy);
  const maxBytes = init.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const body = init.body === undefined ? undefined : Buffer.from(init.body);
  const headers: Record<string, string> = { ...init.headers };
  if (body) headers['Content-Length'] = String(body.length);

  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolvePromise, reject) => {
    let settled = false;
    const settle = (error: Error | null, response?: OutboundResponse): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        request.destroy();
        reject(error);
      } else {
        resolvePromise(response as OutboundResponse);
      }
    };

    const request = client.request({
      protocol: target.url.protocol,
      hostname: target.host,
      port: target.url.port || undefined,
      path: `${target.url.pathname}${target.url.search}`,
      method: init.method,
      headers,
      agent: false, // a fresh connection every time, so every request goes through checkedLookup
      lookup: checkedLookup(policy, resolve),
    });
    const timer = setTimeout(() => settle(new OutboundLimitError('time', `request timed out after ${init.timeoutMs} ms`)), init.timeoutMs);

    request.on('error', (error) => settle(error));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) settle(new OutboundLimitError('bytes', `response body exceeds ${maxBytes} bytes`));
        else chunks.push(chunk);
      });
      response.on('error', (error) => settle(error));
      response.on('end', () =>
        settle(null, { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.end(body);
  });
}

export interface FetchedBody {
  /** The address that answered, after redirects. */
  url: string;
  status: number;
  body: Buffer;
}

/**
 * A GET of a user-supplied URL that follows redirects, each one a new `safeRequest` (so each
 * target is checked again, at connect time), at most `maxRedirects` of them, all within one time
 * limit and each response within the byte cap. A non-redirect answer is returned whatever its
 * status; a 3xx past the limit or without a Location throws.
 */
export async function fetchFollowing(
  url: string,
  limits: { timeoutMs: number; maxBytes: number; maxRedirects: number; headers?: Record<string, string> },
  policy: OutboundPolicy,
  resolve: HostResolver = systemResolver,
): Promise<FetchedBody> {
  const deadline = Date.now() + limits.timeoutMs;
  let current = url;
  for (let hop = 0; ; hop++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new OutboundLimitError('time', `request timed out after ${limits.timeoutMs} ms`);
    const response = await safeRequest(current, { method: 'GET', headers: limits.headers, timeoutMs: remaining, maxResponseBytes: limits.maxBytes }, policy, resolve);
    const location = response.headers.location;
    if (response.status < 300 || response.status > 399 || response.status === 304 || typeof location !== 'string') return { url: current, status: response.status, body: response.body };
    if (hop >= limits.maxRedirects) throw new TooManyRedirectsError(`more than ${limits.maxRedirects} redirects`);
    current = new URL(location, current).href;
  }
}

export class TooManyRedirectsError extends Error {
  override name = 'TooManyRedirectsError';
}
