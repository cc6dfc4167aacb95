import { aTimeout, expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { button, byLabel, mount, ready, requests, root, setup, type } from './kyb-form-helpers.ts';

const companyOnly = {
  kyb: {
    info: {
      locale: 'en',
      theme: null,
      flow: {
        fields: [
          { field: 'COMPANY_NAME', required: true, order: 1 },
          { field: 'COUNTRY', required: true, order: 2 },
          { field: 'CITY', required: true, order: 3 },
        ],
      },
    },
    questionnaires: [],
  },
};

const heading = (el: KybFormElement) => root(el).querySelector('#kyb-step-heading')!.textContent!.trim();
const created = async (s: Awaited<ReturnType<typeof setup>>) =>
  waitUntil(
    async () => (await requests(s, 'POST', '/kyb/forms/')).some((r) => r.status === 201),
    'form not created',
    {
      timeout: 5000,
    },
  );

describe('<kyb-form> review and submit', () => {
  it('Continue checks the step: a focused error summary whose links focus the field, and no move', async () => {
    const s = await setup(companyOnly);
    const el = await mount(s.token);
    await ready(el);
    await type(el, 'Company name', 'Acme');
    await type(el, 'Country of registration', 'FR');
    await created(s);
    button(el, 'Continue').click();
    await waitUntil(() => root(el).querySelector('[part~="error-summary"]'), 'no summary');
    await el.updateComplete;
    expect(heading(el)).to.equal('Company details');
    const summary = root(el).querySelector<HTMLElement>('[part~="error-summary"]')!;
    expect(summary.getAttribute('role')).to.equal('group');
    expect(summary.textContent).to.contain('There is a problem');
    expect(root(el).activeElement).to.equal(summary);
    // The step's fields show their errors now, not only after a submit attempt.
    expect(byLabel(el, 'City').getAttribute('aria-invalid')).to.equal('true');
    const links = [...summary.querySelectorAll('a')];
    expect(links.map((a) => a.textContent!.trim())).to.deep.equal(['City: Enter the city.']);
    await expect(el).to.be.accessible();
    links[0]!.click();
    await el.updateComplete;
    expect(root(el).activeElement).to.equal(byLabel(el, 'City'));
    // Fixed: the summary goes away, and Continue moves on.
    await type(el, 'City', 'Paris');
    expect(root(el).querySelector('[part~="error-summary"]')).to.equal(null);
    button(el, 'Continue').click();
    await waitUntil(() => heading(el) === 'Review and submit', 'did not move on');
  });

  it('a submit attempt with errors shows a focused error summary whose links focus the field', async () => {
    const s = await setup(companyOnly);
    const el = await mount(s.token);
    await ready(el);
    await type(el, 'Company name', 'Acme');
    await type(el, 'Country of registration', 'FR');
    await type(el, 'City', 'Paris');
    await created(s);
    button(el, 'Continue').click();
    await waitUntil(() => heading(el) === 'Review and submit', 'not on review');
    // Back, clear the city, and return to the review (a step already reached) by the progress.
    button(el, 'Back').click();
    await el.updateComplete;
    await type(el, 'City', '');
    button(el, 'Review and submit').click();
    await el.updateComplete;
    expect(heading(el)).to.equal('Review and submit');
    button(el, 'Submit').click();
    await waitUntil(() => root(el).querySelector('[part~="error-summary"]'), 'no summary');
    await el.updateComplete;
    const summary = root(el).querySelector<HTMLElement>('[part~="error-summary"]')!;
    // One announcement: the summary takes the focus and is read by its name and count (not an alert too).
    expect(summary.getAttribute('role')).to.equal('group');
    expect(summary.getAttribute('aria-labelledby')).to.equal('kyb-error-summary-title');
    expect(summary.getAttribute('aria-describedby')).to.equal('kyb-error-summary-count');
    expect(root(el).activeElement).to.equal(summary);
    const links = [...summary.querySelectorAll('a')];
    expect(links.map((a) => a.textContent!.trim())).to.deep.equal(['City: Enter the city.']);
    await expect(el).to.be.accessible();
    links[0]!.click();
    await el.updateComplete;
    await el.updateComplete;
    expect(heading(el)).to.equal('Company details');
    expect(root(el).activeElement).to.equal(byLabel(el, 'City'));
    expect(byLabel(el, 'City').getAttribute('aria-invalid')).to.equal('true');
    await expect(el).to.be.accessible();
    expect((await requests(s, 'POST', '/submit/')).length).to.equal(0);
  });

  it('sends exactly one submit POST even with a double click, then shows the submitted screen', async () => {
    const s = await setup(companyOnly);
    const el = await mount(s.token);
    await ready(el);
    await type(el, 'Company name', 'Acme');
    await type(el, 'Country of registration', 'FR');
    await type(el, 'City', 'Paris');
    await created(s);
    button(el, 'Continue').click();
    await waitUntil(() => heading(el) === 'Review and submit', 'not on review');
    // One action row: Back and Submit side by side, Submit the only primary action.
    const nav = root(el).querySelector('[part~="nav"]')!;
    expect([...nav.querySelectorAll('button')].map((b) => b.textContent!.trim())).to.deep.equal([
      'Back',
      'Submit',
    ]);
    expect(root(el).querySelectorAll('[part~="button-primary"]').length).to.equal(1);
    const submitted = oneEvent(el, 'kyb-submitted');
    const submitButton = button(el, 'Submit');
    submitButton.click();
    submitButton.click();
    await aTimeout(0);
    submitButton.click();
    const ev = await submitted;
    expect(ev.detail.formId).to.be.a('string');
    expect(JSON.stringify(ev.detail)).not.to.contain(s.token);
    await el.updateComplete;
    expect(root(el).querySelector('[part~="submitted"]')).to.not.equal(null);
    await aTimeout(300);
    expect((await requests(s, 'POST', '/submit/')).length).to.equal(1);
    // City typed just before submit was flushed before the POST.
    const patches = await requests(s, 'PATCH');
    expect(
      JSON.stringify(patches.at(-1)?.body ?? (await requests(s, 'POST', '/kyb/forms/'))[0]!.body),
    ).to.contain('Paris');
    await expect(el).to.be.accessible();

    // Reopening shows the submitted state; an information request makes it editable again.
    const again = await mount(s.token);
    await waitUntil(() => root(again).querySelector('[part~="submitted"]'), 'not submitted on reopen');
    expect(root(again).querySelector('input')).to.equal(null);
    expect(root(again).textContent).to.contain('Paris');
    await s.mine.requestInformation(ev.detail.formId);
    const third = await mount(s.token);
    await ready(third);
    expect(root(third).querySelector('[part~="submitted"]')).to.equal(null);
    expect(byLabel(third, 'City').value).to.equal('Paris');
  });

  it('an expired token is refreshed through tokenProvider without losing typed input', async () => {
    const s = await setup(companyOnly);
    let calls = 0;
    const el = await fixture<KybFormElement>(
      html`<kyb-form
        .token=${s.token}
        api-base="/sandbox"
        .tokenProvider=${async () => {
          calls++;
          return s.newToken();
        }}
      ></kyb-form>`,
    );
    await ready(el);
    await type(el, 'Company name', 'Acme');
    await type(el, 'Country of registration', 'FR');
    await created(s);
    await s.mine.expireKybToken(s.token);
    await type(el, 'City', 'Lyon');
    await waitUntil(
      async () =>
        (await requests(s, 'PATCH')).some((r) => r.status === 200 && JSON.stringify(r.body).includes('Lyon')),
      'no successful PATCH after refresh',
      { timeout: 8000 },
    );
    expect(calls).to.equal(1);
    // The old token is refused now: the PATCH went through with the provider's token.
    const old = await fetch('/sandbox/kyb/forms/', { headers: { Authorization: `Bearer ${s.token}` } });
    expect(old.status).to.equal(401);
    expect(byLabel(el, 'City').value).to.equal('Lyon');
    expect(byLabel(el, 'Company name').value).to.equal('Acme');
    expect(root(el).querySelector('[part~="error"]')).to.equal(null);
    await waitUntil(() =>
      root(el).querySelector('[part~="save-status"]')!.textContent!.includes('All changes saved'),
    );
  });

  it('keyboard only: fill the company step and continue', async () => {
    const s = await setup(companyOnly);
    const el = await mount(s.token);
    await ready(el);
    const name = byLabel(el, 'Company name');
    for (let i = 0; i < 12 && root(el).activeElement !== name; i++) await sendKeys({ press: 'Tab' });
    expect(root(el).activeElement).to.equal(name);
    await sendKeys({ type: 'Keyboard GmbH' });
    await sendKeys({ press: 'Tab' });
    expect(root(el).activeElement).to.equal(byLabel(el, 'Country of registration'));
    await sendKeys({ type: 'Germany' });
    await sendKeys({ press: 'Tab' });
    expect(byLabel<HTMLSelectElement>(el, 'Country of registration').value).to.equal('DE');
    await sendKeys({ type: 'Berlin' });
    await sendKeys({ press: 'Tab' });
    await created(s);
    // Tab past the save status to Continue and press Enter.
    for (let i = 0; i < 5 && root(el).activeElement?.textContent?.trim() !== 'Continue'; i++)
      await sendKeys({ press: 'Tab' });
    expect(root(el).activeElement?.textContent?.trim()).to.equal('Continue');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(heading(el)).to.equal('Review and submit');
    expect(root(el).activeElement).to.equal(root(el).querySelector('#kyb-step-heading'));
    await waitUntil(async () => JSON.stringify(await requests(s)).includes('Berlin'), 'Berlin not saved');
  });
});
