import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import {
  checkPublicUrl,
  isPublicAddress,
  parseNetworks,
  safeRequest,
  UnsafeUrlError,
  type HostResolver,
  type OutboundPolicy,
} from '../../server/platform/outbound.ts';

const STRICT: OutboundPolicy = { allowPrivate: false };
const LOCAL_DEV: OutboundPolicy = { allowPrivate: true };

/** DNS stand-in: no test resolves a real name. */
const FAKE_DNS: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'dual.example': ['93.184.216.34', '2606:4700::1111'],
  'internal.example': ['10.0.0.5'],
  'mixed.example': ['93.184.216.34', '192.168.1.1'],
  'metadata.example': ['169.254.169.254'],
  'v6private.example': ['fd00::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'nat64.example': ['64:ff9b::7f00:1'],
  'cgnat.example': ['100.64.12.1'],
  'empty.example': [],
  localhost: ['127.0.0.1', '::1'],
  // A misbehaving resolver: *.localhost must be refused by name whatever DNS says (RFC 6761).
  'api.localhost': ['93.184.216.34'],
  'hooks.test': ['127.0.0.1'],
};
const fakeResolver: HostResolver = async (hostname) => {
  const addresses = FAKE_DNS[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses;
};

async function assertRefused(url: string, policy: OutboundPolicy): Promise<void> {
  await assert.rejects(checkPublicUrl(url, policy, fakeResolver), UnsafeUrlError, `expected refusal of ${JSON.stringify(url)}`);
}

// ---------------------------------------------------------------------------------------------------
// Independent oracle: IANA special-purpose IPv4 blocks (plus AS112/AMT, which ipaddr.js also refuses).
const SPECIAL_IPV4: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.31.196.0', 24], ['192.52.193.0', 24],
  ['192.88.99.0', 24], ['192.168.0.0', 16], ['192.175.48.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const toInt = (dotted: string): number => dotted.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
const toDotted = (n: number): string => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const inBlock = (n: number, [base, bits]: [string, number]): boolean =>
  Math.floor(n / 2 ** (32 - bits)) === Math.floor(toInt(base) / 2 ** (32 - bits));
const isSpecial = (n: number): boolean => SPECIAL_IPV4.some((block) => inBlock(n, block));

/** A random address inside one of the special blocks. */
const specialIPv4 = fc
  .constantFrom(...SPECIAL_IPV4)
  .chain(([base, bits]) => fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((offset) => toInt(base) + offset));
const anyIPv4 = fc.integer({ min: 0, max: 2 ** 32 - 1 });

/** Ways to write an IPv4 address that URL parsers accept but that are not dotted decimal. */
function oddEncodings(n: number): string[] {
  const octets = toDotted(n).split('.').map(Number);
  const last = String(octets[3]);
  return [
    String(n), // 2130706433
    `0x${n.toString(16)}`, // 0x7f000001
    octets.map((x) => `0x${x.toString(16)}`).join('.'), // 0x7f.0x0.0x0.0x1
    octets.map((x) => `0${x.toString(8)}`).join('.'), // 0177.00.00.01
    `${octets[0]}.${n & 0xffffff}`, // 127.1
    `${octets[0]}.${octets[1]}.${n & 0xffff}`, // 127.0.1
    `${octets.slice(0, 3).join('.')}.${last.slice(0, -1)}%3${last.slice(-1)}`, // 127.0.0.%31
  ];
}

describe('isPublicAddress', () => {
  it('accepts globally routable unicast, canonical forms only', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8']) {
      assert.equal(isPublicAddress(ip), true, ip);
    }
  });

  it('refuses every special-purpose IPv4 and IPv6 class', () => {
    const refused = [
      '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1',
      '100.127.255.255', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '0.0.0.0', '0.255.1.1',
      '192.0.2.1', '198.51.100.1', '203.0.113.1', '198.18.0.1', '198.19.255.255', '192.0.0.170',
      '::1', '::', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '0:0:0:0:0:ffff:a9fe:a9fe',
      '::127.0.0.1', '::a00:1', '64:ff9b::7f00:1', '64:ff9b::5db8:d822', '64:ff9b:1::1', '2002:7f00:1::1',
      '2002:5db8:d822::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', 'fc00::1', 'fd12:3456::1', 'fe80::1',
      'fe80::1%eth0', 'fec0::1', 'ff02::1', 'ff05::1:3', '2001:db8::1', '3fff::1', '100::1', '4000::1',
    ];
    for (const ip of refused) assert.equal(isPublicAddress(ip), false, ip);
  });

  it('refuses anything that is not a canonical address', () => {
    for (const s of ['', 'localhost', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', '010.0.0.1', '1.2.3', '1.2.3.4.', '256.1.1.1', '[::1]', ' 8.8.8.8']) {
      assert.equal(isPublicAddress(s), false, JSON.stringify(s));
    }
  });

  it('property: any IPv4 inside a special block is refused, also IPv4-mapped', () => {
    fc.assert(
      fc.property(specialIPv4, (n) => {
        const v4 = toDotted(n);
        const hex = `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
        return !isPublicAddress(v4) && !isPublicAddress(`::ffff:${v4}`) && !isPublicAddress(`::ffff:${hex}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: an IPv4 is public exactly when it is outside every special block', () => {
    fc.assert(fc.property(anyIPv4, (n) => isPublicAddress(toDotted(n)) === !isSpecial(n)), { numRuns: 5000 });
  });

  it('property: IPv6 in fc00::/7, fe80::/10, fec0::/10, ff00::/8 and 64:ff9b::/96 is refused', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const tail = fc.array(group, { minLength: 7, maxLength: 7 });
    const prefixed = (prefix: number, prefixBits: number) =>
      fc.tuple(group, tail).map(([first, rest]) => {
        const mask = 0xffff >>> prefixBits;
        return [(prefix & ~mask & 0xffff) | (first & mask), ...rest].map((g) => g.toString(16)).join(':');
      });
    const nat64 = fc.tuple(group, group).map(([a, b]) => `64:ff9b::${a.toString(16)}:${b.toString(16)}`);
    fc.assert(
      fc.property(fc.oneof(prefixed(0xfc00, 7), prefixed(0xfe80, 10), prefixed(0xfec0, 10), prefixed(0xff00, 8), nat64), (ip) => !isPublicAddress(ip)),
      { numRuns: 2000 },
    );
  });
});

describe('checkPublicUrl: the SSRF table', () => {
  const REFUSED = [
    // Private, loopback, link-local, CGNAT, multicast, broadcast, reserved, unspecified.
    'http://127.0.0.1/', 'http://127.255.255.254:8080/x', 'http://10.0.0.1/', 'http://172.16.0.1/',
    'http://172.31.255.255/', 'http://192.168.1.1/', 'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/', 'http://100.127.255.254/', 'http://224.0.0.1/', 'http://239.255.255.250/',
    'http://255.255.255.255/', 'http://240.0.0.1/', 'http://0.0.0.0/', 'http://0.1.2.3/', 'http://192.0.0.8/',
    // Documentation and benchmarking.
    'http://192.0.2.10/', 'http://198.51.100.7/', 'http://203.0.113.9/', 'http://198.18.0.1/', 'http://198.19.255.1/',
    // Odd IPv4 encodings (of loopback and of a public address alike).
    'http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.1/', 'http://0x7f000001/', 'http://127.1/',
    'http://127.0.0.1./', 'http://0/', 'http://%31%32%37.0.0.1/', 'http://１２７.０.０.１/', 'http://1572395042/',
    'http://0x5d.0xb8.0xd8.0x22/', 'http://093.184.216.34/',
    // IPv6 forms.
    'http://[::1]/', 'http://[::]/', 'http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:a00:1]/', 'https://[::ffff:10.0.0.1]:443/', 'http://[::ffff:169.254.169.254]/',
    'http://[::127.0.0.1]/', 'http://[64:ff9b::7f00:1]/', 'http://[64:ff9b::5db8:d822]/', 'http://[2002:7f00:1::]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'http://[fc00::1]/', 'http://[fd12:3456:789a::1]/',
    'http://[fe80::1]/', 'http://[fe80::1%25eth0]/', 'http://[fec0::1]/', 'http://[ff02::1]/', 'http://[2001:db8::1]/',
    // Local names and names that resolve to refused addresses (or to nothing).
    'http://localhost/', 'http://LOCALHOST:3000/', 'http://localhost./', 'http://api.localhost/', 'http://ｌｏｃａｌｈｏｓｔ/',
    'http://internal.example/', 'http://mixed.example/', 'http://metadata.example/', 'http://v6private.example/',
    'http://mapped.example/', 'http://nat64.example/', 'http://cgnat.example/', 'http://empty.example/',
    'http://unresolvable.example/',
    // Schemes, userinfo, empty hosts and strings parsers rewrite.
    'ftp://93.184.216.34/', 'file:///etc/passwd', 'gopher://93.184.216.34:70/', 'javascript:alert(1)',
    'ws://93.184.216.34/', '//93.184.216.34/', 'http:93.184.216.34/', 'http://user:pass@93.184.216.34/',
    'http://@93.184.216.34/', 'http://user@public.example/', 'http://:@public.example/', 'http://127.0.0.1:80@93.184.216.34/', 'http:///path', 'http://./', 'http://../',
    'http:\\\\93.184.216.34\\', ' http://93.184.216.34/', 'http://93.184.216.34/\n', 'http://93.184.\t216.34/',
    'not a url', '',
  ];

  it(`refuses all ${REFUSED.length} entries with UnsafeUrlError`, async () => {
    assert.ok(REFUSED.length >= 40);
    for (const url of REFUSED) await assertRefused(url, STRICT);
  });

  it('accepts public literals and names that resolve only to public addresses', async () => {
    const accepted: Array<[string, string]> = [
      ['http://93.184.216.34/', 'http://93.184.216.34/'],
      ['https://93.184.216.34:8443/hook?x=1', 'https://93.184.216.34:8443/hook?x=1'],
      ['http://[2606:4700::1111]/', 'http://[2606:4700::1111]/'],
      ['https://[2606:4700:4700::1111]/cb', 'https://[2606:4700:4700::1111]/cb'],
      ['http://8.8.8.8/', 'http://8.8.8.8/'],
      ['http://public.example/webhook', 'http://public.example/webhook'],
      ['https://dual.example./x', 'https://dual.example./x'],
      ['HTTPS://PUBLIC.EXAMPLE/Path', 'https://public.example/Path'],
    ];
    for (const [input, href] of accepted) assert.equal((await checkPublicUrl(input, STRICT, fakeResolver)).href, href);
  });

  it('with allowPrivate, admits private and loopback targets but nothing else', async () => {
    for (const url of [
      'http://127.0.0.1:8080/', 'http://10.0.0.1/', 'http://192.168.1.1/', 'http://[::1]/', 'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/', 'http://localhost:3000/', 'http://internal.example/', 'http://mapped.example/',
    ]) {
      await checkPublicUrl(url, LOCAL_DEV, fakeResolver);
    }
    for (const url of [
      'http://0.0.0.0/', 'http://169.254.169.254/', 'http://100.64.0.1/', 'http://224.0.0.1/', 'http://[fe80::1]/',
      'http://[64:ff9b::7f00:1]/', 'http://2130706433/', 'http://127.1/', 'ftp://127.0.0.1/', 'http://u:p@127.0.0.1/',
      'http://metadata.example/', 'http://cgnat.example/', 'http://nat64.example/', 'http:///x',
    ]) {
      await assertRefused(url, LOCAL_DEV);
    }
  });

  it('property: no encoding of a special-purpose IPv4 gets through (odd encodings not even with allowPrivate)', async () => {
    await fc.assert(
      fc.asyncProperty(specialIPv4, fc.boolean(), async (n, allowPrivate) => {
        for (const host of oddEncodings(n)) await assertRefused(`http://${host}/`, { allowPrivate });
        await assertRefused(`http://${toDotted(n)}/`, STRICT);
        await assertRefused(`http://[::ffff:${toDotted(n)}]/`, STRICT);
      }),
      { numRuns: 300 },
    );
  });

  it('OUTBOUND_ALLOWED_NETWORKS opens only the private and loopback addresses of the listed networks', async () => {
    const intranet: OutboundPolicy = { allowPrivate: false, allowNetworks: parseNetworks(' 10.0.0.0/24, 127.0.0.2/32,fd00::/8 ') };
    for (const url of ['http://10.0.0.5/', 'http://internal.example/', 'http://127.0.0.2/', 'http://[fd00::1]/', 'http://[::ffff:10.0.0.9]/', 'http://public.example/']) {
      await checkPublicUrl(url, intranet, fakeResolver);
    }
    // Neighbours of the listed networks, loopback, and special-purpose addresses inside a listed range stay closed.
    for (const url of ['http://10.0.1.5/', 'http://127.0.0.1/', 'http://mapped.example/', 'http://192.168.1.1/', 'http://mixed.example/', 'http://[fc00::1]/', 'http://localhost/']) {
      await assertRefused(url, intranet);
    }
    await assertRefused('http://169.254.169.254/', { allowPrivate: false, allowNetworks: parseNetworks('169.254.0.0/16') });
    assert.throws(() => parseNetworks('10.0.0.0/33'));
    assert.throws(() => parseNetworks('intranet'));
    assert.deepEqual(parseNetworks(''), []);
  });

  it('property: odd encodings are refused even for public addresses; dotted decimal passes', async () => {
    await fc.assert(
      fc.asyncProperty(anyIPv4.filter((n) => !isSpecial(n)), async (n) => {
        assert.equal((await checkPublicUrl(`http://${toDotted(n)}/`, STRICT, fakeResolver)).hostname, toDotted(n));
        for (const host of oddEncodings(n)) await assertRefused(`http://${host}/`, STRICT);
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 whose behaviour each test chooses by path. */
function startReceiver(): Promise<{ server: http.Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (req.url === '/redirect') {
        res.writeHead(302, { Location: '/target' }).end();
      } else if (req.url === '/hang') {
        // Never answers.
      } else if (req.url === '/trickle') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('a');
      } else if (req.url === '/big') {
        res.writeHead(200).end(Buffer.alloc(200_000, 'x'));
      } else {
        res.writeHead(201, { 'Content-Type': 'application/json', 'X-Echo': 'yes' }).end(JSON.stringify({ got: Buffer.concat(chunks).toString() }));
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, received })),
  );
}

function stopServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('safeRequest', { timeout: 20_000 }, () => {
  let server: http.Server;
  let port: number;
  let received: Received[];
  before(async () => ({ server, port, received } = await startReceiver()));
  after(() => stopServer(server));

  it('refuses loopback at connect time when private targets are not allowed; nothing reaches the server', async () => {
    const before = received.length;
    await assert.rejects(safeRequest(`http://127.0.0.1:${port}/`, { method: 'GET', timeoutMs: 2000 }, STRICT), UnsafeUrlError);
    await assert.rejects(safeRequest(`http://hooks.test:${port}/`, { method: 'GET', timeoutMs: 2000 }, STRICT, fakeResolver), UnsafeUrlError);
    await assert.rejects(safeRequest(`http://[::ffff:127.0.0.1]:${port}/`, { method: 'GET', timeoutMs: 2000 }, STRICT), UnsafeUrlError);
    await assert.rejects(safeRequest(`http://2130706433:${port}/`, { method: 'GET', timeoutMs: 2000 }, LOCAL_DEV), UnsafeUrlError);
    assert.equal(received.length, before);
  });

  it('DNS rebinding: a name that was public at check time and loopback at connect time is refused', async () => {
    let calls = 0;
    const rebinding: HostResolver = async () => (++calls === 1 ? ['93.184.216.34'] : ['127.0.0.1']);
    const before = received.length;
    await checkPublicUrl(`http://rebind.example:${port}/`, STRICT, rebinding);
    await assert.rejects(
      safeRequest(`http://rebind.example:${port}/`, { method: 'GET', timeoutMs: 2000 }, STRICT, rebinding),
      (error: unknown) => error instanceof UnsafeUrlError && /127\.0\.0\.1/.test(error.message),
    );
    assert.equal(calls, 2, 'the connection did its own lookup');
    assert.equal(received.length, before);
  });

  it('a DNS failure at delivery is a network error, not an unsafe URL', async () => {
    await assert.rejects(
      safeRequest(`http://unresolvable.example:${port}/`, { method: 'GET', timeoutMs: 2000 }, STRICT, fakeResolver),
      (error: unknown) => error instanceof Error && !(error instanceof UnsafeUrlError) && /ENOTFOUND/.test(error.message),
    );
  });

  it('with allowPrivate, POSTs the exact body and headers and returns status, headers and body', async () => {
    const response = await safeRequest(
      `http://127.0.0.1:${port}/hook?q=1`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Test': 'yes' }, body: '{"a":"é"}', timeoutMs: 2000 },
      LOCAL_DEV,
    );
    assert.equal(response.status, 201);
    assert.equal(response.headers['x-echo'], 'yes');
    assert.deepEqual(JSON.parse(response.body.toString()), { got: '{"a":"é"}' });
    const last = received.at(-1)!;
    assert.equal(last.method, 'POST');
    assert.equal(last.url, '/hook?q=1');
    assert.equal(last.headers['content-type'], 'application/json');
    assert.equal(last.headers['content-length'], String(Buffer.byteLength('{"a":"é"}')));
    assert.equal(last.headers['x-test'], 'yes');
  });

  it('connects to the address its own lookup checked (name resolved by the injected resolver)', async () => {
    const response = await safeRequest(`http://hooks.test:${port}/named`, { method: 'GET', timeoutMs: 2000 }, LOCAL_DEV, fakeResolver);
    assert.equal(response.status, 201);
    assert.equal(received.at(-1)!.headers.host, `hooks.test:${port}`);
  });

  it('never reuses a connection, so every request passes its own connect-time check', async () => {
    let connections = 0;
    const count = (): void => void connections++;
    server.on('connection', count);
    try {
      await safeRequest(`http://hooks.test:${port}/a`, { method: 'GET', timeoutMs: 2000 }, LOCAL_DEV, fakeResolver);
      await assert.rejects(
        safeRequest(`http://hooks.test:${port}/b`, { method: 'GET', timeoutMs: 2000 }, STRICT, fakeResolver),
        UnsafeUrlError,
      );
      await safeRequest(`http://hooks.test:${port}/c`, { method: 'GET', timeoutMs: 2000 }, LOCAL_DEV, fakeResolver);
      assert.equal(connections, 2);
    } finally {
      server.off('connection', count);
    }
  });

  it('hands the socket every checked address (dual-stack names fall back to the family that answers)', async () => {
    const dual: HostResolver = async () => ['::1', '127.0.0.1'];
    const response = await safeRequest(`http://dual.test:${port}/dual`, { method: 'GET', timeoutMs: 2000 }, LOCAL_DEV, dual);
    assert.equal(response.status, 201);
  });

  it('IPv6 loopback: refused when strict, reachable with allowPrivate', async (t) => {
    const v6 = http.createServer((_req, res) => res.writeHead(204).end());
    const listening = await new Promise<boolean>((resolve) => {
      v6.once('error', () => resolve(false));
      v6.listen(0, '::1', () => resolve(true));
    });
    if (!listening) return t.skip('no IPv6 loopback on this machine');
    try {
      const v6Port = (v6.address() as AddressInfo).port;
      await assert.rejects(safeRequest(`http://[::1]:${v6Port}/`, { method: 'GET', timeoutMs: 2000 }, STRICT), UnsafeUrlError);
      assert.equal((await safeRequest(`http://[::1]:${v6Port}/`, { method: 'GET', timeoutMs: 2000 }, LOCAL_DEV)).status, 204);
      const named = await safeRequest(`http://v6.test:${v6Port}/`, { method: 'GET', timeoutMs: 2000 }, LOCAL_DEV, async () => ['::1']);
      assert.equal(named.status, 204);
    } finally {
      await stopServer(v6);
    }
  });

  it('does not follow redirects', async () => {
    const before = received.length;
    const response = await safeRequest(`http://127.0.0.1:${port}/redirect`, { method: 'GET', timeoutMs: 2000 }, LOCAL_DEV);
    assert.equal(response.status, 302);
    assert.equal(response.headers.location, '/target');
    assert.deepEqual(received.slice(before).map((r) => r.url), ['/redirect']);
  });

  it('times out a receiver that never answers, and one that never finishes its body', async () => {
    for (const path of ['/hang', '/trickle']) {
      await assert.rejects(
        safeRequest(`http://127.0.0.1:${port}${path}`, { method: 'GET', timeoutMs: 300 }, LOCAL_DEV),
        (error: unknown) => error instanceof Error && !(error instanceof UnsafeUrlError) && /timed out/.test(error.message),
      );
    }
  });

  it('caps the response size', async () => {
    await assert.rejects(
      safeRequest(`http://127.0.0.1:${port}/big`, { method: 'GET', timeoutMs: 2000, maxResponseBytes: 10_000 }, LOCAL_DEV),
      /exceeds 10000 bytes/,
    );
    const whole = await safeRequest(`http://127.0.0.1:${port}/big`, { method: 'GET', timeoutMs: 2000 }, LOCAL_DEV);
    assert.equal(whole.body.length, 200_000);
  });

  it('reports a refused connection as a network error', async () => {
    const { server: closed, port: closedPort } = await startReceiver();
    await stopServer(closed);
    await assert.rejects(
      safeRequest(`http://127.0.0.1:${closedPort}/`, { method: 'GET', timeoutMs: 2000 }, LOCAL_DEV),
      (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
    );
  });
});
