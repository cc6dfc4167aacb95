/**
 * The review reads like a summary (issue 14): values formatted for the locale (dates in `de` and `en`,
 * countries by name, a colour as swatch and hex, Yes/No, lists as lists, files by name), required items
 * that are missing marked "Missing" with an Edit link that focuses the field, optional empty ones "Not
 * provided", beneficiaries with their documents, and each Edit link named uniquely.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/kyb-form/define.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { QuestionnaireDefinition } from '../../src/api/kyb.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { root, setup } from './kyb-form-helpers.ts';

const PDF = btoa('%PDF-1.4\n%review test\n');

const QUESTIONNAIRE = {
  key: 'profile',
  name: 'Profile',
  title: 'About the company',
  type: 'KYB',
  sections: [
    {
      key: 'main',
      title: 'Main',
      questions: [
        { key: 'founded', title: 'Founding day', type: 'DATE', required: false },
        { key: 'opens', title: 'Opening time', type: 'TIME', required: false },
        { key: 'meeting', title: 'Last meeting', type: 'DATETIME', required: false },
        { key: 'brand', title: 'Brand colour', type: 'COLOR', required: false },
        { key: 'agree', title: 'Trades abroad', type: 'CHECKBOX', required: false },
        { key: 'home', title: 'Home market', type: 'COUNTRY', required: false },
        {
          key: 'channels',
          title: 'Sales channels',
          type: 'SELECT_MULTI',
          required: false,
          choices: [
            { key: 'web', title: 'Online shop' },
            { key: 'store', title: 'Stores' },
            { key: 'phone', title: 'Telephone' },
          ],
        },
        { key: 'staff', title: 'Employees', type: 'INTEGER', required: false },
        { key: 'report', title: 'Annual report', type: 'FILE', required: false },
        { key: 'mission', title: 'Mission statement', type: 'TEXT', required: true },
        { key: 'notes', title: 'Notes', type: 'TEXT_AREA', required: false },
      ],
    },
  ],
} as QuestionnaireDefinition;

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
          { field: 'PHONE', required: false, order: 4 },
        ],
        documents: [{ docType: 'INCORPORATION_CERT', description: 'From the register.', required: true }],
        beneficiaries: [
          {
            required: false,
            fields: [{ field: 'OWNERSHIP_PERCENTAGE', required: false }],
            applicants: [
              {
                fields: [{ field: 'DATE_OF_BIRTH', required: false }],
                documents: [{ docType: 'IDENTITY_DOCUMENT', description: 'Passport.', required: true }],
              },
            ],
          },
        ],
      },
    },
    questionnaires: [QUESTIONNAIRE],
  },
};

/** A sandbox account with a company, a beneficiary with a document, and answers; the element on review. */
async function reviewIn(locale: 'en' | 'de'): Promise<KybFormElement> {
  const s = await setup(CONFIG);
  const client = new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 });
  const form = await client.createForm({ companyName: 'Acme GmbH', country: 'DE' });
  const b = await client.createBeneficiary(form.id, {
    info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace', dateOfBirth: '1990-12-10' },
    beneficiaryTypes: ['UBO'],
    ownershipPercentage: 50,
  });
  await client.uploadBeneficiaryDocument(form.id, b.id, {
    type: 'IDENTITY_DOCUMENT',
    filename: 'passport.pdf',
    file: PDF,
  });
  const [q] = await client.listQuestionnaires(form.id);
  await client.putAnswers(form.id, q!.id, {
    sections: {
      main: {
        founded: { value: '2024-05-01' },
        opens: { value: '09:30' },
        meeting: { value: '2024-05-01T14:05' },
        brand: { value: '#aabbcc' },
        agree: { value: true },
        home: { value: 'FR' },
        channels: { value: ['web', 'store'] },
        staff: { value: 1234567 },
        report: { value: { filename: 'report.pdf', file: PDF } },
      },
    },
  });
  const el = await fixture<KybFormElement>(
    html`<kyb-form .token=${s.token} api-base="/sandbox" locale=${locale}></kyb-form>`,
  );
  await waitUntil(
    () => root(el).querySelectorAll('[part~="progress-step"]').length === 5,
    'steps did not load',
    {
      timeout: 10000,
    },
  );
  [...root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')].at(-1)!.click();
  await waitUntil(
    () =>
      el.step === 'review' &&
      !root(el).querySelector('[part~="review"] [part~="skeleton"]') &&
      [...root(el).querySelectorAll('[part~="review"] .summary-file-name')].some(
        (f) => f.textContent === 'passport.pdf',
      ),
    'review did not load with the beneficiary documents',
    { timeout: 10000 },
  );
  return el;
}

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The summary row whose key is `label` (in the whole review). */
function row(el: KybFormElement, label: string): HTMLElement {
  const rows = [...root(el).querySelectorAll<HTMLElement>('[part~="review"] .summary-row')];
  const found = rows.find((r) => clean(r.querySelector('dt')?.textContent) === label);
  if (!found)
    throw new Error(
      `no row "${label}" (have: ${rows.map((r) => clean(r.querySelector('dt')?.textContent))})`,
    );
  return found;
}
const value = (el: KybFormElement, label: string) => clean(row(el, label).querySelector('dd')?.textContent);

describe('<kyb-form> review summary', function () {
  this.timeout(30000);

  it('formats values for English: dates, time, country, colour, Yes, lists, numbers, files', async () => {
    const el = await reviewIn('en');
    expect(value(el, 'Founding day')).to.equal('May 1, 2024');
    expect(value(el, 'Opening time')).to.equal('9:30 AM');
    expect(value(el, 'Last meeting')).to.match(/^May 1, 2024.*2:05\sPM$/);
    expect(value(el, 'Country of registration')).to.equal('Germany');
    expect(value(el, 'Home market')).to.equal('France');
    expect(value(el, 'Trades abroad')).to.equal('Yes');
    expect(value(el, 'Employees')).to.equal('1,234,567');
    // colour: a swatch painted in the colour and its hex text
    const color = row(el, 'Brand colour');
    const swatch = color.querySelector<HTMLElement>('[part~="summary-swatch"]')!;
    expect(getComputedStyle(swatch).backgroundColor).to.equal('rgb(170, 187, 204)');
    expect(clean(color.querySelector('dd')?.textContent)).to.equal('#aabbcc');
    // a list as a real list
    const items = [...row(el, 'Sales channels').querySelectorAll('ul li')].map((li) => clean(li.textContent));
    expect(items).to.deep.equal(['Online shop', 'Stores']);
    // a file by name (the service answers a stored file with its URL: no size to show)
    expect(value(el, 'Annual report')).to.equal('report.pdf');
    // optional and empty: "Not provided", muted, not "Missing"
    expect(value(el, 'Notes')).to.equal('Not provided');
    expect(row(el, 'Notes').querySelector('[part~="summary-empty"]')).to.exist;
    expect(row(el, 'Phone number').querySelector('[part~="summary-missing"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('formats dates and countries for German without shifting the day', async () => {
    const el = await reviewIn('de');
    const all = clean(root(el).querySelector('[part~="review"]')?.textContent);
    expect(all).to.contain('1. Mai 2024');
    expect(all).to.contain('10. Dezember 1990');
    expect(all).to.contain('Deutschland');
    expect(all).to.contain('Frankreich');
    expect(all).to.contain('1.234.567');
    expect(all).not.to.contain('2024-05-01');
  });

  it('marks missing required items with text and an Edit link that focuses the field', async () => {
    const el = await reviewIn('en');
    const city = row(el, 'City');
    const missing = city.querySelector<HTMLElement>('[part~="summary-missing"]')!;
    expect(clean(missing.textContent)).to.equal('Missing');
    expect(getComputedStyle(missing).color).to.equal('rgb(185, 28, 28)');
    expect(missing.querySelector('svg[aria-hidden="true"]')).to.exist;
    // the required question and the required company document are missing too
    expect(row(el, 'Mission statement').querySelector('[part~="summary-missing"]')).to.exist;
    expect(row(el, 'Certificate of incorporation').querySelector('[part~="summary-missing"]')).to.exist;
    // every Edit link has a unique accessible name
    const links = [...root(el).querySelectorAll<HTMLAnchorElement>('[part~="summary-edit"]')];
    const names = links.map((a) => clean(a.textContent));
    expect(names).to.include('Edit City');
    expect(new Set(names).size, `duplicate link names: ${names.join(' | ')}`).to.equal(names.length);
    // the link goes to the field and focuses it
    city.querySelector<HTMLAnchorElement>('[part~="summary-edit"]')!.click();
    await waitUntil(() => el.step === 'company', 'did not switch to the company step');
    await waitUntil(() => root(el).activeElement?.id === 'kyb-company-city', 'City not focused', {
      timeout: 3000,
    });
    // a question's Edit link focuses its control on the questionnaire step
    [...root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')].at(-1)!.click();
    await waitUntil(
      () => el.step === 'review' && root(el).querySelector('[part~="review"] .summary-row'),
      'no review',
    );
    row(el, 'Mission statement').querySelector<HTMLAnchorElement>('[part~="summary-edit"]')!.click();
    await waitUntil(() => el.step === 'questionnaires', 'did not switch to the questionnaires');
    await waitUntil(
      () => (root(el).activeElement as HTMLInputElement | null)?.closest('[data-q]')?.textContent,
      'question not focused',
      { timeout: 3000 },
    );
    expect(clean(root(el).activeElement!.closest('[data-q]')!.querySelector('label')?.textContent)).to.match(
      /^Mission statement/,
    );
  });

  it('lists each beneficiary with role, fields and documents', async () => {
    const el = await reviewIn('en');
    const group = [...root(el).querySelectorAll<HTMLElement>('[part~="summary-group"]')].find(
      (g) => clean(g.querySelector('h5')?.textContent) === 'Ada Lovelace',
    )!;
    expect(group).to.exist;
    const text = clean(group.textContent);
    expect(text).to.contain('Ultimate beneficial owner (UBO)');
    expect(text).to.contain('50%');
    expect(text).to.contain('December 10, 1990');
    expect(text).to.contain('passport.pdf');
    const edit = [...group.querySelectorAll('[part~="summary-edit"]')].map((a) => clean(a.textContent));
    expect(edit).to.include('Edit Identity document (Ada Lovelace)');
  });
});
