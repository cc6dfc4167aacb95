/** The README's API reference is kept in step with the custom-elements manifest (run after the build). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readmeApi, renderApi } from '../support/readme-api.ts';
import { startSandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('README API section equals the one generated from dist/custom-elements.json (npm run docs)', () => {
  const current = readmeApi();
  assert.notEqual(current, null, 'README.md has the api:start / api:end markers');
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

/** The README's partner-server example, run as written against the sandbox (only the import path changes). */
test("the README's partner-server example runs against the sandbox: tokens work, a signed webhook is read", async () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### The partner server'), readme.indexOf('\n## API'));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(code, 'the section has a ts example');
  assert.match(code, /from 'verify-elements\/server'/);
  const srv = await startSandboxServer({ port: 0 });
  const hook = createServer();
  try {
    const account = await new SandboxControl({ baseUrl: srv.url }).createAccount();
    // a free loopback port for the example's webhook server (it listens before any webhook is sent)
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const port = (hook.address() as AddressInfo).port;
    await new Promise<void>((r) => hook.close(() => r()));
    const calls: unknown[][] = [];
    const env = {
      API_BASE: srv.url,
      API_KEY: account.apiKey,
      API_SECRET: account.apiSecret,
      WEBHOOK_SECRET: account.webhookSecret,
      WEBHOOK_URL: `http://127.0.0.1:${port}/hooks`,
      grantAdultAccess: (...a: unknown[]) => calls.push(['grantAdultAccess', ...a]),
      markSubmitted: (...a: unknown[]) => calls.push(['markSubmitted', ...a]),
      askForMore: (...a: unknown[]) => calls.push(['askForMore', ...a]),
    };
    (globalThis as Record<string, unknown>).__readmeEnv = env;
    const file = join(mkdtempSync(join(tmpdir(), 'readme-')), 'server-example.mts');
    const server = pathToFileURL(join(root, 'src/server/index.ts')).href;
    writeFileSync(
      file,
      `const { ${Object.keys(env).join(', ')} } = (globalThis as any).__readmeEnv;\n` +
        code.replace("'verify-elements/server'", `'${server}'`) +
        '\nexport { kyb, age };\n',
    );
    const mod = (await import(pathToFileURL(file).href)) as {
      kyb: { tokenString: string };
      age: { token: string; session_url: string };
      server: Server;
      onWebhook: (raw: Uint8Array, headers: Record<string, string>) => Promise<number>;
    };
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
