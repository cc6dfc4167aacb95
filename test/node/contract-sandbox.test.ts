/**
 * Contract, sandbox: over real loopback HTTP, the sandbox answers every route of the call-to-schema table
 * in the published response shape (and records its webhooks in the published bodies and headers), and
 * refuses with 400 bodies that the published request schema refuses (a few per write route), as the real
 * service would.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl, type CreatedAccount } from '../../src/sandbox/control-client.ts';
import { check } from '../support/contract.ts';

let srv: SandboxServer;
let acc: CreatedAccount;
let basic = '';
const counts = { answers: 0, shaped: 0, refusalsTried: 0, refused: 0 };
const problems: string[] = [];
const PDF = 'JVBERi0xLjQKJcOkw7zDtsOfCg==';

before(async () => {
  srv = await startSandboxServer({ deliverWebhooks: false });
  acc = await new SandboxControl({ baseUrl: srv.url }).createAccount({ ageCredits: 100 });
  basic = `Basic ${Buffer.from(`${acc.apiKey}:${acc.apiSecret}`).toString('base64')}`;
});
after(async () => {
  await srv.close();
  console.log(
    `contract sandbox: ${counts.answers} answers checked, ${counts.shaped} in the published shape; ` +
      `${counts.refusalsTried} refused bodies sent, ${counts.refused} answered 400`,
  );
  for (const p of problems) console.log(`  ${p.slice(0, 400)}`);
});

async function call(method: string, path: string, auth: string, body?: unknown) {
  const res = await fetch(`${srv.url}${path}`, {
    method,
    headers: { Authorization: auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Calls a route and checks the status and the published response shape; returns the body. */
async function answer(
  published: string,
  method: string,
  path: string,
  auth: string,
  body: unknown,
  status: number,
  list = false,
): Promise<Record<string, unknown>> {
  const r = await call(method, path, auth, body);
  counts.answers++;
  const label = `${method} ${path} -> ${published}${list ? '[]' : ''}`;
  if (r.status !== status) {
    problems.push(`${label}: status ${r.status} ${JSON.stringify(r.json)}`);
    assert.equal(r.status, status, `${label}: ${JSON.stringify(r.json)}`);
  }
  const items = list ? (r.json as unknown[]) : [r.json];
  assert.ok(Array.isArray(items), `${label}: a list`);
  for (const item of items) {
    const problem = check(published, item);
    if (problem) {
      problems.push(`${label}: ${problem}`);
      assert.fail(`${label}: ${problem}\n${JSON.stringify(item).slice(0, 600)}`);
    }
  }
  counts.shaped++;
  return (list ? { items: r.json } : r.json) as Record<string, unknown>;
}

/** Sends bodies the published request schema refuses; each must be answered 400. */
async function refuses(published: string, method: string, path: string, auth: string, bodies: unknown[]) {
  for (const body of bodies) {
    assert.notEqual(
      check(published, body),
      null,
      `the published ${published} accepts ${JSON.stringify(body)}`,
    );
    counts.refusalsTried++;
    const r = await call(method, path, auth, body);
    if (r.status === 400) counts.refused++;
    else
      problems.push(`${method} ${path} answered ${r.status} to ${JSON.stringify(body)} (published: refused)`);
    assert.equal(r.status, 400, `${method} ${path} with ${JSON.stringify(body)}: ${JSON.stringify(r.json)}`);
  }
}

const company = { companyName: 'Contract GmbH', country: 'DE', city: 'Berlin' };

describe('the sandbox answers in the published shapes', () => {
  const s: { token: string; bearer: string; formId: string; benId: string; owner: string; docId: string } = {
    token: '',
    bearer: '',
    formId: '',
    benId: '',
    owner: '',
    docId: '',
  };
  test('POST /kyb/tokens/ -> kyb.KybToken', async () => {
    const t = await answer(
      'kyb.KybToken',
      'POST',
      '/kyb/tokens/',
      basic,
      { tokenType: 'FORM', clientId: 'c1' },
      201,
    );
    s.token = String(t.tokenString);
    s.bearer = `Bearer ${s.token}`;
  });
  test('GET /kyb/info/ -> kyb.KybInfo; 401 -> kyb.KybInfoUnauthorized', async () => {
    await answer('kyb.KybInfo', 'GET', '/kyb/info/', s.bearer, undefined, 200);
    await answer('kyb.KybInfoUnauthorized', 'GET', '/kyb/info/', 'Bearer kyb_unknown', undefined, 401);
  });
  test('forms: list, create, get, patch', async () => {
    await answer('kyb.KybFormList', 'GET', '/kyb/forms/', s.bearer, undefined, 200, true);
    const f = await answer('kyb.KybFormCreate', 'POST', '/kyb/forms/', s.bearer, { company }, 201);
    s.formId = String(f.id);
    await answer('kyb.KybFormList', 'GET', '/kyb/forms/', s.bearer, undefined, 200, true);
    await answer('kyb.KybForm', 'GET', `/kyb/forms/${s.formId}/`, s.bearer, undefined, 200);
    await answer(
      'kyb.KybFormUpdate',
      'PATCH',
      `/kyb/forms/${s.formId}/`,
      s.bearer,
      { company: { ...company, street: 'Unter den Linden 1', brandNames: ['Contract'] } },
      200,
    );
  });
  test('beneficiaries: person, company owner with its own owner, list, patch', async () => {
    const base = `/kyb/forms/${s.formId}/beneficiaries/`;
    const person = await answer(
      'kyb.BeneficiaryCreate',
      'POST',
      base,
      s.bearer,
      {
        beneficiaryTypes: ['UBO'],
        info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace', dateOfBirth: '1990-12-10' },
        ownershipPercentage: 30,
      },
      201,
    );
    s.benId = String(person.id);
    const owner = await answer(
      'kyb.BeneficiaryCreate',
      'POST',
      base,
      s.bearer,
      {
        beneficiaryTypes: ['SHAREHOLDER'],
        info: { infoType: 'COMPANY', companyName: 'Holding AG', country: 'CH' },
        ownershipPercentage: 60,
      },
      201,
    );
    s.owner = String(owner.id);
    await answer(
      'kyb.BeneficiaryCreate',
      'POST',
      base,
      s.bearer,
      {
        beneficiaryTypes: ['UBO'],
        info: { infoType: 'INDIVIDUAL', name: 'Grace', surname: 'Hopper' },
        ownershipPercentage: 100,
        parent: s.owner,
      },
      201,
    );
    await answer('kyb.Beneficiary', 'GET', base, s.bearer, undefined, 200, true);
    await answer('kyb.Beneficiary', 'GET', `${base}${s.benId}/`, s.bearer, undefined, 200);
    await answer('kyb.Beneficiary', 'PATCH', `${base}${s.benId}/`, s.bearer, { formFiller: true }, 200);
  });
  test('documents: company and beneficiary, list, get, rename', async () => {
    const docs = `/kyb/forms/${s.formId}/documents/`;
    await answer(
      'kyb.KybFormDocumentCreate',
      'POST',
      docs,
      s.bearer,
      { type: 'INCORPORATION_CERT', filename: 'incorporation.pdf', file: PDF },
      201,
    );
    await answer('kyb.KybFormDocument', 'GET', docs, s.bearer, undefined, 200, true);
    const bdocs = `/kyb/forms/${s.formId}/beneficiaries/${s.benId}/documents/`;
    const d = await answer(
      'kyb.BeneficiaryDocumentCreate',
      'POST',
      bdocs,
      s.bearer,
      { type: 'IDENTITY_DOCUMENT', filename: 'passport.pdf', file: PDF },
      201,
    );
    s.docId = String(d.id);
    await answer('kyb.BeneficiaryDocument', 'GET', bdocs, s.bearer, undefined, 200, true);
    await answer('kyb.BeneficiaryDocument', 'GET', `${bdocs}${s.docId}/`, s.bearer, undefined, 200);
    await answer(
      'kyb.BeneficiaryDocument',
      'PATCH',
      `${bdocs}${s.docId}/`,
      s.bearer,
      { filename: 'passport-2.pdf' },
      200,
    );
  });
  test('questionnaires and answers', async () => {
    const list = await answer(
      'kyb.Questionnaire',
      'GET',
      `/kyb/forms/${s.formId}/questionnaires/`,
      s.bearer,
      undefined,
      200,
      true,
    );
    const q = (list.items as { id: string }[])[0];
    assert.ok(q, 'a questionnaire');
    const path = `/kyb/forms/${s.formId}/questionnaires/${q.id}/answers/`;
    const none = await call('GET', path, s.bearer);
    assert.equal(none.status, 204);
    const put = await call('PUT', path, s.bearer, { sections: {} });
    assert.ok(
      put.status === 200 || put.status === 204,
      `PUT answers: ${put.status} ${JSON.stringify(put.json)}`,
    );
    if (put.json !== undefined) assert.equal(check('kyb.KybFormAnswers', put.json), null);
    await answer('kyb.KybFormAnswers', 'GET', path, s.bearer, undefined, 200);
  });
  test('age token -> age.AgeEstimationToken; 402 -> age.InsufficientFinances', async () => {
    await answer(
      'age.AgeEstimationToken',
      'POST',
      '/age-estimation/token/',
      basic,
      { min_age: 18, confidence_threshold: 72.5 },
      201,
    );
    const poor = await new SandboxControl({ baseUrl: srv.url }).createAccount({ ageCredits: 0 });
    const poorAuth = `Basic ${Buffer.from(`${poor.apiKey}:${poor.apiSecret}`).toString('base64')}`;
    await answer(
      'age.InsufficientFinances',
      'POST',
      '/age-estimation/token/',
      poorAuth,
      { min_age: 18, confidence_threshold: 70 },
      402,
    );
  });
  test('AML: create, get, start, stop -> aml.AmlMonitoring', async () => {
    for (const amlCheck of [
      { clientId: 'p1', userType: 'PERSON', input: { fullName: 'Ada Lovelace', nationality: 'GB' } },
      { clientId: 'c1', userType: 'COMPANY', input: { companyName: 'Contract GmbH' } },
    ]) {
      const m = await answer(
        'aml.AmlMonitoring',
        'POST',
        '/aml/monitorings/',
        basic,
        { isSubscribed: true, amlCheck },
        201,
      );
      await answer('aml.AmlMonitoring', 'GET', `/aml/monitorings/${String(m.id)}/`, basic, undefined, 200);
      await answer('aml.AmlMonitoring', 'POST', `/aml/monitorings/${String(m.id)}/stop/`, basic, {}, 200);
      await answer(
        'aml.AmlMonitoring',
        'POST',
        `/aml/monitorings/${String(m.id)}/start/`,
        basic,
        { comment: 'resume' },
        200,
      );
    }
  });
  test('SOS: order and read -> kyb.SosReportDocument', async () => {
    const order = {
      companyName: 'Contract LLC',
      state: 'TX',
      city: 'Austin',
      street: '1 Main St',
      postalCode: '73301',
    };
    const o = await answer(
      'kyb.SosReportDocument',
      'POST',
      '/api/v2/sos-filing-documents/',
      basic,
      order,
      201,
    );
    await answer(
      'kyb.SosReportDocument',
      'GET',
      `/api/v2/sos-filing-documents/${String(o.id)}/`,
      basic,
      undefined,
      200,
    );
  });
  test('identity token -> kyc.ApiV2TokenResponse; blocklist -> kyc.IdentificationBlacklistEntry', async () => {
    for (const tokenType of ['IDENTIFICATION', 'DOCUMENT']) {
      await answer(
        'kyc.ApiV2TokenResponse',
        'POST',
        '/api/v2/token',
        basic,
        { clientId: 'u1', tokenType },
        201,
      );
    }
    const [a, b] = acc.finishedScanRefs;
    assert.ok(a && b);
    await answer(
      'kyc.IdentificationBlacklistEntry',
      'POST',
      `/kyc/identifications/${a}/blocklists/SELFIE/`,
      basic,
      { reason: 'fraud' },
      201,
    );
    await answer(
      'kyc.IdentificationBlacklistEntry',
      'POST',
      `/kyc/identifications/${b}/blocklists/DOCUMENT/`,
      basic,
      {},
      201,
    );
  });
  test('webhooks: the recorded bodies and headers are the published ones', async () => {
    const control = new SandboxControl({ baseUrl: srv.url }).withAccount(acc);
    // an age session decided, a form submitted or put back by an information request
    const age = await call('POST', '/age-estimation/token/', basic, {
      min_age: 18,
      confidence_threshold: 70,
    });
    const token = (age.json as { token: string }).token;
    const selfie = await call('POST', '/age-estimation/session/selfie/', `Bearer ${token}`, {
      image: 'AAAA',
    });
    assert.equal(selfie.status, 200);
    await control.requestInformation(s.formId);
    const hooks = await control.listWebhooks();
    const schemas = {
      AGE_ESTIMATION: 'age.AgeEstimationWebhook',
      COMPANY_SUBMIT: 'kyb.CompanySubmitWebhook',
      COMPANY_INFO_REQUEST: 'kyb.CompanyInfoRequestWebhook',
    } as const;
    // a form that can be submitted at once (an empty flow, no questionnaire)
    const minimal = await new SandboxControl({ baseUrl: srv.url }).createAccount({
      kyb: {
        info: { locale: 'en', theme: null, flow: { fields: [], beneficiaries: [] } },
        questionnaires: [],
      },
    });
    const minimalAuth = `Basic ${Buffer.from(`${minimal.apiKey}:${minimal.apiSecret}`).toString('base64')}`;
    const t = await call('POST', '/kyb/tokens/', minimalAuth, {
      tokenType: 'FORM',
      clientId: 'submit',
      externalRef: 'ref-1',
    });
    const mb = `Bearer ${(t.json as { tokenString: string }).tokenString}`;
    const f = await call('POST', '/kyb/forms/', mb, { company });
    const submitted = await call('POST', `/kyb/forms/${(f.json as { id: string }).id}/submit/`, mb);
    assert.equal(submitted.status, 200, JSON.stringify(submitted.json));
    hooks.push(...(await new SandboxControl({ baseUrl: srv.url }).withAccount(minimal).listWebhooks()));
    for (const type of ['AGE_ESTIMATION', 'COMPANY_SUBMIT', 'COMPANY_INFO_REQUEST'])
      assert.ok(
        hooks.some((h) => h.eventType === type),
        `a ${type} webhook`,
      );
    for (const h of hooks) {
      counts.answers++;
      assert.equal(h.headers['Idenfy-Event-Type'], h.eventType);
      assert.match(h.headers['Idenfy-Signature'] ?? '', /^[0-9a-f]{64}$/);
      const problem = check(schemas[h.eventType], JSON.parse(h.body));
      if (problem) problems.push(`webhook ${h.eventType}: ${problem}`);
      assert.equal(problem, null, `webhook ${h.eventType}: ${h.body}`);
      counts.shaped++;
    }
  });
});

describe('the sandbox refuses with 400 what the published request schemas refuse', () => {
  let bearer = '';
  let formId = '';
  let benId = '';
  let docId = '';
  before(async () => {
    const t = await call('POST', '/kyb/tokens/', basic, { tokenType: 'FORM', clientId: 'refusals' });
    bearer = `Bearer ${(t.json as { tokenString: string }).tokenString}`;
    const f = await call('POST', '/kyb/forms/', bearer, { company });
    formId = (f.json as { id: string }).id;
    const b = await call('POST', `/kyb/forms/${formId}/beneficiaries/`, bearer, {
      beneficiaryTypes: ['UBO'],
      info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace' },
    });
    benId = (b.json as { id: string }).id;
    const d = await call('POST', `/kyb/forms/${formId}/beneficiaries/${benId}/documents/`, bearer, {
      type: 'OTHER',
      filename: 'x.pdf',
      file: PDF,
    });
    docId = (d.json as { id: string }).id;
  });
  test('POST /kyb/tokens/', () =>
    refuses('kyb.KybTokenRequest', 'POST', '/kyb/tokens/', basic, [
      { clientId: 'no-token-type' },
      { tokenType: 'FORM' },
      { tokenType: 'FORM', clientId: 'x', lifetime: -1 },
      { tokenType: 'FORM', clientId: 'x', tags: ['a,b'] },
    ]));
  test('POST /kyb/forms/', () =>
    refuses('kyb.KybFormCreateRequest', 'POST', '/kyb/forms/', bearer, [
      { company: { companyName: 'No country' } },
      { company: { companyName: 'A', country: 'XX' } },
      { company: { companyName: 'A', country: 'DE', brandNames: null } },
    ]));
  test('PATCH /kyb/forms/{id}/', () =>
    refuses('kyb.PatchedKybFormUpdateRequest', 'PATCH', `/kyb/forms/${formId}/`, bearer, [
      { company: { city: 'Berlin' } },
      { company: { ...company, region: 'BER' } },
      { company: { ...company, additionalInfo: null } },
    ]));
  test('POST beneficiaries', () =>
    refuses('kyb.BeneficiaryCreateRequest', 'POST', `/kyb/forms/${formId}/beneficiaries/`, bearer, [
      { beneficiaryTypes: ['UBO'], info: { infoType: 'COMPANY', companyName: 'No country' } },
      { beneficiaryTypes: ['UBO'], info: { infoType: 'INDIVIDUAL', name: 'No surname' } },
      { beneficiaryTypes: [], info: { infoType: 'INDIVIDUAL', name: 'A', surname: 'B' } },
      { infoType: 'INDIVIDUAL', beneficiaryTypes: ['UBO'], info: { name: 'A', surname: 'B' } },
    ]));
  test('PATCH beneficiary', () =>
    refuses(
      'kyb.PatchedBeneficiaryRequest',
      'PATCH',
      `/kyb/forms/${formId}/beneficiaries/${benId}/`,
      bearer,
      [{ positions: ['a', 'b', 'c', 'd'] }, { ownershipPercentage: 101 }, { beneficiaryTypes: ['OWNER'] }],
    ));
  test('POST company document', () =>
    refuses('kyb.KybFormDocumentCreateRequest', 'POST', `/kyb/forms/${formId}/documents/`, bearer, [
      { type: 'CERTIFICATE_OF_INCORPORATION', filename: 'a.pdf', file: PDF },
      { type: 'OTHER', filename: 'a.pdf' },
      { type: 'OTHER', filename: `${'a'.repeat(97)}.pdf`, file: PDF },
    ]));
  test('POST beneficiary document', () =>
    refuses(
      'kyb.BeneficiaryDocumentCreateRequest',
      'POST',
      `/kyb/forms/${formId}/beneficiaries/${benId}/documents/`,
      bearer,
      [
        { type: 'PASSPORT', filename: 'a.pdf', file: PDF },
        { type: 'OTHER', filename: 'a.pdf' },
      ],
    ));
  test('PATCH beneficiary document', () =>
    refuses(
      'kyb.PatchedBeneficiaryDocumentRequest',
      'PATCH',
      `/kyb/forms/${formId}/beneficiaries/${benId}/documents/${docId}/`,
      bearer,
      [{ type: 'PASSPORT' }, { filename: `${'a'.repeat(97)}.pdf` }],
    ));
  test('PUT answers', async () => {
    const list = await call('GET', `/kyb/forms/${formId}/questionnaires/`, bearer);
    const q = (list.json as { id: string }[])[0];
    assert.ok(q);
    await refuses(
      'kyb.KybFormAnswersRequest',
      'PUT',
      `/kyb/forms/${formId}/questionnaires/${q.id}/answers/`,
      bearer,
      [{}, { sections: [] }, { sections: { main: { q1: 'no value wrapper' } } }],
    );
  });
  test('POST /age-estimation/token/', () =>
    refuses('age.AgeEstimationTokenRequest', 'POST', '/age-estimation/token/', basic, [
      { min_age: 18 },
      { confidence_threshold: 70 },
      { min_age: 0, confidence_threshold: 50 },
      { min_age: 18, confidence_threshold: 50, success_redirect: 'not a uri' },
      { min_age: 18, confidence_threshold: 50, retry_limit: null },
    ]));
  test('POST /aml/monitorings/ and start/stop', async () => {
    await refuses('aml.AmlMonitoringRequest', 'POST', '/aml/monitorings/', basic, [
      { isSubscribed: true },
      { isSubscribed: true, amlCheck: { clientId: 'c', userType: 'PERSON', input: {} } },
      { isSubscribed: true, amlCheck: { clientId: 'c', userType: 'ROBOT', input: { fullName: 'A' } } },
    ]);
    const m = await call('POST', '/aml/monitorings/', basic, {
      isSubscribed: true,
      amlCheck: { clientId: 'c', userType: 'PERSON', input: { fullName: 'A B' } },
    });
    const id = (m.json as { id: string }).id;
    await refuses('aml.AmlMonitoringStartStopRequest', 'POST', `/aml/monitorings/${id}/stop/`, basic, [
      { comment: '' },
      { comment: null },
    ]);
  });
  test('POST SOS order', () =>
    refuses('kyb.SosReportParameterRequest', 'POST', '/api/v2/sos-filing-documents/', basic, [
      { companyName: 'A', state: 'TX', city: 'B', street: 'C', postalCode: '1234' },
      { companyName: 'A', city: 'B', street: 'C', postalCode: '12345' },
      { companyName: 'A'.repeat(201), state: 'TX', city: 'B', street: 'C', postalCode: '12345' },
    ]));
  test('POST /api/v2/token', () =>
    refuses('kyc.ApiV2TokenRequest', 'POST', '/api/v2/token', basic, [
      { clientId: 'no-type' },
      { clientId: 'x', tokenType: 'FACE' },
      { clientId: 'x'.repeat(101), tokenType: 'IDENTIFICATION' },
    ]));
  test('POST blocklist', () =>
    refuses(
      'kyc.IdentificationBlacklistRequest',
      'POST',
      `/kyc/identifications/${acc.finishedScanRefs[2] ?? acc.finishedScanRefs[0]}/blocklists/DOCUMENT/`,
      basic,
      [{ reason: 5 }, { reason: ['a'] }],
    ));
});
