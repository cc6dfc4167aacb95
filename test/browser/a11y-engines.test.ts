/**
 * The accessibility suite's main states in every engine (issue 25): this file is in ENGINE_FILES
 * (web-test-runner.engines.config.mjs), so `npm run test:engines` runs it in Firefox and WebKit as well as
 * Chromium. Per state: axe-core (WCAG 2.2 A/AA) inside the shadow roots, WCAG text spacing, target size,
 * a visible focus indicator at every Tab stop, the live-region log (no assertive region, nothing repeated
 * while idle). Reflow, 200 % text, forced colours and reduced motion need the Chromium-only commands
 * (a11y-suite*.test.ts).
 */
import { aTimeout, expect, fixture, html, waitUntil } from '@open-wc/testing';
import { DEMO_FLOW, DEMO_THEME } from '../../src/sandbox/fixtures.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import {
  axeViolations,
  clippedText,
  smallTargets,
  tabStops,
  TEXT_SPACING,
  withSheet,
} from './a11y-checks.ts';
import { LiveLog } from './a11y-live.ts';
import { AgeCheckProbe, ageSession, shadow, waitForState } from './age-helpers.ts';
import { ready, root, setup } from './kyb-form-helpers.ts';

async function wrap<T extends HTMLElement>(inner: ReturnType<typeof html>): Promise<T> {
  const w = await fixture<HTMLDivElement>(
    html`<div>
      <button id="a11y-before">Before</button>
      ${inner}
      <button id="a11y-after">After</button>
    </div>`,
  );
  return w.children[1] as T;
}

async function checkState(el: HTMLElement, log: LiveLog, from: number) {
  const settled = log.now;
  await aTimeout(1500);
  const said = log.since(from).filter((e) => e.kind !== 'focus');
  const undo = withSheet(el, TEXT_SPACING);
  await aTimeout(50);
  const spacing = clippedText(el);
  undo();
  const { stops, unseen } = await tabStops(el);
  expect({
    axe: await axeViolations(el),
    spacing,
    targets: smallTargets(el),
    focus: unseen,
    assertive: said.filter((e) => e.kind === 'assertive').map((e) => e.text),
    idle: log
      .since(settled)
      .filter((e) => e.kind !== 'focus')
      .map((e) => e.text),
  }).to.deep.equal({ axe: [], spacing: [], targets: [], focus: [], assertive: [], idle: [] });
  expect(stops).to.be.greaterThan(0);
}

describe('accessibility: main states in this engine', function () {
  this.timeout(90000);

  it('<kyb-form> company step, then Continue with errors (one focused summary, no alert)', async () => {
    const s = await setup({
      kyb: { info: { locale: 'en', theme: DEMO_THEME, flow: DEMO_FLOW }, questionnaires: [] },
    });
    const el = await wrap<KybFormElement>(html`<kyb-form .token=${s.token} api-base="/sandbox"></kyb-form>`);
    const log = new LiveLog(el);
    await ready(el);
    await checkState(el, log, 0);
    const from = log.now;
    [...root(el).querySelectorAll('button')].find((b) => b.textContent!.trim() === 'Continue')!.click();
    await waitUntil(() => root(el).querySelector('[part~="error-summary"]'), 'the summary', {
      timeout: 10000,
    });
    await el.updateComplete;
    expect(root(el).activeElement).to.equal(root(el).querySelector('[part~="error-summary"]'));
    await checkState(el, log, from);
    log.stop();
  });

  it('<age-check> consent', async () => {
    const { token } = await ageSession();
    const el = await wrap<AgeCheckProbe>(
      html`<age-check-probe token=${token} api-base="/sandbox"></age-check-probe>`,
    );
    const log = new LiveLog(el);
    await waitForState(el, 'consent');
    await waitUntil(() => shadow(el).querySelector('button'), 'the consent button');
    await checkState(el, log, 0);
    log.stop();
  });
});
