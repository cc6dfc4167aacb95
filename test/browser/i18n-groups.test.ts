/**
 * Translations are split by element and by step: a page with only `<age-check>` loads only the age
 * check's chunk of its locale; `<kyb-form>` loads its own, and each lazily loaded step brings its group,
 * so the step's texts are translated when it shows. (A fresh page: nothing was registered before.)
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/age-check/define.ts';
import '../../src/kyb-form/define.ts';
import type { AgeCheckElement } from '../../src/age-check/age-check.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import { activeLocale, applyLocale } from '../../src/i18n/index.ts';
import { DEMO_KYB_INFO } from '../../src/sandbox/fixtures.ts';
import { ready, root, setup } from './kyb-form-helpers.ts';
import { newAgeToken } from './age-helpers.ts';
import { localeChunks } from './i18n-helpers.ts';

const buttons = (r: ShadowRoot) => [...r.querySelectorAll('button')].map((b) => b.textContent?.trim() ?? '');

describe('locale chunks per element and step', () => {
  after(() => applyLocale('en'));

  it('an age check alone loads only its own chunk, and its screen is translated', async () => {
    performance.setResourceTimingBufferSize(10000);
    const token = await newAgeToken();
    const age = await fixture<AgeCheckElement>(
      html`<age-check token=${token} api-base="/sandbox" locale="de"></age-check>`,
    );
    await waitUntil(() => activeLocale() === 'de', 'German active');
    await waitUntil(() => age.shadowRoot?.querySelector('[part~="start-button"]'), 'consent screen');
    await age.updateComplete;
    expect(localeChunks()).to.deep.equal(['age/de.ts']);
    expect(age.shadowRoot!.querySelector('[part~="start-button"]')!.textContent?.trim()).to.equal(
      'Zustimmen und starten',
    );
  });

  it('a form added later loads its chunk and each step brings its own translations', async () => {
    const s = await setup({ kyb: { info: { ...DEMO_KYB_INFO, locale: 'de' }, questionnaires: [] } });
    // A form exists, so the steps load after its first screen.
    await new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 }).createForm({
      companyName: 'Lokal GmbH',
      country: 'DE',
    });
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox"></kyb-form>`,
    );
    await ready(el);
    // The steps' code (with its texts) loads when the browser is idle after the first screen; only the
    // steps this form has (no questionnaires here).
    await waitUntil(() => localeChunks().length === 4, `chunks: ${localeChunks().join(', ')}`, {
      timeout: 10000,
    });
    expect(localeChunks()).to.deep.equal([
      'age/de.ts',
      'kyb-beneficiaries/de.ts',
      'kyb-documents/de.ts',
      'kyb/de.ts',
    ]);
    // The beneficiaries step (its own module and group) shows German text.
    const nav = [...root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')];
    const people = nav.find((b) => /Berechtigte|Personen|Beteiligte/i.test(b.textContent ?? ''));
    expect(people, `step buttons: ${nav.map((b) => b.textContent?.trim()).join(' | ')}`).to.be.ok;
    people!.click();
    await waitUntil(
      () => buttons(root(el)).some((t) => /hinzufügen/i.test(t)),
      `buttons: ${buttons(root(el)).join(' | ')}`,
    );
    expect(buttons(root(el))).not.to.include('Add a beneficiary');
  });
});
