/** The partner-server helper against the sandbox: request validation, 402 mapping, webhook signatures. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import {
  ApiError,
  PartnerClient,
  readWebhook,
  signWebhook,
  verifyWebhookSignature,
} from '../../src/server/index.ts';
import type { AmlCheckRequest } from '../../src/api/aml.ts';
import type { AgeTokenRequest } from '../../src/api/age.ts';

let srv: SandboxServer;
before(async () => {
  srv = await startSandboxServer({ port: 0, deliverWebhooks: false });
});
after(() => srv.close());

function counting(apiKey: string, apiSecret: string) {
  const counter = { n: 0 };
  const client = new PartnerClient({
    baseUrl: srv.url,
    apiKey,
    apiSecret,
    retries: 0,
    fetch: (input, init) => {
      counter.n++;
      return fetch(input, init);
    },
  });
  return { client, counter };
}

describe('PartnerClient', () => {
  test('refuses bad input before sending anything', async () => {
    const { client, counter } = counting('demo_key', 'demo_secret');
    const badCheck = { clientId: '', userType: 'PERSON', input: { fullName: '' } } as AmlCheckRequest;
    const cases: (() => Promise<unknown>)[] = [
      () => client.createMonitoring({ isSubscribed: true, amlCheck: badCheck }),
      () =>
        client.orderSosDocument({
          companyName: 'A',
          city: 'B',
          street: 'C',
          postalCode: '1234',
          state: 'TX',
        }),
      () => client.createAgeToken({ min_age: 10, confidence_threshold: 70, buffer: 11 }),
      () => client.createAgeToken({ min_age: 18, confidence_threshold: 70, retry_limit: 4 }),
      () => client.createAgeToken({} as AgeTokenRequest),
      () => client.createAgeToken({ min_age: 18, confidence_threshold: 101 }),
      () => client.createAgeToken({ min_age: 18, confidence_threshold: 70, success_redirect: '/relative' }),
      () => client.addToBlocklist('scan', 'FACE' as 'SELFIE', 'reason'),
      () => client.addToBlocklist('scan', 'SELFIE', ''),
      () => client.addToBlocklist('', 'SELFIE'),
      () => client.createClientToken({ clientId: '' }),
      () => client.createClientToken({ clientId: 'x', tokenType: 'FACE' as 'DOCUMENT' }),
      () => client.createKybToken({ clientId: 'x', tags: ['a,b'] }),
      () => client.createKybToken({ clientId: 'x', tokenType: 'GOV1' as 'FORM' }),
      () => client.createKybToken(null as unknown as { clientId: string }),
      () => client.startMonitoring('m', ''),
      () => client.stopMonitoring(42 as unknown as string),
      () => client.getMonitoring(''),
      () => client.getSosDocument(undefined as unknown as string),
    ];
    // Bad input is an ApiError of kind `input` (nothing sent), never a raw zod or library error.
    for (const c of cases) {
      await assert.rejects(c, (e) => {
        assert.ok(e instanceof ApiError, String(e));
        assert.equal(e.kind, 'input');
        assert.equal(e.status, 0);
        assert.ok(Object.keys(e.fields).length > 0, 'the bad members are named');
        assert.equal(e.transient, false);
        return true;
      });
    }
    assert.equal(counter.n, 0);
    await client.createClientToken({ clientId: 'ok' });
    assert.equal(counter.n, 1);
    assert.throws(() => new PartnerClient({ baseUrl: srv.url, apiKey: '', apiSecret: 'x' }), TypeError);
  });

  test('402 surfaces as ApiError with code insufficient_finances and the body', async () => {
    const acc = await new SandboxControl({ baseUrl: srv.url }).createAccount({ ageCredits: 0 });
    const { client, counter } = counting(acc.apiKey, acc.apiSecret);
    await assert.rejects(client.createAgeToken({ min_age: 18, confidence_threshold: 70.5 }), (e) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 402);
      assert.equal(e.code, 'insufficient_finances');
      assert.equal(
        (e.body as { detail: { missing_pool_funds: unknown[] } }).detail.missing_pool_funds.length,
        1,
      );
      return true;
    });
    assert.equal(counter.n, 1, 'a create is never retried');
  });

  test('wrong credentials -> ApiError 401 AUTHENTICATION_FAILED', async () => {
    const { client } = counting('demo_key', 'wrong');
    await assert.rejects(client.createClientToken({ clientId: 'x' }), (e) => {
      return e instanceof ApiError && e.status === 401 && e.identifier === 'AUTHENTICATION_FAILED';
    });
  });
});

describe('webhook signatures', () => {
  test('verify: true for the right secret and body, false otherwise', async () => {
    const body = JSON.stringify({ event: 'KYB_FORM_SUBMITTED', formId: 'f' });
    const sig = await signWebhook(body, 'secret');
    assert.match(sig, /^[0-9a-f]{64}$/);
    assert.equal(await verifyWebhookSignature(body, sig, 'secret'), true);
    assert.equal(
      await verifyWebhookSignature(new TextEncoder().encode(body), sig.toUpperCase(), 'secret'),
      true,
    );
    assert.equal(await verifyWebhookSignature(body, sig, 'other'), false);
    assert.equal(await verifyWebhookSignature(`${body} `, sig, 'secret'), false);
    assert.equal(await verifyWebhookSignature(body, null, 'secret'), false);
    assert.equal(await verifyWebhookSignature(body, 'zz', 'secret'), false);
  });
  test('verify: exactly one valid signature; missing, empty, arrays of 0 or 2 and joined pairs are false', async () => {
    const body = '{"scanRef":"s","status":"COMPLETED","occurredAt":"2026-11-24T07:00:00Z"}';
    const sig = await signWebhook(body, 'secret');
    assert.equal(await verifyWebhookSignature(body, [sig], 'secret'), true);
    assert.equal(await verifyWebhookSignature(body, ` ${sig} `, 'secret'), true);
    for (const bad of [
      undefined,
      null,
      '',
      '   ',
      [],
      [sig, sig],
      [sig, 'x'],
      `${sig},${sig}`,
      `${sig} ${sig}`,
    ]) {
      assert.equal(await verifyWebhookSignature(body, bad, 'secret'), false, JSON.stringify(bad));
    }
    assert.equal(await verifyWebhookSignature(body, sig, ''), false, 'an empty secret verifies nothing');
    assert.equal(await verifyWebhookSignature(body, sig.slice(0, 63), 'secret'), false);
  });
  test('readWebhook: signature on Idenfy-Signature, body by Idenfy-Event-Type and the published schema', async () => {
    const body = JSON.stringify({
      id: 'form-1',
      clientId: 'customer-42',
      submissionTime: '2026-11-24T07:00:00Z',
      externalRef: null,
      surprise: 'members the provider adds are ignored',
    });
    const sig = await signWebhook(body, 'secret');
    const ok = await readWebhook(
      body,
      { 'idenfy-event-type': 'COMPANY_SUBMIT', 'idenfy-signature': sig },
      'secret',
    );
    assert.equal(ok?.eventType, 'COMPANY_SUBMIT');
    assert.equal(ok?.eventType === 'COMPANY_SUBMIT' && ok.body.clientId, 'customer-42');
    const headers = new Headers({ 'Idenfy-Event-Type': 'COMPANY_SUBMIT', 'Idenfy-Signature': sig });
    assert.ok(
      await readWebhook(new TextEncoder().encode(body), headers, 'secret'),
      'Fetch Headers and bytes',
    );
    // refused: wrong secret, old header names, unknown or wrong event type, a body not of its schema
    assert.equal(
      await readWebhook(body, { 'Idenfy-Event-Type': 'COMPANY_SUBMIT', 'Idenfy-Signature': sig }, 'x'),
      null,
    );
    assert.equal(
      await readWebhook(body, { 'X-Event-Type': 'COMPANY_SUBMIT', 'X-Signature': sig }, 'secret'),
      null,
    );
    assert.equal(
      await readWebhook(body, { 'Idenfy-Event-Type': 'KYB', 'Idenfy-Signature': sig }, 'secret'),
      null,
    );
    assert.equal(
      await readWebhook(body, { 'Idenfy-Event-Type': 'AGE_ESTIMATION', 'Idenfy-Signature': sig }, 'secret'),
      null,
    );
    const notJson = 'not json';
    const sig2 = await signWebhook(notJson, 'secret');
    assert.equal(
      await readWebhook(
        notJson,
        { 'Idenfy-Event-Type': 'COMPANY_SUBMIT', 'Idenfy-Signature': sig2 },
        'secret',
      ),
      null,
    );
  });
});
