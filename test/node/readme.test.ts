/**
 * The README and docs/ tell the truth: docs/api.md's reference is the one generated from the
 * custom-elements manifest (run after the build), and the partner-server code of the README's quick start
 * and of docs/server.md runs as written against the sandbox.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { docsApi, renderApi } from '../support/api-docs.ts';
import { parseBlocks } from '../support/doc-blocks.ts';
import { startSandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('docs/api.md equals the reference generated from dist/custom-elements.json (npm run docs)', () => {
  const current = docsApi();
  assert.notEqual(current, null, 'docs/api.md has the api:start / api:end markers');
  assert.equal(current, renderApi());
});

test('the manifest lists the elements with their events, parts and custom properties', () => {
  const api = renderApi();
  for (const name of ['kyb-ready', 'kyb-saved', 'kyb-error', 'kyb-submitted', 'kyb-step-change'])
    assert.match(api, new RegExp('`' + name + '`'));
  for (const name of [
    'age-check-ready',
    'age-check-attempt',
    'age-check-step-up',
    'age-check-complete',
    'age-check-error',
    'age-check-camera-fallback',
  ])
    assert.match(api, new RegExp('`' + name + '`'));
  assert.match(api, /`--kyb-color-primary`/);
  assert.match(api, /`--age-check-color-primary`/);
});

/** A code block of a markdown file by the `file=` of its info string. */
function block(doc: string, file: string): string {
  const found = parseBlocks(doc, readFileSync(join(root, doc), 'utf8')).find((b) => b.attrs.file === file);
  assert.ok(found, `${doc} has a block with file=${file}`);
  return found.code;
}

/** Imports a block as a module, `verify-elements/server` pointing at the source, with `env` set meanwhile. */
async function importBlock<T>(code: string, env: Record<string, string>, prefix = ''): Promise<T> {
  assert.match(code, /from 'verify-elements\/server'/);
  const file = join(mkdtempSync(join(tmpdir(), 'readme-')), 'example.mts');
  const server = pathToFileURL(join(root, 'src/server/index.ts')).href;
  writeFileSync(file, prefix + code.replace("'verify-elements/server'", `'${server}'`));
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return (await import(pathToFileURL(file).href)) as T;
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

const post = async (url: string) => {
  const res = await fetch(url, { method: 'POST' });
  assert.equal(res.status, 200, `${url}: ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
};

test("the README quick start's token routes run against the sandbox as written", async () => {
  const srv = await startSandboxServer({ port: 0 });
  try {
    const account = await new SandboxControl({ baseUrl: srv.url }).createAccount();
    const env = { API_BASE: srv.url, API_KEY: account.apiKey, API_SECRET: account.apiSecret, PORT: '0' };
    const quick = await importBlock<{ server: Server }>(block('README.md', 'server.ts'), env);
    const hosted = await importBlock<{ ageServer: Server }>(block('README.md', 'age-server.ts'), env);
    try {
      for (const s of [quick.server, hosted.ageServer])
        if (!s.listening) await new Promise((r) => s.once('listening', r));
      const base = `http://127.0.0.1:${(quick.server.address() as AddressInfo).port}`;
      // /kyb-token answers createKybToken's result as it is: the shape the README's token line names
      const kyb = await post(`${base}/kyb-token`);
      assert.equal(typeof kyb.tokenString, 'string');
      assert.ok(!Number.isNaN(Date.parse(String(kyb.expiration))), `expiration ${String(kyb.expiration)}`);
      const info = await fetch(`${srv.url}/kyb/info/`, {
        headers: { Authorization: `Bearer ${kyb.tokenString}` },
      });
      assert.equal(info.status, 200);
      const age = await post(`${base}/age-token`);
      const session = await fetch(`${srv.url}/age-estimation/session/`, {
        headers: { Authorization: `Bearer ${String(age.token)}` },
      });
      assert.equal(session.status, 200);
      assert.equal((await fetch(`${base}/nothing`, { method: 'POST' })).status, 404);
      // the hosted-mode route answers the session URL of the sandbox's hosted page
      const hostedBase = `http://127.0.0.1:${(hosted.ageServer.address() as AddressInfo).port}`;
      const { sessionUrl } = await post(`${hostedBase}/age-session`);
      assert.ok(String(sessionUrl).startsWith(srv.url), `session URL ${String(sessionUrl)}`);
      assert.equal((await fetch(String(sessionUrl))).status, 200);
    } finally {
      await new Promise<void>((r) => quick.server.close(() => r()));
      await new Promise<void>((r) => hosted.ageServer.close(() => r()));
    }
  } finally {
    await srv.close();
  }
});

/** docs/server.md's partner-server example, run as written against the sandbox (only the import path changes). */
test("docs/server.md's partner-server example runs against the sandbox: tokens work, a signed webhook is read", async () => {
  const code = block('docs/server.md', 'webhooks.ts');
  const srv = await startSandboxServer({ port: 0 });
  const hook = createServer();
  try {
    const account = await new SandboxControl({ baseUrl: srv.url }).createAccount();
    // a free loopback port for the example's webhook server (it listens before any webhook is sent)
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const port = (hook.address() as AddressInfo).port;
    await new Promise<void>((r) => hook.close(() => r()));
    const calls: unknown[][] = [];
    // the example's own functions (declared in it): recorded here
    const own = {
      grantAdultAccess: (...a: unknown[]) => calls.push(['grantAdultAccess', ...a]),
      markSubmitted: (...a: unknown[]) => calls.push(['markSubmitted', ...a]),
      askForMore: (...a: unknown[]) => calls.push(['askForMore', ...a]),
    };
    (globalThis as Record<string, unknown>).__readmeEnv = own;
    const mod = await importBlock<{
      kyb: { tokenString: string };
      age: { token: string; session_url: string };
      server: Server;
      onWebhook: (raw: Uint8Array, headers: Record<string, string>) => Promise<number>;
    }>(
      code,
      {
        API_BASE: srv.url,
        API_KEY: account.apiKey,
        API_SECRET: account.apiSecret,
        WEBHOOK_SECRET: account.webhookSecret,
        WEBHOOK_URL: `http://127.0.0.1:${port}/hooks`,
      },
      `const { ${Object.keys(own).join(', ')} } = (globalThis as any).__readmeEnv;\n`,
    );
    // the KYB token opens the form API; the age token opens a capture session
    assert.equal(
      (await fetch(`${srv.url}/kyb/info/`, { headers: { Authorization: `Bearer ${mod.kyb.tokenString}` } }))
        .status,
      200,
    );
    assert.match(mod.age.session_url, /^http/);
    await new Promise<void>((r) => mod.server.listen(port, '127.0.0.1', r));
    try {
      const selfie = await fetch(`${srv.url}/age-estimation/session/selfie/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${mod.age.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ image: 'AAAA' }),
      });
      assert.equal(selfie.status, 200);
      await srv.sandbox.settled();
      const [record] = await new SandboxControl({ baseUrl: srv.url }).withAccount(account).listWebhooks();
      assert.equal(record?.deliveredStatus, 204, record?.error ?? 'delivered');
      assert.deepEqual(calls, [['grantAdultAccess', 'customer-42']]);
      // a forged webhook is refused and acts on nothing
      const forged = new TextEncoder().encode(record.body);
      const headers = { 'Idenfy-Event-Type': 'AGE_ESTIMATION', 'Idenfy-Signature': '0'.repeat(64) };
      assert.equal(await mod.onWebhook(forged, headers), 401);
      assert.equal(calls.length, 1);
    } finally {
      await new Promise<void>((r) => mod.server.close(() => r()));
    }
  } finally {
    delete (globalThis as Record<string, unknown>).__readmeEnv;
    await srv.close();
  }
});
