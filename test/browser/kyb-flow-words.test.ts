/**
 * Words a small-business owner understands (issue 24): the company step says what to do for each field
 * and rule (as the people step does); roles have plain names with a one-line explanation and are offered
 * only where the flow allows them for the kind of applicant (a company is never a beneficial owner); the
 * review leads each beneficiary with its name and leaves out rows that do not apply.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/kyb-form/define.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { byLabel, ready, root, setup, type } from './kyb-form-helpers.ts';

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const both = ['INDIVIDUAL', 'COMPANY'].map((applicantType) => ({ applicantType, fields: [] }));

const CONFIG = {
  kyb: {
    info: {
      locale: 'en',
      theme: null,
      flow: {
        fields: [
          { field: 'COMPANY_NAME', required: true, order: 1 },
          { field: 'COUNTRY', required: true, order: 2 },
          { field: 'CITY', required: true, order: 3 },
          { field: 'WEBSITE', required: true, order: 4 },
        ],
        fieldsCustom: [
          {
            field: { key: 'terms', title: 'I accept the terms', type: 'CHECKBOX', choices: [] },
            required: true,
            order: 5,
          },
        ],
        documents: [],
        beneficiaries: [
          {
            beneficiaryType: 'UBO',
            required: false,
            fields: [{ field: 'POSITIONS', required: false }],
            applicants: both,
          },
          { beneficiaryType: 'SHAREHOLDER', required: false, applicants: both },
        ],
      },
    },
    questionnaires: [],
  },
};

const summaryLinks = (el: KybFormElement) =>
  [...root(el).querySelectorAll('[part~="error-summary-link"]')].map((a) => clean(a.textContent));

describe('<kyb-form> words', function () {
  this.timeout(30000);

  it('the company step says what to do for each field and rule', async () => {
    const s = await setup(CONFIG);
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox" locale="en"></kyb-form>`,
    );
    await ready(el);
    await type(el, 'City', 'x'.repeat(101));
    root(el).querySelector<HTMLButtonElement>('[part~="button-next"]')!.click();
    await waitUntil(() => summaryLinks(el).length > 0, 'no error summary');
    expect(summaryLinks(el)).to.deep.equal([
      'Company name: Enter the company name.',
      'Country of registration: Choose the country where the company is registered.',
      'City: Too long: the limit is 100 characters.',
      'Website: Enter the website address.',
      'I accept the terms: Check this box to continue.',
    ]);
    expect(summaryLinks(el).join(' ')).not.to.contain('This field is required');
    await expect(el).to.be.accessible();
  });

  it('offers a person every role of the flow, each explained, and a company no beneficial ownership', async () => {
    const s = await setup(CONFIG);
    const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
    await client.createForm({
      companyName: 'Acme GmbH',
      country: 'DE',
      city: 'Berlin',
      website: 'https://a.example',
    });
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox" locale="en"></kyb-form>`,
    );
    await ready(el);
    root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')[1]!.click();
    await waitUntil(() => root(el).querySelector('#ben-add'), 'no people step', { timeout: 10000 });
    root(el).querySelector<HTMLButtonElement>('#ben-add')!.click();
    await waitUntil(() => root(el).querySelector('#ben-f-kind-individual'), 'no form');
    const roles = () =>
      [...root(el).querySelectorAll<HTMLInputElement>('input[id^="ben-f-type-"]')].map((i) => ({
        label: clean(root(el).querySelector(`label[for="${i.id}"]`)?.textContent),
        hint: clean(root(el).getElementById(`${i.id}-hint`)?.textContent),
        described: (i.getAttribute('aria-describedby') ?? '').split(' ').includes(`${i.id}-hint`),
      }));
    const person = roles();
    expect(person.map((r) => r.label)).to.deep.equal(['Shareholder', 'Ultimate beneficial owner (UBO)']);
    expect(person[1]!.hint).to.contain('Owns or controls 25 % or more');
    expect(person.every((r) => r.hint !== '' && r.described)).to.equal(true);
    const filler = byLabel(el, 'This beneficiary is the person filling in this form');
    expect(clean(root(el).getElementById(`${filler.id}-hint`)?.textContent)).to.contain('your own details');
    root(el).querySelector<HTMLInputElement>('#ben-f-kind-company')!.click();
    await el.updateComplete;
    expect(roles().map((r) => r.label)).to.deep.equal(['Shareholder']);
    await expect(el).to.be.accessible();
  });

  it('the review leads each beneficiary with its name; a company has no positions row', async () => {
    const s = await setup(CONFIG);
    const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
    const form = await client.createForm({
      companyName: 'Acme GmbH',
      country: 'DE',
      city: 'Berlin',
      website: 'https://a.example',
    });
    await client.createBeneficiary(form.id, {
      info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace' },
      beneficiaryTypes: ['UBO'],
      formFiller: true,
    });
    await client.createBeneficiary(form.id, {
      info: { infoType: 'COMPANY', companyName: 'Holding AG', country: 'CH' },
      beneficiaryTypes: ['SHAREHOLDER'],
    });
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox" locale="en"></kyb-form>`,
    );
    await ready(el);
    [...root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')].at(-1)!.click();
    await waitUntil(() => root(el).querySelectorAll('[part~="summary-group"]').length === 2, 'no review', {
      timeout: 10000,
    });
    const keys = (i: number) =>
      [...root(el).querySelectorAll('[part~="summary-group"]')[i]!.querySelectorAll('dt')].map((d) =>
        clean(d.textContent),
      );
    expect(keys(0).slice(0, 4)).to.deep.equal(['First name', 'Last name', 'Kind', 'Roles']);
    expect(keys(0)).to.include('Positions');
    expect(keys(0)).to.include('Fills in this form');
    expect(keys(1).slice(0, 3)).to.deep.equal(['Company name', 'Kind', 'Roles']);
    expect(keys(1)).not.to.include('Positions');
  });
});
