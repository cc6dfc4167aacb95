/**
 * Long choices (issue 24): a custom COUNTRY_MULTI field is the country combobox (one Tab stop,
 * filterable), not a list of 250 checkboxes or a select; long review sections fold on a phone, by
 * keyboard, their state announced (`aria-expanded`).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../src/kyb-form/define.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { byLabel, ready, root, setup } from './kyb-form-helpers.ts';

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

const CONFIG = {
  kyb: {
    info: {
      locale: 'en',
      theme: null,
      flow: {
        fields: [
          { field: 'COMPANY_NAME', required: true, order: 1 },
          { field: 'COUNTRY', required: true, order: 2 },
          { field: 'CITY', required: false, order: 4 },
        ],
        fieldsCustom: [
          {
            field: {
              key: 'markets',
              title: 'Countries where you have customers',
              type: 'COUNTRY_MULTI',
              choices: [],
            },
            required: false,
            order: 3,
          },
        ],
        documents: [],
        beneficiaries: [],
      },
    },
    questionnaires: [],
  },
};

describe('<kyb-form> long choices', function () {
  this.timeout(30000);
  afterEach(() => setViewport({ width: 1280, height: 800 }));

  it('a custom multi-country field is one Tab stop and filters as you type', async () => {
    const s = await setup(CONFIG);
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox" locale="en"></kyb-form>`,
    );
    await ready(el);
    await waitUntil(() => !byLabel(el, 'Countries where you have customers').disabled, 'no combobox', {
      timeout: 5000,
    });
    const input = byLabel(el, 'Countries where you have customers');
    expect(input.getAttribute('role')).to.equal('combobox');
    byLabel<HTMLSelectElement>(el, 'Country of registration').focus();
    await sendKeys({ press: 'Tab' });
    expect(root(el).activeElement).to.equal(input);
    await sendKeys({ type: 'lith' });
    await el.updateComplete;
    const options = () =>
      [...root(el).querySelectorAll('[part~="country-multi-option"]')].map((o) => clean(o.textContent));
    await waitUntil(() => options().length > 0, 'no options');
    expect(options().length).to.be.below(3);
    expect(options()[0]).to.contain('Lithuania');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(clean(root(el).querySelector('[part~="country-multi-chips"]')?.textContent)).to.contain(
      'Lithuania',
    );
    // One Tab leaves the whole control (no stop on the chip's remove button or the options).
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Tab' });
    expect(root(el).activeElement).to.equal(byLabel(el, 'City'));
    await expect(el).to.be.accessible();
  });

  it('folds a long review section on a phone; the toggle works by keyboard and says its state', async () => {
    await setViewport({ width: 390, height: 844 });
    const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null }, questionnaires: [] } });
    const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
    await client.createForm({ companyName: 'Acme GmbH', country: 'DE' });
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox" locale="en"></kyb-form>`,
    );
    await ready(el);
    [...root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')].at(-1)?.click();
    await waitUntil(
      () => el.step === 'review' && root(el).querySelector('#kyb-review-body-company'),
      'no review',
      {
        timeout: 10000,
      },
    );
    const section = root(el).querySelector('#kyb-review-body-company')!.closest('section')!;
    const toggle = section.querySelector<HTMLButtonElement>('[part~="review-toggle"]')!;
    await waitUntil(() => section.hasAttribute('data-collapsed'), 'the long company section did not fold');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle.getAttribute('aria-controls')).to.equal('kyb-review-body-company');
    expect(clean(toggle.innerText)).to.equal('Show answers (Company details)');
    expect(root(el).querySelector<HTMLElement>('#kyb-review-body-company')!.offsetHeight).to.equal(0);
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(clean(toggle.innerText)).to.equal('Hide answers (Company details)');
    expect(root(el).querySelector<HTMLElement>('#kyb-review-body-company')!.offsetHeight).to.be.above(0);
    await sendKeys({ press: ' ' });
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    await expect(el).to.be.accessible();
    // Wide: no toggle, everything shown.
    await setViewport({ width: 1280, height: 800 });
    expect(toggle.offsetHeight).to.equal(0);
  });
});
