/**
 * The shell's step experience: a step count that never changes, steps that cannot open yet, the honest
 * save status, the session that ends (kyb-session-expired) and is renewed without a reload, the
 * steps' code loaded after the first screen, and lang/dir on the root.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
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
  untilStepsKnown,
} from './kyb-form-helpers.ts';

const companyOnly = {
  kyb: {
    info: {
      locale: 'en',
      theme: null,
      flow: {
        fields: [
          { field: 'COMPANY_NAME', required: true, order: 1 },
          { field: 'COUNTRY', required: true, order: 2 },
          { field: 'CITY', order: 3 },
        ],
      },
    },
    questionnaires: [],
  },
};

/** Flow null: every company field (only name and country required), people, documents, questionnaires. */
const everyStep = { kyb: { info: { locale: 'en', theme: null, flow: null } } };

const heading = (el: KybFormElement) => root(el).querySelector('#kyb-step-heading')!.textContent!.trim();
const saveText = (el: KybFormElement) =>
  (root(el).querySelector('[part~="save-status"]')?.textContent ?? '').replace(/\s+/g, ' ').trim();
const created = (s: Setup) =>
  waitUntil(
    async () => (await requests(s, 'POST', '/kyb/forms/')).some((r) => r.status === 201),
    'no create',
    {
      timeout: 8000,
    },
  );
const stepButton = (el: KybFormElement, title: string) =>
  [...root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')].find((b) =>
    (b.textContent ?? '').includes(title),
  )!;

/** Every "Step n of m" text the progress ever shows (sampled on each DOM change). */
function watchCounts(el: KybFormElement): { totals: Set<string>; stop: () => void } {
  const totals = new Set<string>();
  const sample = () => {
    const text = root(el).querySelector('nav [part~="progress-text"]')?.textContent ?? '';
    const m = /of (\d+)/.exec(text);
    if (m) totals.add(m[1]!);
  };
  const observer = new MutationObserver(sample);
  observer.observe(root(el), { subtree: true, childList: true, characterData: true, attributes: true });
  return { totals, stop: () => observer.disconnect() };
}

describe('<kyb-form> steps', () => {
  // First: the page has loaded no step module yet (each test file runs in a fresh page).
  it("the later steps' code loads only once a form exists (not for the first screen)", async () => {
    const loaded = () =>
      performance
        .getEntriesByType('resource')
        .some((r) =>
          /beneficiaries\/controller|questionnaire\/controller|documents\/controller/.test(r.name),
        );
    const s = await setup(everyStep);
    const el = await mount(s.token);
    await ready(el);
    expect(loaded(), 'a step module loaded for the first screen').to.equal(false);
    await type(el, 'Company name', 'Acme');
    await type(el, 'Country of registration', 'FR');
    await waitUntil(loaded, 'the steps did not load when idle', { timeout: 8000 });
  });

  it('the step count never changes within a flow: new form, then a returning user', async () => {
    // Flow null: people, documents and (from the account) questionnaires; the last is known only
    // once the form exists.
    const s = await setup(everyStep);
    const el = await mount(s.token);
    const watch = watchCounts(el);
    try {
      await ready(el);
      // No form yet: the progress says which step this is, without a total it would have to guess, and
      // lists the steps known so far (the questionnaires are listed once the form exists).
      expect(
        [...root(el).querySelectorAll('nav [part~="progress-step"]')].map((b) =>
          b.textContent?.replace(/\s+/g, ' ').trim(),
        ),
      ).to.deep.equal(['Company details', 'People and owners', 'Company documents', 'Review and submit']);
      const pending = root(el)
        .querySelector('[part~="progress-text"]')
        ?.textContent?.replace(/\s+/g, ' ')
        .trim();
      expect(pending).to.equal('Step 1 · Company details');
      expect(root(el).querySelector('[part~="progress"][aria-busy]')).to.equal(null);
      await type(el, 'Company name', 'Acme');
      await type(el, 'Country of registration', 'FR');
      await untilStepsKnown(el);
      button(el, 'Continue').click();
      await waitUntil(() => heading(el) === 'People and owners', `not moved (${heading(el)})`);
      button(el, 'Back').click();
      await el.updateComplete;
      expect([...watch.totals]).to.deep.equal(['5']);
    } finally {
      watch.stop();
    }
    el.remove();
    const again = await mount(s.token);
    const watch2 = watchCounts(again);
    try {
      await ready(again);
      expect(root(again).querySelector('nav [part~="progress-text"]')!.textContent).to.contain('Step 1 of 5');
      stepButton(again, 'Questionnaires').click();
      await again.updateComplete;
      expect(heading(again)).to.equal('Questionnaires');
      expect([...watch2.totals]).to.deep.equal(['5']);
    } finally {
      watch2.stop();
    }
  });

  it('steps not reached yet are disabled with the reason; reached steps open from the progress', async () => {
    const s = await setup(everyStep);
    const el = await mount(s.token);
    await ready(el);
    await type(el, 'Company name', 'Acme');
    await type(el, 'Country of registration', 'FR');
    await untilStepsKnown(el);
    const documents = stepButton(el, 'Company documents');
    expect(documents.getAttribute('aria-disabled')).to.equal('true');
    const reason = root(el).getElementById(documents.getAttribute('aria-describedby')!)!;
    expect(reason.textContent).to.match(/open as you continue/);
    expect(stepButton(el, 'Company details').getAttribute('aria-disabled')).to.equal(null);
    documents.click();
    await el.updateComplete;
    expect(heading(el)).to.equal('Company details');
    // No dead-end body anywhere: the old "Enter the company name and country first" text is gone.
    expect(root(el).textContent).not.to.contain('Enter the company name and country first');
    button(el, 'Continue').click();
    await waitUntil(() => heading(el) === 'People and owners', 'not moved');
    stepButton(el, 'Company details').click();
    await el.updateComplete;
    // People and owners was reached: it opens from the progress again; documents still does not.
    expect(stepButton(el, 'People and owners').getAttribute('aria-disabled')).to.equal(null);
    expect(stepButton(el, 'Company documents').getAttribute('aria-disabled')).to.equal('true');
    await expect(el).to.be.accessible();
  });

  it('the save status tells about an open, unsaved beneficiary form', async () => {
    const s = await setup(everyStep);
    const el = await mount(s.token);
    await ready(el);
    await type(el, 'Company name', 'Acme');
    await type(el, 'Country of registration', 'FR');
    await created(s);
    await waitUntil(() => /all changes saved/i.test(saveText(el)), `not saved (${saveText(el)})`, {
      timeout: 8000,
    });
    button(el, 'Continue').click();
    await waitUntil(() => root(el).querySelector('[part="beneficiaries"]'), 'no people step', {
      timeout: 8000,
    });
    button(el, 'Add a beneficiary').click();
    await el.updateComplete;
    await type(el, 'First name', 'Ada');
    expect(saveText(el)).to.contain('You have unsaved changes in the open form');
    expect(saveText(el)).not.to.contain('All changes saved');
  });

  it('a session that ends keeps the input and says so; a new token sends the change once, without reloading', async () => {
    const s = await setup(companyOnly);
    const el = await mount(s.token);
    await ready(el);
    await type(el, 'Company name', 'Acme');
    await type(el, 'Country of registration', 'FR');
    await created(s);
    await waitUntil(() => /all changes saved/i.test(saveText(el)), 'not saved', { timeout: 8000 });
    const errors: string[] = [];
    el.addEventListener('kyb-error', (e) => errors.push(e.detail.kind));
    const expired = oneEvent(el, 'kyb-session-expired');
    await s.mine.expireKybToken(s.token);
    await type(el, 'City', 'Lyon');
    const ev = await expired;
    expect(ev.detail.formId).to.equal(el.formId);
    expect(JSON.stringify(ev.detail)).not.to.contain(s.token);
    expect(ev.bubbles && ev.composed).to.equal(true);
    await el.updateComplete;
    expect(saveText(el)).to.contain('Your session has ended');
    expect(saveText(el)).not.to.contain('will be sent again');
    expect(() => button(el, 'Retry saving')).to.throw();
    expect(root(el).querySelector('[part~="error"]')).to.equal(null);
    expect(byLabel(el, 'City').value).to.equal('Lyon');
    await expect(el).to.be.accessible();
    const infoReads = (await requests(s, 'GET', '/kyb/info/')).length;
    const lyonSaved = async () =>
      (await requests(s, 'PATCH')).filter((r) => r.status === 200 && JSON.stringify(r.body).includes('Lyon'));
    el.token = await s.newToken();
    await waitUntil(async () => (await lyonSaved()).length > 0, 'the kept change was not sent', {
      timeout: 8000,
    });
    await waitUntil(() => /all changes saved/i.test(saveText(el)), `not saved (${saveText(el)})`, {
      timeout: 8000,
    });
    expect((await lyonSaved()).length).to.equal(1);
    // Not reloaded: no new info request, the same input on screen.
    expect((await requests(s, 'GET', '/kyb/info/')).length).to.equal(infoReads);
    expect(byLabel(el, 'City').value).to.equal('Lyon');
    expect(errors).to.include('save');
  });

  it('lang and dir of the active locale are on the root', async () => {
    const s = await setup(companyOnly);
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox" locale="de"></kyb-form>`,
    );
    await ready(el);
    const rootEl = root(el).querySelector('[part~="root"]')!;
    expect(rootEl.getAttribute('lang')).to.equal('de');
    expect(rootEl.getAttribute('dir')).to.equal('ltr');
  });
});
