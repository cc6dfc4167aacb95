/**
 * Every write happens once: each write route of the KYB and age-estimation interfaces × {connection
 * dropped before the service sees it, dropped after it committed, 503 after it committed, a timeout}
 * through the project's own clients with idempotency keys, as `<kyb-form idempotency-keys>` and
 * `<age-check idempotency-keys>` send them, against the sandbox over real HTTP. The fault hits the first
 * attempt only (the retry's backoff clears it); then the test waits for a delayed first attempt to land and
 * counts on the sandbox:
 * - creates (form, beneficiary, company and beneficiary documents): exactly one record, the one answered;
 * - answers (`PUT`, a text answer, a FILE and a FILE_MULTI upload): the stored answers equal the input
 *   (one value; one file; the two files, by name), the record count being the files (or values) stored;
 * - the selfie and the step-up document: exactly one attempt used (`attempts_used` + 1); the sandbox's
 *   scenario makes every attempt a RETRY, so a second processing would show as a second attempt.
 * Then without keys, through the element: a document saved by a request that failed all the same is found
 * and shown, not sent again. The matrix is printed as `idempotency: <route> x <fault>: 1 record` per case
 * and as one table at the end.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { AgeClient } from '../../src/api/age-client.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { Answers } from '../../src/api/kyb.ts';
import type { Faults, SandboxControl } from '../../src/sandbox/control-client.ts';
import { ageSession } from './age-helpers.ts';
import { mount, ready, root, setup, type Setup } from './kyb-form-helpers.ts';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

type Route =
  | 'form'
  | 'beneficiary'
  | 'company document'
  | 'beneficiary document'
  | 'answers (PUT)'
  | 'FILE answer (PUT)'
  | 'FILE_MULTI answer (PUT)'
  | 'selfie'
  | 'step-up document';
const ROUTES: Route[] = [
  'form',
  'beneficiary',
  'company document',
  'beneficiary document',
  'answers (PUT)',
  'FILE answer (PUT)',
  'FILE_MULTI answer (PUT)',
  'selfie',
  'step-up document',
];
const FAULTS: Record<string, Faults> = {
  'drop before': { dropRate: 1 },
  'drop after commit': { dropRate: 1, afterCommit: true },
  '503 after commit': { failRate: 1, afterCommit: true },
  timeout: { latencyMs: 1200 },
};
const ANSWERS = '^/kyb/forms/*/questionnaires/*/answers/$';
const PATHS: Record<Route, string> = {
  form: '^/kyb/forms/$',
  beneficiary: '^/kyb/forms/*/beneficiaries/$',
  'company document': '^/kyb/forms/*/documents/$',
  'beneficiary document': '^/kyb/forms/*/beneficiaries/*/documents/$',
  'answers (PUT)': ANSWERS,
  'FILE answer (PUT)': ANSWERS,
  'FILE_MULTI answer (PUT)': ANSWERS,
  selfie: '^/age-estimation/session/selfie/$',
  'step-up document': '^/age-estimation/session/document/$',
};
const company = { companyName: 'Once Ltd', country: 'LT' } as const;
const person = {
  beneficiaryTypes: ['UBO' as const],
  info: { infoType: 'INDIVIDUAL' as const, name: 'Ona', surname: 'Once' },
};
const QUESTIONNAIRE = {
  key: 'once',
  name: 'Once',
  title: 'Once',
  sections: [
    {
      key: 's',
      title: 'Section',
      questions: [
        { key: 'text', title: 'Text', type: 'TEXT' as const },
        { key: 'file', title: 'File', type: 'FILE' as const },
        { key: 'files', title: 'Files', type: 'FILE_MULTI' as const },
      ],
    },
  ],
};
/** The answers each PUT route sends, and what the service must hold afterwards. */
const INPUT: Partial<Record<Route, { answers: Answers; expect: unknown }>> = {
  'answers (PUT)': {
    answers: { sections: { s: { text: { value: 'Exactly this' } } } },
    expect: ['Exactly this'],
  },
  'FILE answer (PUT)': {
    answers: { sections: { s: { file: { value: { filename: 'one.png', file: PNG } } } } },
    expect: ['one.png'],
  },
  'FILE_MULTI answer (PUT)': {
    answers: {
      sections: {
        s: {
          files: {
            value: [
              { filename: 'a.png', file: PNG },
              { filename: 'b.png', file: PNG },
            ],
          },
        },
      },
    },
    expect: ['a.png', 'b.png'],
  },
};

/** The stored answers as a list: the text value, or the file names. */
function stored(answers: Answers | null): unknown[] {
  const values = Object.values(answers?.sections.s ?? {}).map((q) => q.value);
  return values.flatMap((v) =>
    Array.isArray(v)
      ? v.map((f) => (f && typeof f === 'object' && 'filename' in f ? f.filename : f))
      : v && typeof v === 'object' && 'filename' in v
        ? [v.filename]
        : [v],
  );
}

/** A client whose retry backoff clears the faults: the fault does its work on the first attempt only. */
const retryClears = (mine: SandboxControl) => ({
  idempotencyKeys: true,
  timeoutMs: 600,
  sleep: async () => {
    await mine.setFaults({});
  },
});
const landed = () => new Promise((r) => setTimeout(r, 1500));

/** An age session whose attempts are all RETRY (so every processed request uses one); `step-up`: at DOCUMENT. */
async function runAgeCase(route: 'selfie' | 'step-up document', fault: Faults): Promise<number> {
  const stepUp = route === 'step-up document';
  const { control, token } = await ageSession(
    { retry_limit: 3, escalation: 'DOC' },
    stepUp
      ? { estimates: [{ age: 18, confidence: 10 }], documentAge: 'unreadable' }
      : { estimates: ['no-face'] },
  );
  const clean = new AgeClient({ baseUrl: '/sandbox', token });
  if (stepUp) {
    const r = await clean.selfie(PNG);
    expect(r.attempt.result).to.equal('STEP_UP');
  }
  const before = (await clean.session()).attempts_used;
  await control.setFaults({ ...fault, paths: PATHS[route], methods: ['POST'] });
  const client = new AgeClient({ baseUrl: '/sandbox', token, ...retryClears(control) });
  const key = crypto.randomUUID();
  const answer = stepUp
    ? await client.document(PNG, null, { idempotencyKey: key })
    : await client.selfie(PNG, { idempotencyKey: key });
  await control.setFaults({});
  await landed();
  const after = await clean.session();
  expect(answer.attempts_used, 'the answer tells the attempt').to.equal(before + 1);
  return after.attempts_used - before;
}

/** Prepares what the route needs, arms the fault, runs the write once, and counts the records. */
async function runCase(route: Route, fault: Faults): Promise<number> {
  if (route === 'selfie' || route === 'step-up document') return runAgeCase(route, fault);
  const s: Setup = await setup({
    kyb: { info: { locale: 'en', theme: null, flow: null }, questionnaires: [QUESTIONNAIRE] },
  });
  const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
  const formId = route === 'form' ? '' : (await clean.createForm(company)).id;
  const benId = route === 'beneficiary document' ? (await clean.createBeneficiary(formId, person)).id : '';
  const input = INPUT[route];
  const qid = input ? (await clean.listQuestionnaires(formId))[0]!.id : '';
  await s.mine.setFaults({ ...fault, paths: PATHS[route], methods: [input ? 'PUT' : 'POST'] });
  const client = new KybClient({ baseUrl: '/sandbox', token: s.token, ...retryClears(s.mine) });
  const key = crypto.randomUUID();
  const doc = { type: 'OTHER' as const, filename: 'once.png', file: PNG };
  if (input) {
    await client.putAnswers(formId, qid, input.answers);
    await s.mine.setFaults({});
    await landed();
    const now = stored(await clean.getAnswers(formId, qid));
    expect(now, 'the stored answers equal the input').to.deep.equal(input.expect);
    return now.length;
  }
  let answered: string;
  if (route === 'form') answered = (await client.createForm(company, { idempotencyKey: key })).id;
  else if (route === 'beneficiary')
    answered = (await client.createBeneficiary(formId, person, { idempotencyKey: key })).id;
  else if (route === 'company document')
    answered = (await client.uploadCompanyDocument(formId, doc, { idempotencyKey: key })).id;
  else answered = (await client.uploadBeneficiaryDocument(formId, benId, doc, { idempotencyKey: key })).id;
  await s.mine.setFaults({});
  // A delayed first attempt may still be on its way: give it time to land (or be replayed).
  await landed();
  let ids: string[];
  if (route === 'form') ids = (await clean.listForms()).map((f) => f.id);
  else if (route === 'beneficiary') ids = (await clean.listBeneficiaries(formId)).map((b) => b.id);
  else if (route === 'company document') ids = (await clean.listCompanyDocuments(formId)).map((d) => d.id);
  else ids = (await clean.listBeneficiaryDocuments(formId, benId)).map((d) => d.id);
  expect(ids).to.include(answered);
  return ids.length;
}

/** The measured matrix: route -> fault -> records (printed as one table at the end). */
const matrix = new Map<Route, Map<string, number>>();
const EXPECTED: Partial<Record<Route, number>> = { 'FILE_MULTI answer (PUT)': 2 };

describe('every write happens once (idempotency keys)', function () {
  this.timeout(60000);
  after(() => {
    const faults = Object.keys(FAULTS);
    const rows = [...matrix].map(
      ([route, byFault]) => `| ${route} | ${faults.map((f) => byFault.get(f) ?? '-').join(' | ')} |`,
    );
    console.log(
      [
        'idempotency matrix (records on the sandbox after one logical write; PUT: values/files stored, equal to the input; age: attempts used):',
        `| route | ${faults.join(' | ')} |`,
        `|---|${faults.map(() => '---').join('|')}|`,
        ...rows,
      ].join('\n'),
    );
  });
  for (const route of ROUTES) {
    for (const [name, fault] of Object.entries(FAULTS)) {
      it(`${route} × ${name}: exactly one record`, async () => {
        const records = await runCase(route, fault);
        if (!matrix.has(route)) matrix.set(route, new Map());
        matrix.get(route)!.set(name, records);
        console.log(`idempotency: ${route} x ${name}: ${records} record${records === 1 ? '' : 's'}`);
        expect(records).to.equal(EXPECTED[route] ?? 1);
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

  it('a selfie re-sent with its key uses one attempt; without a key, two', async () => {
    const { control, token } = await ageSession({ retry_limit: 3 }, { estimates: ['no-face'] });
    // The browser's re-send, made deterministic: the sandbox runs the same request twice.
    await control.setFaults({ repeat: 1, paths: PATHS.selfie, methods: ['POST'] });
    const keyed = new AgeClient({ baseUrl: '/sandbox', token, idempotencyKeys: true });
    expect((await keyed.selfie(PNG, { idempotencyKey: crypto.randomUUID() })).attempts_used).to.equal(1);
    const plain = new AgeClient({ baseUrl: '/sandbox', token });
    expect((await plain.selfie(PNG)).attempts_used, 'without a key each copy uses an attempt').to.equal(3);
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
