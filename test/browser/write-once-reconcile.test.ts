/**
 * Every write happens once, WITHOUT idempotency keys (a service that does not honour them): the browser
 * itself may re-send a write whose answer it lost on a reused connection, and each copy is saved. The
 * sandbox's `repeat` fault runs the request again (the copy), then `afterCommit` loses the answer (a drop,
 * which makes Chromium re-send it more times by itself, or a 503). The element reads the list again and
 * reconciles: the screen shows one record, the retry sends nothing more; a beneficiary's copies are
 * deleted (the interface has DELETE for them); a document's copies are hidden (it has none for documents),
 * and a file the user chose twice in separate actions still shows twice.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import type { Faults } from '../../src/sandbox/control-client.ts';
import {
  button,
  byLabel,
  mount,
  ready,
  requests,
  root,
  setup,
  type,
  type Setup,
} from './kyb-form-helpers.ts';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const png = (name: string) =>
  new File([Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0))], name, { type: 'image/png' });
const text = (n: Node | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A saved form, the element open on the step whose progress button matches `step`. */
async function open(
  step: RegExp,
  prepare?: (clean: KybClient, formId: string) => Promise<void>,
): Promise<{ s: Setup; el: KybFormElement; clean: KybClient; formId: string }> {
  const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
  const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
  const formId = (await clean.createForm({ companyName: 'Once Ltd', country: 'LT' })).id;
  await prepare?.(clean, formId);
  const el = await mount(s.token);
  await ready(el);
  const go = () =>
    [...root(el).querySelectorAll<HTMLButtonElement>('.progress button')].find((b) =>
      step.test(b.textContent ?? ''),
    );
  await waitUntil(() => go() && !go()!.disabled, `the step ${String(step)} is offered`, { timeout: 10000 });
  go()!.click();
  await el.updateComplete;
  return { s, el, clean, formId };
}

async function choose(el: KybFormElement, file: File) {
  const input = await waitUntil(
    () => root(el).querySelector<HTMLInputElement>('input[type="file"]'),
    'a file input',
    { timeout: 10000 },
  ).then(() => root(el).querySelector<HTMLInputElement>('input[type="file"]')!);
  const dt = new DataTransfer();
  dt.items.add(file);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const cards = (el: KybFormElement, name: string) =>
  [...root(el).querySelectorAll('[part~="document"]')].filter((li) => text(li).includes(name));
const settledUpload = (el: KybFormElement) =>
  !root(el).querySelector('[part~="document-slot"] progress') &&
  !text(root(el).querySelector('[part~="upload-status"]')).startsWith('Uploading');

const DOCS = '^/kyb/forms/*/documents/$';
const COMMIT_TWICE: Record<string, Faults> = {
  'commit twice, then drop (the browser re-sends too)': { repeat: 1, dropRate: 1, afterCommit: true },
  'commit twice, then 503': { repeat: 1, failRate: 1, afterCommit: true },
};

describe('without keys: a write the browser re-sent is shown once and not sent again', function () {
  this.timeout(60000);

  for (const [name, fault] of Object.entries(COMMIT_TWICE)) {
    it(`company document × ${name}: one card, copies hidden, nothing re-sent`, async () => {
      const { s, el, clean, formId } = await open(/documents/i);
      await s.mine.setFaults({ ...fault, paths: DOCS, methods: ['POST'] });
      await choose(el, png('resent.png'));
      await waitUntil(() => cards(el, 'resent.png').length > 0, 'the saved document is shown', {
        timeout: 20000,
      });
      await waitUntil(() => settledUpload(el), 'the upload settled', { timeout: 20000 });
      await s.mine.setFaults({});
      const onService = (await clean.listCompanyDocuments(formId)).filter((d) => d.filename === 'resent.png');
      const posts = (await requests(s, 'POST', '/documents/')).length;
      console.log(
        `write-once: company document × ${name}: ${posts} POST(s) arrived, ${onService.length} records saved, 1 shown`,
      );
      expect(onService.length, 'the copies exist on the service').to.be.greaterThan(1);
      expect(cards(el, 'resent.png')).to.have.length(1);
      expect(text(root(el))).to.not.match(/try (uploading|again)/i);
      expect(root(el).querySelector('[part~="retry-button"]')).to.equal(null);
      // Leaving the step flushes the documents (a failed upload would be retried there): nothing is sent.
      const next = [...root(el).querySelectorAll<HTMLButtonElement>('.progress button')].find((b) =>
        /review/i.test(b.textContent ?? ''),
      );
      next?.click();
      await new Promise((r) => setTimeout(r, 800));
      expect((await requests(s, 'POST', '/documents/')).length, 'no POST after the reconcile').to.equal(
        posts,
      );
      expect(el.formId).to.equal(formId);
    });
  }

  it('beneficiary document × commit twice, then drop (the browser re-sends too): one card, nothing re-sent', async () => {
    let benId = '';
    const { s, el, clean, formId } = await open(/beneficiar|people/i, async (c, id) => {
      benId = (
        await c.createBeneficiary(id, {
          beneficiaryTypes: ['UBO'],
          info: { infoType: 'INDIVIDUAL', name: 'Ona', surname: 'Once' },
        })
      ).id;
    });
    await waitUntil(() => root(el).querySelector('[part="beneficiary"] input[type="file"]'), 'its upload', {
      timeout: 10000,
    });
    await s.mine.setFaults({
      repeat: 1,
      dropRate: 1,
      afterCommit: true,
      paths: '^/kyb/forms/*/beneficiaries/*/documents/$',
      methods: ['POST'],
    });
    await choose(el, png('passport.png'));
    await waitUntil(() => cards(el, 'passport.png').length > 0, 'the saved document is shown', {
      timeout: 20000,
    });
    await waitUntil(() => settledUpload(el), 'the upload settled', { timeout: 20000 });
    await s.mine.setFaults({});
    const onService = (await clean.listBeneficiaryDocuments(formId, benId)).filter(
      (d) => d.filename === 'passport.png',
    );
    const posts = (await requests(s, 'POST', '/documents/')).length;
    console.log(
      `write-once: beneficiary document × commit twice, then drop: ${posts} POST(s) arrived, ${onService.length} records saved, ${cards(el, 'passport.png').length} shown`,
    );
    expect(onService.length, 'the copies exist on the service').to.be.greaterThan(1);
    expect(cards(el, 'passport.png')).to.have.length(1);
    expect(root(el).querySelector('[part~="retry-button"]')).to.equal(null);
    await new Promise((r) => setTimeout(r, 500));
    expect((await requests(s, 'POST', '/documents/')).length, 'no POST after the reconcile').to.equal(posts);
  });

  it('a file chosen twice in separate actions: never taken for the other one, neither hidden', async () => {
    const { s, el, clean, formId } = await open(/documents/i);
    const faults = (f: Faults) => s.mine.setFaults({ ...f, paths: DOCS, methods: ['POST'] });
    // First choice: saved twice (one copy hidden).
    await faults({ repeat: 1, failRate: 1, afterCommit: true });
    await choose(el, png('twice.png'));
    await waitUntil(() => cards(el, 'twice.png').length === 1, 'the first upload is shown', {
      timeout: 15000,
    });
    await waitUntil(() => settledUpload(el), 'the first upload settled', { timeout: 10000 });
    // Second choice of the same file: dropped before the service saw it. The first upload's copy has the
    // same name and type, but it is not this upload's: the screen must say this one failed.
    await faults({ dropRate: 1 });
    await choose(el, png('twice.png'));
    await waitUntil(() => root(el).querySelector('[part~="retry-button"]'), 'the failure is shown', {
      timeout: 15000,
    });
    expect(cards(el, 'twice.png'), 'not taken for saved').to.have.length(1);
    expect((await clean.listCompanyDocuments(formId)).length).to.equal(2);
    await s.mine.setFaults({});
    root(el).querySelector<HTMLButtonElement>('[part~="retry-button"]')!.click();
    await waitUntil(() => cards(el, 'twice.png').length === 2, 'the second upload is shown too', {
      timeout: 15000,
    });
    const onService = (await clean.listCompanyDocuments(formId)).filter((d) => d.filename === 'twice.png');
    expect(onService.length, 'two on purpose + one copy').to.equal(3);
    const shown = [...root(el).querySelectorAll<HTMLAnchorElement>('[part~="document"] a[href]')].map(
      (a) => a.href,
    );
    expect(shown).to.include(onService[0]!.file, 'the first upload is shown');
    expect(shown).to.include(onService[2]!.file, 'the second upload is shown');
    expect(shown).to.not.include(onService[1]!.file, 'the copy is hidden');
  });

  it('beneficiary × commit twice, then 503: the copy is deleted, one card, nothing re-sent', async () => {
    const { s, el, clean, formId } = await open(/beneficiar|people/i);
    // The step's code may still be on its way (loaded when the step opens).
    await waitUntil(() => root(el).querySelector('#ben-add'), 'the people step shows', { timeout: 10000 });
    button(el, 'Add a beneficiary').click();
    await el.updateComplete;
    const fill = async (label: string, value: string) => {
      const c = byLabel(el, label);
      c.value = value;
      c.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      c.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
      await el.updateComplete;
    };
    await waitUntil(() => root(el).querySelector('input'), 'the beneficiary form', { timeout: 10000 });
    await fill('First name', 'Ona');
    await fill('Last name', 'Once');
    byLabel(el, 'Shareholder').click();
    await el.updateComplete;
    await s.mine.setFaults({
      repeat: 1,
      failRate: 1,
      afterCommit: true,
      paths: '^/kyb/forms/*/beneficiaries/$',
      methods: ['POST'],
    });
    button(el, 'Save the beneficiary').click();
    await waitUntil(
      () => root(el).querySelectorAll('[part="beneficiary"]').length === 1,
      'the saved beneficiary is shown',
      { timeout: 15000 },
    );
    await s.mine.setFaults({});
    const posts = (await requests(s, 'POST', '/beneficiaries/')).length;
    expect(posts).to.equal(1);
    const onService = await clean.listBeneficiaries(formId);
    expect(onService.map((b) => `${b.info.name} ${b.info.surname}`)).to.deep.equal(['Ona Once']);
    const deletes = (await requests(s, 'DELETE', '/beneficiaries/')).length;
    expect(deletes, 'the copy was deleted').to.equal(1);
    expect(text(root(el))).to.not.match(/try saving again/i);
    expect(root(el).querySelectorAll('[part="beneficiary"]')).to.have.length(1);
    console.log(
      `write-once: beneficiary × commit twice, then 503: ${onService.length + deletes} records saved, ${deletes} deleted, ${onService.length} left and shown`,
    );
  });

  /**
   * The form create without a key: the service keeps one form per token (a second create is refused with
   * 400), and the element resolves a lost answer by reading the token's form (`GET /kyb/forms/`; the
   * session info `/kyb/info/` carries no form). So a re-sent or retried create never makes a second form.
   */
  const FORM_FAULTS: Record<string, Faults> = {
    'drop before': { dropRate: 1 },
    'drop after commit (the browser re-sends too)': { dropRate: 1, afterCommit: true },
    '503 after commit': { failRate: 1, afterCommit: true },
    'commit twice, then drop': { repeat: 1, dropRate: 1, afterCommit: true },
  };
  for (const [name, fault] of Object.entries(FORM_FAULTS)) {
    it(`form create × ${name}: one form, the element on it, the input kept`, async () => {
      const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
      const el = await mount(s.token);
      await ready(el);
      await s.mine.setFaults({ ...fault, paths: '^/kyb/forms/$', methods: ['POST'] });
      await type(el, 'Company name', 'Once Ltd');
      await type(el, 'Country of registration', 'LT');
      await waitUntil(
        async () => (await requests(s, 'POST', '/kyb/forms/')).length > 0,
        'a create was sent',
        {
          timeout: 10000,
        },
      );
      await new Promise((r) => setTimeout(r, 300));
      await s.mine.setFaults({});
      const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
      await waitUntil(() => el.formId !== null, 'the element found its form', { timeout: 15000 });
      const forms = await clean.listForms();
      const posts = (await requests(s, 'POST', '/kyb/forms/')).map((r) => r.status);
      console.log(
        `write-once: form create × ${name}: POST answers ${posts.join(', ')}; ${forms.length} form`,
      );
      expect(forms.map((f) => f.id)).to.deep.equal([el.formId]);
      expect(forms[0]!.company.companyName).to.equal('Once Ltd');
      expect(byLabel(el, 'Company name').value).to.equal('Once Ltd');
      await waitUntil(
        () => /saved/i.test(text(root(el).querySelector('[part~="save-status"]'))),
        'the status says saved',
        { timeout: 10000 },
      );
    });
  }

  it('FILE_MULTI answer × drop after commit (the browser re-sends the PUT): the two files, kept and shown saved', async () => {
    const s = await setup({
      kyb: {
        info: { locale: 'en', theme: null, flow: null },
        questionnaires: [
          {
            key: 'once',
            name: 'Once',
            title: 'Once',
            sections: [
              { key: 's', title: 'Files', questions: [{ key: 'files', title: 'Files', type: 'FILE_MULTI' }] },
            ],
          },
        ],
      },
    });
    const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
    const formId = (await clean.createForm({ companyName: 'Once Ltd', country: 'LT' })).id;
    const qid = (await clean.listQuestionnaires(formId))[0]!.id;
    const el = await mount(s.token);
    await ready(el);
    const go = () =>
      [...root(el).querySelectorAll<HTMLButtonElement>('.progress button')].find((b) =>
        /questionnaire/i.test(b.textContent ?? ''),
      );
    await waitUntil(() => go() && !go()!.disabled, 'the questionnaires step', { timeout: 10000 });
    go()!.click();
    const input = await waitUntil(() => root(el).querySelector('input[type="file"]'), 'a file input', {
      timeout: 10000,
    }).then(() => root(el).querySelector<HTMLInputElement>('input[type="file"]')!);
    await s.mine.setFaults({ dropRate: 1, afterCommit: true, paths: '/answers/', methods: ['PUT'] });
    const dt = new DataTransfer();
    dt.items.add(png('a.png'));
    dt.items.add(png('b.png'));
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    await waitUntil(async () => (await requests(s, 'PUT', '/answers/')).length > 0, 'a PUT was sent', {
      timeout: 10000,
    });
    await s.mine.setFaults({});
    const field = input.closest('.field')!;
    await waitUntil(
      () =>
        [...field.querySelectorAll('[part~="upload-file-state"]')].filter((n) => text(n) === 'Uploaded')
          .length === 2,
      'both files shown as uploaded',
      { timeout: 20000 },
    );
    const names = [...field.querySelectorAll('[part~="upload-file-name"]')].map((n) =>
      text(n).replace(/^View /, ''),
    );
    expect(names).to.deep.equal(['a.png', 'b.png']);
    const saved = (await clean.getAnswers(formId, qid))?.sections.s?.files?.value as { filename: string }[];
    expect(saved.map((f) => f.filename)).to.deep.equal(['a.png', 'b.png']);
    const puts = await requests(s, 'PUT', '/answers/');
    console.log(
      `write-once: FILE_MULTI answer × drop after commit: ${puts.length} PUT(s) arrived (${puts.map((p) => p.status).join(', ')}), 2 files stored, 2 shown`,
    );
    expect(text(root(el))).to.not.match(/could not be saved/i);
  });
});
