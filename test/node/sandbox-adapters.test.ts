/** The adapters: Koa middleware (as @web/test-runner mounts it), Vite/Connect plugin and node:http. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { createSandbox, DEMO_ACCOUNT, type Sandbox } from '../../src/sandbox/index.ts';
import { koaMiddleware, nodeListener, sandboxVitePlugin } from '../../src/sandbox/adapters.ts';

const auth = `Basic ${Buffer.from(`${DEMO_ACCOUNT.apiKey}:${DEMO_ACCOUNT.apiSecret}`).toString('base64')}`;

function listen(server: Server): Promise<string> {
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** Streams `bytes` with chunked encoding (no Content-Length). */
function chunkedPost(url: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { Authorization: auth } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(1024 * 1024, 97);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('koaMiddleware under /sandbox', () => {
  let server: Server;
  let base = '';
  let sandbox: Sandbox;
  before(async () => {
    sandbox = createSandbox({ basePath: '/sandbox', deliverWebhooks: false });
    const app = new Koa();
    app.use(koaMiddleware(sandbox));
    app.use((ctx) => {
      ctx.body = 'static';
    });
    server = createServer(app.callback());
    base = await listen(server);
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  test('routes sandbox paths, passes others to next', async () => {
    assert.equal(sandbox.handles(new URL('http://x/sandbox')), true);
    assert.equal(sandbox.handles(new URL('http://x/sandboxed')), false);
    const other = await fetch(`${base}/index.html`);
    assert.equal(await other.text(), 'static');
    const res = await fetch(`${base}/sandbox/kyb/tokens/`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tokenType: 'FORM', clientId: 'koa' }),
    });
    assert.equal(res.status, 201);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const token = ((await res.json()) as { tokenString: string }).tokenString;
    const info = await fetch(`${base}/sandbox/kyb/info/`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(info.status, 200);
    const age = await fetch(`${base}/sandbox/age-estimation/token/`, {
      method: 'POST',
      headers: { Authorization: auth },
      body: JSON.stringify({ min_age: 18, confidence_threshold: 70 }),
    });
    const body = (await age.json()) as { session_url: string };
    assert.equal(body.session_url.startsWith(`${base}/sandbox/age-estimation/hosted/?token=`), true);
    const nf = await fetch(`${base}/sandbox/nothing`);
    assert.equal(nf.status, 404);
  });

  test('empty 200 (submit) and 204 bodies survive Koa', async () => {
    const del = await fetch(`${base}/sandbox/_sandbox/requests`, {
      method: 'DELETE',
      headers: { Authorization: auth },
    });
    assert.equal(del.status, 204);
  });

  test('413 for a chunked body over 20 MiB; drop destroys the socket', async () => {
    assert.equal(await chunkedPost(`${base}/sandbox/api/v2/token`, 22 * 1024 * 1024), 413);
    const acc = await fetch(`${base}/sandbox/_sandbox/accounts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    const a = (await acc.json()) as { apiKey: string; apiSecret: string };
    const basic = `Basic ${Buffer.from(`${a.apiKey}:${a.apiSecret}`).toString('base64')}`;
    await fetch(`${base}/sandbox/_sandbox/faults`, {
      method: 'PUT',
      headers: { Authorization: basic, 'Content-Type': 'application/json' },
      body: JSON.stringify({ dropRate: 1 }),
    });
    await assert.rejects(
      fetch(`${base}/sandbox/api/v2/sos-filing-documents/`, { headers: { Authorization: basic } }),
    );
  });
});

describe('nodeListener and the Vite plugin', () => {
  test('nodeListener serves a root-mounted sandbox', async () => {
    const server = createServer(nodeListener(createSandbox({ deliverWebhooks: false })));
    const base = await listen(server);
    try {
      const res = await fetch(`${base}/api/v2/token`, {
        method: 'POST',
        headers: { Authorization: auth },
        body: JSON.stringify({ clientId: 'n', tokenType: 'IDENTIFICATION' }),
      });
      assert.equal(res.status, 201);
      const head = await fetch(`${base}/_sandbox/webhooks`, { headers: { Authorization: auth } });
      assert.equal(head.status, 200);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  test('the Vite plugin installs Connect middleware on dev and preview servers', async () => {
    const plugin = sandboxVitePlugin({ basePath: '/sandbox', deliverWebhooks: false });
    const used: ((req: never, res: never, next: () => void) => void)[] = [];
    const fake = { middlewares: { use: (fn: (typeof used)[number]) => used.push(fn) } };
    assert.equal(plugin.name, 'verify-elements-sandbox');
    const hook = plugin.configureServer as unknown as (s: typeof fake) => void;
    const preview = plugin.configurePreviewServer as unknown as (s: typeof fake) => void;
    hook(fake);
    preview(fake);
    assert.equal(used.length, 2);
    let nextCalled = false;
    used[0]!({ url: '/other', headers: {} } as never, {} as never, () => {
      nextCalled = true;
    });
    assert.equal(nextCalled, true);
  });
});
