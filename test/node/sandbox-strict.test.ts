/**
 * The sandbox as strict as the service partners meet, over loopback: a reused `Idempotency-Key` with a
 * different body is 422 in the published error shape, keys are kept per account (one tenant cannot evict
 * another's), and a body is refused by size and by its JSON member count before `JSON.parse` sees it
 * (`body.ts`; the scanner is checked against `JSON.parse` on random documents cut at random places).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl, type CreatedAccount } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { JsonShapeScanner, MAX_JSON_ITEMS } from '../../src/sandbox/body.ts';
import { IdempotencyStore, MAX_KEYS_PER_ACCOUNT } from '../../src/sandbox/idempotency.ts';
import { mulberry32 } from '../../src/sandbox/util.ts';

let srv: SandboxServer;
let root: SandboxControl;
before(async () => {
  srv = await startSandboxServer({ port: 0 });
  root = new SandboxControl({ baseUrl: srv.url });
});
after(() => srv.close());

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A fresh account with a form: `post` uploads a company document, `count` counts them. */
async function prepare(acc?: CreatedAccount) {
  const account = acc ?? (await root.createAccount());
  const partner = new PartnerClient({
    baseUrl: srv.url,
    apiKey: account.apiKey,
    apiSecret: account.apiSecret,
    retries: 0,
  });
  const token = (await partner.createKybToken({ clientId: `strict-${Math.random()}` })).tokenString;
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const form = await fetch(`${srv.url}/kyb/forms/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ company: { companyName: 'Strict Ltd', country: 'LT' } }),
  });
  assert.equal(form.status, 201);
  const { id } = (await form.json()) as { id: string };
  const docs = `${srv.url}/kyb/forms/${id}/documents/`;
  const post = (key: string | null, body: unknown) =>
    fetch(docs, {
      method: 'POST',
      headers: key ? { ...headers, 'Idempotency-Key': key } : headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const count = async () => ((await (await fetch(docs, { headers })).json()) as unknown[]).length;
  return { account, headers, id, post, count, control: root.withAccount(account) };
}

const doc = (filename: string) => ({ type: 'OTHER', filename, file: PNG });

describe('Idempotency-Key', () => {
  test('the same key and body replay the first answer; another body is 422 in the published shape', async () => {
    const { post, count } = await prepare();
    const first = await post('key-1', doc('a.png'));
    assert.equal(first.status, 201);
    const firstBody = await first.text();
    const again = await post('key-1', doc('a.png'));
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(await again.text(), firstBody);

    const other = await post('key-1', doc('b.png'));
    assert.equal(other.status, 422);
    assert.match(other.headers.get('content-type') ?? '', /^application\/json/);
    const err = (await other.json()) as Record<string, unknown>;
    // openapi-subset.yml (KybInfoUnauthorizedString): message, identifier, documentation (uri), severity.
    assert.equal(typeof err.message, 'string');
    assert.equal(err.identifier, 'BAD_VALUE');
    assert.equal(err.code, 'idempotency_key_reused');
    assert.doesNotThrow(() => new URL(String(err.documentation)));
    assert.ok(err.severity === 'NOT_SEVERE' || err.severity === 'SEVERE');
    assert.equal(await count(), 1, 'the refused write made no record');

    // The same bytes again still replay after the refusal; a new key makes a new record.
    assert.equal((await post('key-1', doc('a.png'))).headers.get('idempotent-replayed'), 'true');
    assert.equal((await post('key-2', doc('b.png'))).status, 201);
    assert.equal(await count(), 2);
  });

  test('a refused first write keeps no key: the same key with a corrected body runs', async () => {
    const { post, count } = await prepare();
    const bad = await post('fix-me', { type: 'OTHER', filename: 'a.png' });
    assert.equal(bad.status, 400);
    const fixed = await post('fix-me', doc('a.png'));
    assert.equal(fixed.status, 201);
    assert.equal(fixed.headers.get('idempotent-replayed'), null);
    assert.equal(await count(), 1);
  });

  test('keys belong to one account: the same key in another account runs on its own', async () => {
    const a = await prepare();
    const b = await prepare();
    assert.equal((await a.post('shared-key', doc('a.png'))).status, 201);
    const other = await b.post('shared-key', doc('other.png'));
    assert.equal(other.status, 201);
    assert.equal(other.headers.get('idempotent-replayed'), null);
    assert.equal(await b.count(), 1);
  });

  test(`one account filling ${MAX_KEYS_PER_ACCOUNT.toLocaleString('en')} keys evicts only its own`, async () => {
    const store = new IdempotencyStore(() => 0);
    let runs = 0;
    const handler = async () => {
      runs++;
      return new Response('{}', { status: 201 });
    };
    const print = async () => 'same-body';
    await store.run('victim-key', 'victim', 'scope', print, handler);
    for (let i = 0; i <= MAX_KEYS_PER_ACCOUNT; i++)
      await store.run(`flood-${i}`, 'attacker', 'scope', print, handler);
    assert.equal(store.size('attacker'), MAX_KEYS_PER_ACCOUNT, 'the attacker lost its own oldest key');
    assert.equal(store.size('victim'), 1);
    const before = runs;
    const replay = await store.run('victim-key', 'victim', 'scope', print, handler);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(runs, before, 'the victim key still replays instead of running again');
    await store.run('flood-0', 'attacker', 'scope', print, handler);
    assert.equal(runs, before + 1, "the attacker's evicted key runs again");
  });

  test('a second request with the key and another body while the first runs is 422', async () => {
    const store = new IdempotencyStore(() => 0);
    let release!: () => void;
    const slow = () => new Promise<Response>((r) => (release = () => r(new Response('{}', { status: 201 }))));
    const first = store.run('k', 'acc', 's', async () => 'body-a', slow);
    await new Promise((r) => setTimeout(r, 10));
    const clash = await store.run('k', 'acc', 's', async () => 'body-b', slow);
    assert.equal(clash.status, 422);
    release();
    assert.equal((await first).status, 201);
  });
});

describe('bodies are refused by size and member count before they are parsed', () => {
  /** `JSON.parse` calls on texts of at least `min` characters while `fn` runs (the server is in-process). */
  async function bigParses<T>(min: number, fn: () => Promise<T>): Promise<[T, number]> {
    const parse = JSON.parse;
    let calls = 0;
    JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
      if (typeof text === 'string' && text.length >= min) calls++;
      return parse(text, reviver);
    }) as typeof JSON.parse;
    try {
      return [await fn(), calls];
    } finally {
      JSON.parse = parse;
    }
  }

  const manyKeys = (n: number) => {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(`"k${i}":1`);
    return `{${parts.join(',')}}`;
  };

  test('a 16 MiB object with 1.4 million keys: 413 on a file route and on a plain route, never parsed', async () => {
    const { post, id, headers, control } = await prepare();
    const big = manyKeys(1_400_000);
    assert.ok(big.length > 16 * 1024 * 1024);
    const [res, parses] = await bigParses(1024 * 1024, async () => {
      const upload = await post(null, big); // a route that takes 20 MiB: refused by member count
      const patch = await fetch(`${srv.url}/kyb/forms/${id}/`, { method: 'PATCH', headers, body: big });
      return { upload, patch, uploadBody: await upload.json(), patchBody: await patch.json() };
    });
    assert.equal(res.upload.status, 413);
    assert.equal((res.uploadBody as { identifier: string }).identifier, 'BAD_VALUE');
    assert.match(
      (res.uploadBody as { message: string }).message,
      new RegExp(`more than ${MAX_JSON_ITEMS.toLocaleString('en')} members`),
    );
    assert.equal(res.patch.status, 413);
    assert.match((res.patchBody as { message: string }).message, /larger than 1 MiB/);
    assert.equal(parses, 0, 'JSON.parse never saw the refused bodies');
    const log = (await control.listRequests()).filter((r) => r.status === 413);
    assert.equal(log.length, 2);
    assert.ok(log.every((r) => r.body === null));
  });

  test(`${MAX_JSON_ITEMS.toLocaleString('en')} members pass, one more is refused; nesting over 64 is refused`, async () => {
    const { id, headers } = await prepare();
    const patch = (body: string) => fetch(`${srv.url}/kyb/forms/${id}/`, { method: 'PATCH', headers, body });
    // `company` (1) + companyName (1) + country (1) + filler members.
    const company = (filler: number) =>
      `{"company":{"companyName":"Edge","country":"LT","x":${manyKeys(filler)}}}`;
    assert.equal((await patch(company(MAX_JSON_ITEMS - 4))).status, 200);
    assert.equal((await patch(company(MAX_JSON_ITEMS - 3))).status, 413);
    const deep = `{"company":${'['.repeat(64)}${']'.repeat(64)}}`;
    const res = await patch(deep);
    assert.equal(res.status, 413);
    assert.match(((await res.json()) as { message: string }).message, /deeper than 64/);
  });

  test('a real upload of 6 MiB of base64 passes the scan', async () => {
    const { post, count } = await prepare();
    const file = Buffer.alloc(6 * 1024 * 1024, 7).toString('base64');
    const res = await post(null, { type: 'OTHER', filename: 'big.pdf', file });
    assert.equal(res.status, 201);
    assert.equal(await count(), 1);
  });
});

describe('JsonShapeScanner agrees with JSON.parse', () => {
  /** Members + array elements (an empty array counts one), as the scanner counts them. */
  function items(v: unknown): number {
    if (Array.isArray(v)) return Math.max(1, v.length) + v.reduce<number>((n, x) => n + items(x), 0);
    if (v && typeof v === 'object') return Object.values(v).reduce<number>((n, x) => n + 1 + items(x), 0);
    return 0;
  }
  function randomValue(rnd: () => number, depth: number): unknown {
    const r = rnd();
    if (depth > 5 || r < 0.35) {
      const strings = ['a', 'x:y,z', 'q"u\\"o\\\\', '{[', '\\', 'é', '\u2028'];
      return r < 0.15 ? strings[Math.floor(rnd() * strings.length)] : r < 0.25 ? rnd() * 100 : r < 0.3;
    }
    if (r < 0.65) return Array.from({ length: Math.floor(rnd() * 5) }, () => randomValue(rnd, depth + 1));
    const o: Record<string, unknown> = {};
    for (let i = Math.floor(rnd() * 5); i > 0; i--) o[`k${i}:,"\\`] = randomValue(rnd, depth + 1);
    return o;
  }
  test('500 random documents, each cut into random chunks', () => {
    const rnd = mulberry32(26);
    for (let n = 0; n < 500; n++) {
      const value = randomValue(rnd, 0);
      const bytes = new TextEncoder().encode(JSON.stringify(value, null, rnd() < 0.5 ? 1 : 0));
      const scanner = new JsonShapeScanner({ maxItems: 1e9, maxDepth: 64 });
      for (let at = 0; at < bytes.length;) {
        const next = Math.min(bytes.length, at + 1 + Math.floor(rnd() * 8));
        assert.equal(scanner.push(bytes.subarray(at, next)), null);
        at = next;
      }
      assert.equal(scanner.items, items(value), new TextDecoder().decode(bytes));
      assert.equal(scanner.depth, 0);
    }
  });
});
