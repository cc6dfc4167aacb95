/**
 * A form that exists opens on its company step before the number of its steps is known (its
 * questionnaires are listed meanwhile): the progress is a placeholder until then. When the real progress
 * replaces it, nothing below moves: the first field and Continue stay where the person is about to click.
 * At 1280 and 390 CSS px wide, and with 200 % text.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { QuestionnaireDefinition } from '../../src/api/kyb.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { button, root, setup } from './kyb-form-helpers.ts';

const top = (el: Element) => Math.round(el.getBoundingClientRect().top * 10) / 10;

const QUESTIONNAIRE: QuestionnaireDefinition = {
  key: 'extra',
  name: 'Extra',
  title: 'Extra questions',
  type: 'KYB',
  sections: [{ key: 's', title: 'More', questions: [{ key: 'a', title: 'Anything else', type: 'TEXT' }] }],
};

async function measure(width: number, fontSize?: string, withQuestionnaire = false) {
  // the viewport decides whether the list of steps folds behind "All steps" (a media query)
  await setViewport({ width, height: 900 });
  const s = await setup({
    kyb: {
      info: { locale: 'en', theme: null, flow: null },
      questionnaires: withQuestionnaire ? [QUESTIONNAIRE] : [],
    },
  });
  await new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 }).createForm({
    companyName: 'Layout Ltd',
    country: 'LT',
  });
  // The questionnaires' list is slow: the company step is up well before the number of steps is known.
  await s.mine.setFaults({ latencyMs: 1500, paths: '/questionnaires/', methods: ['GET'], times: 1 });
  const style = `display:block${fontSize ? `;--kyb-font-size:${fontSize}` : ''}`;
  const el = await fixture<KybFormElement>(
    html`<kyb-form style=${style} .token=${s.token} api-base="/sandbox"></kyb-form>`,
  );
  const r = root(el);
  await waitUntil(() => r.querySelector('#kyb-company-companyName'), 'the company step', { timeout: 10000 });
  await el.updateComplete;
  const text = () => r.querySelector('[part~="progress-text"]')?.textContent?.replace(/\s+/g, ' ').trim();
  expect(text(), 'the steps are not known yet').to.equal('Step 1 · Company details');
  const toggle = r.querySelector('[part~="progress-toggle"]')!;
  if (width < 500 && getComputedStyle(toggle).display === 'none') {
    el.remove();
    return null;
  }
  const field = r.querySelector('#kyb-company-companyName')!;
  const before = { field: top(field), next: top(button(el, 'Continue')) };
  const total = withQuestionnaire ? 5 : 4;
  await waitUntil(() => text()?.startsWith(`Step 1 of ${total}`), 'the number of steps', { timeout: 10000 });
  await el.updateComplete;
  await new Promise((f) => requestAnimationFrame(f));
  const later = { field: top(field), next: top(button(el, 'Continue')) };
  el.remove();
  return { before, after: later };
}

describe('kyb-form progress: no layout shift when the number of steps becomes known', function () {
  this.timeout(30000);
  after(() => setViewport({ width: 800, height: 600 }));
  for (const [width, fontSize, withQuestionnaire] of [
    [1280, undefined, false],
    [1280, undefined, true],
    [390, undefined, false],
    [390, undefined, true],
    [390, '32px', false],
  ] as const)
    it(`${width} px${fontSize ? ', 200 % text' : ''}${withQuestionnaire ? ', a questionnaire step added' : ''}: the first field and Continue stay put`, async function () {
      const measured = await measure(width, fontSize, withQuestionnaire);
      // WebKit does not apply the media query of an adopted stylesheet again after the test window was
      // resized (the 1280 px cases ran first): the narrow layout cannot be had there, only on a page
      // that opens narrow.
      if (measured === null) this.skip();
      const { before, after } = measured;
      expect(after).to.deep.equal(before);
    });
});
