import { expect } from '@open-wc/testing';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { byLabel, labels, mount, ready, root, setup, type, untilStepsKnown } from './kyb-form-helpers.ts';

/** The progress shows once the number of steps is known: for a new form, once the form exists. */
async function progressShown(el: KybFormElement) {
  await type(el, 'Company name', 'Acme');
  await type(el, 'Country of registration', 'DE');
  await untilStepsKnown(el);
}

const info = (flow: unknown) => ({ locale: 'en', theme: null, flow });

describe('<kyb-form> flow', () => {
  it('orders fields by the flow and applies required and read-only', async () => {
    const s = await setup({
      kyb: {
        info: info({
          fields: [
            { field: 'TIN', order: 4, readOnly: true },
            { field: 'CITY', order: 1, required: true },
            { field: 'COMPANY_NAME', order: 2, required: true },
            { field: 'COUNTRY', order: 3, required: true },
          ],
          fieldsCustom: [
            {
              field: { key: 'size', title: 'Company size', choices: [{ key: 's', title: 'Small' }] },
              order: 5,
            },
            { field: { key: 'ref', title: 'Referral', choices: [] }, order: 0 },
          ],
          description: 'Flow description text',
        }),
        questionnaires: [],
      },
    });
    const el = await mount(s.token);
    await ready(el);
    expect(labels(el)).to.deep.equal([
      'Referral',
      'City',
      'Company name',
      'Country of registration',
      'Tax identification number',
      'Company size',
    ]);
    expect(byLabel(el, 'City').required).to.equal(true);
    expect(byLabel(el, 'Referral').required).to.equal(false);
    expect(byLabel(el, 'Tax identification number').readOnly).to.equal(true);
    expect(byLabel(el, 'Company size').tagName).to.equal('SELECT');
    expect(byLabel(el, 'Country of registration').tagName).to.equal('SELECT');
    expect(root(el).textContent).to.contain('Flow description text');
    // No documents and no beneficiaries in the flow, no questionnaires: company and review only.
    await progressShown(el);
    expect(root(el).querySelector('nav [part~="progress-text"]')!.textContent).to.contain('Step 1 of 2');
  });

  it('flow: null shows every company field and every step', async () => {
    const s = await setup({ kyb: { info: info(null), questionnaires: [] } });
    const el = await mount(s.token);
    await ready(el);
    expect(labels(el)).to.have.length(16);
    expect(byLabel(el, 'Company name').required).to.equal(true);
    expect(byLabel(el, 'Country of registration').required).to.equal(true);
    expect(byLabel(el, 'City').required).to.equal(false);
    expect(byLabel(el, 'Brand names').tagName).to.equal('TEXTAREA');
    expect(byLabel(el, 'Company e-mail').type).to.equal('email');
    expect(byLabel(el, 'Phone number').type).to.equal('tel');
    expect(byLabel(el, 'Website').type).to.equal('url');
    expect(byLabel(el, 'Postcode').autocomplete).to.equal('postal-code');
    await progressShown(el);
    const steps = [...root(el).querySelectorAll('[part~="progress"] li')].map((li) => li.textContent!.trim());
    expect(steps).to.have.length(4);
  });

  it('setKybConfig: a changed flow applies on reload', async () => {
    const s = await setup({ kyb: { info: info(null), questionnaires: [] } });
    await s.mine.setKybConfig({
      info: info({
        fields: [
          { field: 'COMPANY_NAME', required: true },
          { field: 'COUNTRY', required: true, order: 1 },
        ],
      }),
    });
    const el = await mount(s.token);
    await ready(el);
    expect(labels(el)).to.deep.equal(['Company name', 'Country of registration']);
  });

  it('countries are named in the locale and sorted', async () => {
    const s = await setup({ kyb: { info: info(null), questionnaires: [] } });
    const el = await mount(s.token);
    await ready(el);
    const select = byLabel<HTMLSelectElement>(el, 'Country of registration');
    const names = [...select.options].slice(1).map((o) => o.textContent!.trim());
    expect(names).to.include('Germany');
    expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
