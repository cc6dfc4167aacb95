/**
 * `tokenProvider` takes what the partner server's helper answers: `createKybToken`'s `{tokenString,
 * expiration}` as it is (and passed on as JSON by a partner route), besides a token alone and
 * `{token, expiresAt}`. The shapes are read in one place (kyb-form/token-result.ts), used by the session.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readTokenResult } from '../../src/kyb-form/token-result.ts';
import { TokenSession } from '../../src/kyb-form/runtime/session.ts';
import type { TokenProvider } from '../../src/index.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import { startSandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';

describe('readTokenResult', () => {
  const at = Date.parse('2030-01-02T03:04:05Z');
  test('a token alone has no known expiry; an empty one is no token', () => {
    assert.deepEqual(readTokenResult('abc'), { token: 'abc', expiresAt: null });
    assert.equal(readTokenResult(''), null);
  });
  test('{token, expiresAt}: ms, Date or ISO string', () => {
    for (const expiresAt of [at, new Date(at), '2030-01-02T03:04:05Z'])
      assert.deepEqual(readTokenResult({ token: 't', expiresAt }), { token: 't', expiresAt: at });
    assert.deepEqual(readTokenResult({ token: 't' }), { token: 't', expiresAt: null });
    assert.deepEqual(readTokenResult({ token: 't', expiresAt: 'soon' }), { token: 't', expiresAt: null });
  });
  test('{tokenString, expiration}, as createKybToken answers (other members ignored)', () => {
    const kybToken = {
      tokenType: 'FORM',
      tokenString: 'kyb-123',
      expiration: '2030-01-02T03:04:05.000+00:00',
      isActive: true,
      tags: [],
    };
    assert.deepEqual(readTokenResult(kybToken), { token: 'kyb-123', expiresAt: at });
    assert.deepEqual(readTokenResult({ tokenString: 'kyb-123' }), { token: 'kyb-123', expiresAt: null });
  });
  test('anything else is no token', () => {
    for (const bad of [
      null,
      undefined,
      42,
      {},
      { token: '' },
      { tokenString: '' },
      { token: 1 },
      { expiration: 'x' },
    ])
      assert.equal(readTokenResult(bad), null, JSON.stringify(bad));
  });
});

describe("the session takes createKybToken's answer from a partner route", () => {
  let sandbox: Awaited<ReturnType<typeof startSandboxServer>>;
  before(async () => {
    sandbox = await startSandboxServer({ port: 0 });
  });
  after(async () => {
    await sandbox?.close();
  });

  test('the token it gives is the one requests carry, and the service takes it', async () => {
    const account = await new SandboxControl({ baseUrl: sandbox.url }).createAccount();
    const partner = new PartnerClient({ baseUrl: sandbox.url, ...account });
    let calls = 0;
    // What a partner's browser code does: fetch its own route, which answers createKybToken's result as JSON.
    const provider: TokenProvider = async () => {
      calls++;
      const minted = await partner.createKybToken({ clientId: `route-${calls}` });
      return JSON.parse(JSON.stringify(minted)) as typeof minted;
    };
    const session = new TokenSession(() => provider);
    const token = await session.refresh();
    assert.ok(token, 'a token');
    assert.equal(session.active, token);
    assert.equal(calls, 1);
    session.stop();
    const info = await new KybClient({ baseUrl: sandbox.url, token: session.active }).info();
    assert.equal(typeof info, 'object');
  });
});
