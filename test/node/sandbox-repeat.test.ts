/**
 * The sandbox's `repeat` fault (a browser re-sending a write whose answer it lost on a reused
 * connection): without an `Idempotency-Key` each run makes a record, with one the repeats replay the first
 * answer; with `afterCommit` drop it is "commit twice, then drop". And `times`: only the first N affected
 * requests get the faults.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';

let srv: SandboxServer;
let root: SandboxControl;
before(async () => {
  srv = await startSandboxServer({ port: 0 });
  root = new SandboxControl({ baseUrl: srv.url });
});
after(() => srv.close());

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A fresh account with a form; `post` uploads a company document (optionally keyed). */
async function prepare() {
  const acc = await root.createAccount();
  const control = root.withAccount(acc);
  const partner = new PartnerClient({
    baseUrl: srv.url,
    apiKey: acc.apiKey,
    apiSecret: acc.apiSecret,
    retries: 0,
  });
  const token = (await partner.createKybToken({ clientId: `repeat-${Math.random()}` })).tokenString;
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const form = await fetch(`${srv.url}/kyb/forms/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ company: { companyName: 'Repeat Ltd', country: 'LT' } }),
  });
  assert.equal(form.status, 201);
  const { id } = (await form.json()) as { id: string };
  const docs = `${srv.url}/kyb/forms/${id}/documents/`;
  const post = (key?: string) =>
    fetch(docs, {
      method: 'POST',
      headers: key ? { ...headers, 'Idempotency-Key': key } : headers,
      body: JSON.stringify({ type: 'OTHER', filename: 'twice.png', file: PNG }),
    });
  const count = async () => ((await (await fetch(docs, { headers })).json()) as unknown[]).length;
  return { control, post, count };
}

describe('fault mode: repeat', () => {
  test('without a key, repeat 1 makes two records and answers with the second', async () => {
    const { control, post, count } = await prepare();
    await control.setFaults({ repeat: 1, paths: '/documents/', methods: ['POST'] });
    const res = await post();
    assert.equal(res.status, 201);
    await control.setFaults({});
    assert.equal(await count(), 2);
  });
  test('with a key, the repeats replay the first answer: one record', async () => {
    const { control, post, count } = await prepare();
    await control.setFaults({ repeat: 3, paths: '/documents/', methods: ['POST'] });
    const res = await post('repeat-key-1');
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('idempotent-replayed'), 'true', 'the last run was a replay');
    await control.setFaults({});
    assert.equal(await count(), 1);
  });
  test('commit twice, then drop: the connection resets, two records without a key', async () => {
    const { control, post, count } = await prepare();
    await control.setFaults({ repeat: 1, dropRate: 1, afterCommit: true, paths: '/documents/' });
    await assert.rejects(post());
    await control.setFaults({});
    assert.equal(await count(), 2);
  });
  test('only affected requests repeat; repeat is bounded', async () => {
    const { control, post, count } = await prepare();
    await control.setFaults({ repeat: 2, paths: '/beneficiaries/' });
    assert.equal((await post()).status, 201);
    await control.setFaults({});
    assert.equal(await count(), 1, 'paths limits repeat');
    await assert.rejects(control.setFaults({ repeat: 11 }));
    await assert.rejects(control.setFaults({ repeat: -1 }));
  });
});

describe('fault mode: times', () => {
  test('only the first `times` affected requests get the faults; unaffected ones do not count', async () => {
    const { control, post, count } = await prepare();
    await control.setFaults({ failRate: 1, times: 2, paths: '/documents/', methods: ['POST'] });
    assert.equal(await count(), 0); // a GET: not affected, does not use up `times`
    assert.equal((await post()).status, 503);
    assert.equal((await post()).status, 503);
    assert.equal((await post()).status, 201);
    assert.equal((await post()).status, 201);
    assert.equal(await count(), 2);
    // Setting the faults again starts a new count.
    await control.setFaults({ failRate: 1, times: 1, paths: '/documents/', methods: ['POST'] });
    assert.equal((await post()).status, 503);
    assert.equal((await post()).status, 201);
  });
});
