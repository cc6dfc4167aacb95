/**
 * One test per target locale and element: no English source string of ours (a `msg()` source, read from
 * the `<source>` elements of locales/de.xlf) is left in the rendered text or in the `aria-label`,
 * `placeholder`, `title`, `alt` attributes of several screens.
 *
 * Ignored: units whose `<target>` equals the `<source>` in that locale (names, codes, words that are the
 * same in the language) and text that comes from the service (the demo fixtures are English).
 * These tests pass once `lit-localize build` has compiled the translations of locales/*.xlf.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/kyb-form/define.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { AgeCheckElement } from '../../src/age-check/age-check.ts';
import type { MachineState } from '../../src/age-check/machine.ts';
import { activeLocale, applyLocale } from '../../src/i18n/index.ts';
import { targetLocales } from '../../src/i18n/generated/locale-codes.ts';
import { DEMO_KYB_INFO } from '../../src/sandbox/fixtures.ts';
import { SandboxControl, type AgeScenario } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { ready, root, setup } from './kyb-form-helpers.ts';
import { ageRequest } from '../support/age-request.ts';

class I18nAgeCheck extends AgeCheckElement {
  get state(): MachineState {
    return this.machine;
  }
  protected override navigate(): void {}
}
customElements.define('i18n-age-check', I18nAgeCheck);

const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Unit {
  id: string;
  /** Source with placeholders as `{n}` (for comparing with the target). */
  source: string;
  /** Matches a whole rendered text made from this source (placeholders: any text). */
  re: RegExp;
  /** Source without placeholders, when long enough to be looked for inside a longer text. */
  plain: string | null;
}

/** Text of a `<source>`/`<target>` with `<x id="n"/>` placeholders as `{n}` (and their literal parts). */
function flatten(node: Element): { text: string; parts: string[] } {
  let text = '';
  const parts: string[] = [''];
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      text += child.textContent ?? '';
      parts[parts.length - 1] += child.textContent ?? '';
    } else if (child instanceof Element) {
      text += `{${child.getAttribute('id') ?? ''}}`;
      parts.push('');
    }
  }
  return { text: norm(text), parts: parts.map(norm) };
}

const xlfCache = new Map<string, Document>();
async function xlf(locale: string): Promise<Document> {
  let doc = xlfCache.get(locale);
  if (!doc) {
    const res = await fetch(`/locales/${locale}.xlf`);
    expect(res.ok, `locales/${locale}.xlf`).to.equal(true);
    doc = new DOMParser().parseFromString(await res.text(), 'application/xml');
    xlfCache.set(locale, doc);
  }
  return doc;
}

async function englishUnits(): Promise<Unit[]> {
  const doc = await xlf('de');
  const units: Unit[] = [];
  for (const u of doc.querySelectorAll('trans-unit')) {
    const src = u.querySelector('source');
    if (!src) continue;
    const { text, parts } = flatten(src);
    const literal = parts.join(' ').trim();
    // A source that is only placeholders and punctuation says nothing in English.
    if (!/\p{L}{2,}/u.test(literal)) continue;
    const re = new RegExp(`^${parts.map(escapeRe).join('[\\s\\S]+?')}$`);
    const plain = parts.length === 1 && text.length >= 12 ? text : null;
    units.push({ id: u.getAttribute('id') ?? '', source: text, re, plain });
  }
  expect(units.length, 'English sources from de.xlf').to.be.greaterThan(100);
  return units;
}

/** Ids of units whose translation in `locale` is the English text itself. */
async function sameAsEnglish(locale: string): Promise<Set<string>> {
  const doc = await xlf(locale);
  const ids = new Set<string>();
  for (const u of doc.querySelectorAll('trans-unit')) {
    const src = u.querySelector('source');
    const tgt = u.querySelector('target');
    if (src && tgt && flatten(src).text === flatten(tgt).text) ids.add(u.getAttribute('id') ?? '');
  }
  return ids;
}

/** Every string in the service's data (not ours to translate). */
function serviceStrings(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (norm(value)) out.add(norm(value));
  } else if (Array.isArray(value)) {
    for (const v of value) serviceStrings(v, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) serviceStrings(v, out);
  }
  return out;
}
const SERVICE = serviceStrings(DEMO_KYB_INFO);
const isService = (t: string) => SERVICE.has(t) || [...SERVICE].some((s) => s.length >= 8 && s.includes(t));

const ATTRS = ['aria-label', 'placeholder', 'title', 'alt', 'aria-valuetext'];

/** Rendered texts of a shadow root (text nodes and the text attributes), descending into nested roots. */
function renderedTexts(shadow: ShadowRoot): string[] {
  const out: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const t = norm(node.textContent);
      if (t) out.push(t);
      return;
    }
    if (node instanceof Element) {
      if (node.localName === 'style' || node.localName === 'script') return;
      for (const a of ATTRS) {
        const v = norm(node.getAttribute(a));
        if (v) out.push(v);
      }
      if (node.shadowRoot) for (const c of node.shadowRoot.childNodes) visit(c);
    }
    for (const c of node.childNodes) visit(c);
  };
  for (const c of shadow.childNodes) visit(c);
  return out;
}

/** The English source strings of ours found on screen (empty when everything is translated). */
function englishLeft(shadow: ShadowRoot, units: Unit[], ignore: Set<string>, screen: string): string[] {
  const found: string[] = [];
  for (const text of renderedTexts(shadow)) {
    if (isService(text)) continue;
    for (const u of units) {
      if (ignore.has(u.id)) continue;
      if (u.re.test(text) || (u.plain && text.includes(u.plain))) {
        found.push(`${screen}: "${text}" (source "${u.source}")`);
        break;
      }
    }
  }
  return found;
}

async function settle(el: HTMLElement & { updateComplete: Promise<boolean> }, locale: string) {
  await waitUntil(() => activeLocale() === locale, `locale ${locale} (active: ${activeLocale()})`, {
    timeout: 10000,
  });
  await el.updateComplete;
}

async function ageSetup(scenario?: AgeScenario) {
  const anon = new SandboxControl({ baseUrl: '/sandbox' });
  const account = await anon.createAccount({});
  const control = anon.withAccount(account);
  const partner = new PartnerClient({
    baseUrl: '/sandbox',
    apiKey: account.apiKey,
    apiSecret: account.apiSecret,
  });
  const { token } = await partner.createAgeToken(ageRequest({ min_age: 18 }));
  if (scenario) await control.setAgeScenario(token, scenario);
  return { control, token };
}

async function mountAge(token: string, locale: string) {
  const el = await fixture<I18nAgeCheck>(
    html`<i18n-age-check
      token=${token}
      api-base="/sandbox"
      locale=${locale}
      redirect="none"
    ></i18n-age-check>`,
  );
  return el;
}

async function waitState(el: I18nAgeCheck, names: MachineState['name'][]) {
  await waitUntil(() => names.includes(el.state.name), `state ${names.join('|')} (now ${el.state.name})`, {
    timeout: 15000,
  });
  await el.updateComplete;
}

const partButton = (el: HTMLElement, part: string) => {
  const b = el.shadowRoot!.querySelector<HTMLButtonElement>(`[part~="${part}"]`);
  if (!b) throw new Error(`no [part~="${part}"]`);
  return b;
};

let UNITS: Unit[] = [];
before(async () => {
  UNITS = await englishUnits();
});
after(async () => {
  await applyLocale('en');
});

describe('the English check itself', () => {
  it('finds our English strings on an English screen and ignores service text', async () => {
    const s = await setup({ kyb: { info: DEMO_KYB_INFO, questionnaires: [] } });
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox" locale="en"></kyb-form>`,
    );
    await ready(el);
    await settle(el, 'en');
    const found = englishLeft(root(el), UNITS, new Set(), 'company');
    expect(found.some((f) => f.includes('"Company name"'))).to.equal(true);
    // The service's field titles (fieldsCustom) are English too, but they are not ours.
    expect(found.some((f) => f.includes('Expected monthly volume'))).to.equal(false);
  });
});

for (const locale of targetLocales) {
  describe(`locale ${locale}`, () => {
    it(`<kyb-form>: company step, validation errors, error screen have no English of ours`, async () => {
      const ignore = await sameAsEnglish(locale);
      const found: string[] = [];

      const s = await setup({ kyb: { info: DEMO_KYB_INFO, questionnaires: [] } });
      const el = await fixture<KybFormElement>(
        html`<kyb-form .token=${s.token} api-base="/sandbox" locale=${locale}></kyb-form>`,
      );
      await ready(el);
      await settle(el, locale);
      found.push(...englishLeft(root(el), UNITS, ignore, 'company step'));

      // Field errors: values left dirty (input, then blur) that do not validate.
      for (const [name, value] of [
        ['email', 'not-an-address@'],
        ['companyName', ''],
      ] as const) {
        const input = root(el).querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
        input.focus();
        input.value = 'x';
        input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
        input.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
        await el.updateComplete;
      }
      await waitUntil(
        () => root(el).querySelectorAll('[part~="field-error"]').length >= 2,
        'no field errors shown',
      );
      found.push(...englishLeft(root(el), UNITS, ignore, 'field errors'));

      const bad = await fixture<KybFormElement>(
        html`<kyb-form api-base="/sandbox" locale=${locale} .token=${'not-a-real-token'}></kyb-form>`,
      );
      await waitUntil(() => root(bad).querySelector('[part~="error"]'), 'no error screen');
      await settle(bad, locale);
      found.push(...englishLeft(root(bad), UNITS, ignore, 'error screen'));

      expect(found, found.join('\n')).to.deep.equal([]);
    });

    it(`<age-check>: consent, fallback, expired and outcome screens have no English of ours`, async () => {
      const ignore = await sameAsEnglish(locale);
      const found: string[] = [];

      // Consent, then a real selfie (fake camera) to the SUCCESS outcome.
      const ok = await ageSetup({ estimates: [{ age: 40, confidence: 99 }] });
      const el = await mountAge(ok.token, locale);
      await waitState(el, ['consent']);
      await settle(el, locale);
      // The element's own translation group may still be on its way (a chunk of its own): give it the
      // time a page would; English that stays is reported.
      const consentLeft = () => englishLeft(el.shadowRoot!, UNITS, ignore, 'consent');
      await waitUntil(() => consentLeft().length === 0, 'consent translated', { timeout: 5000 }).catch(
        () => undefined,
      );
      found.push(...consentLeft());
      partButton(el, 'start-button').click();
      await waitState(el, ['live']);
      found.push(...englishLeft(el.shadowRoot!, UNITS, ignore, 'camera'));
      partButton(el, 'capture-button').click();
      await waitState(el, ['selfie-review']);
      found.push(...englishLeft(el.shadowRoot!, UNITS, ignore, 'photo review'));
      partButton(el, 'primary-button').click();
      await waitState(el, ['done']);
      found.push(...englishLeft(el.shadowRoot!, UNITS, ignore, 'outcome'));
      el.remove();

      // Camera refused: the file / QR fallback.
      const fb = await ageSetup();
      const gum = navigator.mediaDevices.getUserMedia;
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('', 'NotAllowedError'));
      try {
        const f = await mountAge(fb.token, locale);
        await waitState(f, ['consent']);
        partButton(f, 'start-button').click();
        await waitState(f, ['fallback']);
        await settle(f, locale);
        found.push(...englishLeft(f.shadowRoot!, UNITS, ignore, 'fallback'));
        f.remove();
      } finally {
        navigator.mediaDevices.getUserMedia = gum;
      }

      // An expired link.
      const ex = await ageSetup();
      await ex.control.expireAgeSession(ex.token);
      const x = await mountAge(ex.token, locale);
      await waitState(x, ['expired']);
      await settle(x, locale);
      found.push(...englishLeft(x.shadowRoot!, UNITS, ignore, 'expired'));

      expect(found, found.join('\n')).to.deep.equal([]);
    });
  });
}
