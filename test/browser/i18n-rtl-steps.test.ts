/**
 * Right-to-left through every step (issue 27): in Arabic and Hebrew, each step of `<kyb-form>` (company,
 * people, documents, questionnaires, review) and each screen of `<age-check>` on the way to an outcome
 * (consent, camera, photo review, outcome) has `dir="rtl"` on the element's root, is translated, and does
 * not scroll sideways at 390 px. Buttons are found by their parts, not their (translated) names.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../src/kyb-form/define.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { activeLocale } from '../../src/i18n/index.ts';
import { ageSession, shadow, waitForState, type AgeCheckProbe } from './age-helpers.ts';
import { ready, root, setup } from './kyb-form-helpers.ts';

const noScroll = () => document.documentElement.scrollWidth <= document.documentElement.clientWidth;

function expectRtl(host: HTMLElement, where: string) {
  const r = host.shadowRoot!.querySelector('[part~="root"]')!;
  expect(r.getAttribute('dir'), `${where}: dir`).to.equal('rtl');
  expect(noScroll(), `${where}: scrollWidth ${document.documentElement.scrollWidth} at 390 px`).to.equal(
    true,
  );
  // nothing of the element sticks out of its own box either (a sideways scroll inside the element)
  expect(r.scrollWidth, `${where}: the root's scrollWidth`).to.be.at.most(r.clientWidth + 1);
}

describe('right-to-left in every step at 390 px', function () {
  this.timeout(90000);
  before(() => setViewport({ width: 390, height: 844 }));
  after(() => setViewport({ width: 800, height: 600 }));

  for (const locale of ['ar', 'he']) {
    it(`<kyb-form> in ${locale}: every step`, async () => {
      const s = await setup();
      await new KybClient({ baseUrl: '/sandbox', token: s.token }).createForm({
        companyName: 'شركة Example Ltd',
        country: 'LT',
      });
      const el = await fixture<KybFormElement>(
        html`<kyb-form .token=${s.token} api-base="/sandbox" locale=${locale}></kyb-form>`,
      );
      await ready(el);
      await waitUntil(() => activeLocale() === locale, 'the locale', { timeout: 10000 });
      const steps = () => [...root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')];
      await waitUntil(() => steps().length >= 5, 'all steps known', { timeout: 15000 });
      const count = steps().length;
      const seen = new Set<string>();
      for (let i = 0; i < count; i++) {
        await waitUntil(
          () => steps()[i] && steps()[i]!.getAttribute('aria-disabled') !== 'true',
          `step ${i}`,
          {
            timeout: 15000,
          },
        );
        steps()[i]!.click();
        await waitUntil(() => el.step !== undefined && !seen.has(el.step), `step ${i} opens`, {
          timeout: 15000,
        });
        seen.add(el.step);
        await el.updateComplete;
        await new Promise((r) => setTimeout(r, 300));
        expectRtl(el, `${locale} ${el.step}`);
        const heading = root(el).querySelector('#kyb-step-heading')?.textContent ?? '';
        expect(heading, `${locale} ${el.step}: a translated heading`).to.not.match(
          /^(Company|People|Documents|Questionnaires|Review)/,
        );
      }
      expect([...seen]).to.include.members(['company', 'review']);
    });

    it(`<age-check> in ${locale}: consent, camera, photo review, outcome`, async () => {
      const { token } = await ageSession({}, { estimates: [{ age: 35, confidence: 95 }] });
      const el = await fixture<AgeCheckProbe>(
        html`<age-check-probe
          .token=${token}
          api-base="/sandbox"
          locale=${locale}
          redirect="none"
        ></age-check-probe>`,
      );
      const primary = () => shadow(el).querySelector<HTMLButtonElement>('[part~="primary-button"]')!;
      await waitForState(el, 'consent');
      await waitUntil(() => activeLocale() === locale, 'the locale', { timeout: 10000 });
      expectRtl(el, `${locale} consent`);
      primary().click();
      await waitForState(el, 'live');
      expectRtl(el, `${locale} camera`);
      shadow(el).querySelector<HTMLButtonElement>('[part~="capture-button"]')!.click();
      await waitForState(el, 'selfie-review');
      expectRtl(el, `${locale} photo review`);
      primary().click();
      await waitForState(el, 'done');
      expectRtl(el, `${locale} outcome`);
    });
  }
});
