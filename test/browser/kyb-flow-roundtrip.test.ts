/**
 * The check-your-answers round trip (issue 24): an Edit of the review opens the field itself (a
 * beneficiary's card opened on it), the step offers "Save and return to review", which checks the step
 * and goes straight back with the focus on the row edited; Back ends the round trip. The review's
 * section buttons are named by section.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/kyb-form/define.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { root, setup, type } from './kyb-form-helpers.ts';

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
        ],
        documents: [],
        beneficiaries: [
          {
            required: false,
            fields: [{ field: 'OWNERSHIP_PERCENTAGE', required: false }],
            applicants: [
              { applicantType: 'INDIVIDUAL', fields: [{ field: 'DATE_OF_BIRTH', required: false }] },
            ],
          },
        ],
      },
    },
    questionnaires: [],
  },
};

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const active = (el: KybFormElement) => root(el).activeElement as HTMLElement | null;

async function onReview(): Promise<KybFormElement> {
  const s = await setup(CONFIG);
  const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
  const form = await client.createForm({ companyName: 'Acme GmbH', country: 'DE', city: 'Berlin' });
  await client.createBeneficiary(form.id, {
    info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace', dateOfBirth: '1990-12-10' },
    beneficiaryTypes: ['UBO'],
    ownershipPercentage: 50,
  });
  const el = await fixture<KybFormElement>(
    html`<kyb-form .token=${s.token} api-base="/sandbox" locale="en"></kyb-form>`,
  );
  await waitUntil(() => root(el).querySelectorAll('[part~="progress-step"]').length === 3, 'no steps', {
    timeout: 10000,
  });
  await toReview(el);
  return el;
}

async function toReview(el: KybFormElement) {
  if (el.step !== 'review')
    [...root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')].at(-1)!.click();
  await waitUntil(
    () => el.step === 'review' && root(el).querySelector('[part~="review"] [part~="summary-group"]'),
    'review did not load',
    { timeout: 10000 },
  );
}

function editLink(el: KybFormElement, name: string): HTMLAnchorElement {
  const links = [...root(el).querySelectorAll<HTMLAnchorElement>('[part~="summary-edit"]')];
  const a = links.find((l) => clean(l.textContent) === name);
  if (!a) throw new Error(`no link "${name}" (have: ${links.map((l) => clean(l.textContent)).join(' | ')})`);
  return a;
}
const primary = (el: KybFormElement) => root(el).querySelector<HTMLButtonElement>('[part~="button-next"]')!;

describe('<kyb-form> review round trip', function () {
  this.timeout(30000);

  it('names each section button by its section', async () => {
    const el = await onReview();
    const names = [...root(el).querySelectorAll('[part~="review"] [part~="button-edit"]')].map((b) =>
      clean(b.textContent),
    );
    expect(names).to.deep.equal(['Edit company details', 'Edit people and owners']);
    await expect(el).to.be.accessible();
  });

  it('lands on a company field, saves and returns to its row', async () => {
    const el = await onReview();
    editLink(el, 'Edit City').click();
    await waitUntil(() => el.step === 'company' && active(el)?.id === 'kyb-company-city', 'City not focused');
    expect(clean(primary(el).textContent)).to.equal('Save and return to review');
    await type(el, 'City', 'Hamburg');
    primary(el).click();
    await waitUntil(() => el.step === 'review', 'did not return to the review', { timeout: 10000 });
    await waitUntil(() => clean(active(el)?.textContent) === 'Edit City', 'the row was not focused', {
      timeout: 5000,
    });
    const row = active(el)!.closest('.summary-row')!;
    await waitUntil(() => clean(row.textContent).includes('Hamburg'), 'the change is not in the review');
  });

  it('opens a beneficiary card on the field and returns to the row', async () => {
    const el = await onReview();
    editLink(el, 'Edit Date of birth (Ada Lovelace)').click();
    await waitUntil(() => el.step === 'beneficiaries', 'did not switch');
    await waitUntil(() => active(el)?.id === 'ben-f-dateOfBirth', 'Date of birth not focused', {
      timeout: 5000,
    });
    expect(active(el)!.closest('[part~="beneficiary"]')?.textContent).to.contain('Ada Lovelace');
    const input = active(el) as HTMLInputElement;
    input.value = '1991-01-02';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await el.updateComplete;
    primary(el).click();
    await waitUntil(() => el.step === 'review', 'did not return to the review', { timeout: 10000 });
    await waitUntil(
      () => clean(active(el)?.textContent) === 'Edit Date of birth (Ada Lovelace)',
      'the row was not focused',
      { timeout: 5000 },
    );
    // Save and return saved the open form: the review shows the new date.
    expect(clean(active(el)!.closest('.summary-row')!.textContent)).to.contain('January 2, 1991');
  });

  it('a section Edit returns to its button; Back ends the round trip', async () => {
    const el = await onReview();
    root(el).querySelector<HTMLButtonElement>('#kyb-review-edit-company')!.click();
    await waitUntil(() => el.step === 'company', 'did not switch');
    expect(clean(primary(el).textContent)).to.equal('Save and return to review');
    primary(el).click();
    await waitUntil(() => el.step === 'review', 'did not return');
    await waitUntil(() => active(el)?.id === 'kyb-review-edit-company', 'the section button was not focused');
    // From the people step, Back leaves the round trip: Continue again.
    root(el).querySelector<HTMLButtonElement>('#kyb-review-edit-beneficiaries')!.click();
    await waitUntil(() => el.step === 'beneficiaries', 'did not switch');
    expect(clean(primary(el).textContent)).to.equal('Save and return to review');
    root(el).querySelector<HTMLButtonElement>('[part~="button-back"]')!.click();
    await waitUntil(() => el.step === 'company', 'Back did not go back');
    expect(clean(primary(el).textContent)).to.equal('Continue');
    primary(el).click();
    await waitUntil(() => el.step === 'beneficiaries', 'Continue did not continue', { timeout: 10000 });
  });
});
