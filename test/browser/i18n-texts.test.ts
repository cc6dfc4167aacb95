/**
 * The partner's texts (issue 27): overrides per string and locale, refused overrides, locales a partner
 * registers, and right-to-left in Arabic and Hebrew. Through the sandbox over real HTTP.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../src/kyb-form/define.ts';
import '../../src/age-check/define.ts';
import type { AgeCheckElement } from '../../src/age-check/age-check.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { activeLocale, applyLocale, registerLocale, type Texts } from '../../src/i18n/index.ts';
import { newAgeToken } from './age-helpers.ts';
import { ready, root, setup } from './kyb-form-helpers.ts';

const CONFIRM = 's9f03caa7ddde1d9c'; // "Confirm your age with a selfie" (docs/texts.md)
const AGREE = 's177a144717f855a6'; // "Agree and start"
const ATTEMPTS = 's5d15d11404ff586c'; // "Attempts left: {n}"

const heading = (el: HTMLElement) => el.shadowRoot?.querySelector('h2')?.textContent?.trim() ?? '';
const agreeText = (el: HTMLElement) =>
  [...(el.shadowRoot?.querySelectorAll('button') ?? [])].map((b) => b.textContent?.trim() ?? '');

async function mountAge(texts: Texts | null, locale?: string): Promise<AgeCheckElement> {
  const token = await newAgeToken();
  return fixture<AgeCheckElement>(
    html`<age-check
      .token=${token}
      api-base="/sandbox"
      .texts=${texts}
      locale=${locale ?? 'en'}
    ></age-check>`,
  );
}

/** console.warn calls during `fn`. */
async function warnings(fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void seen.push(args.map(String).join(' '));
  try {
    await fn();
  } finally {
    console.warn = original;
  }
  return seen.filter((w) => w.startsWith('verify-elements:'));
}

afterEach(async () => {
  document.querySelectorAll('age-check, kyb-form').forEach((e) => e.remove());
  await applyLocale('en');
});

describe('text overrides', () => {
  it('replace a string, per locale, and survive a locale change', async () => {
    const el = await mountAge({
      en: { [CONFIRM]: 'ACME: a quick selfie to check your age' },
      de: { [CONFIRM]: 'ACME: ein kurzes Selfie zur Altersprüfung' },
    });
    await waitUntil(() => heading(el) === 'ACME: a quick selfie to check your age', 'heading', {
      timeout: 10000,
    });
    el.locale = 'de';
    await waitUntil(() => heading(el) === 'ACME: ein kurzes Selfie zur Altersprüfung', 'heading', {
      timeout: 10000,
    });
    // Texts without an override follow the locale (German translation, not English).
    expect(agreeText(el)).to.not.include('Agree and start');
    el.locale = 'en';
    await waitUntil(() => heading(el) === 'ACME: a quick selfie to check your age', 'heading');
    expect(agreeText(el)).to.include('Agree and start');
  });

  it('an override that drops a placeholder is refused with one warning; a typo too', async () => {
    const seen = await warnings(async () => {
      const el = await mountAge({
        en: {
          [ATTEMPTS]: 'You have a few attempts left',
          [AGREE]: 'Yes, start',
          ...({ s0000000000000000: 'typo' } as Record<string, string>),
        },
      });
      await waitUntil(() => agreeText(el).includes('Yes, start'), 'buttons', {
        timeout: 10000,
      });
    });
    expect(seen.filter((w) => w.includes(ATTEMPTS))).to.have.length(1);
    expect(seen.find((w) => w.includes(ATTEMPTS))).to.contain('{n}');
    expect(seen.filter((w) => w.includes('s0000000000000000'))).to.have.length(1);
    expect(seen).to.have.length(2);
  });

  it('are read from a <script type="application/json" data-verify-texts> block by texts-id', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'acme-texts';
    block.dataset.verifyTexts = '';
    block.textContent = JSON.stringify({ en: { [CONFIRM]: 'From the JSON block' } });
    document.body.append(block);
    try {
      const token = await newAgeToken();
      const el = await fixture<AgeCheckElement>(
        html`<age-check .token=${token} api-base="/sandbox" texts-id="acme-texts" locale="en"></age-check>`,
      );
      await waitUntil(() => heading(el) === 'From the JSON block', 'heading', { timeout: 10000 });
    } finally {
      block.remove();
    }
  });
});

describe('registerLocale', () => {
  it('a registered locale renders its messages and falls back to English per string', async () => {
    await registerLocale('eo', { [CONFIRM]: 'Konfirmu vian aĝon per memfoto' });
    const el = await mountAge(null, 'eo');
    await waitUntil(() => heading(el) === 'Konfirmu vian aĝon per memfoto', 'heading', {
      timeout: 10000,
    });
    expect(activeLocale()).to.equal('eo');
    expect(agreeText(el)).to.include('Agree and start');
    expect(el.shadowRoot!.querySelector('[part~="root"]')!.getAttribute('lang')).to.equal('eo');
    expect(el.shadowRoot!.querySelector('[part~="root"]')!.getAttribute('dir')).to.equal('ltr');
  });

  it('a registered right-to-left locale gets dir="rtl"', async () => {
    await registerLocale('fa', { [CONFIRM]: 'سن خود را با یک سلفی تأیید کنید' });
    const el = await mountAge(null, 'fa');
    await waitUntil(() => heading(el) === 'سن خود را با یک سلفی تأیید کنید', 'heading', {
      timeout: 10000,
    });
    expect(el.shadowRoot!.querySelector('[part~="root"]')!.getAttribute('dir')).to.equal('rtl');
  });
});

describe('right-to-left at 390 px', () => {
  before(() => setViewport({ width: 390, height: 844 }));
  after(() => setViewport({ width: 800, height: 600 }));
  const noScroll = () => document.documentElement.scrollWidth <= document.documentElement.clientWidth;

  for (const locale of ['ar', 'he']) {
    it(`<age-check> in ${locale}: dir="rtl", translated, no horizontal scroll`, async () => {
      const el = await mountAge(null, locale);
      await waitUntil(() => heading(el) !== '' && activeLocale() === locale, 'heading', {
        timeout: 10000,
      });
      await waitUntil(() => agreeText(el).length > 0 && !agreeText(el).includes('Agree and start'));
      expect(el.shadowRoot!.querySelector('[part~="root"]')!.getAttribute('dir')).to.equal('rtl');
      expect(noScroll(), `scrollWidth ${document.documentElement.scrollWidth}`).to.equal(true);
    });

    it(`<kyb-form> in ${locale}: dir="rtl" on its first step, no horizontal scroll`, async () => {
      const s = await setup();
      const el = await fixture<KybFormElement>(
        html`<kyb-form .token=${s.token} api-base="/sandbox" locale=${locale}></kyb-form>`,
      );
      await ready(el);
      await waitUntil(() => activeLocale() === locale);
      const r = root(el).querySelector('[part~="root"]')!;
      expect(r.getAttribute('dir')).to.equal('rtl');
      expect(r.getAttribute('lang')).to.equal(locale);
      expect(root(el).querySelector('#kyb-step-heading')?.textContent).to.not.match(/Company/);
      expect(noScroll(), `scrollWidth ${document.documentElement.scrollWidth}`).to.equal(true);
    });
  }
});

describe("<age-check>'s consent: the partner's paragraphs and links", () => {
  it('shows them as text, links https only, per locale', async () => {
    const seen = await warnings(async () => {
      const el = await mountAge({
        en: {
          consent: {
            paragraphs: ['ACME keeps no photo. <b>not bold</b>'],
            links: [
              { text: 'ACME terms', href: 'https://acme.example/terms' },
              { text: 'Bad link', href: 'javascript:alert(1)' },
              { text: 'Plain http', href: 'http://acme.example/' },
            ],
          },
        },
      });
      await waitUntil(
        () => el.shadowRoot?.querySelector('[part~="consent-partner"]'),
        'no partner paragraph',
        {
          timeout: 10000,
        },
      );
      const p = el.shadowRoot!.querySelector('[part~="consent-partner"]')!;
      expect(p.textContent?.trim()).to.equal('ACME keeps no photo. <b>not bold</b>');
      expect(p.querySelector('b')).to.equal(null);
      const links = [...el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part~="consent-link"]')];
      expect(links.map((a) => a.href)).to.deep.equal(['https://acme.example/terms']);
      expect(links[0]!.rel).to.equal('noopener');
    });
    expect(seen.filter((w) => w.includes('https'))).to.have.length(2);
  });
});
