/**
 * Transport rules of the fetch core (`src/api/http.ts`) and `PartnerClient`: plain `http:` API bases to
 * hosts that are not loopback are refused before anything is sent (explicit opt-out for test rigs), and
 * redirects to another origin are not followed.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod/mini';
import { ApiError, HttpClient } from '../../src/api/http.ts';
import { PartnerClient } from '../../src/server/index.ts';

const Ok = z.object({ ok: z.boolean(), path: z.string() });

interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
}

function listen(handler: (req: IncomingMessage, seen: Seen[]) => [number, Record<string, string>, string]) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization });
    req.resume();
    req.on('end', () => {
      const [status, headers, body] = handler(req, seen);
      res.writeHead(status, headers);
      res.end(body);
    });
  });
  return new Promise<{ server: Server; seen: Seen[]; origin: string }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.unref();
      resolve({ server, seen, origin: `http://127.0.0.1:${port}` });
    });
  });
}

const json = (body: unknown): [number, Record<string, string>, string] => [
  200,
  { 'Content-Type': 'application/json' },
  JSON.stringify(body),
];

let other: Awaited<ReturnType<typeof listen>>;
let api: Awaited<ReturnType<typeof listen>>;

before(async () => {
  other = await listen((req) => json({ ok: true, path: req.url ?? '' }));
  api = await listen((req) => {
    const url = req.url ?? '';
    if (url === '/away') return [302, { Location: `${other.origin}/stolen` }, ''];
    if (url === '/away-307') return [307, { Location: `${other.origin}/stolen` }, ''];
    if (url === '/moved') return [301, { Location: '/here' }, ''];
    if (url === '/post-moved') return [302, { Location: '/here' }, ''];
    if (url === '/loop') return [302, { Location: '/loop' }, ''];
    return json({ ok: true, path: url });
  });
});
after(() => {
  api.server.close();
  other.server.close();
  api.server.closeAllConnections();
  other.server.closeAllConnections();
});

const client = (extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) =>
  new HttpClient({
    baseUrl: api.origin,
    retries: 0,
    auth: { type: 'bearer', token: 'tok_secret' },
    ...extra,
  });

describe('redirects', () => {
  it('a redirect to another origin is not followed and nothing from there is read', async () => {
    for (const path of ['/away', '/away-307']) {
      const before = other.seen.length;
      const err = await client()
        .get(path, { schema: Ok })
        .then(
          () => null,
          (e: unknown) => e,
        );
      assert.ok(err instanceof ApiError, path);
      assert.equal(err.kind, 'invalid-response');
      assert.equal(err.status, path === '/away' ? 302 : 307);
      assert.match(err.message, /another origin/);
      assert.match(err.message, new RegExp(other.origin.replace(/[.]/g, '\\.')));
      assert.equal(other.seen.length, before, 'the other origin saw no request');
    }
  });
  it('a same-origin redirect is followed (GET), with the credential', async () => {
    const res = await client().get('/moved', { schema: Ok });
    assert.deepEqual(res, { ok: true, path: '/here' });
    assert.equal(api.seen.at(-1)?.auth, 'Bearer tok_secret');
  });
  it('a 302 on a write is not turned into a GET', async () => {
    const err = await client()
      .request('POST', '/post-moved', { body: { a: 1 }, schema: Ok })
      .catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 302);
    assert.equal(api.seen.at(-1)?.url, '/post-moved');
  });
  it('redirect loops stop', async () => {
    const n = api.seen.length;
    const err = await client()
      .get('/loop', { schema: Ok })
      .catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.kind, 'invalid-response');
    assert.ok(api.seen.length - n <= 4);
  });
});

describe('plain http API bases', () => {
  it('are refused before sending, with an insecure ApiError and a console message', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const orig = console.error;
    console.error = (...a: unknown[]) => void errors.push(a.join(' '));
    try {
      const c = new HttpClient({
        baseUrl: 'http://api.example.test',
        retries: 2,
        auth: { type: 'bearer', token: 't' },
        fetch: () => {
          calls++;
          return Promise.reject(new Error('must not be called'));
        },
      });
      for (let i = 0; i < 2; i++) {
        const err = await c.get('/kyb/info/', { schema: Ok }).catch((e: unknown) => e);
        assert.ok(err instanceof ApiError);
        assert.equal(err.kind, 'insecure');
        assert.equal(err.transient, false);
        assert.match(err.message, /http:\/\/api\.example\.test/);
      }
    } finally {
      console.error = orig;
    }
    assert.equal(calls, 0);
    assert.equal(errors.length, 1, 'one console message per client');
  });
  it('the opt-out lets a test rig through', async () => {
    let calls = 0;
    const c = new HttpClient({
      baseUrl: 'http://api.example.test',
      allowInsecureHttp: true,
      fetch: (input) => {
        calls++;
        assert.equal(String(input), 'http://api.example.test/x');
        return Promise.resolve(Response.json({ ok: true, path: '/x' }));
      },
    });
    assert.deepEqual(await c.get('/x', { schema: Ok }), { ok: true, path: '/x' });
    assert.equal(calls, 1);
  });
  it('PartnerClient refuses at construction (the API secret never leaves), unless opted out', () => {
    assert.throws(
      () => new PartnerClient({ baseUrl: 'http://api.example.test', apiKey: 'k', apiSecret: 's' }),
      (e: unknown) => e instanceof ApiError && e.kind === 'insecure' && /allowInsecureHttp/.test(e.message),
    );
    assert.ok(new PartnerClient({ baseUrl: 'https://api.example.test', apiKey: 'k', apiSecret: 's' }));
    assert.ok(new PartnerClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's' }));
    assert.ok(
      new PartnerClient({
        baseUrl: 'http://api.example.test',
        apiKey: 'k',
        apiSecret: 's',
        allowInsecureHttp: true,
      }),
    );
  });
});
