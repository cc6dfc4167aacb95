/** KYB in the sandbox: tokens, form, beneficiaries, documents, questionnaires, answers and submit. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandboxServer, type SandboxServer } from '../../src/sandbox/node-server.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import { ApiError } from '../../src/api/http.ts';
import { CompanyInfoRequestWebhook, CompanySubmitWebhook } from '../../src/api/webhooks.ts';
import {
  Answers,
  KybDocument,
  KybInfo,
  QUESTION_TYPES,
  QuestionnaireList,
  THEME_COLOR_KEYS,
} from '../../src/api/kyb.ts';
import { DEMO_QUESTIONNAIRES, DEMO_THEME } from '../../src/sandbox/fixtures.ts';

let srv: SandboxServer;
let control: SandboxControl;
let partner: PartnerClient;
const PDF = Buffer.from('%PDF-1.4 sandbox test').toString('base64');
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

before(async () => {
  srv = await startSandboxServer({ port: 0, deliverWebhooks: false });
  const root = new SandboxControl({ baseUrl: srv.url });
  const acc = await root.createAccount({ webhookUrl: 'http://127.0.0.1:9/unused' });
  control = root.withAccount(acc);
  partner = new PartnerClient({ baseUrl: srv.url, apiKey: acc.apiKey, apiSecret: acc.apiSecret });
});
after(() => srv.close());

async function client(clientId: string, extra: Record<string, unknown> = {}) {
  const t = await partner.createKybToken({ clientId, ...extra });
  return { token: t, kyb: new KybClient({ baseUrl: srv.url, token: t.tokenString, retries: 0 }) };
}
async function raw(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${srv.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    headers: res.headers,
  };
}
async function rejects(p: Promise<unknown>, status: number, identifier?: string): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ApiError, String(e));
    assert.equal(e.status, status, JSON.stringify(e.body));
    if (identifier) assert.equal(e.identifier, identifier);
    return e;
  }
  assert.fail('expected a rejection');
}

const company = {
  companyName: 'Acme Test GmbH',
  country: 'DE' as const,
  registrationNumber: 'HRB 1234',
  email: 'ops@acme.example',
  street: 'Hauptstr. 1',
  city: 'Berlin',
  postcode: '10115',
  additionalInfo: { expectedMonthlyVolume: { value: 'lt100k' } },
};

const fullAnswers = (qKey: string): Answers => {
  if (qKey === 'business-profile') {
    return {
      sections: {
        business: {
          industry: { value: 'retail' },
          activeCustomers: { value: 12 },
          goLive: { value: '2027-03-01' },
          contactEmail: { value: 'c@acme.example' },
          description: { value: 'Shoes' },
        },
      },
    };
  }
  return {
    sections: {
      operations: { countries: { value: ['DE', 'FR'] }, hq: { value: 'DE' }, products: { value: ['cards'] } },
    },
  };
};

describe('KYB', () => {
  test('info: themed flow with all 18 colours; locale from the token', async () => {
    const { kyb } = await client('info-1', { locale: 'de' });
    const info = KybInfo.parse(await kyb.info());
    assert.equal(info.locale, 'de');
    assert.equal(info.theme?.companyName, DEMO_THEME.companyName);
    for (const k of THEME_COLOR_KEYS) assert.match(String(info.theme?.colors?.[k]), /^#[0-9a-f]{6}$/);
    assert.equal(info.flow?.ownershipPercentageThreshold, 25);
  });

  test('full flow: create, second create 400, patch, documents, beneficiaries, answers, submit', async () => {
    const { kyb, token } = await client('flow-1');
    assert.equal(token.companyId, null);
    assert.deepEqual(await kyb.listForms(), []);
    const form = await kyb.createForm({ companyName: 'Draft', country: 'DE' });
    assert.equal(form.meta.status, 'PENDING');
    await rejects(kyb.createForm({ companyName: 'Again', country: 'DE' }), 400, 'VALIDATION_ERROR');
    const patched = await kyb.updateForm(form.id, company);
    assert.equal(patched.company.companyName, 'Acme Test GmbH');
    assert.equal((await kyb.listForms()).length, 1);

    // submit validation lists what is missing
    const e = await rejects(kyb.submit(form.id), 400, 'VALIDATION_ERROR');
    assert.ok(e.fields['documents.INCORPORATION_CERT']);
    assert.ok(e.fields['documents.PROOF_OF_ADDRESS']);
    assert.ok(!e.fields['documents.INCORPORATION_ARTICLES']);
    assert.ok(e.fields.beneficiaries);
    assert.ok(e.fields['questionnaires.business-profile.business.industry']);
    assert.ok(
      !e.fields['questionnaires.business-profile.business.industryOther'],
      'hidden question not required',
    );
    assert.ok(!e.fields['company.companyName']);

    // documents
    const d1 = await kyb.uploadCompanyDocument(form.id, {
      type: 'INCORPORATION_CERT',
      filename: 'coi.pdf',
      file: PDF,
    });
    KybDocument.parse(d1);
    assert.match(d1.file, /^http:\/\/127\.0\.0\.1:\d+\/_sandbox\/files\/[0-9a-f]{32}\/coi\.pdf$/);
    const fileRes = await fetch(d1.file);
    assert.equal(fileRes.headers.get('content-type'), 'application/pdf');
    assert.equal(fileRes.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(fileRes.headers.get('content-security-policy'), 'sandbox');
    assert.match(fileRes.headers.get('content-disposition') ?? '', /^inline/);
    assert.equal(Buffer.from(await fileRes.arrayBuffer()).toString('base64'), PDF);
    await kyb.uploadCompanyDocument(form.id, { type: 'PROOF_OF_ADDRESS', filename: 'bill.png', file: PNG });
    assert.equal((await kyb.listCompanyDocuments(form.id)).length, 2);

    // beneficiaries and their documents (interface 5, 6)
    const b = await kyb.createBeneficiary(form.id, {
      beneficiaryTypes: ['UBO'],
      info: {
        infoType: 'INDIVIDUAL',
        name: 'Ada',
        surname: 'Lovelace',
        dateOfBirth: '1990-12-10',
        nationality: 'GB',
      },
      ownershipPercentage: 60,
    });
    // A COMPANY beneficiary needs its country; its owners name it as `parent` (a person cannot be one).
    await rejects(
      kyb.http.request('POST', `/kyb/forms/${form.id}/beneficiaries/`, {
        body: { beneficiaryTypes: ['SHAREHOLDER'], info: { infoType: 'COMPANY', companyName: 'No Country' } },
      }),
      400,
      'VALIDATION_ERROR',
    );
    const b2 = await kyb.createBeneficiary(form.id, {
      beneficiaryTypes: ['SHAREHOLDER'],
      info: { infoType: 'COMPANY', companyName: 'Holding AG', country: 'CH' },
    });
    assert.equal(b2.infoType, 'COMPANY');
    assert.equal(b2.info.companyName, 'Holding AG');
    const b3 = await kyb.createBeneficiary(form.id, {
      beneficiaryTypes: ['UBO'],
      info: { infoType: 'INDIVIDUAL', name: 'Owen', surname: 'Owner' },
      parent: b2.id,
    });
    assert.equal(b3.parent, b2.id);
    await rejects(
      kyb.createBeneficiary(form.id, {
        beneficiaryTypes: ['UBO'],
        info: { infoType: 'INDIVIDUAL', name: 'Not', surname: 'Allowed' },
        parent: b.id,
      }),
      400,
      'VALIDATION_ERROR',
    );
    const upd = await kyb.updateBeneficiary(form.id, b.id, {
      ownershipPercentage: 55,
      positions: ['Director'],
    });
    assert.equal(upd.ownershipPercentage, 55);
    // `info` without its `infoType`, and a person turned into a company, are refused.
    for (const info of [{ companyName: 'x' }, { infoType: 'COMPANY', companyName: 'x', country: 'DE' }])
      await rejects(
        kyb.http.request('PATCH', `/kyb/forms/${form.id}/beneficiaries/${b.id}/`, { body: { info } }),
        400,
        'VALIDATION_ERROR',
      );
    await kyb.deleteBeneficiary(form.id, b2.id);
    // The removed company's owner stays, at the top level.
    const left = await kyb.listBeneficiaries(form.id);
    assert.deepEqual(
      left.map((x) => [x.id, x.parent ?? null]),
      [
        [b.id, null],
        [b3.id, null],
      ],
    );
    await kyb.deleteBeneficiary(form.id, b3.id);
    assert.equal((await kyb.listBeneficiaries(form.id)).length, 1);
    const bd = await kyb.uploadBeneficiaryDocument(form.id, b.id, {
      type: 'IDENTITY_DOCUMENT',
      filename: 'id.jpg',
      file: PNG,
    });
    const got = await kyb.getBeneficiaryDocument(form.id, b.id, bd.id);
    assert.deepEqual(got, bd);
    const renamed = await kyb.renameBeneficiaryDocument(form.id, b.id, bd.id, 'passport.png');
    assert.equal(renamed.filename, 'passport.png');
    assert.equal(renamed.id, bd.id);
    assert.equal((await kyb.listBeneficiaryDocuments(form.id, b.id)).length, 1);

    // questionnaires (interface 7) and answers
    const qs = QuestionnaireList.parse(await kyb.listQuestionnaires(form.id));
    assert.equal(qs.length, 2);
    const types = new Set(qs.flatMap((q) => q.sections.flatMap((s) => s.questions.map((x) => x.type))));
    assert.deepEqual([...types].sort(), [...QUESTION_TYPES].sort());
    for (const q of qs) {
      const none = await raw(
        'GET',
        `/kyb/forms/${form.id}/questionnaires/${q.id}/answers/`,
        token.tokenString,
      );
      assert.equal(none.status, 204);
      await kyb.putAnswers(form.id, q.id, fullAnswers(q.key));
    }
    const qb = qs.find((q) => q.key === 'business-profile')!;
    const back = await raw(
      'GET',
      `/kyb/forms/${form.id}/questionnaires/${qb.id}/answers/`,
      token.tokenString,
    );
    assert.equal(back.status, 200);
    assert.deepEqual(Answers.parse(back.body), fullAnswers('business-profile'));

    await kyb.submit(form.id);
    const after = await kyb.getForm(form.id);
    assert.equal(after.meta.status, 'PROCESSING');
    assert.ok(after.meta.submissionTime);

    // every write is 403 after submit
    await rejects(kyb.updateForm(form.id, company), 403, 'PERMISSIONS_ERROR');
    await rejects(
      kyb.uploadCompanyDocument(form.id, { type: 'OTHER', filename: 'x.pdf', file: PDF }),
      403,
      'PERMISSIONS_ERROR',
    );
    await rejects(kyb.deleteBeneficiary(form.id, b.id), 403, 'PERMISSIONS_ERROR');
    await rejects(kyb.renameBeneficiaryDocument(form.id, b.id, bd.id, 'y.png'), 403, 'PERMISSIONS_ERROR');
    await rejects(kyb.putAnswers(form.id, qb.id, fullAnswers(qb.key)), 403, 'PERMISSIONS_ERROR');
    await rejects(kyb.submit(form.id), 403, 'PERMISSIONS_ERROR');

    // information request puts it back to PENDING; webhooks recorded
    await control.requestInformation(form.id, 'Please add a director');
    assert.equal((await kyb.getForm(form.id)).meta.status, 'PENDING');
    await kyb.updateForm(form.id, { ...company, phone: '+4930123456' });
    const hooks = (await control.listWebhooks()).filter((h) => h.eventType !== 'AGE_ESTIMATION');
    assert.deepEqual(
      hooks.map((h) => h.headers['Idenfy-Event-Type']),
      ['COMPANY_SUBMIT', 'COMPANY_INFO_REQUEST'],
    );
    const submitted = CompanySubmitWebhook.parse(JSON.parse(hooks[0]!.body));
    assert.equal(submitted.id, form.id);
    assert.ok(submitted.submissionTime);
    const asked = CompanyInfoRequestWebhook.parse(JSON.parse(hooks[1]!.body));
    assert.equal(asked.companyId, form.id);
    assert.equal(asked.status, 'REQUESTED');
    // the information request's token opens the same form
    const again = new KybClient({ baseUrl: srv.url, token: asked.token });
    assert.equal((await again.getForm(form.id)).meta.status, 'PENDING');
  });

  test('answers: per-type validation, unknown keys, files stored and kept by URL', async () => {
    const { kyb, token } = await client('answers-1');
    const form = await kyb.createForm({ companyName: 'A', country: 'FR' });
    const qs = await kyb.listQuestionnaires(form.id);
    const qc = qs.find((q) => q.key === 'compliance')!;
    const path = `/kyb/forms/${form.id}/questionnaires/${qc.id}/answers/`;
    const bad = await raw('PUT', path, token.tokenString, {
      sections: {
        operations: { hq: { value: 'XX' }, countries: { value: 'DE' }, nope: { value: 1 } },
        ghost: {},
      },
    });
    assert.equal(bad.status, 400);
    const fields = bad.body?.fields as Record<string, string[]>;
    assert.ok(fields['sections.operations.hq']);
    assert.ok(fields['sections.operations.countries']);
    assert.ok(fields['sections.operations.nope']);
    assert.ok(fields['sections.ghost']);

    const put = await raw('PUT', path, token.tokenString, {
      sections: {
        operations: {
          countries: { value: ['RU'] },
          hq: { value: 'DE' },
          products: { value: ['x'] },
          lastAudit: { value: '2024-01-01T10:00:00Z' },
          auditReport: { value: { filename: 'audit.pdf', file: PDF } },
        },
        sanctions: {
          licences: { value: [{ filename: 'l1.png', file: PNG }] },
          exposureDetails: { value: 'none' },
        },
      },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const got = await raw('GET', path, token.tokenString);
    const ops = (
      got.body?.sections as Record<string, Record<string, { value: { file: string; filename: string } }>>
    ).operations!;
    const url = ops.auditReport!.value.file;
    assert.match(url, /\/_sandbox\/files\/[0-9a-f]{32}\/audit\.pdf$/);
    // send the URL back: the stored file is kept
    const again = await raw('PUT', path, token.tokenString, {
      sections: { operations: { auditReport: { value: { filename: 'audit.pdf', file: url } } } },
    });
    assert.equal(again.status, 200);
    const got2 = await raw('GET', path, token.tokenString);
    const ops2 = (got2.body?.sections as Record<string, Record<string, { value: { file: string } }>>)
      .operations!;
    assert.equal(ops2.auditReport!.value.file, url);
    // a foreign URL is refused
    const foreign = await raw('PUT', path, token.tokenString, {
      sections: {
        operations: { auditReport: { value: { filename: 'a.pdf', file: 'https://evil.example/a.pdf' } } },
      },
    });
    assert.equal(foreign.status, 400);
  });

  test('a fresh token for the same clientId reaches the same form; expired token -> TOKEN_NOT_VALID', async () => {
    const first = await client('refresh-1');
    const form = await first.kyb.createForm({ companyName: 'Same', country: 'DE' });
    const second = await client('refresh-1');
    assert.equal(second.token.companyId, form.id);
    assert.equal((await second.kyb.getForm(form.id)).id, form.id);
    await control.expireKybToken(first.token.tokenString);
    await rejects(first.kyb.getForm(form.id), 401, 'TOKEN_NOT_VALID');
    // the elements' refresh path: the client retries once with a new token
    let refreshed = 0;
    const k = new KybClient({
      baseUrl: srv.url,
      token: first.token.tokenString,
      retries: 0,
      refreshToken: async () => {
        refreshed++;
        return (await partner.createKybToken({ clientId: 'refresh-1' })).tokenString;
      },
    });
    assert.equal((await k.getForm(form.id)).id, form.id);
    assert.equal(refreshed, 1);
    // Two calls sent with a token that expires: the second 401 arrives after the first renewal ended.
    // It is sent again with the renewed token, without a second renewal (one provider call).
    let active = (await partner.createKybToken({ clientId: 'refresh-1' })).tokenString;
    let renewals = 0;
    const shared = new KybClient({
      baseUrl: srv.url,
      token: () => active,
      retries: 0,
      refreshToken: async () => {
        renewals++;
        active = (await partner.createKybToken({ clientId: 'refresh-1' })).tokenString;
        return active;
      },
    });
    await control.expireKybToken(active);
    assert.equal((await shared.getForm(form.id)).id, form.id); // renewed
    // a call on its way with the old token, whose 401 comes once the renewal has ended
    const renewed = active;
    let sends = 0;
    const stale = new KybClient({
      baseUrl: srv.url,
      token: () => (++sends === 1 ? first.token.tokenString : renewed),
      retries: 0,
      refreshToken: async () => {
        renewals++;
        return renewed;
      },
    });
    assert.equal((await stale.getForm(form.id)).id, form.id);
    assert.ok(sends > 1, 'sent again');
    assert.equal(renewals, 1);
    // another clientId cannot reach it
    const other = await client('refresh-2');
    await rejects(other.kyb.getForm(form.id), 404, 'NOT_FOUND');
  });

  test('token questionnaire key limits the list; unknown key refused at minting', async () => {
    const { kyb } = await client('qlimit', { questionnaire: 'compliance' });
    const form = await kyb.createForm({ companyName: 'Q', country: 'DE' });
    const qs = await kyb.listQuestionnaires(form.id);
    assert.deepEqual(
      qs.map((q) => q.key),
      ['compliance'],
    );
    await rejects(partner.createKybToken({ clientId: 'x', questionnaire: 'nope' }), 400, 'VALIDATION_ERROR');
  });

  test('flow null: only companyName and country are required; custom config passes through', async () => {
    const root = new SandboxControl({ baseUrl: srv.url });
    const acc = await root.createAccount({
      kyb: { info: { locale: 'fr', theme: null, flow: null }, questionnaires: [] },
    });
    const p = new PartnerClient({ baseUrl: srv.url, apiKey: acc.apiKey, apiSecret: acc.apiSecret });
    const t = await p.createKybToken({ clientId: 'min' });
    const kyb = new KybClient({ baseUrl: srv.url, token: t.tokenString, retries: 0 });
    const info = await kyb.info();
    assert.equal(info.flow, null);
    assert.equal(info.locale, 'fr');
    const form = await kyb.createForm({ companyName: 'Min', country: 'EE' });
    await kyb.submit(form.id);
    // hostile theme values are passed through as given
    await root
      .withAccount(acc)
      .setKybConfig({ info: { theme: { colors: { primary: 'red;}</style><script>' } } } });
    const hostile = await raw('GET', '/kyb/info/', t.tokenString);
    assert.equal(
      ((hostile.body?.theme as Record<string, unknown>).colors as Record<string, string>).primary,
      'red;}</style><script>',
    );
    assert.equal(DEMO_QUESTIONNAIRES.length, 2);
  });
});
