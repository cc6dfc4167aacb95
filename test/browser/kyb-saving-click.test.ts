/**
 * Every click counts: with "Number of employees" invalid and focused, Continue clicked once with the mouse
 * (down and up at the centre of the button's box measured before the press) shows the error summary. The
 * field's error that the blur shows must not move the button between the press and the release.
 * Chromium, Firefox and WebKit (web-test-runner.engines.config.mjs).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendMouse, setViewport } from '@web/test-runner-commands';
import { KybClient } from '../../src/api/kyb-client.ts';
import { DEMO_FLOW } from '../../src/sandbox/fixtures.ts';
import { button, byLabel, mount, ready, root, setup, type, OPERATIONS } from './kyb-form-helpers.ts';

describe('every click counts', function () {
  this.timeout(60000);

  it('Continue clicked once with the mouse, a field invalid: the error summary shows', async () => {
    const s = await setup({
      kyb: { info: { locale: 'en', theme: null, flow: DEMO_FLOW }, questionnaires: [] },
    });
    await new KybClient({ baseUrl: '/sandbox', token: s.token }).createForm({
      companyName: 'Click Ltd',
      country: 'LT',
    });
    const el = await mount(s.token);
    await ready(el);
    // The custom countries field's combobox may still be on its way: its placeholder holds the same box, so
    // the button measured now stays where it is (kyb-country-multi-placeholder.test.ts).
    await type(el, 'Number of employees', '1.5', false);
    expect(root(el).activeElement).to.equal(byLabel(el, 'Number of employees'));
    // The whole step in view, not scrolled: no scroll anchoring keeps the button in place for us.
    await setViewport({ width: 800, height: 3200 });
    window.scrollTo(0, 0);
    const next = button(el, 'Continue');
    await new Promise((r) => requestAnimationFrame(r));
    expect(next.getBoundingClientRect().bottom).to.be.lessThan(window.innerHeight);
    const box = next.getBoundingClientRect();
    const at: [number, number] = [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
    await sendMouse({ type: 'move', position: at });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'up' });
    await waitUntil(() => root(el).querySelector('[part~="error-summary"]'), 'the error summary shows', {
      timeout: 5000,
    });
    expect(root(el).querySelector('[part~="error-summary"]')?.textContent).to.contain('Number of employees');
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('in the questionnaires step too: Continue clicked once with an answer invalid shows the summary', async () => {
    const s = await setup({
      kyb: {
        info: { locale: 'en', theme: null, flow: null },
        questionnaires: [OPERATIONS],
      },
    });
    await new KybClient({ baseUrl: '/sandbox', token: s.token }).createForm({
      companyName: 'Click Answers Ltd',
      country: 'LT',
    });
    const el = await mount(s.token);
    await ready(el);
    const step = () =>
      [...root(el).querySelectorAll<HTMLButtonElement>('.progress button')].find((x) =>
        /Questionnaires/.test(x.textContent ?? ''),
      );
    await waitUntil(() => step() && !step()!.disabled, 'the questionnaires step is offered', {
      timeout: 10000,
    });
    step()!.click();
    await waitUntil(() => root(el).querySelector('[part~="question"]'), 'the questions show', {
      timeout: 10000,
    });
    await type(el, 'Number of branches', '2.5', false);
    expect(root(el).activeElement).to.equal(byLabel(el, 'Number of branches'));
    await setViewport({ width: 800, height: 3200 });
    window.scrollTo(0, 0);
    const next = button(el, 'Continue');
    await new Promise((r) => requestAnimationFrame(r));
    const box = next.getBoundingClientRect();
    const at: [number, number] = [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
    await sendMouse({ type: 'move', position: at });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'up' });
    await waitUntil(() => root(el).querySelector('[part~="error-summary"]'), 'the error summary shows', {
      timeout: 5000,
    });
    expect(root(el).querySelector('[part~="error-summary"]')?.textContent).to.contain('Number of branches');
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  after(() => setViewport({ width: 800, height: 600 }));
});
