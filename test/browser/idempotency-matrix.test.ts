/**
 * Every write happens once: each create route of the KYB interface × {connection dropped before the
 * service sees it, dropped after it committed, 503 after it committed, a timeout} through the project's
 * own client with idempotency keys, as `<kyb-form idempotency-keys>` sends them, against the sandbox over
 * real HTTP. The fault hits the first attempt only (the retry's backoff clears it), and the test counts
 * the records on the sandbox: exactly one, and the client answers with it. Then without keys, through the
 * element: a document saved by a request that failed all the same is found and shown, not sent again.
 * The matrix is printed as `idempotency: <route> x <fault>: 1 record`.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { Faults } from '../../src/sandbox/control-client.ts';
import { mount, ready, root, setup, type Setup } from './kyb-form-helpers.ts';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

type Route = 'form' | 'beneficiary' | 'company document' | 'beneficiary document';
const ROUTES: Route[] = ['form', 'beneficiary', 'company document', 'beneficiary document'];
const FAULTS: Record<string, Faults> = {
  'drop before': { dropRate: 1 },
  'drop after commit': { dropRate: 1, afterCommit: true },
  '503 after commit': { failRate: 1, afterCommit: true },
  timeout: { latencyMs: 1200 },
};
const PATHS: Record<Route, string> = {
  form: '^/kyb/forms/$',
  beneficiary: '^/kyb/forms/*/beneficiaries/$',
  'company document': '^/kyb/forms/*/documents/$',
  'beneficiary document': '^/kyb/forms/*/beneficiaries/*/documents/$',
};
const company = { companyName: 'Once Ltd', country: 'LT' } as const;
const person = {
  beneficiaryTypes: ['UBO' as const],
  info: { infoType: 'INDIVIDUAL' as const, name: 'Ona', surname: 'Once' },
};

/** Prepares what the route needs, arms the fault, runs the write once, and counts the records. */
async function runCase(route: Route, fault: Faults): Promise<{ records: number; answered: string }> {
  const s: Setup = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
  const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
  const formId = route === 'form' ? '' : (await clean.createForm(company)).id;
  const benId = route === 'beneficiary document' ? (await clean.createBeneficiary(formId, person)).id : '';
  await s.mine.setFaults({ ...fault, paths: PATHS[route], methods: ['POST'] });
  const client = new KybClient({
    baseUrl: '/sandbox',
    token: s.token,
    idempotencyKeys: true,
    timeoutMs: 600,
    // The retry's backoff: the fault has done its work on the first attempt.
    sleep: async () => {
      await s.mine.setFaults({});
    },
  });
  const key = crypto.randomUUID();
  const doc = { type: 'OTHER' as const, filename: 'once.png', file: PNG };
  let answered: string;
  if (route === 'form') answered = (await client.createForm(company, { idempotencyKey: key })).id;
  else if (route === 'beneficiary')
    answered = (await client.createBeneficiary(formId, person, { idempotencyKey: key })).id;
  else if (route === 'company document')
    answered = (await client.uploadCompanyDocument(formId, doc, { idempotencyKey: key })).id;
  else answered = (await client.uploadBeneficiaryDocument(formId, benId, doc, { idempotencyKey: key })).id;
  await s.mine.setFaults({});
  // A delayed first attempt may still be on its way: give it time to land (or be replayed).
  await new Promise((r) => setTimeout(r, 1500));
  let ids: string[];
  if (route === 'form') ids = (await clean.listForms()).map((f) => f.id);
  else if (route === 'beneficiary') ids = (await clean.listBeneficiaries(formId)).map((b) => b.id);
  else if (route === 'company document') ids = (await clean.listCompanyDocuments(formId)).map((d) => d.id);
  else ids = (await clean.listBeneficiaryDocuments(formId, benId)).map((d) => d.id);
  expect(ids).to.include(answered);
  return { records: ids.length, answered };
}

describe('every write happens once (idempotency keys)', function () {
  this.timeout(60000);
  for (const route of ROUTES) {
    for (const [name, fault] of Object.entries(FAULTS)) {
      it(`${route} × ${name}: exactly one record`, async () => {
        const { records } = await runCase(route, fault);
        console.log(`idempotency: ${route} x ${name}: ${records} record${records === 1 ? '' : 's'}`);
        expect(records).to.equal(1);
      });
    }
  }

  it('the same key twice gives the same record; a new key a new one', async () => {
    const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
    const client = new KybClient({ baseUrl: '/sandbox', token: s.token, idempotencyKeys: true });
    const formId = (await client.createForm(company)).id;
    const key = crypto.randomUUID();
    const a = await client.createBeneficiary(formId, person, { idempotencyKey: key });
    const b = await client.createBeneficiary(formId, person, { idempotencyKey: key });
    expect(b.id).to.equal(a.id);
    const c = await client.createBeneficiary(formId, person, { idempotencyKey: crypto.randomUUID() });
    expect(c.id).to.not.equal(a.id);
    expect((await client.listBeneficiaries(formId)).length).to.equal(2);
  });
});

describe('without keys, the element reconciles after an unclear failure', function () {
  this.timeout(60000);
  it('a document saved but whose answer was lost is shown once and not sent again', async () => {
    const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
    const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
    const form = await clean.createForm(company);
    const el = await mount(s.token);
    await ready(el);
    const next = () =>
      [...root(el).querySelectorAll<HTMLButtonElement>('button')].find((b) =>
        /documents/i.test(b.textContent ?? ''),
      );
    await waitUntil(() => next(), 'the documents step is offered', { timeout: 10000 });
    next()!.click();
    const input = await waitUntil(
      () => root(el).querySelector<HTMLInputElement>('input[type="file"]'),
      'a file input',
      { timeout: 10000 },
    ).then(() => root(el).querySelector<HTMLInputElement>('input[type="file"]')!);
    // Saved, then answered 503. (A dropped connection makes the browser re-send the POST by itself,
    // which only idempotency keys can fold into one record: see the matrix above.)
    await s.mine.setFaults({
      failRate: 1,
      afterCommit: true,
      paths: PATHS['company document'],
      methods: ['POST'],
    });
    const bytes = Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0));
    const file = new File([bytes], 'lost-answer.png', { type: 'image/png' });
    const dt = new DataTransfer();
    dt.items.add(file);
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    // Shown in the list of documents (not only as the upload in progress).
    await waitUntil(
      () =>
        [...root(el).querySelectorAll('[part~="document"]')].some((li) =>
          (li.textContent ?? '').includes('lost-answer'),
        ),
      'the saved document is shown in the list',
      { timeout: 15000 },
    );
    await s.mine.setFaults({});
    const docs = await clean.listCompanyDocuments(form.id);
    expect(docs.filter((d) => d.filename === 'lost-answer.png').length).to.equal(1);
    expect(root(el).textContent ?? '').to.not.match(/try again/i);
  });
});
