/**
 * Locale chunks load on demand: a page that stays in English requests none of
 * `src/i18n/generated/<group>/<locale>.ts`; switching to `lt` requests the `lt` chunks of the groups in
 * use and nothing else. (Each test file runs in a fresh page, so the resource timing list starts empty.)
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/kyb-form/define.ts';
import '../../src/age-check/define.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import type { AgeCheckElement } from '../../src/age-check/age-check.ts';
import { activeLocale, applyLocale } from '../../src/i18n/index.ts';
import { DEMO_KYB_INFO } from '../../src/sandbox/fixtures.ts';
import { ready, root, setup } from './kyb-form-helpers.ts';
import { newAgeToken } from './age-helpers.ts';
import { localeChunks } from './i18n-helpers.ts';

describe('locale chunks load only when used', () => {
  it('English loads no locale chunk; switching to lt loads the lt chunks of the groups in use', async () => {
    performance.setResourceTimingBufferSize(10000);
    expect(localeChunks()).to.deep.equal([]);

    const s = await setup({ kyb: { info: DEMO_KYB_INFO, questionnaires: [] } });
    const el = await fixture<KybFormElement>(
      html`<kyb-form .token=${s.token} api-base="/sandbox"></kyb-form>`,
    );
    await ready(el);
    const token = await newAgeToken();
    const age = await fixture<AgeCheckElement>(
      html`<age-check token=${token} api-base="/sandbox" locale="en"></age-check>`,
    );
    await waitUntil(
      () => age.shadowRoot?.querySelector('[part~="start-button"]'),
      'age-check consent screen',
    );
    expect(activeLocale()).to.equal('en');
    expect(localeChunks(), 'locale modules requested in English').to.deep.equal([]);

    const englishHeading = root(el).querySelector('#kyb-step-heading')!.textContent;
    el.locale = 'lt';
    await waitUntil(() => activeLocale() === 'lt', `active locale ${activeLocale()}`);
    await el.updateComplete;
    // Both elements' groups (no form exists yet, so no step's code and texts loaded; the common group
    // is empty, so it has no chunk).
    const ltChunks = ['age/lt.ts', 'kyb/lt.ts'];
    expect(localeChunks()).to.deep.equal(ltChunks);
    // The module was used: the heading changed language.
    expect(root(el).querySelector('#kyb-step-heading')!.textContent).not.to.equal(englishHeading);

    // Back to English and to lt again: nothing new is requested.
    await applyLocale('en');
    await applyLocale('lt');
    expect(localeChunks()).to.deep.equal(ltChunks);
    await applyLocale('en');
  });
});
