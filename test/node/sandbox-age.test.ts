/** Age estimation in the sandbox: the supplement's decision table, one test per row. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { AgeWebhook, AttemptResponse, CaptureSession } from '../../src/api/age.ts';
import { ageRequest, type AgeTokenSettings } from '../support/age-request.ts';

let srv: SandboxServer;
let control: SandboxControl;
let partner: PartnerClient;
const IMG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

before(async () => {
  srv = await startSandboxServer({ port: 0, deliverWebhooks: false });
  const root = new SandboxControl({ baseUrl: srv.url });
  const acc = await root.createAccount({ ageCredits: 1000 });
  control = root.withAccount(acc);
  partner = new PartnerClient({ baseUrl: srv.url, apiKey: acc.apiKey, apiSecret: acc.apiSecret });
});
after(() => srv.close());

type Estimate = { age: number; confidence: number } | 'no-face';
async function session(req: AgeTokenSettings, estimates?: Estimate[], documentAge?: number | 'unreadable') {
  const t = await partner.createAgeToken(ageRequest(req));
  if (estimates)
    await control.setAgeScenario(t.token, {
      estimates,
      ...(documentAge !== undefined ? { documentAge } : {}),
    });
  return t.token;
}
async function capture(token: string, step: 'selfie' | 'document' | 'session') {
  const url = `${srv.url}/age-estimation/session/${step === 'session' ? '' : `${step}/`}`;
  const res = await fetch(url, {
    method: step === 'session' ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(step === 'selfie' ? { body: JSON.stringify({ image: IMG }) } : {}),
    ...(step === 'document' ? { body: JSON.stringify({ front: IMG, back: IMG }) } : {}),
  });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body };
}
async function selfie(token: string) {
  const r = await capture(token, 'selfie');
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const parsed = AttemptResponse.parse(r.body);
  assert.ok(!('estimatedAge' in r.body) && !('confidence' in r.body) && !('age' in r.body));
  return parsed;
}
async function doc(token: string) {
  const r = await capture(token, 'document');
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return AttemptResponse.parse(r.body);
}

describe('age decision table (min_age 18, buffer 2, threshold 70 unless stated)', () => {
  test('confident adult -> SUCCESS, DECIDED, COMPLETED/DONE (default scenario 35/95)', async () => {
    const t = await session({ success_redirect: 'https://partner.example/ok' });
    const r = await selfie(t);
    assert.equal(r.attempt.result, 'DECIDED');
    assert.equal(r.outcome, 'SUCCESS');
    assert.equal(r.status, 'COMPLETED');
    assert.equal(r.step, 'DONE');
    assert.equal(r.attempts_used, 1);
    assert.equal(r.redirect_url, 'https://partner.example/ok');
  });
  test('confident minor below the band -> UNDERAGE', async () => {
    const t = await session({ underage_redirect: 'https://partner.example/no' }, [
      { age: 15, confidence: 95 },
    ]);
    const r = await selfie(t);
    assert.equal(r.outcome, 'UNDERAGE');
    assert.equal(r.redirect_url, 'https://partner.example/no');
  });
  test('band lower edge min-buffer (16) is uncertain -> DOC step-up', async () => {
    const t = await session({}, [{ age: 16, confidence: 95 }]);
    const r = await selfie(t);
    assert.equal(r.attempt.result, 'STEP_UP');
    assert.equal(r.step, 'DOCUMENT');
    assert.equal(r.outcome, null);
    assert.equal(r.redirect_url, null);
  });
  test('just below the band (15.9) is decided UNDERAGE', async () => {
    const t = await session({}, [{ age: 15.9, confidence: 95 }]);
    assert.equal((await selfie(t)).outcome, 'UNDERAGE');
  });
  test('band upper edge min+buffer (20) is outside the band -> SUCCESS; 19.9 is inside', async () => {
    assert.equal((await selfie(await session({}, [{ age: 20, confidence: 95 }]))).outcome, 'SUCCESS');
    assert.equal(
      (await selfie(await session({}, [{ age: 19.9, confidence: 95 }]))).attempt.result,
      'STEP_UP',
    );
  });
  test('buffer 0: empty band, 18 -> SUCCESS and 17.9 -> UNDERAGE', async () => {
    assert.equal(
      (await selfie(await session({ buffer: 0 }, [{ age: 18, confidence: 95 }]))).outcome,
      'SUCCESS',
    );
    assert.equal(
      (await selfie(await session({ buffer: 0 }, [{ age: 17.9, confidence: 95 }]))).outcome,
      'UNDERAGE',
    );
  });
  test('confidence threshold edge: equal is accepted, one below is uncertain', async () => {
    assert.equal((await selfie(await session({}, [{ age: 40, confidence: 70 }]))).outcome, 'SUCCESS');
    assert.equal((await selfie(await session({}, [{ age: 40, confidence: 69 }]))).attempt.result, 'STEP_UP');
  });
  test('escalation NONE: uncertain -> UNCERTAIN, DECIDED, uncertain_redirect', async () => {
    const t = await session({ escalation: 'NONE', uncertain_redirect: 'https://partner.example/unsure' }, [
      { age: 19, confidence: 99 },
    ]);
    const r = await selfie(t);
    assert.equal(r.attempt.result, 'DECIDED');
    assert.equal(r.outcome, 'UNCERTAIN');
    assert.equal(r.status, 'COMPLETED');
    assert.equal(r.redirect_url, 'https://partner.example/unsure');
  });
  test('document after step-up: no buffer (19 with buffer 2 -> SUCCESS; 17 -> UNDERAGE)', async () => {
    const a = await session({}, [{ age: 19, confidence: 99 }], 19);
    await selfie(a);
    const ra = await doc(a);
    assert.equal(ra.attempt.result, 'DECIDED');
    assert.equal(ra.outcome, 'SUCCESS');
    assert.equal(ra.attempts_used, 2);
    const b = await session({}, [{ age: 19, confidence: 99 }], 17);
    await selfie(b);
    assert.equal((await doc(b)).outcome, 'UNDERAGE');
    const c = await session({}, [{ age: 19, confidence: 99 }], 18);
    await selfie(c);
    assert.equal((await doc(c)).outcome, 'SUCCESS');
  });
  test('no face -> RETRY; the next estimate is consumed; last entry repeats', async () => {
    const t = await session({}, ['no-face', { age: 30, confidence: 90 }]);
    const r1 = await selfie(t);
    assert.equal(r1.attempt.result, 'RETRY');
    assert.equal(r1.status, 'PENDING');
    assert.equal(r1.step, 'SELFIE');
    const r2 = await selfie(t);
    assert.equal(r2.outcome, 'SUCCESS');
    assert.equal(r2.attempts_used, 2);
  });
  test('RETRY until retry_limit locks: FAILED, DONE, ATTEMPTS_EXCEEDED, then 423', async () => {
    const t = await session({ retry_limit: 2, uncertain_redirect: 'https://partner.example/u' }, ['no-face']);
    assert.equal((await selfie(t)).attempt.result, 'RETRY');
    const r = await selfie(t);
    assert.equal(r.attempt.result, 'RETRY');
    assert.equal(r.status, 'FAILED');
    assert.equal(r.step, 'DONE');
    assert.equal(r.outcome, 'ATTEMPTS_EXCEEDED');
    assert.equal(r.redirect_url, 'https://partner.example/u');
    const locked = await capture(t, 'selfie');
    assert.equal(locked.status, 423);
    assert.equal(locked.body.code, 'session_locked');
  });
  test('unreadable document -> RETRY; locks once attempts reach the limit', async () => {
    const t = await session({ retry_limit: 2 }, [{ age: 19, confidence: 99 }], 'unreadable');
    await selfie(t);
    const r = await doc(t);
    assert.equal(r.attempt.result, 'RETRY');
    assert.equal(r.outcome, 'ATTEMPTS_EXCEEDED');
    assert.equal((await capture(t, 'document')).status, 423);
  });
  test('STEP_UP never locks, even at the limit (retry_limit 1)', async () => {
    const t = await session({ retry_limit: 1 }, [{ age: 17, confidence: 99 }], 25);
    const r = await selfie(t);
    assert.equal(r.attempt.result, 'STEP_UP');
    assert.equal(r.status, 'PENDING');
    assert.equal((await doc(t)).outcome, 'SUCCESS');
  });
  test('expiry: GET shows EXPIRED with outcome null and step kept; POST -> 410', async () => {
    const t = await session({}, [{ age: 19, confidence: 99 }]);
    await selfie(t);
    await control.expireAgeSession(t);
    const g = await capture(t, 'session');
    assert.equal(g.status, 200);
    const s = CaptureSession.parse(g.body);
    assert.equal(s.status, 'EXPIRED');
    assert.equal(s.outcome, null);
    assert.equal(s.step, 'DOCUMENT');
    const p = await capture(t, 'document');
    assert.equal(p.status, 410);
    assert.equal(p.body.code, 'session_expired');
  });
  test('completed session -> 409 session_completed', async () => {
    const t = await session({});
    await selfie(t);
    const r = await capture(t, 'selfie');
    assert.equal(r.status, 409);
    assert.equal(r.body.code, 'session_completed');
  });
  test('wrong step -> 400 BAD_VALUE (document in SELFIE, selfie in DOCUMENT)', async () => {
    const t = await session({}, [{ age: 19, confidence: 99 }]);
    const d = await capture(t, 'document');
    assert.equal(d.status, 400);
    assert.equal(d.body.identifier, 'BAD_VALUE');
    await selfie(t);
    const s = await capture(t, 'selfie');
    assert.equal(s.status, 400);
    assert.equal(s.body.identifier, 'BAD_VALUE');
  });
  test('each terminal outcome records one signed AGE_ESTIMATION webhook echoing client_id', async () => {
    const before = (await control.listWebhooks()).length;
    const t = await session({ client_id: 'user-42' }, [{ age: 12, confidence: 99 }]);
    await selfie(t);
    const hooks = await control.listWebhooks();
    assert.equal(hooks.length, before + 1);
    const h = hooks.at(-1)!;
    assert.equal(h.eventType, 'AGE_ESTIMATION');
    const body = AgeWebhook.parse(JSON.parse(h.body));
    assert.equal(body.outcome, 'UNDERAGE');
    assert.equal(body.verdict, 'MINOR');
    assert.equal(body.clientId, 'user-42');
    assert.equal(body.estimatedAge, 12);
  });
  test('token response: 201 with effective settings and session_url', async () => {
    const res = await fetch(`${srv.url}/age-estimation/token/`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('demo_key:demo_secret').toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ min_age: 21, confidence_threshold: 72.5 }),
    });
    assert.equal(res.status, 201);
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(body.min_age, 21);
    assert.equal(body.confidence_threshold, 72.5);
    // the published defaults of the members left out
    assert.equal(body.buffer, 0);
    assert.equal(body.escalation, 'DOC');
    assert.equal(body.retry_limit, 3);
    assert.equal(body.save_photo, true);
    assert.equal(body.expiry_minutes, 60);
    assert.match(String(body.session_url), /\/age-estimation\/hosted\/\?token=age_/);
  });
});
