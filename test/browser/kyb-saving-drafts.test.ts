/**
 * Drafts are the user's. A value failing its check stays on screen (in the step and across steps) and
 * counts as not saved: the save status says how many, never "All changes saved" while one is there. A
 * prefilled value the user cleared stays cleared after reopening the form (counted on the sandbox).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import type { KybUnsavedChangesDetail } from '../../src/kyb-form/shell/types.ts';
import { DEMO_FLOW } from '../../src/sandbox/fixtures.ts';
import { byLabel, mount, ready, root, setup, type, OPERATIONS } from './kyb-form-helpers.ts';

const status = (el: KybFormElement) =>
  root(el).querySelector('[part~="save-status"] > span')?.textContent?.trim() ?? '';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const goTo = async (el: KybFormElement, step: RegExp) => {
  const b = () =>
    [...root(el).querySelectorAll<HTMLButtonElement>('.progress button')].find((x) =>
      step.test(x.textContent ?? ''),
    );
  await waitUntil(() => b() && !b()!.disabled, `the step ${String(step)} is offered`, { timeout: 10000 });
  b()!.click();
  await el.updateComplete;
};

describe('drafts are the user’s', function () {
  this.timeout(60000);

  it('invalid values stay on screen across steps and the status counts them as not saved', async () => {
    const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null } } });
    const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
    const formId = (await clean.createForm({ companyName: 'Draft Ltd', country: 'LT' })).id;
    const el = await mount(s.token);
    await ready(el);
    const seen: string[] = [];
    const watch = setInterval(() => seen.push(status(el)), 50);
    try {
      await type(el, 'City', 'Kaunas');
      await type(el, 'Company e-mail', 'not-an-email');
      await waitUntil(async () => (await clean.getForm(formId)).company?.city === 'Kaunas', 'City saved', {
        timeout: 10000,
      });
      await waitUntil(() => status(el) === '1 change not saved: fix the highlighted field.', status(el), {
        timeout: 5000,
      });
      await type(el, 'Phone number', '12');
      await waitUntil(() => status(el) === '2 changes not saved: fix the highlighted fields.', status(el), {
        timeout: 5000,
      });
      await goTo(el, /people|beneficiar/i);
      await goTo(el, /company/i);
      await waitUntil(() => byLabel(el, 'Company e-mail'), 'the company step shows', { timeout: 10000 });
      expect(byLabel(el, 'Company e-mail').value).to.equal('not-an-email');
      expect(byLabel(el, 'Phone number').value).to.equal('12');
      await sleep(1000);
      expect(status(el)).to.equal('2 changes not saved: fix the highlighted fields.');
      expect(seen.slice(seen.indexOf('1 change not saved: fix the highlighted field.'))).to.not.include(
        'All changes saved',
      );
      // Fixed, they are saved.
      await type(el, 'Company e-mail', 'info@example.com');
      await type(el, 'Phone number', '+37060000000');
      await waitUntil(() => status(el) === 'All changes saved', status(el), { timeout: 10000 });
      const stored = (await clean.getForm(formId)).company;
      expect([stored?.email, stored?.phone]).to.deep.equal(['info@example.com', '+37060000000']);
      // Input that cannot be stored is about to be lost: the page hears it.
      await type(el, 'Company e-mail', 'still-not-an-email');
      const heard: KybUnsavedChangesDetail[] = [];
      // Fired once the element left the tree: heard on the element itself.
      el.addEventListener('kyb-unsaved-changes', (e) =>
        heard.push((e as CustomEvent<KybUnsavedChangesDetail>).detail),
      );
      el.remove();
      expect(heard).to.deep.equal([{ formId, count: 1, reason: 'removed' }]);
    } finally {
      clearInterval(watch);
    }
  });

  it('a prefilled value the user cleared stays cleared after reopening', async () => {
    const s = await setup({
      kyb: { info: { locale: 'en', theme: null, flow: DEMO_FLOW }, questionnaires: [] },
    });
    const el = await mount(s.token);
    await ready(el);
    expect(byLabel(el, 'Tax identification number').value).to.equal('000000000');
    await type(el, 'Company name', 'Cleared Ltd');
    await type(el, 'Country of registration', 'LT');
    await waitUntil(() => el.formId !== null, 'the form was created', { timeout: 10000 });
    await type(el, 'Tax identification number', '');
    await waitUntil(() => status(el) === 'All changes saved', status(el), { timeout: 10000 });
    const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
    expect((await clean.getForm(el.formId!)).company?.tin ?? null, 'TIN on the service').to.equal(null);
    el.remove();
    const again = await mount(s.token);
    await ready(again);
    expect(byLabel(again, 'Tax identification number').value, 'TIN after reopening').to.equal('');
  });

  it('a questionnaire answer failing its check is counted as not saved, and stays on screen', async () => {
    const s = await setup({
      kyb: {
        info: { locale: 'en', theme: null, flow: null },
        questionnaires: [OPERATIONS],
      },
    });
    const clean = new KybClient({ baseUrl: '/sandbox', token: s.token });
    const form = await clean.createForm({ companyName: 'Answers Ltd', country: 'LT' });
    const el = await mount(s.token);
    await ready(el);
    await goTo(el, /Questionnaires/);
    await waitUntil(() => root(el).querySelector('[part~="question"]'), 'the questions show', {
      timeout: 10000,
    });
    const seen: string[] = [];
    const watch = setInterval(() => seen.push(status(el)), 50);
    try {
      await type(el, 'Company motto', 'Fast and fair');
      await type(el, 'Number of branches', '2.5');
      const [q] = await clean.listQuestionnaires(form.id);
      await waitUntil(
        async () => (await clean.getAnswers(form.id, q!.id))?.sections.o?.motto?.value === 'Fast and fair',
        'the motto is saved',
        { timeout: 10000 },
      );
      await waitUntil(() => /1 change not saved/.test(status(el)), status(el), { timeout: 5000 });
      await sleep(1500);
      expect(status(el)).to.contain('1 change not saved');
      const stored = await clean.getAnswers(form.id, q!.id);
      expect(stored?.sections.o?.branches, 'the invalid number is not sent').to.equal(undefined);
      // across steps: the draft stays, and so does the count
      await goTo(el, /Company/);
      await goTo(el, /Questionnaires/);
      expect(byLabel(el, 'Number of branches').value).to.equal('2.5');
      expect(status(el)).to.contain('1 change not saved');
      const after = seen.slice(seen.findIndex((t) => /not saved/.test(t)));
      expect(after, 'never "All changes saved" while the value is there').not.to.include('All changes saved');
      await type(el, 'Number of branches', '3');
      await waitUntil(() => status(el) === 'All changes saved', status(el), { timeout: 10000 });
      expect((await clean.getAnswers(form.id, q!.id))?.sections.o?.branches?.value).to.equal(3);
    } finally {
      clearInterval(watch);
    }
  });

  it('a questionnaire file refused on one visit is not refused again on the next (the message stays with its visit)', async () => {
    const s = await setup({
      kyb: {
        info: { locale: 'en', theme: null, flow: null },
        questionnaires: [
          {
            ...OPERATIONS,
            sections: [
              {
                key: 'o',
                title: 'Operations',
                questions: [{ key: 'proof', title: 'Proof of address', type: 'FILE' }],
              },
            ],
          },
        ],
      },
    });
    await new KybClient({ baseUrl: '/sandbox', token: s.token }).createForm({
      companyName: 'File Ltd',
      country: 'LT',
    });
    const el = await mount(s.token);
    await ready(el);
    await goTo(el, /Questionnaires/);
    await waitUntil(
      () => root(el).querySelector('[part~="question"] input[type="file"]'),
      'the file question',
      {
        timeout: 10000,
      },
    );
    const input = root(el).querySelector<HTMLInputElement>('[part~="question"] input[type="file"]')!;
    const dt = new DataTransfer();
    dt.items.add(new File(['plain text'], 'notes.txt', { type: 'text/plain' }));
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    const error = () =>
      root(el).querySelector('[part~="question"] [part~="field-error"]')?.textContent?.trim() ?? '';
    await waitUntil(() => error() !== '', 'the file is refused', { timeout: 5000 });
    await goTo(el, /Company/);
    await goTo(el, /Questionnaires/);
    await waitUntil(() => root(el).querySelector('[part~="question"]'), 'the questions again', {
      timeout: 10000,
    });
    expect(error(), "the refused file's message on the next visit").to.equal('');
  });
});
