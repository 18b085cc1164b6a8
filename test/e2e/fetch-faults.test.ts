// Hostile and broken servers: each fault ends in its typed failure, memory stays bounded, the process stays healthy.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { testContext } from '../../src/runtime/context.ts';
import { acquire, type AcquireDeps } from '../../src/fetch/acquire.ts';
import { html, startServer, type LocalServer } from '../unit/fetch/local-server.ts';

const MIB = 1024 * 1024;
const deps: AcquireDeps = { runtime: testContext({ env: { OCCAM_ALLOW_PRIVATE_URLS: '1' } }) };
const depsWith = (env: Record<string, string>): AcquireDeps => ({
  runtime: testContext({ env: { OCCAM_ALLOW_PRIVATE_URLS: '1', ...env } }),
});

// One gzip member inflating to 1 MiB of zeros; concatenated members are one valid gzip stream (RFC 1952 §2.2),
// so repeating it builds a bomb of any size for the cost of ~1 KiB per MiB.
const ZERO_MEMBER = gzipSync(Buffer.alloc(MIB), { level: 9 });

let server: LocalServer;
const timers = new Set<NodeJS.Timeout>();

before(async () => {
  server = await startServer({
    '/ok': html('<h1>fine</h1>'),
    '/drip': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const t = setInterval(() => res.write('x'), 1000);
      timers.add(t);
      res.on('close', () => clearInterval(t));
    },
    '/hang-headers': (_req, res) => {
      res.on('close', () => {}); // never answers
    },
    '/gzip-bomb': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      let sent = 0;
      const pump = () => {
        while (sent < 512) {
          sent++;
          if (!res.write(ZERO_MEMBER)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (sent = 512));
      pump();
    },
    '/endless': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let open = true;
      res.on('close', () => (open = false));
      const pump = () => {
        while (open && res.write(chunk));
        if (open) res.once('drain', pump);
      };
      pump();
    },
    '/fifty-mb-declared': (_req, res) => {
      // Declares 50 MB and streams it lazily; the client must refuse from the header alone.
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * 1000 * 1000) });
      const chunk = Buffer.alloc(64 * 1024, 'b');
      let left = 50 * 1000 * 1000;
      const pump = () => {
        while (left > 0) {
          const n = Math.min(left, chunk.length);
          left -= n;
          if (!res.write(chunk.subarray(0, n))) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (left = 0));
      pump();
    },
    '/fifty-mb-chunked': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const piece = Buffer.from('<p>' + 'c'.repeat(1000) + '</p>\n');
      let left = Math.ceil((50 * MIB) / piece.length);
      const pump = () => {
        while (left > 0) {
          left--;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (left = 0));
      pump();
    },
    '/500': (_req, res) => void res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>boom</h1>'),
    '/404': (_req, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>missing</h1>'),
    '/410': (_req, res) => void res.writeHead(410).end(),
    '/429': (_req, res) => void res.writeHead(429, { 'retry-after': '5' }).end(),
    '/401': (_req, res) => void res.writeHead(401, { 'www-authenticate': 'Basic realm="x"' }).end('<p>login</p>'),
    '/300-no-location': (_req, res) => void res.writeHead(300).end(),
    '/loop': (_req, res) => void res.writeHead(302, { location: '/loop' }).end(),
    '/reset-mid-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '100000' });
      res.write('<p>partial');
      setTimeout(() => res.destroy(), 20);
    },
  });
});

after(async () => {
  for (const t of timers) clearInterval(t);
  await server.close();
});

/** Redirect chains: /hops/N redirects N times, then answers 200. */
async function withHopsServer<T>(fn: (s: LocalServer) => Promise<T>): Promise<T> {
  const s = await startServer((req, res) => {
    const m = /^\/hops\/(\d+)$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    const n = Number(m[1]);
    if (n === 0) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>arrived</h1>');
    res.writeHead(n % 2 ? 301 : 302, { location: `/hops/${n - 1}` }).end();
  });
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

test('a server dripping one byte per second times out (overall ceiling, not an idle timer)', async () => {
  await assert.rejects(acquire(server.url('/drip'), { timeoutMs: 1500 }, deps), (err: any) => {
    assert.equal(err.code, 'timeout');
    return true;
  });
});

test('reading.md #45: a server that never sends headers times out', async () => {
  await assert.rejects(acquire(server.url('/hang-headers'), { timeoutMs: 1000 }, deps), { code: 'timeout' });
});

test('a caller abort signal (deadline) ends the fetch as timeout', async () => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 300);
  await assert.rejects(acquire(server.url('/drip'), { signal: controller.signal, timeoutMs: 30_000 }, deps), { code: 'timeout' });
});

test('a gzip bomb is capped on decoded bytes with bounded memory', async () => {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  await assert.rejects(acquire(server.url('/gzip-bomb'), { maxBytes: 2 * MIB }, deps), (err: any) => {
    assert.equal(err.code, 'response_too_large');
    assert.equal(err.details.maxBytes, 2 * MIB);
    // Reading stopped within one decoder chunk of the cap, far from the 512 MiB the bomb would inflate to.
    assert.ok(err.details.bytesRead <= 2 * MIB + 256 * 1024, `read ${err.details.bytesRead}`);
    return true;
  });
  const grown = process.memoryUsage().rss - rssBefore;
  assert.ok(grown < 96 * MIB, `RSS grew by ${(grown / MIB).toFixed(1)} MiB`);
});

test('an endless body is cut at the cap with bounded memory', async () => {
  const rssBefore = process.memoryUsage().rss;
  await assert.rejects(acquire(server.url('/endless'), { maxBytes: 4 * MIB }, deps), (err: any) => {
    assert.equal(err.code, 'response_too_large');
    assert.ok(err.details.bytesRead <= 4 * MIB + 128 * 1024);
    return true;
  });
  const grown = process.memoryUsage().rss - rssBefore;
  assert.ok(grown < 96 * MIB, `RSS grew by ${(grown / MIB).toFixed(1)} MiB`);
});

test('reading.md #20: a declared 50 MB page fails before its body is read (default 8 MiB cap)', async () => {
  await assert.rejects(acquire(server.url('/fifty-mb-declared'), {}, deps), (err: any) => {
    assert.equal(err.code, 'response_too_large');
    assert.equal(err.details.bytesRead, 0);
    assert.equal(err.details.maxBytes, 8 * MIB);
    return true;
  });
});

test('reading.md #20: a chunked 50 MB page fails at OCCAM_MAX_RESPONSE_BYTES; partial mode returns the cut head', async () => {
  const env = { OCCAM_MAX_RESPONSE_BYTES: '65536' };
  await assert.rejects(acquire(server.url('/fifty-mb-chunked'), {}, depsWith(env)), (err: any) => {
    assert.equal(err.code, 'response_too_large');
    assert.equal(err.details.maxBytes, 65536);
    return true;
  });
  const doc = await acquire(server.url('/fifty-mb-chunked'), {}, depsWith({ ...env, OCCAM_HTTP_OVERSIZE_MODE: 'partial' }));
  assert.equal(doc.truncated, true);
  assert.equal(doc.truncation, 'oversize_partial');
  assert.ok(doc.bytes.length <= 65536 && doc.bytes.length > 60000);
  assert.ok(doc.text.endsWith('>'), 'cut back to the last >');
  // The declared-length refusal also gives way to the partial head in partial mode.
  const declared = await acquire(server.url('/fifty-mb-declared'), {}, depsWith({ ...env, OCCAM_HTTP_OVERSIZE_MODE: 'partial' }));
  assert.equal(declared.truncated, true);
});

test('reading.md #7 / #6 / #8: non-2xx statuses map to http_<status> with statusCode, body not read', async () => {
  for (const [path, code] of [
    ['/500', 'http_500'],
    ['/404', 'http_404'],
    ['/410', 'http_410'],
    ['/429', 'http_429'],
    ['/401', 'http_401'],
    ['/300-no-location', 'http_error'],
  ] as const) {
    await assert.rejects(acquire(server.url(path), {}, deps), (err: any) => {
      assert.equal(err.code, code, path);
      assert.equal(err.details.statusCode, Number(path.slice(1, 4)));
      assert.equal(err.details.bodySample, undefined);
      return true;
    });
  }
  await assert.rejects(acquire(server.url('/401'), { errorBodySampleBytes: 1024 }, deps), (err: any) => {
    assert.equal(err.details.headers['www-authenticate'], 'Basic realm="x"');
    assert.equal(err.details.bodySample, '<p>login</p>');
    return true;
  });
});

test('reading.md #45: a redirect loop and an 11-redirect chain are redirect_loop; 10 redirects are followed', async () => {
  await assert.rejects(acquire(server.url('/loop'), {}, deps), { code: 'redirect_loop' });
  await withHopsServer(async (s) => {
    await assert.rejects(acquire(s.url('/hops/11'), {}, deps), (err: any) => {
      assert.equal(err.code, 'redirect_loop');
      assert.equal(err.details.redirectChain.length, 11);
      return true;
    });
    const doc = await acquire(s.url('/hops/10'), {}, deps);
    assert.equal(doc.redirectChain.length, 11);
    assert.equal(doc.finalUrl, s.url('/hops/0'));
    const short = await acquire(s.url('/hops/2'), {}, deps);
    assert.deepEqual(
      short.redirectChain.map((h) => h.statusCode),
      [302, 301, 200],
    );
  });
});

test('connection refused and a reset mid-body are network_error', async () => {
  const gone = await startServer({});
  const port = gone.port;
  await gone.close();
  await assert.rejects(acquire(`http://127.0.0.1:${port}/`, {}, deps), { code: 'network_error' });
  await assert.rejects(acquire(server.url('/reset-mid-body'), {}, deps), (err: any) => {
    assert.equal(err.code, 'network_error');
    assert.doesNotMatch(err.message, /ECONN|UND_ERR|socket/i, 'raw error names never leak');
    return true;
  });
});

test('a self-signed certificate is tls_error (not retryable in the taxonomy)', async () => {
  const dir = new URL('../unit/fetch/fixtures/', import.meta.url);
  const tls = createHttpsServer(
    { key: readFileSync(new URL('self-signed-key.pem', dir)), cert: readFileSync(new URL('self-signed-cert.pem', dir)) },
    (_req, res) => res.end('secret'),
  );
  await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
  try {
    const { port } = tls.address() as AddressInfo;
    await assert.rejects(acquire(`https://127.0.0.1:${port}/`, { timeoutMs: 5000 }, deps), { code: 'tls_error' });
  } finally {
    tls.closeAllConnections();
    await new Promise<void>((r) => tls.close(() => r()));
  }
});

test('after every fault the process is healthy and fetches normally', async () => {
  const doc = await acquire(server.url('/ok'), {}, deps);
  assert.equal(doc.statusCode, 200);
  assert.equal(doc.text, '<h1>fine</h1>');
});
