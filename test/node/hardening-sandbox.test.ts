/**
 * Hardening of the sandbox service over loopback, table-driven over every body-taking endpoint the
 * elements and partners use: malformed JSON -> 400 JSON_ERROR (nothing changes), oversized bodies ->
 * 413 (also when sent chunked, without Content-Length), unknown fields ignored (never echoed or
 * stored), and the rate limit per credential (each bearer token and each key pair counted apart,
 * 429 with Retry-After, a refused write changes nothing).
 */
import { DEMO_FLOW } from '../../src/sandbox/fixtures.ts';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl, type CreatedAccount } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { ageRequest } from '../support/age-request.ts';

let srv: SandboxServer;
let root: SandboxControl;
let cases = 0;
let started = 0;
let finished = 0;
/** A test whose failure is counted in the summary line. */
function check(name: string, fn: () => Promise<void>) {
  test(name, async () => {
    started++;
    await fn();
    finished++;
  });
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
const basic = (a: { apiKey: string; apiSecret: string }) => `Basic ${b64(`${a.apiKey}:${a.apiSecret}`)}`;
const PNG = b64('\x89PNG\r\n\x1a\n0000');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]).toString('base64');

async function call(method: string, path: string, auth: string | null, body?: unknown) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (auth) headers.Authorization = auth;
  const res = await fetch(`${srv.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Sends `size` bytes chunked (no Content-Length); resolves with the status, or 'reset'. */
function chunked(method: string, path: string, auth: string, size: number): Promise<number | 'reset'> {
  return new Promise((resolve) => {
    const url = new URL(`${srv.url}${path}`);
    const req = httpRequest(
      {
        method,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { Authorization: auth, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on('error', () => resolve('reset'));
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

interface World {
  acc: CreatedAccount;
  kyb: string;
  formId: string;
  benId: string;
  docId: string;
  qId: string;
  age: string;
  ageDoc: string;
}
let w: World;

interface BodyEndpoint {
  name: string;
  method: string;
  path: (w: World) => string;
  auth: (w: World) => string;
  /** A valid body. */
  body: (w: World) => Record<string, unknown>;
  /** Reads the resource back (for "nothing changed" / "not stored"). */
  read?: (w: World) => Promise<string>;
}

const bearer = (t: string) => `Bearer ${t}`;
const readForm = async (x: World) => (await call('GET', `/kyb/forms/${x.formId}/`, bearer(x.kyb))).text;
const readBens = async (x: World) =>
  (await call('GET', `/kyb/forms/${x.formId}/beneficiaries/`, bearer(x.kyb))).text;
const readDocs = async (x: World) =>
  (await call('GET', `/kyb/forms/${x.formId}/documents/`, bearer(x.kyb))).text;
const readBenDocs = async (x: World) =>
  (await call('GET', `/kyb/forms/${x.formId}/beneficiaries/${x.benId}/documents/`, bearer(x.kyb))).text;
const readAnswers = async (x: World) =>
  (await call('GET', `/kyb/forms/${x.formId}/questionnaires/${x.qId}/answers/`, bearer(x.kyb))).text;
const readSession = async (x: World) => (await call('GET', '/age-estimation/session/', bearer(x.age))).text;

const ENDPOINTS: BodyEndpoint[] = [
  {
    name: 'KYB token',
    method: 'POST',
    path: () => '/kyb/tokens/',
    auth: (x) => basic(x.acc),
    body: () => ({ tokenType: 'FORM', clientId: 'hardening-other' }),
  },
  {
    name: 'age token',
    method: 'POST',
    path: () => '/age-estimation/token/',
    auth: (x) => basic(x.acc),
    body: () => ({ min_age: 18, confidence_threshold: 70 }),
  },
  {
    name: 'form patch',
    method: 'PATCH',
    path: (x) => `/kyb/forms/${x.formId}/`,
    auth: (x) => bearer(x.kyb),
    body: () => ({ company: { companyName: 'Hardened Ltd', country: 'DE', city: 'Berlin' } }),
    read: readForm,
  },
  {
    name: 'beneficiary create',
    method: 'POST',
    path: (x) => `/kyb/forms/${x.formId}/beneficiaries/`,
    auth: (x) => bearer(x.kyb),
    body: () => ({
      info: { infoType: 'INDIVIDUAL', name: 'Grace', surname: 'Hopper' },
      beneficiaryTypes: ['UBO'],
    }),
    read: readBens,
  },
  {
    name: 'beneficiary patch',
    method: 'PATCH',
    path: (x) => `/kyb/forms/${x.formId}/beneficiaries/${x.benId}/`,
    auth: (x) => bearer(x.kyb),
    body: () => ({ ownershipPercentage: 40 }),
    read: readBens,
  },
  {
    name: 'company document upload',
    method: 'POST',
    path: (x) => `/kyb/forms/${x.formId}/documents/`,
    auth: (x) => bearer(x.kyb),
    body: () => ({ type: 'OTHER', filename: 'a.png', file: PNG }),
    read: readDocs,
  },
  {
    name: 'beneficiary document upload',
    method: 'POST',
    path: (x) => `/kyb/forms/${x.formId}/beneficiaries/${x.benId}/documents/`,
    auth: (x) => bearer(x.kyb),
    body: () => ({ type: 'IDENTITY_DOCUMENT', filename: 'id.png', file: PNG }),
    read: readBenDocs,
  },
  {
    name: 'beneficiary document rename',
    method: 'PATCH',
    path: (x) => `/kyb/forms/${x.formId}/beneficiaries/${x.benId}/documents/${x.docId}/`,
    auth: (x) => bearer(x.kyb),
    body: () => ({ filename: 'renamed.png' }),
    read: readBenDocs,
  },
  {
    name: 'answers put',
    method: 'PUT',
    path: (x) => `/kyb/forms/${x.formId}/questionnaires/${x.qId}/answers/`,
    auth: (x) => bearer(x.kyb),
    body: () => ({ sections: { main: { activity: { value: 'Retail' } } } }),
    read: readAnswers,
  },
  {
    name: 'age selfie',
    method: 'POST',
    path: () => '/age-estimation/session/selfie/',
    auth: (x) => bearer(x.ageDoc),
    body: () => ({ image: JPEG }),
    read: async (x) => (await call('GET', '/age-estimation/session/', bearer(x.ageDoc))).text,
  },
  {
    name: 'age document',
    method: 'POST',
    path: () => '/age-estimation/session/document/',
    auth: (x) => bearer(x.age),
    body: () => ({ front: JPEG }),
    read: readSession,
  },
];

async function world(opts: { rateLimitPerMinute?: number } = {}): Promise<World> {
  const acc = await root.createAccount({
    ...opts,
    kyb: {
      questionnaires: [
        {
          key: 'profile',
          name: 'Profile',
          title: 'Profile',
          description: '',
          type: 'KYB',
          sections: [
            {
              key: 'main',
              title: 'Main',
              description: '',
              questions: [{ key: 'activity', title: 'Activity', type: 'TEXT', required: false }],
            },
          ],
        },
      ],
    },
  });
  const partner = new PartnerClient({
    baseUrl: srv.url,
    apiKey: acc.apiKey,
    apiSecret: acc.apiSecret,
    retries: 0,
  });
  const kyb = (await partner.createKybToken({ clientId: `c-${Math.random()}` })).tokenString;
  const form = await call('POST', '/kyb/forms/', bearer(kyb), {
    company: { companyName: 'Base', country: 'FR' },
  });
  assert.equal(form.status, 201, form.text);
  const formId = form.json!.id as string;
  const ben = await call('POST', `/kyb/forms/${formId}/beneficiaries/`, bearer(kyb), {
    info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace' },
    beneficiaryTypes: ['UBO'],
  });
  assert.equal(ben.status, 201, ben.text);
  const benId = ben.json!.id as string;
  const doc = await call('POST', `/kyb/forms/${formId}/beneficiaries/${benId}/documents/`, bearer(kyb), {
    type: 'IDENTITY_DOCUMENT',
    filename: 'passport.png',
    file: PNG,
  });
  assert.equal(doc.status, 201, doc.text);
  const qs = await call('GET', `/kyb/forms/${formId}/questionnaires/`, bearer(kyb));
  const qId = (qs.json as unknown as { id: string }[])[0]!.id;
  // One age session in the DOCUMENT step (uncertain selfie with DOC escalation), one at SELFIE.
  const control = root.withAccount(acc);
  const age = (await partner.createAgeToken(ageRequest({ min_age: 18, buffer: 3, escalation: 'DOC' }))).token;
  await control.setAgeScenario(age, { estimates: [{ age: 19, confidence: 95 }], documentAge: 30 });
  const first = await call('POST', '/age-estimation/session/selfie/', bearer(age), { image: JPEG });
  assert.equal(first.status, 200, first.text);
  const ageDoc = (await partner.createAgeToken(ageRequest())).token;
  await control.setAgeScenario(ageDoc, { estimates: [{ age: 35, confidence: 95 }] });
  await control.clearRequests();
  return { acc, kyb, formId, benId, docId: doc.json!.id as string, qId, age, ageDoc };
}

before(async () => {
  srv = await startSandboxServer({ port: 0 });
  root = new SandboxControl({ baseUrl: srv.url });
  w = await world();
});
after(async () => {
  console.log(`hardening: sandbox refusals: ${cases} cases, ${started - finished} failures`);
  await srv.close();
});

const BROKEN_JSON = ['{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"a":"\\u12"}', "{'a':1}"];

describe('malformed JSON -> 400 JSON_ERROR, nothing changes', () => {
  for (const ep of ENDPOINTS) {
    check(ep.name, async () => {
      const before = ep.read ? await ep.read(w) : '';
      for (const broken of BROKEN_JSON) {
        const r = await call(ep.method, ep.path(w), ep.auth(w), broken);
        assert.equal(r.status, 400, `${ep.name} ${JSON.stringify(broken)}: ${r.text}`);
        assert.equal(r.json?.identifier, 'JSON_ERROR');
        assert.equal(typeof r.json?.message, 'string');
        assert.match(r.headers.get('content-type') ?? '', /application\/json/);
        cases++;
      }
      if (ep.read) assert.equal(await ep.read(w), before, 'state changed after a refused body');
    });
  }
});

describe('oversized bodies -> 413 BAD_VALUE', () => {
  // Documents and images over their own limits (10 MiB / 5 MiB decoded) are refused as well.
  for (const ep of ENDPOINTS) {
    check(`${ep.name}: 21 MiB with Content-Length, and chunked`, async () => {
      const before = ep.read ? await ep.read(w) : '';
      const big = JSON.stringify({ ...ep.body(w), padding: 'a'.repeat(21 * 1024 * 1024) });
      const r = await call(ep.method, ep.path(w), ep.auth(w), big);
      assert.equal(r.status, 413, `${ep.name}: ${r.text.slice(0, 200)}`);
      assert.equal(r.json?.identifier, 'BAD_VALUE');
      cases++;
      const c = await chunked(ep.method, ep.path(w), ep.auth(w), 22 * 1024 * 1024);
      assert.ok(c === 413 || c === 'reset', `${ep.name} chunked: ${c}`);
      cases++;
      if (ep.read) assert.equal(await ep.read(w), before, 'state changed after a refused body');
    });
  }
});

describe('unknown fields are ignored: accepted, never echoed or stored', () => {
  for (const ep of ENDPOINTS) {
    if (ep.name === 'age document' || ep.name === 'age selfie') continue; // single-use steps, below
    check(ep.name, async () => {
      const r = await call(ep.method, ep.path(w), ep.auth(w), {
        ...ep.body(w),
        zzUnknownTop: 'SHOULD_NOT_APPEAR',
        __proto__: { polluted: 'SHOULD_NOT_APPEAR' },
      });
      assert.ok(r.status >= 200 && r.status < 300, `${ep.name}: ${r.status} ${r.text}`);
      assert.ok(!r.text.includes('SHOULD_NOT_APPEAR'), `${ep.name} echoed an unknown field`);
      if (ep.read) assert.ok(!(await ep.read(w)).includes('SHOULD_NOT_APPEAR'), 'stored an unknown field');
      assert.equal(({} as Record<string, unknown>).polluted, undefined, 'prototype polluted');
      cases++;
    });
  }
  check('age selfie with an unknown field is accepted (the attempt is counted once)', async () => {
    const x = await world();
    const r = await call('POST', '/age-estimation/session/selfie/', bearer(x.ageDoc), {
      image: JPEG,
      zzUnknownTop: 'SHOULD_NOT_APPEAR',
    });
    assert.equal(r.status, 200, r.text);
    assert.ok(!r.text.includes('SHOULD_NOT_APPEAR'));
    const s = JSON.parse(await readSession({ ...x, age: x.ageDoc })) as { attempts_used: number };
    assert.equal(s.attempts_used, 1);
    cases++;
  });
  check('a JSON body with a raw "__proto__" key does not pollute prototypes', async () => {
    const raw = `{"company":{"companyName":"Proto","country":"DE"},"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}`;
    const r = await call('PATCH', `/kyb/forms/${w.formId}/`, bearer(w.kyb), raw);
    assert.equal(r.status, 200, r.text);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.ok(!(await readForm(w)).includes('polluted'));
    cases++;
  });
});

describe('rate limit per credential', () => {
  check(
    'the key pair and a bearer token of one account have their own windows; 429 with Retry-After',
    async () => {
      const acc = await root.createAccount({ rateLimitPerMinute: 4 });
      const first = await call('POST', '/kyb/tokens/', basic(acc), { tokenType: 'FORM', clientId: 'rl' });
      assert.equal(first.status, 201);
      const token = first.json!.tokenString as string;
      for (let i = 0; i < 3; i++)
        assert.equal(
          (await call('POST', '/kyb/tokens/', basic(acc), { tokenType: 'FORM', clientId: `rl${i}` })).status,
          201,
        );
      const over = await call('POST', '/kyb/tokens/', basic(acc), { tokenType: 'FORM', clientId: 'rl-over' });
      assert.equal(over.status, 429);
      assert.equal(over.json?.identifier, 'TOO_MANY_REQUESTS');
      const retry = Number(over.headers.get('retry-after'));
      assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, `Retry-After ${retry}`);
      cases++;
      // The bearer token is a credential of its own: untouched by the key pair's window.
      assert.equal((await call('GET', '/kyb/forms/', bearer(token))).status, 200);
      cases++;
      // Control endpoints are not limited and log the refusal.
      const log = await root.withAccount(acc).listRequests();
      assert.ok(log.some((r) => r.method === 'POST' && r.status === 429));
      cases++;
    },
  );

  check('two bearer tokens of one account are limited independently', async () => {
    const acc = await root.createAccount({ rateLimitPerMinute: 3 });
    const partner = new PartnerClient({
      baseUrl: srv.url,
      apiKey: acc.apiKey,
      apiSecret: acc.apiSecret,
      retries: 0,
    });
    const a = (await partner.createKybToken({ clientId: 'a' })).tokenString;
    const b = (await partner.createKybToken({ clientId: 'b' })).tokenString;
    for (let i = 0; i < 3; i++) assert.equal((await call('GET', '/kyb/forms/', bearer(a))).status, 200);
    const over = await call('GET', '/kyb/forms/', bearer(a));
    assert.equal(over.status, 429);
    cases++;
    for (let i = 0; i < 3; i++) assert.equal((await call('GET', '/kyb/forms/', bearer(b))).status, 200);
    assert.equal((await call('GET', '/kyb/forms/', bearer(b))).status, 429);
    cases++;
    // A refused form create does not create the form.
    const create = await call('POST', '/kyb/forms/', bearer(a), {
      company: { companyName: 'X', country: 'DE' },
    });
    assert.equal(create.status, 429);
    const t3 = (await call('POST', '/kyb/tokens/', basic(acc), { tokenType: 'FORM', clientId: 'a' })).json
      ?.tokenString;
    assert.equal(typeof t3, 'string');
    const forms = await call('GET', '/kyb/forms/', bearer(t3 as string));
    assert.deepEqual(forms.json, []);
    cases++;
  });
});

describe('fault mode: corrupted answers stay bounded', () => {
  check('huge-arrays grows each array once (no 10,000^depth blow-up) and answers quickly', async () => {
    const acc = await root.createAccount();
    const partner = new PartnerClient({
      baseUrl: srv.url,
      apiKey: acc.apiKey,
      apiSecret: acc.apiSecret,
      retries: 0,
    });
    const t = (await partner.createKybToken({ clientId: 'huge' })).tokenString;
    await root
      .withAccount(acc)
      .setFaults({ malformed: { rate: 1, kind: 'huge-arrays' }, paths: '^/kyb/info/$' });
    const started = Date.now();
    const r = await call('GET', '/kyb/info/', bearer(t));
    assert.equal(r.status, 200);
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    assert.ok(r.text.length < 50 * 1024 * 1024, `${r.text.length} bytes`);
    const flow = (r.json as { flow: { fields: unknown[]; beneficiaries: { applicants: unknown[] }[] } }).flow;
    assert.equal(flow.fields.length, 10_000);
    assert.equal(flow.beneficiaries.length, 10_000);
    // the arrays inside a grown item keep their real length
    assert.equal(flow.beneficiaries[0]!.applicants.length, DEMO_FLOW.beneficiaries[0]!.applicants.length);
    cases++;
  });
});
