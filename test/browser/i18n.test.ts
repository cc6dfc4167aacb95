/**
 * Locale precedence (attribute > service `info.locale` > browser languages > English), switching the
 * locale at run time without losing input, and Intl formatting in the active locale.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/kyb-form/define.ts';
import '../../src/age-check/define.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import type { AgeCheckElement } from '../../src/age-check/age-check.ts';
import { activeLocale, applyLocale } from '../../src/i18n/index.ts';
import { DEMO_KYB_INFO } from '../../src/sandbox/fixtures.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { formatBytes } from '../../src/kyb-form/files.ts';
import { countryName, formatPercentInput } from '../../src/kyb-form/beneficiaries/model.ts';
import { ready, root, setup } from './kyb-form-helpers.ts';
import { ageRequest } from '../support/age-request.ts';

const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The German target of an English source in locales/de.xlf (null if not translated yet). */
async function germanFor(source: string): Promise<string | null> {
  const doc = new DOMParser().parseFromString(
    await (await fetch('/locales/de.xlf')).text(),
    'application/xml',
  );
  for (const unit of doc.querySelectorAll('trans-unit')) {
    if (norm(unit.querySelector('source')?.textContent) === source) {
      const t = unit.querySelector('target');
      return t ? norm(t.textContent) : null;
    }
  }
  throw new Error(`no unit "${source}" in de.xlf`);
}

const countryText = (el: KybFormElement, code: string) =>
  norm(
    root(el)
      .querySelector<HTMLSelectElement>('select[name="country"]')
      ?.querySelector(`option[value="${code}"]`)?.textContent,
  );
/** The same, once the country list is there (it follows the step's first render by a task). */
async function listedCountry(el: KybFormElement, code: string): Promise<string> {
  const select = () => root(el).querySelector<HTMLSelectElement>('select[name="country"]');
  await waitUntil(() => (select()?.options.length ?? 0) > 2, 'the country list did not arrive');
  return countryText(el, code);
}

async function mountKyb(token: string, locale?: string) {
  const el = await fixture<KybFormElement>(
    locale
      ? html`<kyb-form .token=${token} api-base="/sandbox" locale=${locale}></kyb-form>`
      : html`<kyb-form .token=${token} api-base="/sandbox"></kyb-form>`,
  );
  return el;
}

async function ageToken() {
  const anon = new SandboxControl({ baseUrl: '/sandbox' });
  const account = await anon.createAccount({});
  const partner = new PartnerClient({
    baseUrl: '/sandbox',
    apiKey: account.apiKey,
    apiSecret: account.apiSecret,
  });
  return (await partner.createAgeToken(ageRequest())).token;
}

/** Pretends the browser prefers `langs` (navigator.languages) for the duration of `fn`. */
async function withLanguages<T>(langs: string[], fn: () => Promise<T>): Promise<T> {
  Object.defineProperty(navigator, 'languages', { configurable: true, get: () => langs });
  try {
    return await fn();
  } finally {
    delete (navigator as unknown as { languages?: unknown }).languages;
  }
}

afterEach(async () => {
  await applyLocale('en');
});

describe('locale precedence: <kyb-form>', () => {
  it('info.locale from the service is used when there is no attribute', async () => {
    const s = await setup({ kyb: { info: DEMO_KYB_INFO, questionnaires: [] } });
    await s.mine.setKybConfig({ info: { ...DEMO_KYB_INFO, locale: 'de' } });
    const token = await s.newToken();
    const el = await mountKyb(token);
    const ev = await oneEvent(el, 'kyb-ready');
    expect(ev.detail.locale).to.equal('de');
    expect(activeLocale()).to.equal('de');
    await ready(el);
    expect(await listedCountry(el, 'DE')).to.equal('Deutschland');
  });

  it('the locale attribute wins over info.locale and the browser languages', async () => {
    const s = await setup({ kyb: { info: { ...DEMO_KYB_INFO, locale: 'de' }, questionnaires: [] } });
    await withLanguages(['fr-FR'], async () => {
      const el = await mountKyb(s.token, 'ja');
      const ev = await oneEvent(el, 'kyb-ready');
      expect(ev.detail.locale).to.equal('ja');
      expect(activeLocale()).to.equal('ja');
      await ready(el);
      expect(await listedCountry(el, 'DE')).to.equal('ドイツ');
    });
  });

  it('a region tag in the attribute matches its language (pt-BR -> pt)', async () => {
    const s = await setup({ kyb: { info: DEMO_KYB_INFO, questionnaires: [] } });
    const el = await mountKyb(s.token, 'pt-BR');
    const ev = await oneEvent(el, 'kyb-ready');
    expect(ev.detail.locale).to.equal('pt');
    await ready(el);
    expect(await listedCountry(el, 'DE')).to.equal('Alemanha');
  });

  it('the error screen (invalid token) follows the locale attribute too', async () => {
    const el = await fixture<KybFormElement>(html`<kyb-form api-base="/sandbox" locale="lt"></kyb-form>`);
    const err = oneEvent(el, 'kyb-error');
    el.token = 'not-a-real-token';
    await err;
    await waitUntil(() => activeLocale() === 'lt', `locale is ${activeLocale()}`);
  });
});

describe('locale precedence: <age-check> (no service locale: attribute > browser > English)', () => {
  const cases: [string[], string | null, string][] = [
    [['de-AT', 'en'], null, 'de'],
    [['pt-BR'], null, 'pt'],
    [['xx-CN', 'fa', 'lt-LT'], null, 'lt'],
    [['xx-CN', 'ur-PK'], null, 'en'],
    [['de-AT'], 'ja', 'ja'],
  ];
  for (const [langs, attr, expected] of cases) {
    it(`languages ${langs.join(',')}${attr ? ` + locale="${attr}"` : ''} -> ${expected}`, async () => {
      const token = await ageToken();
      await applyLocale(expected === 'en' ? 'fr' : 'en'); // start elsewhere so the change is observable
      await withLanguages(langs, async () => {
        const el = await fixture<AgeCheckElement>(
          attr
            ? html`<age-check token=${token} api-base="/sandbox" locale=${attr}></age-check>`
            : html`<age-check token=${token} api-base="/sandbox"></age-check>`,
        );
        await waitUntil(
          () => activeLocale() === expected,
          `locale is ${activeLocale()}, expected ${expected}`,
        );
        el.remove();
      });
    });
  }
});

describe('switching the locale at run time', () => {
  it('kyb-form: typed values stay, labels and country names follow the new locale', async () => {
    const s = await setup({ kyb: { info: DEMO_KYB_INFO, questionnaires: [] } });
    const el = await mountKyb(s.token);
    await ready(el);
    const name = root(el).querySelector<HTMLInputElement>('input[name="companyName"]')!;
    const label = () =>
      norm(root(el).querySelector(`label[for="${name.id}"]`)?.textContent).replace(/\s*\*$/, '');
    expect(label()).to.match(/^Company name/);
    name.focus();
    name.value = 'Vertaling Testbedrijf';
    name.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    const country = root(el).querySelector<HTMLSelectElement>('select[name="country"]')!;
    country.value = 'FR';
    country.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    await el.updateComplete;

    el.locale = 'de';
    await waitUntil(() => countryText(el, 'DE') === 'Deutschland', 'country names are not German', {
      timeout: 5000,
    });
    await el.updateComplete;
    const nameNow = root(el).querySelector<HTMLInputElement>('input[name="companyName"]')!;
    expect(nameNow.value).to.equal('Vertaling Testbedrijf');
    expect(root(el).querySelector<HTMLSelectElement>('select[name="country"]')!.value).to.equal('FR');
    const de = await germanFor('Company name');
    expect(de, '"Company name" has no German translation yet (locales/de.xlf)').to.be.a('string');
    expect(label()).to.contain(de!);

    el.locale = 'en';
    await waitUntil(() => countryText(el, 'DE') === 'Germany', 'back to English');
    expect(label()).to.match(/^Company name/);
    expect(root(el).querySelector<HTMLInputElement>('input[name="companyName"]')!.value).to.equal(
      'Vertaling Testbedrijf',
    );
  });
});

describe('Intl formatting in the locale', () => {
  it('country names, percentages and file sizes', () => {
    expect(countryName('DE', 'de')).to.equal('Deutschland');
    expect(countryName('DE', 'ja')).to.equal('ドイツ');
    expect(countryName('DE', 'lt')).to.equal('Vokietija');
    expect(formatPercentInput(12.5, 'de')).to.equal('12,5');
    expect(formatPercentInput(12.5, 'en')).to.equal('12.5');
    expect(formatBytes(1536 * 1024, 'de')).to.equal('1,5 MB');
    expect(formatBytes(1536 * 1024, 'en')).to.equal('1.5 MB');
  });

  it('the country select of the company step is named and sorted in the active locale', async () => {
    const s = await setup({ kyb: { info: { ...DEMO_KYB_INFO, locale: 'de' }, questionnaires: [] } });
    const el = await mountKyb(s.token);
    await ready(el);
    const select = root(el).querySelector<HTMLSelectElement>('select[name="country"]')!;
    const opts = [...select.options].filter((o) => o.value);
    const names = opts.map((o) => norm(o.textContent));
    expect(names).to.include('Deutschland');
    expect(names).to.include('Österreich');
    expect(names).to.deep.equal([...names].sort(new Intl.Collator('de').compare));
  });
});
