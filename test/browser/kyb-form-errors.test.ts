import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { setViewport } from '@web/test-runner-commands';
import { button, mount, ready, root, setup, type, untilStepsKnown } from './kyb-form-helpers.ts';

const errorScreen = (el: KybFormElement) => root(el).querySelector<HTMLElement>('[part~="error"]');

describe('<kyb-form> error screens and states', () => {
  it('an invalid token shows the session message and a kyb-error event', async () => {
    const el = await fixture<KybFormElement>(html`<kyb-form api-base="/sandbox"></kyb-form>`);
    const err = oneEvent(el, 'kyb-error');
    el.token = 'not-a-real-token';
    const ev = await err;
    expect(ev.detail.kind).to.equal('token');
    expect(ev.detail.status).to.equal(401);
    expect(JSON.stringify(ev.detail)).not.to.contain('not-a-real-token');
    await waitUntil(() => errorScreen(el));
    expect(errorScreen(el)!.textContent).to.contain('expired');
    expect(errorScreen(el)!.querySelector('button')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('an unreachable service shows the network message with a retry', async () => {
    const s = await setup();
    const el = await fixture<KybFormElement>(html`<kyb-form></kyb-form>`);
    const err = oneEvent(el, 'kyb-error');
    el.apiBase = 'http://127.0.0.1:9';
    el.token = s.token;
    const ev = await err;
    expect(ev.detail.kind).to.equal('network');
    await waitUntil(() => errorScreen(el));
    expect(errorScreen(el)!.textContent).to.contain('could not be reached');
    await expect(el).to.be.accessible();
    // Pointing at the sandbox and retrying recovers.
    el.apiBase = '/sandbox';
    await ready(el);
    expect(errorScreen(el)).to.equal(null);
  });

  it('retry button reloads', async () => {
    const s = await setup();
    await s.mine.setFaults({ failRate: 1, paths: '/kyb/info/' });
    const el = await mount(s.token);
    await waitUntil(() => errorScreen(el), 'no error screen', { timeout: 10000 });
    expect(errorScreen(el)!.textContent).to.contain('error');
    await s.mine.setFaults({});
    button(el, 'Try again').click();
    await ready(el);
  });

  it('a skeleton with aria-busy shows while loading; changing the token reloads cleanly', async () => {
    const s = await setup();
    await s.mine.setFaults({ latencyMs: 600 });
    const el = await mount(s.token);
    const sk = root(el).querySelector('[part~="skeleton"]')!;
    expect(sk.getAttribute('aria-busy')).to.equal('true');
    await expect(el).to.be.accessible();
    await s.mine.setFaults({});
    const other = await setup({
      kyb: { info: { locale: 'en', theme: null, flow: { fields: [{ field: 'COMPANY_NAME' }] } } },
    });
    el.token = other.token;
    await ready(el);
    // The second account's flow is shown (plus the country needed to create the form).
    expect(root(el).querySelectorAll('label').length).to.equal(2);
  });

  it('the default flow is accessible on every step, also on a 360 px wide phone', async () => {
    await setViewport({ width: 360, height: 800 });
    try {
      const s = await setup();
      const el = await mount(s.token);
      await ready(el);
      await expect(el).to.be.accessible();
      await type(el, 'Company name', 'Acme');
      await type(el, 'Country of registration', 'FR');
      // Once the form exists, the number of steps is known (the questionnaires' list answered).
      await waitUntil(
        () => root(el).querySelector('nav [part~="progress-text"]')?.textContent?.includes('of 5'),
        'no 5 steps',
        {
          timeout: 8000,
        },
      );
      await expect(el).to.be.accessible();
      // A returning user may open every step from the progress (a new one reaches them by Continue).
      el.remove();
      const again = await mount(s.token);
      await ready(again);
      await runSteps(again);
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });

  async function runSteps(el: KybFormElement) {
    {
      await untilStepsKnown(el);
      // On a phone the step list folds behind "All steps".
      const toggle = root(el).querySelector<HTMLButtonElement>('[part~="progress-toggle"]')!;
      expect(getComputedStyle(toggle).display).not.to.equal('none');
      expect(getComputedStyle(root(el).querySelector('#kyb-progress-list')!).display).to.equal('none');
      toggle.click();
      await el.updateComplete;
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      expect(getComputedStyle(root(el).querySelector('#kyb-progress-list')!).display).not.to.equal('none');
      const count = root(el).querySelectorAll('[part~="progress-step"]').length;
      expect(count).to.equal(5);
      for (let i = 1; i < count; i++) {
        root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')[i]!.click();
        await el.updateComplete;
        await waitUntil(
          () => !root(el).querySelector('[part~="step"] [part~="skeleton"]'),
          `step ${i} still loading`,
          {
            timeout: 8000,
          },
        );
        expect(root(el).activeElement).to.equal(root(el).querySelector('#kyb-step-heading'));
        expect(el.scrollWidth).to.be.at.most(360);
        await expect(el).to.be.accessible();
      }
    }
  }

  it('a questionnaire list that fails to load keeps its step, with the error and a retry', async () => {
    const s = await setup({
      kyb: {
        info: {
          locale: 'en',
          theme: null,
          flow: {
            fields: [
              { field: 'COMPANY_NAME', required: true },
              { field: 'COUNTRY', required: true, order: 1 },
            ],
          },
        },
        questionnaires: [
          {
            key: 'tax',
            name: 'Tax',
            title: 'Tax questions',
            type: 'KYB',
            sections: [
              { key: 's', title: 'About', questions: [{ key: 'vat', title: 'VAT number', type: 'TEXT' }] },
            ],
          },
        ],
      },
    });
    await s.mine.setFaults({ failRate: 1, paths: 'questionnaires/$' });
    const el = await mount(s.token);
    await ready(el);
    const failed = oneEvent(el, 'kyb-error');
    await type(el, 'Company name', 'Acme');
    await type(el, 'Country of registration', 'FR');
    await failed;
    const step = () =>
      [...root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')].find((b) =>
        /Questionnaires/.test(b.textContent ?? ''),
      );
    await waitUntil(step, 'the questionnaires step is missing', { timeout: 8000 });
    // A new form reaches the step by Continue (the list failed, so there is nothing to check there).
    button(el, 'Continue').click();
    await waitUntil(() => step()!.getAttribute('aria-current') === 'step', 'not on the questionnaires step');
    await el.updateComplete;
    const body = root(el).querySelector('[part~="step"]')!;
    expect(body.querySelector('[role="alert"]')!.textContent).to.contain('Something went wrong');
    await expect(el).to.be.accessible();
    await s.mine.setFaults({});
    button(el, 'Try again').click();
    await waitUntil(() => root(el).querySelector('[part~="questionnaire"]'), 'the list did not reload', {
      timeout: 8000,
    });
    expect(root(el).querySelector('[part~="questionnaire-title"]')!.textContent).to.contain('Tax questions');
    expect(step()!.getAttribute('aria-current')).to.equal('step');
    expect(root(el).querySelector('[part~="step"] [role="alert"]')).to.equal(null);
  });
});
