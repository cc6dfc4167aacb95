/**
 * `<kyb-form>` on data shaped exactly as the provider publishes it: COMPANY beneficiaries (`infoType`
 * inside `info`) and their owners (`ownershipFullStructure`, `parent`), company custom fields saved with
 * typed values (`CustomFieldTypeEnum`), and a `null`-heavy info answer.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import {
  button,
  byLabel,
  labels,
  mount,
  ready,
  requests,
  root,
  setup,
  type,
  untilStepsKnown,
} from './kyb-form-helpers.ts';

async function goTo(el: KybFormElement, title: string) {
  const find = () =>
    [...root(el).querySelectorAll<HTMLButtonElement>('.progress button')].find((x) =>
      (x.textContent ?? '').includes(title),
    );
  await waitUntil(find, `no step ${title}`, { timeout: 15000 });
  find()!.click();
  await el.updateComplete;
}

async function click(el: KybFormElement, target: HTMLElement) {
  target.click();
  await el.updateComplete;
}

const text = (n: Element | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();

type Body = Record<string, unknown>;

describe('<kyb-form> on the published shapes', function () {
  // Walk-throughs over several steps with saves and accessibility audits.
  this.timeout(60000);
  it('adds a COMPANY beneficiary (name and country), then an owner of it saved with parent (demo flow)', async () => {
    const s = await setup();
    const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
    const form = await client.createForm({ companyName: 'Shell Co', country: 'DE' });
    const el = await mount(s.token);
    await ready(el);
    await goTo(el, 'People and owners');
    await waitUntil(() => root(el).querySelector('[part="beneficiaries"]'), 'step not shown', {
      timeout: 15000,
    });
    await click(el, button(el, 'Add a beneficiary'));
    // The demo flow offers both applicant types, so the person/company choice shows.
    await click(el, byLabel(el, 'A company'));
    expect(() => byLabel(el, 'First name')).to.throw();
    // A company may hold only the roles its entries offer to companies.
    expect(() => byLabel(el, 'Chief executive officer (CEO)')).to.throw();
    await type(el, 'Company name', 'Holding AG');
    await type(el, 'Country of registration', 'CH');
    await click(el, byLabel(el, 'Shareholder'));
    await type(el, 'Ownership (%)', '60');
    await click(el, button(el, 'Save the beneficiary'));
    await waitUntil(() => root(el).querySelector('[part="beneficiary"]'), 'company not saved', {
      timeout: 15000,
    });
    const company = (await client.listBeneficiaries(form.id))[0]!;
    expect(company.infoType).to.equal('COMPANY');
    const [post] = await requests(s, 'POST', '/beneficiaries/');
    expect(post!.body).to.deep.equal({
      beneficiaryTypes: ['SHAREHOLDER'],
      info: { infoType: 'COMPANY', companyName: 'Holding AG', country: 'CH' },
      formFiller: false,
      ownershipPercentage: 60,
    });
    expect(text(root(el).querySelector('[part="beneficiary-name"]'))).to.equal('Holding AG');

    // Its owner.
    await click(el, button(el, 'Add an owner of Holding AG'));
    expect(text(root(el).querySelector('.ben-form-title'))).to.equal('Add an owner of Holding AG');
    await type(el, 'First name', 'Olga');
    await type(el, 'Last name', 'Owner');
    await type(el, 'Date of birth', '1980-05-05');
    await click(el, byLabel(el, 'Ultimate beneficial owner (UBO)'));
    await type(el, 'Share of Holding AG owned (%)', '100');
    await click(el, button(el, 'Save the beneficiary'));
    await waitUntil(async () => (await client.listBeneficiaries(form.id)).length === 2, 'owner not saved', {
      timeout: 15000,
    });
    const owner = (await client.listBeneficiaries(form.id)).find((b) => b.id !== company.id)!;
    expect(owner.parent).to.equal(company.id);
    expect(owner.info.name).to.equal('Olga');
    const posts = await requests(s, 'POST', '/beneficiaries/');
    expect((posts[1]!.body as Body).parent).to.equal(company.id);
    expect((posts[1]!.body as { info: Body }).info.infoType).to.equal('INDIVIDUAL');
    // The owner is listed under its company.
    await waitUntil(
      () => root(el).querySelector('[part="beneficiary-owners"] [part="beneficiary"]'),
      'owner card',
      {
        timeout: 15000,
      },
    );
    const owners = root(el).querySelector('[part="beneficiary-owners"]')!;
    expect(text(owners)).to.contain('Owners of Holding AG');
    expect(text(owners.querySelector('[part="beneficiary-name"]'))).to.equal('Olga Owner');
    await expect(el).to.be.accessible();
  });

  it('a beneficiary answered with info.infoType COMPANY shows its company name and can be edited', async () => {
    const s = await setup();
    const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
    const form = await client.createForm({ companyName: 'Shell Co', country: 'DE' });
    // A shareholder: a company is never offered UBO (a person's role, issue 24), so its form would ask for a role.
    const created = await client.createBeneficiary(form.id, {
      beneficiaryTypes: ['SHAREHOLDER'],
      info: { infoType: 'COMPANY', companyName: 'Parent Holdings Ltd', country: 'GB' },
      ownershipPercentage: 30,
    });
    // The answer as published: the type is inside `info`, and nothing beside it says so.
    const raw = (await (
      await fetch(`/sandbox/kyb/forms/${form.id}/beneficiaries/`, {
        headers: { Authorization: `Bearer ${s.token}` },
      })
    ).json()) as Body[];
    expect(raw[0]!.infoType).to.equal(undefined);
    expect((raw[0]!.info as Body).infoType).to.equal('COMPANY');
    expect((raw[0]!.info as Body).name).to.equal(undefined);

    const el = await mount(s.token);
    await ready(el);
    await goTo(el, 'People and owners');
    await waitUntil(() => root(el).querySelector('[part="beneficiary"]'), 'card not shown', {
      timeout: 15000,
    });
    expect(text(root(el).querySelector('[part="beneficiary-name"]'))).to.equal('Parent Holdings Ltd');
    expect(text(root(el).querySelector('[part="beneficiary-details"]'))).to.contain('Company');
    expect(text(root(el).querySelector('[part="beneficiary-details"]'))).to.contain('United Kingdom');
    await click(el, button(el, 'Edit Parent Holdings Ltd'));
    expect(byLabel(el, 'Company name').value).to.equal('Parent Holdings Ltd');
    expect(byLabel<HTMLSelectElement>(el, 'Country of registration').value).to.equal('GB');
    expect(() => byLabel(el, 'First name')).to.throw();
    await type(el, 'Registration number', '01234567');
    await click(el, button(el, 'Save the changes'));
    await waitUntil(() => !root(el).querySelector('[part="beneficiary-form"]'), 'form still open', {
      timeout: 15000,
    });
    const [patch] = await requests(s, 'PATCH', `/beneficiaries/${created.id}/`);
    expect((patch!.body as { info: Body }).info).to.deep.equal({
      infoType: 'COMPANY',
      companyName: 'Parent Holdings Ltd',
      country: 'GB',
      registrationNumber: '01234567',
    });
    const [saved] = await client.listBeneficiaries(form.id);
    expect(saved!.info.registrationNumber).to.equal('01234567');
    expect(saved!.infoType).to.equal('COMPANY');
  });

  it('keeps every beneficiary field filled in one go (autofill: several inputs before a render)', async () => {
    const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow: null }, questionnaires: [] } });
    const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
    const form = await client.createForm({ companyName: 'Autofill Co', country: 'DE' });
    const el = await mount(s.token);
    await ready(el);
    await goTo(el, 'People and owners');
    await waitUntil(() => root(el).querySelector('[part="beneficiaries"]'), 'step not shown', {
      timeout: 15000,
    });
    await click(el, button(el, 'Add a beneficiary'));
    // Three fields in the same task, no render in between.
    for (const [label, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Email address', 'ada@example.com'],
    ] as const) {
      const input = byLabel(el, label);
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    }
    await el.updateComplete;
    expect(byLabel(el, 'First name').value).to.equal('Ada');
    expect(byLabel(el, 'Last name').value).to.equal('Lovelace');
    await click(el, byLabel(el, 'Shareholder'));
    await click(el, button(el, 'Save the beneficiary'));
    await waitUntil(async () => (await client.listBeneficiaries(form.id)).length === 1, 'not saved', {
      timeout: 15000,
    });
    const [saved] = await client.listBeneficiaries(form.id);
    expect([saved!.info.name, saved!.info.surname, saved!.info.email]).to.deep.equal([
      'Ada',
      'Lovelace',
      'ada@example.com',
    ]);
  });

  it('saves company custom fields with typed values (INTEGER, DATE, CHECKBOX, SELECT_MULTI, COUNTRY_MULTI)', async () => {
    const s = await setup();
    const el = await mount(s.token);
    await ready(el);
    await type(el, 'Company name', 'Typed Ltd');
    await type(el, 'Country of registration', 'DE');
    await waitUntil(async () => (await requests(s, 'POST', '/kyb/forms/')).length === 1, 'no create', {
      timeout: 15000,
    });
    await type(el, 'Number of employees', '12');
    await type(el, 'Date the company was founded', '2015-06-01');
    await click(el, byLabel(el, 'The company is regulated by a financial authority'));
    await click(el, byLabel(el, 'Cards'));
    await click(el, byLabel(el, 'Digital wallets'));
    // The multi-country field is the country combobox (issue 24): typed names, Enter picks the match.
    await waitUntil(() => !byLabel(el, 'Countries you operate in').disabled, 'the combobox did not load');
    byLabel(el, 'Countries you operate in').focus();
    for (const name of ['France', 'Lithuania']) {
      await sendKeys({ type: name });
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
    }
    await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    const expected = {
      employees: 12,
      founded: '2015-06-01',
      regulated: true,
      paymentMethods: ['cards', 'wallets'],
      operatingCountries: ['FR', 'LT'],
    };
    const sent = (b: unknown) => {
      const info = ((b as { company?: Body }).company?.additionalInfo ?? {}) as Record<
        string,
        { value: unknown }
      >;
      return Object.fromEntries(Object.keys(expected).map((k) => [k, info[k]?.value]));
    };
    await waitUntil(
      async () => {
        const last = (await requests(s, 'PATCH')).at(-1);
        return last && JSON.stringify(sent(last.body)) === JSON.stringify(expected);
      },
      'no PATCH with every typed value',
      { timeout: 10000 },
    );
    const body = (await requests(s, 'PATCH')).at(-1)!.body;
    const values = sent(body);
    expect(values).to.deep.equal(expected);
    expect(typeof values.employees).to.equal('number');
    expect(typeof values.regulated).to.equal('boolean');
    expect(Array.isArray(values.paymentMethods)).to.equal(true);
    expect(Array.isArray(values.operatingCountries)).to.equal(true);
    // The service kept them typed, and a fresh element shows them again.
    const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
    const [stored] = await client.listForms();
    const additional = stored!.company.additionalInfo ?? {};
    expect(additional.employees?.value).to.equal(12);
    expect(additional.regulated?.value).to.equal(true);
    expect(additional.paymentMethods?.value).to.deep.equal(['cards', 'wallets']);
    expect(additional.operatingCountries?.value).to.deep.equal(['FR', 'LT']);
    const again = await mount(s.token);
    await ready(again);
    expect(byLabel(again, 'Number of employees').value).to.equal('12');
    expect(byLabel(again, 'Date the company was founded').value).to.equal('2015-06-01');
    expect(byLabel(again, 'The company is regulated by a financial authority').checked).to.equal(true);
    expect(byLabel(again, 'Cards').checked).to.equal(true);
    expect(byLabel(again, 'Bank transfers').checked).to.equal(false);
    await waitUntil(() => root(again).querySelector('[part~="country-multi-chips"]'), 'no chips');
    expect(text(root(again).querySelector('[part~="country-multi-chips"]'))).to.contain('France');
    expect(text(root(again).querySelector('[part~="country-multi-chips"]'))).to.contain('Lithuania');
  });

  it('a null-heavy info answer (null lists, flags, order, theme) renders the company step with defaults', async () => {
    const s = await setup({
      kyb: {
        info: {
          locale: null,
          theme: null,
          flow: {
            fields: null,
            fieldsCustom: null,
            documents: null,
            beneficiaries: null,
            companySearch: null,
            bankVerification: null,
            emailVerification: null,
            ownershipPercentageThreshold: null,
            description: null,
            questionnaireDescription: null,
          },
        },
        questionnaires: [],
      },
    });
    const el = await mount(s.token);
    await ready(el);
    // Name and country are always asked (the published request requires them); nothing else is listed.
    expect(labels(el)).to.deep.equal(['Company name', 'Country of registration']);
    expect(byLabel(el, 'Company name').required).to.equal(true);
    expect(byLabel<HTMLSelectElement>(el, 'Country of registration').required).to.equal(true);
    await type(el, 'Company name', 'Null Co');
    await type(el, 'Country of registration', 'EE');
    // No beneficiaries, documents or questionnaires: company and review only (known once the form exists).
    await untilStepsKnown(el);
    expect(text(root(el).querySelector('nav [part~="progress-text"]'))).to.contain('Step 1 of 2');
    await waitUntil(async () => (await requests(s, 'POST', '/kyb/forms/')).length === 1, 'no create', {
      timeout: 15000,
    });
    await expect(el).to.be.accessible();

    // `order: null` everywhere keeps the list order; null flags read as false.
    const s2 = await setup({
      kyb: {
        info: {
          locale: 'en',
          theme: null,
          flow: {
            fields: [
              { field: 'CITY', order: null, required: null, readOnly: null, changeFrom: null },
              { field: 'COMPANY_NAME', order: null, required: true },
              { field: 'COUNTRY', order: null, required: true },
            ],
            fieldsCustom: [
              {
                field: { key: 'ref', title: 'Referral', type: 'TEXT', description: null, choices: null },
                order: null,
                required: null,
              },
            ],
            documents: null,
            beneficiaries: [
              {
                beneficiaryType: 'UBO',
                required: null,
                fields: null,
                description: null,
                readOnly: null,
                applicants: [
                  {
                    applicantType: 'INDIVIDUAL',
                    fields: [],
                    fieldsCustom: null,
                    documents: null,
                    required: null,
                  },
                ],
              },
            ],
          },
        },
        questionnaires: [],
      },
    });
    const el2 = await mount(s2.token);
    await ready(el2);
    expect(labels(el2)).to.deep.equal(['City', 'Company name', 'Country of registration', 'Referral']);
    expect(byLabel(el2, 'City').required).to.equal(false);
    expect(byLabel(el2, 'City').readOnly).to.equal(false);
    // The number of steps shows once the form exists.
    await type(el2, 'Company name', 'Null Co');
    await type(el2, 'Country of registration', 'EE');
    await untilStepsKnown(el2);
    expect(text(root(el2).querySelector('nav [part~="progress-text"]'))).to.contain('Step 1 of 3');
  });
});
