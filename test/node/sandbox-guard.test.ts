/**
 * A sandbox safe to leave running (issue 16, item 4), over loopback: fault rules without regular
 * expressions (linear-time path patterns), control and account routes that take only JSON and refuse
 * other origins, webhook targets limited to an allow-list (redirects not followed), the `Host` check
 * against DNS rebinding, and CORS for the KYB, capture and age routes.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listFromEnv, startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { compilePaths } from '../../src/sandbox/faults.ts';
import { hostAllowed, originAllowed, webhookTargetRefused } from '../../src/sandbox/guard.ts';
import type { SandboxOptions } from '../../src/sandbox/index.ts';
import { createAccount, DEMO_ACCOUNT } from '../../src/sandbox/accounts.ts';
import { Services } from '../../src/sandbox/context.ts';
import { SandboxState } from '../../src/sandbox/state.ts';
import { PartnerClient } from '../../src/server/index.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const basic = (a: { apiKey: string; apiSecret: string }) => `Basic ${b64(`${a.apiKey}:${a.apiSecret}`)}`;
const DEMO = basic(DEMO_ACCOUNT);
const EVIL = 'https://evil.example';

const servers: SandboxServer[] = [];
async function sandbox(opts: SandboxOptions = {}) {
  const srv = await startSandboxServer({ port: 0, deliverWebhooks: true, ...opts });
  servers.push(srv);
  return srv;
}
after(() => Promise.all(servers.map((s) => s.close())));

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: Record<string, unknown> | null;
}

/** A request with every header under the test's control (including `Host`, which fetch will not set). */
function raw(
  srv: SandboxServer,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Raw> {
  const url = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        method,
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname.replace(/\/$/, '')}${path}`,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> | null = null;
          try {
            json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const JSON_CT = { 'Content-Type': 'application/json' };

/** A KYB form token of the account, minted through the partner helper. */
const kybToken = async (srv: SandboxServer, acc: { apiKey: string; apiSecret: string }) =>
  (
    await new PartnerClient({ baseUrl: srv.url, ...acc }).createKybToken({
      clientId: `guard-${Math.random()}`,
    })
  ).tokenString;

describe('fault rules: path patterns, no regular expressions', () => {
  test('semantics: literal anywhere, ^ and $ anchor, * one segment, ** anything, lists', () => {
    const m = (p: string | string[], path: string) => compilePaths(p)?.(path);
    assert.equal(m('/submit/', '/kyb/forms/1/submit/'), true);
    assert.equal(m('submit/', '/kyb/forms/1/submit/x'), true);
    assert.equal(m('^/submit/', '/kyb/forms/1/submit/'), false);
    assert.equal(m('questionnaires/$', '/kyb/forms/1/questionnaires/'), true);
    assert.equal(m('questionnaires/$', '/kyb/forms/1/questionnaires/2/answers/'), false);
    assert.equal(m('^/kyb/forms/*/$', '/kyb/forms/abc/'), true);
    assert.equal(m('^/kyb/forms/*/$', '/kyb/forms/abc/documents/'), false);
    assert.equal(m('^/kyb/forms/*/$', '/kyb/forms//'), true, '* may match an empty segment');
    assert.equal(m('^/kyb/**/answers/$', '/kyb/forms/1/questionnaires/2/answers/'), true);
    assert.equal(m('^/kyb/**/answers/$', '/age-estimation/x/answers/'), false);
    assert.equal(m('^/a*b*c$', '/aXbYc'), true);
    assert.equal(m('^/a*b*c$', '/aXbY/c'), false);
    assert.equal(m(['^/age-estimation/**', 'submit/'], '/kyb/forms/1/submit/'), true);
    assert.equal(m(['^/age-estimation/**', 'submit/'], '/age-estimation/session/'), true);
    assert.equal(m(['^/age-estimation/**', 'submit/'], '/kyb/info/'), false);
    assert.equal(m('.', '/kyb/info/'), false, '. is a literal dot, not "any character"');
    assert.equal(compilePaths(null), null);
    assert.equal(compilePaths([]), null);
  });
  test('regular expression syntax is refused, so old rules fail loudly', () => {
    for (const p of ['^/x/(a+)+$', '(', '[^/]+', 'a|b', 'a?', 'a{2}', '\\d', 'x^y', 'a$b']) {
      assert.throws(() => compilePaths(p), /pattern|regular expressions|\^ and \$/, p);
    }
    assert.throws(() => compilePaths('x'.repeat(201)));
    assert.throws(() => compilePaths(Array.from({ length: 21 }, () => 'a')));
    assert.throws(() => compilePaths(Array.from({ length: 5 }, () => 'a'.repeat(100))), /400/);
  });
  test('the worst pattern on the longest path is answered (one pass, no backtracking)', () => {
    const evil = compilePaths(['^' + '**a'.repeat(60) + 'b$', '^' + '*a'.repeat(60) + '$']);
    const path = `/${'a'.repeat(16_000)}`;
    assert.equal(evil?.(path), false);
    assert.equal(evil?.(`${path}b`), true);
  });
  test('over HTTP: the catastrophic regex of the report is refused with 400 on paths', async () => {
    const srv = await sandbox();
    const root = new SandboxControl({ baseUrl: srv.url });
    const acc = await root.createAccount();
    const res = await raw(
      srv,
      'PUT',
      '/_sandbox/faults',
      { ...JSON_CT, Authorization: basic(acc) },
      JSON.stringify({ failRate: 1, paths: '^/x/(a+)+$' }),
    );
    assert.equal(res.status, 400);
    assert.equal(res.json?.identifier, 'VALIDATION_ERROR');
    assert.match(JSON.stringify(res.json?.fields), /not regular expressions/);
    // A list applies: the KYB info fails, the token creation (another path) does not.
    await root.withAccount(acc).setFaults({ failRate: 1, paths: ['^/kyb/info/$', 'never'] });
    const token = await kybToken(srv, acc);
    const info = await raw(srv, 'GET', '/kyb/info/', { Authorization: `Bearer ${token}` });
    assert.equal(info.status, 503);
  });
});

describe('control and account routes: JSON only, same origin or allowed origins', () => {
  let srv: SandboxServer;
  before(async () => {
    srv = await sandbox({ deliverWebhooks: false });
  });
  const create = (headers: Record<string, string>, body = '{}') =>
    raw(srv, 'POST', '/_sandbox/accounts', headers, body);

  test('account creation takes only application/json (text/plain, form, none: 415)', async () => {
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await create({ 'Content-Type': ct });
      assert.equal(res.status, 415, ct);
      assert.equal(res.json?.identifier, 'BAD_VALUE');
    }
    assert.equal((await create({})).status, 415, 'no Content-Type');
    assert.equal((await create({}, '')).status, 415, 'no body, no Content-Type');
    assert.equal((await create({ 'Content-Type': 'application/json; charset=utf-8' })).status, 201);
  });
  test('a page on another origin cannot create accounts or retarget webhooks', async () => {
    const before = srv.sandbox.state.accountsById.size;
    for (const headers of [
      { ...JSON_CT, Origin: EVIL },
      { 'Content-Type': 'text/plain', Origin: EVIL },
      { ...JSON_CT, Origin: 'null' },
      { ...JSON_CT, 'Sec-Fetch-Site': 'cross-site' },
      { ...JSON_CT, Origin: 'http://127.0.0.1.evil.example:8787' },
    ]) {
      const res = await create(headers);
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.equal(res.headers['access-control-allow-origin'], undefined);
    }
    const put = await raw(
      srv,
      'PUT',
      '/_sandbox/kyb/config',
      { ...JSON_CT, Authorization: DEMO, Origin: EVIL },
      '{}',
    );
    assert.equal(put.status, 403);
    const pre = await raw(srv, 'OPTIONS', '/_sandbox/accounts', {
      Origin: EVIL,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });
    assert.equal(pre.status, 403);
    assert.equal(pre.headers['access-control-allow-origin'], undefined);
    assert.equal(srv.sandbox.state.accountsById.size, before, 'no account was created');
  });
  test('same origin and loopback origins (the default allow-list) may; they get CORS headers', async () => {
    const same = await create({ ...JSON_CT, Origin: new URL(srv.url).origin });
    assert.equal(same.status, 201);
    const local = await create({ ...JSON_CT, Origin: 'http://localhost:5173' });
    assert.equal(local.status, 201);
    assert.equal(local.headers['access-control-allow-origin'], 'http://localhost:5173');
    const pre = await raw(srv, 'OPTIONS', '/_sandbox/accounts', {
      Origin: 'http://localhost:5173',
      'Access-Control-Request-Method': 'POST',
    });
    assert.equal(pre.status, 204);
  });
  test('writes with a Basic credential and no body pass; with a body they must be JSON', async () => {
    const acc = await new SandboxControl({ baseUrl: srv.url }).createAccount();
    const plain = await raw(
      srv,
      'PUT',
      '/_sandbox/faults',
      { 'Content-Type': 'text/plain', Authorization: basic(acc) },
      '{}',
    );
    assert.equal(plain.status, 415);
    const del = await raw(srv, 'DELETE', '/_sandbox/requests', { Authorization: basic(acc) });
    assert.equal(del.status, 204);
    const bare = await raw(srv, 'POST', '/_sandbox/kyb/tokens/nope/expire', {});
    assert.equal(bare.status, 415, 'no credential, no JSON: refused before authentication');
  });
});

describe('webhook targets: an allow-list, loopback by default; redirects not followed', () => {
  let receiver: Server;
  let hookUrl = '';
  const received: string[] = [];
  before(async () => {
    receiver = createServer((req, res) => {
      received.push(req.url ?? '');
      req.resume();
      if (req.url === '/redirect') {
        res.writeHead(307, { Location: `${hookUrl}/followed` });
        return res.end();
      }
      res.writeHead(204);
      res.end();
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    receiver.unref();
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  after(() => {
    receiver.close();
    receiver.closeAllConnections();
  });

  test('the rule', () => {
    assert.equal(webhookTargetRefused('http://127.0.0.1:9/x', ['loopback']), null);
    assert.equal(webhookTargetRefused('https://[::1]/x', ['loopback']), null);
    for (const t of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://internal.corp/',
      'https://hooks.example/x',
      'http://user:pw@127.0.0.1/',
      'ftp://127.0.0.1/',
      'not a url',
    ]) {
      assert.ok(webhookTargetRefused(t, ['loopback']), t);
    }
    assert.equal(webhookTargetRefused('https://hooks.example/x', ['hooks.example']), null);
    assert.equal(webhookTargetRefused('https://hooks.example/x', ['*']), null);
  });
  test('account creation refuses a target outside the list (400 on the field)', async () => {
    const srv = await sandbox();
    const root = new SandboxControl({ baseUrl: srv.url });
    const res = await raw(
      srv,
      'POST',
      '/_sandbox/accounts',
      JSON_CT,
      JSON.stringify({ webhookUrl: 'http://169.254.169.254/x', ageWebhookUrl: 'http://10.1.2.3/' }),
    );
    assert.equal(res.status, 400);
    const fields = res.json?.fields as Record<string, string[]>;
    assert.match(fields.webhookUrl?.[0] ?? '', /not an allowed webhook target/);
    assert.match(fields.ageWebhookUrl?.[0] ?? '', /not an allowed webhook target/);
    await assert.doesNotReject(root.createAccount({ webhookUrl: `${hookUrl}/ok` }));
  });
  /** The sandbox's webhook sender itself, with a fresh account (the way every route sends webhooks). */
  function sender(webhookHosts: string[] = ['loopback']) {
    const state = new SandboxState();
    const services = new Services(state, {
      basePath: '',
      captureUrl: undefined,
      now: Date.now,
      deliverWebhooks: true,
      webhookHosts,
    });
    const { accountId } = createAccount(state, {}, Date.now());
    const account = state.accountsById.get(accountId)!;
    const send = async (url: string) => {
      await services.webhook(account, 'KYB' as never, url, { hello: 'world' });
      while (services.pending.size > 0) await Promise.allSettled([...services.pending]);
      return account.webhooks.at(-1)!;
    };
    return { send };
  }
  test('a target outside the list (a session webhook_url, say) is recorded, never sent', async () => {
    const { send } = sender();
    for (const url of ['http://169.254.169.254/hook', 'http://10.0.0.1/', 'https://hooks.example/x']) {
      const rec = await send(url);
      assert.equal(rec.url, url);
      assert.equal(rec.deliveredStatus, null);
      assert.match(rec.error ?? '', /not an allowed webhook target/);
    }
    const n = received.length;
    const ok = await send(`${hookUrl}/fine`);
    assert.equal(ok.deliveredStatus, 204);
    assert.equal(ok.error, null);
    assert.deepEqual(received.slice(n), ['/fine']);
  });
  test('a redirect from an allowed target is recorded, not followed', async () => {
    const { send } = sender();
    const n = received.length;
    const rec = await send(`${hookUrl}/redirect`);
    assert.equal(rec.deliveredStatus, 307);
    assert.deepEqual(received.slice(n), ['/redirect'], 'the redirect target was never called');
  });
  test('webhookHosts widens the list', async () => {
    const srv = await sandbox({ webhookHosts: ['hooks.example'] });
    const res = await raw(
      srv,
      'POST',
      '/_sandbox/accounts',
      JSON_CT,
      JSON.stringify({ webhookUrl: 'https://hooks.example/x' }),
    );
    assert.equal(res.status, 201);
  });
});

describe('Host check (DNS rebinding)', () => {
  test('a Host that is not loopback is refused before any route runs', async () => {
    const srv = await sandbox({ deliverWebhooks: false });
    const port = new URL(srv.url).port;
    const accounts = srv.sandbox.state.accountsById.size;
    for (const host of [`evil.example:${port}`, `127.0.0.1.nip.io:${port}`, `10.0.0.5:${port}`]) {
      const res = await raw(srv, 'POST', '/_sandbox/accounts', { ...JSON_CT, Host: host }, '{}');
      assert.equal(res.status, 403, `${host}: ${res.text}`);
      assert.equal(res.json?.identifier, 'PERMISSIONS_ERROR');
      assert.equal((await raw(srv, 'GET', '/kyb/info/', { Host: host })).status, 403);
    }
    assert.equal(srv.sandbox.state.accountsById.size, accounts, 'nothing was created');
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `app.localhost:${port}`]) {
      const res = await raw(srv, 'POST', '/_sandbox/accounts', { ...JSON_CT, Host: host }, '{}');
      assert.equal(res.status, 201, host);
    }
  });
  test('allowedHosts lists the names a LAN or proxied sandbox answers for', async () => {
    const srv = await sandbox({ deliverWebhooks: false, allowedHosts: ['sandbox.test'] });
    const ok = await raw(srv, 'POST', '/_sandbox/accounts', { ...JSON_CT, Host: 'SANDBOX.test' }, '{}');
    assert.equal(ok.status, 201);
    const local = await raw(srv, 'GET', '/kyb/info/', { Host: 'localhost' });
    assert.equal(local.status, 403, 'the list replaces the default');
  });
  test('hostAllowed and the environment lists', () => {
    assert.equal(hostAllowed('LOCALHOST', ['loopback']), true);
    assert.equal(hostAllowed('localhost.evil.example', ['loopback']), false);
    assert.equal(hostAllowed('anything', ['*']), true);
    assert.deepEqual(listFromEnv(' a.test, ,b.test '), ['a.test', 'b.test']);
    assert.equal(listFromEnv(''), undefined);
    assert.equal(listFromEnv(undefined), undefined);
  });
});

describe('CORS for the KYB, capture and age routes', () => {
  let srv: SandboxServer;
  let token = '';
  before(async () => {
    srv = await sandbox({ deliverWebhooks: false, allowedOrigins: ['loopback', 'https://demo.example'] });
    token = await kybToken(srv, DEMO_ACCOUNT);
  });

  test('preflights from allowed origins are answered with the headers the elements send', async () => {
    for (const [path, method] of [
      ['/kyb/info/', 'GET'],
      ['/kyb/forms/', 'POST'],
      ['/kyb/forms/x/documents/', 'POST'],
      ['/age-estimation/session/selfie/', 'POST'],
    ]) {
      const res = await raw(srv, 'OPTIONS', path!, {
        Origin: 'https://demo.example',
        'Access-Control-Request-Method': method!,
        'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
      });
      assert.equal(res.status, 204, path);
      assert.equal(res.headers['access-control-allow-origin'], 'https://demo.example');
      assert.match(String(res.headers['access-control-allow-methods']), new RegExp(method!));
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
      for (const h of ['authorization', 'content-type', 'idempotency-key']) assert.ok(allowed.includes(h), h);
      assert.match(String(res.headers.vary), /origin/i);
    }
  });
  test('answers echo an allowed origin, expose Retry-After, and say nothing to others', async () => {
    const ok = await raw(srv, 'GET', '/kyb/info/', {
      Authorization: `Bearer ${token}`,
      Origin: 'http://127.0.0.1:5173',
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers['access-control-allow-origin'], 'http://127.0.0.1:5173');
    assert.match(String(ok.headers['access-control-expose-headers']), /Retry-After/);
    const evil = await raw(srv, 'GET', '/kyb/info/', { Authorization: `Bearer ${token}`, Origin: EVIL });
    assert.equal(evil.headers['access-control-allow-origin'], undefined);
    const pre = await raw(srv, 'OPTIONS', '/kyb/info/', {
      Origin: EVIL,
      'Access-Control-Request-Method': 'GET',
    });
    assert.equal(pre.status, 403);
    assert.equal(pre.headers['access-control-allow-origin'], undefined);
    const err = await raw(srv, 'GET', '/kyb/info/', {
      Authorization: 'Bearer nope',
      Origin: 'https://demo.example',
    });
    assert.equal(err.status, 401);
    assert.equal(
      err.headers['access-control-allow-origin'],
      'https://demo.example',
      'errors are readable too',
    );
  });
  test('partner routes get no CORS (their secret stays server-side); OPTIONS there is 405', async () => {
    const res = await raw(srv, 'OPTIONS', '/aml/monitorings/', {
      Origin: 'https://demo.example',
      'Access-Control-Request-Method': 'POST',
    });
    assert.equal(res.status, 405);
    assert.equal(res.headers['access-control-allow-origin'], undefined);
  });
  test("'*' opens the KYB, capture and age routes to any origin, never the control routes", async () => {
    const open = await sandbox({ deliverWebhooks: false, allowedOrigins: ['*'] });
    const pre = await raw(open, 'OPTIONS', '/kyb/info/', {
      Origin: EVIL,
      'Access-Control-Request-Method': 'GET',
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers['access-control-allow-origin'], EVIL);
    const acc = await raw(open, 'POST', '/_sandbox/accounts', { ...JSON_CT, Origin: EVIL }, '{}');
    assert.equal(acc.status, 403);
    assert.equal(originAllowed(EVIL, ['*'], false), false);
    assert.equal(originAllowed('null', ['*'], true), false);
  });
});
