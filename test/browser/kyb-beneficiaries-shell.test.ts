/** The beneficiaries and documents steps inside the real `<kyb-form>` shell (flow from the service). */
import { expect, waitUntil } from '@open-wc/testing';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { button, byLabel, mount, ready, root, setup, type } from './kyb-form-helpers.ts';

const flow = {
  documents: [{ docType: 'INCORPORATION_CERT', description: 'From the register.', required: true }],
  beneficiaries: [
    {
      required: true,
      description: 'Everyone who owns a quarter or more.',
      fields: [{ field: 'OWNERSHIP_PERCENTAGE', required: true }],
      applicants: [
        {
          fields: [{ field: 'DATE_OF_BIRTH', required: false }],
          documents: [{ docType: 'IDENTITY_DOCUMENT', description: 'Passport.', required: true }],
        },
      ],
    },
  ],
  ownershipPercentageThreshold: 25,
};

async function goTo(el: KybFormElement, title: string) {
  const nav = [...root(el).querySelectorAll<HTMLButtonElement>('.progress button')];
  const b = nav.find((x) => (x.textContent ?? '').includes(title));
  if (!b) throw new Error(`no step ${title}: ${nav.map((x) => x.textContent?.trim()).join(' | ')}`);
  b.click();
  await el.updateComplete;
}

describe('<kyb-form> beneficiaries and documents steps', function () {
  // One long walk through two steps with uploads and two accessibility audits.
  this.timeout(60000);
  it('adds a beneficiary, lists required documents and is accessible inside the shell', async () => {
    const s = await setup({ kyb: { info: { locale: 'en', theme: null, flow }, questionnaires: [] } });
    const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
    await client.createForm({ companyName: 'Shell Co', country: 'DE' });
    const el = await mount(s.token);
    await ready(el);
    await goTo(el, 'People and owners');
    await waitUntil(() => root(el).querySelector('[part="beneficiaries"]'), 'step not shown', {
      timeout: 5000,
    });
    expect(root(el).textContent).to.contain('Everyone who owns a quarter or more.');
    button(el, 'Add a beneficiary').click();
    await el.updateComplete;
    await type(el, 'First name', 'Ada');
    await type(el, 'Last name', 'Lovelace');
    byLabel(el, 'Ultimate beneficial owner (UBO)').click();
    await el.updateComplete;
    await type(el, 'Ownership (%)', '50');
    button(el, 'Save the beneficiary').click();
    await waitUntil(() => root(el).querySelector('[part="beneficiary"]'), 'not saved', { timeout: 15000 });
    expect((await client.listBeneficiaries((await client.listForms())[0]!.id)).length).to.equal(1);
    await waitUntil(() => root(el).querySelector('[part="document-slot"]'), 'no upload slot', {
      timeout: 5000,
    });
    expect(root(el).querySelector('[part="document-requirements"]')!.textContent).to.contain('Passport.');
    await expect(el).to.be.accessible();
    await goTo(el, 'Company documents');
    await waitUntil(() => root(el).querySelector('[part="document-group"]'), 'documents step not shown', {
      timeout: 5000,
    });
    expect(byLabel(el, 'Certificate of incorporation').type).to.equal('file');
    expect(root(el).textContent).to.contain('From the register.');
    await expect(el).to.be.accessible();

    // An upload (which has no id until it is saved) settles the shared save status to "saved".
    const input = byLabel(el, 'Certificate of incorporation');
    const dt = new DataTransfer();
    dt.items.add(
      new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'certificate.pdf', { type: 'application/pdf' }),
    );
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    await waitUntil(() => root(el).textContent?.includes('certificate.pdf'), 'upload not listed', {
      timeout: 5000,
    });
    await waitUntil(() => !root(el).querySelector('progress'), 'upload still running', { timeout: 15000 });
    const status = () => root(el).querySelector('[part~="save-status"]')?.textContent ?? '';
    await waitUntil(() => /saved/i.test(status()), `save status stuck at "${status()}"`, { timeout: 15000 });
    expect(status()).to.not.match(/saving/i);
  });
});
