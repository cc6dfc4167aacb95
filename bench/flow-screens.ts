/**
 * Screenshots of the screens the flow lane changed (issue 24), at 1280x800 and 390x844, into
 * bench/results/screens/flow-*.png, each checked with axe (violations printed; 0 expected):
 *   - the review with its section buttons named by section (folded long sections on the phone);
 *   - a round trip: a beneficiary's card opened on Date of birth, "Save and return to review";
 *   - the first screen of a form sent back for more information, with the partner's message;
 *   - the company step's own messages after Continue; the custom multi-country combobox, filtered;
 *   - the beneficiary form's roles with their explanations.
 *
 *   node --import tsx bench/flow-screens.ts
 *
 * Starts the demo's Vite dev server (sandbox under /sandbox) on a free port; accounts and forms are made
 * through the sandbox's control API and the partner helper; the element is mounted on a bare page.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, OUT, startDemo } from './screens-page.ts';
import { SandboxControl } from '../src/sandbox/control-client.ts';
import { PartnerClient } from '../src/server/index.ts';
import { KybClient } from '../src/api/kyb-client.ts';

/** The element's module as Vite serves a file outside its root (demo/). */
const DEFINE = join(import.meta.dirname, '..', 'src', 'kyb-form', 'define.ts');
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const both = ['INDIVIDUAL', 'COMPANY'].map((applicantType) => ({
  applicantType,
  fields: [{ field: 'DATE_OF_BIRTH', required: false }],
}));
const CONFIG = {
  kyb: {
    info: {
      locale: 'en',
      theme: null,
      flow: {
        fields: [
          'COMPANY_NAME', 'REGISTRATION_NUMBER', 'COUNTRY', 'TYPE', 'WEBSITE', 'EMAIL', 'PHONE', 'TIN',
          'OPERATING_ADDRESS', 'STREET', 'CITY', 'POSTCODE',
        ].map((field, i) => ({ field, required: i < 3 || field === 'CITY', order: i + 1 })),
        fieldsCustom: [
          {
            field: { key: 'markets', title: 'Countries where you have customers', type: 'COUNTRY_MULTI', choices: [] },
            required: false,
            order: 20,
          },
        ],
        documents: [],
        beneficiaries: [
          { beneficiaryType: 'UBO', required: false, fields: [{ field: 'OWNERSHIP_PERCENTAGE', required: false }], applicants: both },
          { beneficiaryType: 'SHAREHOLDER', required: false, applicants: both },
          { beneficiaryType: 'CEO', required: false, applicants: both.slice(0, 1) },
        ],
      },
    },
    questionnaires: [],
  },
}; // prettier-ignore

const COMPANY = {
  companyName: 'Acme Trading GmbH',
  registrationNumber: 'HRB 123456',
  country: 'DE' as const,
  type: 'GmbH',
  website: 'https://acme.example',
  email: 'office@acme.example',
  phone: '+4930123456',
  tin: 'DE123456789',
  operatingAddress: 'Hauptstraße 1, 10115 Berlin',
  street: 'Hauptstraße 1',
  city: 'Berlin',
  postcode: '10115',
};

async function account(base: string) {
  const control = new SandboxControl({ baseUrl: `${base}/sandbox` });
  const acc = await control.createAccount(CONFIG);
  const partner = new PartnerClient({
    baseUrl: `${base}/sandbox`,
    apiKey: acc.apiKey,
    apiSecret: acc.apiSecret,
  });
  const token = (await partner.createKybToken({ clientId: `shots-${Math.random().toString(36).slice(2)}` }))
    .tokenString;
  const client = new KybClient({ baseUrl: `${base}/sandbox`, token, retries: 0 });
  return { mine: control.withAccount(acc), token, client };
}

/** A page with only the element (its module through Vite); `attrs` are added to it. */
async function mount(page: Page, base: string, token: string, attrs = '') {
  await page.route(`${base}/flow-shot.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>flow</title><style>body{margin:0;padding:16px;font-family:system-ui}</style></head><body>
<main><kyb-form api-base="/sandbox" locale="en" ${attrs}></kyb-form></main>
<script type="module">import '/@fs${DEFINE}'; document.querySelector('kyb-form').token = ${JSON.stringify(token)};</script></body></html>`,
    }),
  );
  await page.goto(`${base}/flow-shot.html`);
  await until(
    page,
    () => !!document.querySelector('kyb-form')?.shadowRoot?.querySelector('#kyb-step-heading'),
  );
}

const until = (page: Page, fn: () => unknown) => page.waitForFunction(fn, null, { timeout: 30000 });
const inRoot = (page: Page, selector: string) => page.locator('kyb-form').locator(selector);

async function toReview(page: Page) {
  await until(page, () => document.querySelector('kyb-form')!.shadowRoot!.querySelectorAll('[part~="progress-step"]').length === 3);
  await page.evaluate(() => {
    const steps = document.querySelector('kyb-form')!.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="progress-step"]');
    steps[steps.length - 1]!.click();
  });
  await until(page, () => !!document.querySelector('kyb-form')!.shadowRoot!.querySelector('[part~="review"] [part~="summary-group"]'));
} // prettier-ignore

type Shot = (page: Page, base: string) => Promise<void>;
const SHOTS: Record<string, Shot> = {
  async review(page, base) {
    const a = await account(base);
    const form = await a.client.createForm({
      ...COMPANY,
      additionalInfo: { markets: { value: ['DE', 'AT', 'CH', 'FR', 'LT'] } },
    });
    await a.client.createBeneficiary(form.id, {
      info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace', dateOfBirth: '1990-12-10' },
      beneficiaryTypes: ['UBO', 'CEO'],
      ownershipPercentage: 60,
      formFiller: true,
    });
    await a.client.createBeneficiary(form.id, {
      info: { infoType: 'COMPANY', companyName: 'Holding AG', country: 'CH' },
      beneficiaryTypes: ['SHAREHOLDER'],
      ownershipPercentage: 40,
    });
    await mount(page, base, a.token);
    await toReview(page);
    await page.waitForTimeout(300);
  },
  async 'round-trip'(page, base) {
    await SHOTS.review!(page, base);
    await page.evaluate(() => {
      const links = [...document.querySelector('kyb-form')!.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part~="summary-edit"]')];
      links.find((l) => l.textContent!.replace(/\s+/g, ' ').trim() === 'Edit Date of birth (Ada Lovelace)')!.click();
    }); // prettier-ignore
    await until(
      page,
      () => document.querySelector('kyb-form')!.shadowRoot!.activeElement?.id === 'ben-f-dateOfBirth',
    );
    await page.waitForTimeout(200);
  },
  async 'info-request'(page, base) {
    const a = await account(base);
    const form = await a.client.createForm(COMPANY);
    await a.client.submit(form.id);
    await a.mine.requestInformation(form.id);
    await mount(page, base, a.token, 'info-request-message="Please upload a bank statement from the last three months and check the company address."');
    await page.waitForTimeout(300);
  }, // prettier-ignore
  async 'company-errors'(page, base) {
    const a = await account(base);
    await mount(page, base, a.token);
    await inRoot(page, '[part~="button-next"]').click();
    await until(
      page,
      () => !!document.querySelector('kyb-form')!.shadowRoot!.querySelector('#kyb-error-summary'),
    );
    await page.waitForTimeout(200);
  },
  async 'country-combobox'(page, base) {
    const a = await account(base);
    await a.client.createForm(COMPANY);
    await mount(page, base, a.token);
    const input = inRoot(page, '#kyb-company-custom-markets');
    await until(page, () => {
      const i = document.querySelector('kyb-form')!.shadowRoot!.querySelector<HTMLInputElement>('#kyb-company-custom-markets');
      return i && !i.disabled;
    }); // prettier-ignore
    await input.focus();
    for (const name of ['Germany', 'Austria']) {
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
    }
    await page.keyboard.type('lat');
    await input.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
  },
  async roles(page, base) {
    const a = await account(base);
    await a.client.createForm(COMPANY);
    await mount(page, base, a.token);
    await until(page, () => document.querySelector('kyb-form')!.shadowRoot!.querySelectorAll('[part~="progress-step"]').length === 3);
    await page.evaluate(() => document.querySelector('kyb-form')!.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')[1]!.click());
    await until(page, () => !!document.querySelector('kyb-form')!.shadowRoot!.querySelector('#ben-add'));
    await inRoot(page, '#ben-add').click();
    await until(page, () => !!document.querySelector('kyb-form')!.shadowRoot!.querySelector('#ben-f-type-UBO'));
    await inRoot(page, '#ben-f-type-UBO').scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
  }, // prettier-ignore
};

async function main() {
  const demo = await startDemo();
  const { origin: base, browser } = demo;
  const only = process.argv.slice(2);
  let failed = 0;
  try {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      for (const [name, shot] of Object.entries(SHOTS)) {
        if (only.length && !only.includes(name)) continue;
        const page = await context.newPage();
        await shot(page, base);
        const file = join(OUT, `flow-${name}-${viewport.width}x${viewport.height}.png`);
        await page.screenshot({ path: file, fullPage: true });
        const violations = await axeViolations(page, 'kyb-form');
        if (violations.length) failed++;
        console.log(`${file}  axe: ${violations.length ? violations.join(', ') : '0'}`);
        await page.close();
      }
      await context.close();
    }
  } finally {
    await demo.close();
  }
  if (failed) process.exitCode = 1;
}

await main();
