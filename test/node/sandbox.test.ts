/**
 * The sandbox service over loopback: server-side endpoints, the auth matrix (generated from a route
 * table), error shapes, 413, rate limits, fault mode, the request log and webhook delivery.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl, type CreatedAccount } from '../../src/sandbox/control-client.ts';
import { PartnerClient, verifyWebhookSignature } from '../../src/server/index.ts';
import { ApiError } from '../../src/api/http.ts';
import { BlocklistEntry, ClientTokenResponse } from '../../src/api/identity.ts';
import { SosFilingDocument } from '../../src/api/sos.ts';
import { AgeTokenResponse, InsufficientFinancesBody } from '../../src/api/age.ts';
import { KybErrorBody } from '../../src/api/common.ts';
import { DEMO_ACCOUNT } from '../../src/sandbox/index.ts';
import { ageRequest } from '../support/age-request.ts';

let srv: SandboxServer;
let root: SandboxControl;

const b64 = (s: string) => Buffer.from(s).toString('base64');
const basic = (a: { apiKey: string; apiSecret: string }) => `Basic ${b64(`${a.apiKey}:${a.apiSecret}`)}`;

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

function partnerFor(a: CreatedAccount, extra: Partial<ConstructorParameters<typeof PartnerClient>[0]> = {}) {
  return new PartnerClient({
    baseUrl: srv.url,
    apiKey: a.apiKey,
    apiSecret: a.apiSecret,
    retries: 0,
    ...extra,
  });
}

before(async () => {
  srv = await startSandboxServer({ port: 0 });
  root = new SandboxControl({ baseUrl: srv.url });
});
after(() => srv.close());

describe('server-side endpoints', () => {
  test('AML monitoring: PENDING on create, checked on read, stop/start', async () => {
    const acc = await root.createAccount();
    const p = partnerFor(acc);
    const clean = await p.createMonitoring({
      isSubscribed: true,
      amlCheck: { clientId: 'c1', userType: 'PERSON', input: { fullName: 'Grace Nobody' } },
      tags: ['vip'],
    });
    assert.equal(clean.status, 'PENDING');
    assert.equal(clean.amlCheck.overallStatus, 'NOT_CHECKED');
    assert.equal(clean.amlCheck.filter.threshold, 85);
    const read = await p.getMonitoring(clean.id);
    assert.equal(read.status, 'ACTIVE');
    assert.equal(read.amlCheck.overallStatus, 'NO_FLAGS');
    assert.deepEqual(read.tags, ['vip']);

    const hit = await p.createMonitoring({
      isSubscribed: false,
      amlCheck: { clientId: 'c2', userType: 'PERSON', input: { fullName: 'ivan  TESTOV' } },
    });
    const hitRead = await p.getMonitoring(hit.id);
    assert.equal(hitRead.status, 'ALERT');
    assert.equal(hitRead.amlCheck.overallStatus, 'FLAGS_FOUND');
    assert.ok((hitRead.amlCheck.amlCheck ?? []).length >= 1);
    assert.equal((await p.stopMonitoring(hit.id, 'pause')).status, 'STOPPED');
    assert.equal((await p.startMonitoring(hit.id)).status, 'ALERT');

    const co = await p.createMonitoring({
      isSubscribed: true,
      amlCheck: { clientId: 'c3', userType: 'COMPANY', input: { companyName: 'Shadow Shell Trading Ltd.' } },
    });
    const coRead = await p.getMonitoring(co.id);
    assert.equal(coRead.amlCheck.overallStatus, 'FLAGS_FOUND');
  });

  test('SOS: IN_PROGRESS then FINISHED with json/pdf capability URLs', async () => {
    const p = partnerFor(await root.createAccount());
    const order = await p.orderSosDocument({
      companyName: 'Sample Widgets LLC',
      city: 'Austin',
      street: '1 Main St',
      postalCode: '73301',
      state: 'TX',
    });
    assert.equal(order.status, 'IN_PROGRESS');
    const done = SosFilingDocument.parse(await p.getSosDocument(order.id));
    assert.equal(done.status, 'FINISHED');
    assert.equal(done.entityType, 'LLC');
    assert.equal(done.companyName, 'Sample Widgets LLC');
    assert.equal(done.watchlistHitsCount, 0);
    assert.ok(done.formationDate);
    assert.match(done.dataFile ?? '', new RegExp(`${order.id}\\.json$`));
    assert.match(done.reportFile ?? '', new RegExp(`${order.id}\\.pdf$`));
    const pdf = await fetch(done.reportFile!);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.match(Buffer.from(await pdf.arrayBuffer()).toString('latin1'), /^%PDF-1\.4/);
    const data = (await (await fetch(done.dataFile!)).json()) as { companyName: string };
    assert.equal(data.companyName, 'Sample Widgets LLC');
    const list = await call('GET', '/api/v2/sos-filing-documents/', basic(DEMO_ACCOUNT));
    assert.equal(list.status, 200);
  });

  test('client token (11) and blocklist (4): 201, unfinished 409, unknown 404, SELFIE image URL', async () => {
    const acc = await root.createAccount();
    const p = partnerFor(acc);
    const t = ClientTokenResponse.parse(await p.createClientToken({ clientId: 'end-user-1' }));
    assert.equal(t.clientId, 'end-user-1');
    const unfinished = await call(
      'POST',
      `/kyc/identifications/${t.scanRef}/blocklists/DOCUMENT/`,
      basic(acc),
      {
        reason: 'fraud',
      },
    );
    assert.equal(unfinished.status, 409);
    assert.equal(unfinished.json?.identifier, 'BAD_VALUE');
    await root.withAccount(acc).finishIdentification(t.scanRef);
    const sel = BlocklistEntry.parse(await p.addToBlocklist(t.scanRef, 'SELFIE', 'fraud'));
    assert.ok(sel.faceImageUrl);
    assert.equal((await fetch(sel.faceImageUrl!)).headers.get('content-type'), 'image/png');
    const seeded = await p.addToBlocklist(acc.finishedScanRefs[0]!, 'DOCUMENT_INFO', 'dup');
    assert.equal(seeded.faceImageUrl, null);
    await assert.rejects(p.addToBlocklist('00000000-0000-0000-0000-000000000000', 'DOCUMENT', 'x'), (e) => {
      return e instanceof ApiError && e.status === 404;
    });
    const created = await call(
      'POST',
      `/kyc/identifications/${acc.finishedScanRefs[1]}/blocklists/DOCUMENT/`,
      basic(acc),
      {
        reason: 'r',
      },
    );
    assert.equal(created.status, 201);
  });

  test('age token 201; 402 with exactly the insufficient_finances body', async () => {
    const acc = await root.createAccount({ ageCredits: 1 });
    const ok = await call('POST', '/age-estimation/token/', basic(acc), ageRequest());
    assert.equal(ok.status, 201);
    AgeTokenResponse.parse(ok.json);
    const no = await call('POST', '/age-estimation/token/', basic(acc), ageRequest());
    assert.equal(no.status, 402);
    const body = InsufficientFinancesBody.parse(no.json);
    assert.deepEqual(no.json, {
      message: body.message,
      code: 'insufficient_finances',
      detail: {
        detail: body.detail?.detail,
        missing_limits: [],
        missing_additional_step_limits: [],
        missing_funds: null,
        missing_pool_funds: [{ fund_pool: 'AGE_ESTIMATION', missing: 1 }],
        expired_expenses: [],
      },
    });
    await root.withAccount(acc).setAgeCredits(2);
    assert.equal((await call('POST', '/age-estimation/token/', basic(acc), ageRequest())).status, 201);
  });
});

describe('auth matrix', () => {
  type Mode = 'basic' | 'kyb' | 'kyb-or-basic' | 'age';
  interface Row {
    method: string;
    path: string;
    mode: Mode;
    /** true when the path names a resource of the account (another tenant gets 404). */
    owned: boolean;
    body?: unknown;
  }
  let a: CreatedAccount;
  let b: CreatedAccount;
  const creds = { aKyb: '', bKyb: '', aAge: '', bAge: '' };
  let rows: Row[] = [];

  before(async () => {
    a = await root.createAccount();
    b = await root.createAccount();
    const pa = partnerFor(a);
    const pb = partnerFor(b);
    creds.aKyb = (await pa.createKybToken({ clientId: 'm' })).tokenString;
    creds.bKyb = (await pb.createKybToken({ clientId: 'm' })).tokenString;
    creds.aAge = (await pa.createAgeToken(ageRequest())).token;
    creds.bAge = (await pb.createAgeToken(ageRequest())).token;
    const form = await call('POST', '/kyb/forms/', `Bearer ${creds.aKyb}`, {
      company: { companyName: 'M', country: 'DE' },
    });
    await call('POST', '/kyb/forms/', `Bearer ${creds.bKyb}`, {
      company: { companyName: 'N', country: 'DE' },
    });
    const fid = String(form.json?.id);
    const ben = await call('POST', `/kyb/forms/${fid}/beneficiaries/`, `Bearer ${creds.aKyb}`, {
      beneficiaryTypes: ['UBO'],
      info: { infoType: 'INDIVIDUAL', name: 'A', surname: 'B' },
    });
    const bid = String(ben.json?.id);
    const doc = await call(
      'POST',
      `/kyb/forms/${fid}/beneficiaries/${bid}/documents/`,
      `Bearer ${creds.aKyb}`,
      {
        type: 'OTHER',
        filename: 'a.png',
        file: 'AAAA',
      },
    );
    const did = String(doc.json?.id);
    const qs = await call('GET', `/kyb/forms/${fid}/questionnaires/`, `Bearer ${creds.aKyb}`);
    const qid = String((qs.json as unknown as { id: string }[])[0]!.id);
    const mon = await pa.createMonitoring({
      isSubscribed: true,
      amlCheck: { clientId: 'x', userType: 'COMPANY', input: { companyName: 'Q' } },
    });
    const sos = await pa.orderSosDocument({
      companyName: 'Q',
      city: 'A',
      street: 'B',
      postalCode: '12345',
      state: 'NY',
    });
    const scan = a.finishedScanRefs[0]!;
    const F = `/kyb/forms/${fid}`;
    rows = [
      { method: 'POST', path: '/aml/monitorings/', mode: 'basic', owned: false, body: {} },
      { method: 'GET', path: `/aml/monitorings/${mon.id}/`, mode: 'basic', owned: true },
      { method: 'POST', path: `/aml/monitorings/${mon.id}/start/`, mode: 'basic', owned: true, body: {} },
      { method: 'POST', path: `/aml/monitorings/${mon.id}/stop/`, mode: 'basic', owned: true, body: {} },
      { method: 'POST', path: '/api/v2/sos-filing-documents/', mode: 'basic', owned: false, body: {} },
      { method: 'GET', path: '/api/v2/sos-filing-documents/', mode: 'basic', owned: false },
      { method: 'GET', path: `/api/v2/sos-filing-documents/${sos.id}/`, mode: 'basic', owned: true },
      { method: 'POST', path: '/age-estimation/token/', mode: 'basic', owned: false, body: {} },
      {
        method: 'POST',
        path: `/kyc/identifications/${scan}/blocklists/DOCUMENT/`,
        mode: 'basic',
        owned: true,
        body: { reason: 'r' },
      },
      { method: 'POST', path: '/api/v2/token', mode: 'basic', owned: false, body: {} },
      { method: 'POST', path: '/kyb/tokens/', mode: 'basic', owned: false, body: {} },
      { method: 'GET', path: '/kyb/info/', mode: 'kyb', owned: false },
      { method: 'GET', path: '/kyb/forms/', mode: 'kyb', owned: false },
      { method: 'POST', path: '/kyb/forms/', mode: 'kyb', owned: false, body: {} },
      { method: 'GET', path: `${F}/`, mode: 'kyb-or-basic', owned: true },
      { method: 'PATCH', path: `${F}/`, mode: 'kyb-or-basic', owned: true, body: { company: {} } },
      { method: 'POST', path: `${F}/submit/`, mode: 'kyb', owned: true },
      { method: 'GET', path: `${F}/beneficiaries/`, mode: 'kyb-or-basic', owned: true },
      { method: 'POST', path: `${F}/beneficiaries/`, mode: 'kyb-or-basic', owned: true, body: {} },
      { method: 'GET', path: `${F}/beneficiaries/${bid}/`, mode: 'kyb-or-basic', owned: true },
      { method: 'PATCH', path: `${F}/beneficiaries/${bid}/`, mode: 'kyb-or-basic', owned: true, body: {} },
      { method: 'DELETE', path: `${F}/beneficiaries/${bid}/`, mode: 'kyb-or-basic', owned: true },
      { method: 'GET', path: `${F}/documents/`, mode: 'kyb-or-basic', owned: true },
      { method: 'POST', path: `${F}/documents/`, mode: 'kyb-or-basic', owned: true, body: {} },
      { method: 'GET', path: `${F}/beneficiaries/${bid}/documents/`, mode: 'kyb-or-basic', owned: true },
      {
        method: 'POST',
        path: `${F}/beneficiaries/${bid}/documents/`,
        mode: 'kyb-or-basic',
        owned: true,
        body: {},
      },
      {
        method: 'GET',
        path: `${F}/beneficiaries/${bid}/documents/${did}/`,
        mode: 'kyb-or-basic',
        owned: true,
      },
      {
        method: 'PATCH',
        path: `${F}/beneficiaries/${bid}/documents/${did}/`,
        mode: 'kyb-or-basic',
        owned: true,
        body: { filename: 'b.png' },
      },
      { method: 'GET', path: `${F}/questionnaires/`, mode: 'kyb-or-basic', owned: true },
      { method: 'GET', path: `${F}/questionnaires/${qid}/answers/`, mode: 'kyb-or-basic', owned: true },
      {
        method: 'PUT',
        path: `${F}/questionnaires/${qid}/answers/`,
        mode: 'kyb-or-basic',
        owned: true,
        body: {},
      },
      { method: 'GET', path: '/age-estimation/session/', mode: 'age', owned: false },
      { method: 'POST', path: '/age-estimation/session/selfie/', mode: 'age', owned: false, body: {} },
      { method: 'POST', path: '/age-estimation/session/document/', mode: 'age', owned: false, body: {} },
    ];
  });

  test('every endpoint refuses missing, wrong-scheme, wrong and foreign credentials', async () => {
    assert.ok(rows.length >= 30);
    let checked = 0;
    for (const r of rows) {
      const cases: [string, string | null, number][] = [['none', null, 401]];
      if (r.mode === 'basic') {
        cases.push(['bearer kyb', `Bearer ${creds.aKyb}`, 401], ['bearer age', `Bearer ${creds.aAge}`, 401]);
        cases.push(['wrong secret', basic({ apiKey: a.apiKey, apiSecret: 'nope' }), 401]);
        cases.push(['unknown key', basic({ apiKey: 'nobody', apiSecret: 'x' }), 401]);
        if (r.owned) cases.push(['other tenant', basic(b), 404]);
      } else if (r.mode === 'kyb' || r.mode === 'kyb-or-basic') {
        cases.push(['age token', `Bearer ${creds.aAge}`, 401], ['unknown token', 'Bearer kyb_nope', 401]);
        if (r.mode === 'kyb') cases.push(['basic', basic(a), 401]);
        cases.push(['wrong secret', basic({ apiKey: a.apiKey, apiSecret: 'nope' }), 401]);
        if (r.owned) cases.push(['other tenant token', `Bearer ${creds.bKyb}`, 404]);
        if (r.owned && r.mode === 'kyb-or-basic') cases.push(['other tenant key', basic(b), 404]);
      } else {
        cases.push(['kyb token', `Bearer ${creds.aKyb}`, 401], ['basic', basic(a), 401]);
        cases.push(['unknown token', 'Bearer age_nope', 401], ['garbage', 'Digest abc', 401]);
      }
      for (const [name, auth, status] of cases) {
        const res = await call(r.method, r.path, auth, r.body);
        assert.equal(res.status, status, `${r.method} ${r.path} with ${name}: ${res.text}`);
        const body = KybErrorBody.parse(res.json);
        assert.equal(body.identifier, status === 401 ? 'AUTHENTICATION_FAILED' : 'NOT_FOUND');
        assert.equal(body.documentation, `urn:verify-elements:sandbox:errors:${body.identifier}`);
        checked++;
      }
    }
    assert.ok(checked > 150, String(checked));
    // nothing was changed by the refused calls
    const ben = await call('GET', rows.find((r) => r.method === 'DELETE')!.path, `Bearer ${creds.aKyb}`);
    assert.equal(ben.status, 200);
  });
});

describe('errors', () => {
  test('404 unknown path, 405 with Allow', async () => {
    const nf = await call('GET', '/nope/', basic(DEMO_ACCOUNT));
    assert.equal(nf.status, 404);
    assert.equal(nf.json?.identifier, 'NOT_FOUND');
    const na = await call('DELETE', '/aml/monitorings/', basic(DEMO_ACCOUNT));
    assert.equal(na.status, 405);
    assert.equal(na.json?.identifier, 'METHOD_NOT_ALLOWED');
    assert.equal(na.headers.get('allow'), 'POST');
    const noSlash = await call('POST', '/aml/monitorings', basic(DEMO_ACCOUNT), {});
    assert.equal(noSlash.status, 404);
  });
  test('JSON_ERROR and VALIDATION_ERROR with field paths; unknown fields ignored', async () => {
    const bad = await call('POST', '/api/v2/sos-filing-documents/', basic(DEMO_ACCOUNT), '{"companyName":');
    assert.equal(bad.status, 400);
    assert.equal(bad.json?.identifier, 'JSON_ERROR');
    const invalid = await call('POST', '/aml/monitorings/', basic(DEMO_ACCOUNT), {
      isSubscribed: 'yes',
      amlCheck: { clientId: 'c', userType: 'PERSON', input: { fullName: '' } },
      tags: ['a,b'],
    });
    assert.equal(invalid.status, 400);
    assert.equal(invalid.json?.identifier, 'VALIDATION_ERROR');
    const fields = invalid.json?.fields as Record<string, string[]>;
    assert.ok(fields.isSubscribed);
    assert.ok(fields['amlCheck.input.fullName']);
    assert.ok(fields['tags.0']);
    const extra = await call('POST', '/api/v2/token', basic(DEMO_ACCOUNT), {
      clientId: 'x',
      tokenType: 'DOCUMENT',
      surprise: true,
    });
    assert.equal(extra.status, 201);
  });
  test('413 for a body over 20 MiB and a document over 10 MiB', async () => {
    const big = 'a'.repeat(21 * 1024 * 1024);
    const r = await call('POST', '/api/v2/token', basic(DEMO_ACCOUNT), big);
    assert.equal(r.status, 413);
    assert.equal(r.json?.identifier, 'BAD_VALUE');
    const t = await partnerFor({ ...DEMO_ACCOUNT, finishedScanRefs: [] } as CreatedAccount).createKybToken({
      clientId: 'big-doc',
    });
    const form = await call('POST', '/kyb/forms/', `Bearer ${t.tokenString}`, {
      company: { companyName: 'Big', country: 'DE' },
    });
    const file = 'A'.repeat(Math.ceil((10 * 1024 * 1024 + 10) / 3) * 4);
    const doc = await call('POST', `/kyb/forms/${form.json?.id}/documents/`, `Bearer ${t.tokenString}`, {
      type: 'OTHER',
      filename: 'big.pdf',
      file,
    });
    assert.equal(doc.status, 413);
    assert.equal(doc.json?.identifier, 'BAD_VALUE');
  });
  test('rate limit per credential -> 429 with Retry-After', async () => {
    const acc = await root.createAccount({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++)
      assert.equal((await call('GET', '/api/v2/sos-filing-documents/', basic(acc))).status, 200);
    const limited = await call('GET', '/api/v2/sos-filing-documents/', basic(acc));
    assert.equal(limited.status, 429);
    assert.equal(limited.json?.identifier, 'TOO_MANY_REQUESTS');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    // control endpoints are not limited
    assert.equal((await root.withAccount(acc).listRequests()).at(-1)?.status, 429);
  });
});

describe('fault mode and request log', () => {
  test('failRate 1 -> 503 before the handler; afterCommit -> saved but answer lost', async () => {
    const acc = await root.createAccount();
    const c = root.withAccount(acc);
    const order = { companyName: 'F', city: 'A', street: 'B', postalCode: '12345', state: 'NY' };
    await c.setFaults({ failRate: 1, seed: 1, paths: '^/api/v2/sos' });
    const r = await call('POST', '/api/v2/sos-filing-documents/', basic(acc), order);
    assert.equal(r.status, 503);
    assert.equal(r.json?.identifier, 'INTERNAL_ERROR');
    assert.equal(
      (await call('POST', '/api/v2/token', basic(acc), { clientId: 'x', tokenType: 'IDENTIFICATION' }))
        .status,
      201,
      'paths limits',
    );
    // methods: only POSTs fail; the GET of the same path answers.
    await c.setFaults({ failRate: 1, seed: 3, paths: '^/api/v2/sos', methods: ['POST'] });
    assert.equal(
      (await call('GET', '/api/v2/sos-filing-documents/', basic(acc))).status,
      200,
      'GET not faulted',
    );
    assert.equal((await call('POST', '/api/v2/sos-filing-documents/', basic(acc), order)).status, 503);
    await c.setFaults({ failRate: 1, afterCommit: true, seed: 2 });
    assert.equal((await call('POST', '/api/v2/sos-filing-documents/', basic(acc), order)).status, 503);
    await c.setFaults({});
    const list = await call('GET', '/api/v2/sos-filing-documents/', basic(acc));
    assert.equal((list.json as unknown as unknown[]).length, 1, 'only the afterCommit order was saved');
  });
  test('dropRate 1 resets the connection; rateLimitRate -> 429 Retry-After 1', async () => {
    const acc = await root.createAccount();
    const c = root.withAccount(acc);
    await c.setFaults({ dropRate: 1 });
    await assert.rejects(call('GET', '/api/v2/sos-filing-documents/', basic(acc)));
    await c.setFaults({ rateLimitRate: 1 });
    const r = await call('GET', '/api/v2/sos-filing-documents/', basic(acc));
    assert.equal(r.status, 429);
    assert.equal(r.headers.get('retry-after'), '1');
  });
  test('malformed kinds corrupt the real answer', async () => {
    const acc = await root.createAccount();
    const c = root.withAccount(acc);
    const t = (await partnerFor(acc).createKybToken({ clientId: 'mal' })).tokenString;
    await c.setFaults({ malformed: { rate: 1, kind: 'invalid-json' } });
    const inv = await call('GET', '/kyb/info/', `Bearer ${t}`);
    assert.equal(inv.status, 200);
    assert.throws(() => JSON.parse(inv.text));
    await c.setFaults({ malformed: { rate: 1, kind: 'wrong-content-type' } });
    assert.match(
      (await call('GET', '/kyb/info/', `Bearer ${t}`)).headers.get('content-type') ?? '',
      /text\/html/,
    );
    await c.setFaults({ malformed: { rate: 1, kind: 'extra-fields' } });
    assert.ok('__sandboxExtra' in ((await call('GET', '/kyb/info/', `Bearer ${t}`)).json ?? {}));
    await c.setFaults({ malformed: { rate: 1, kind: 'empty-body' } });
    assert.equal((await call('GET', '/kyb/info/', `Bearer ${t}`)).text, '');
    await c.setFaults({ malformed: { rate: 1, kind: 'wrong-types' } });
    assert.equal(typeof (await call('GET', '/kyb/info/', `Bearer ${t}`)).json?.locale, 'number');
    const badPaths = await call('PUT', '/_sandbox/faults', basic(acc), { paths: '(' });
    assert.equal(badPaths.status, 400);
  });
  test('request log records Basic and bearer calls of the account; DELETE clears it', async () => {
    const acc = await root.createAccount();
    const c = root.withAccount(acc);
    const t = (await partnerFor(acc).createKybToken({ clientId: 'log' })).tokenString;
    await call('GET', '/kyb/info/', `Bearer ${t}`);
    const log = await c.listRequests();
    assert.deepEqual(
      log.map((e) => [e.method, e.path, e.auth, e.status]),
      [
        ['POST', '/kyb/tokens/', 'basic', 201],
        ['GET', '/kyb/info/', 'bearer', 200],
      ],
    );
    assert.deepEqual(log[0]!.body, { tokenType: 'FORM', clientId: 'log' });
    await c.clearRequests();
    assert.deepEqual(await c.listRequests(), []);
  });
});

describe('webhooks', () => {
  let receiver: Server;
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  let receiverUrl = '';
  before(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  after(() => new Promise<void>((r) => receiver.close(() => r())));

  test('age result webhook is recorded, signed and delivered to a loopback receiver', async () => {
    const acc = await root.createAccount({ ageWebhookUrl: receiverUrl });
    const c = root.withAccount(acc);
    const token = (await partnerFor(acc).createAgeToken(ageRequest({ client_id: 'u1' }))).token;
    const r = await fetch(`${srv.url}/age-estimation/session/selfie/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ image: 'AAAA' }),
    });
    assert.equal(r.status, 200);
    await srv.sandbox.settled();
    const [hook] = await c.listWebhooks();
    assert.ok(hook);
    assert.equal(hook.url, receiverUrl);
    assert.equal(hook.deliveredStatus, 204);
    assert.equal(hook.error, null);
    assert.equal(await verifyWebhookSignature(hook.body, hook.signature, acc.webhookSecret), true);
    assert.equal(await verifyWebhookSignature(hook.body, hook.signature, 'wrong'), false);
    const got = received.find((x) => x.body === hook.body);
    assert.ok(got, 'delivered byte for byte');
    assert.equal(got.headers['idenfy-event-type'], 'AGE_ESTIMATION');
    assert.equal(
      await verifyWebhookSignature(got.body, got.headers['idenfy-signature'], acc.webhookSecret),
      true,
    );
  });

  test('a failing receiver is recorded, not thrown', async () => {
    const acc = await root.createAccount({ webhookUrl: 'http://127.0.0.1:1/closed' });
    const token = (await partnerFor(acc).createAgeToken(ageRequest())).token;
    await fetch(`${srv.url}/age-estimation/session/selfie/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ image: 'AAAA' }),
    });
    await srv.sandbox.settled();
    const [hook] = await root.withAccount(acc).listWebhooks();
    assert.equal(hook?.deliveredStatus, null);
    assert.ok(hook?.error);
  });
});
