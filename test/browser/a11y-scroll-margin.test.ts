/**
 * A partner page with a sticky header: a control that takes the focus (Tab, Shift+Tab, a focused error
 * summary) scrolls into view below the header, not under it, when the partner sets the documented
 * --kyb-scroll-margin-top / --age-check-scroll-margin-top to the header's height.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { AgeCheckProbe, ageSession, shadow, waitForState } from './age-helpers.ts';
import { ready, root, setup } from './kyb-form-helpers.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';

const HEADER = 120;

/** A page with a 120px sticky header above tall content, `el` somewhere in the middle. */
async function page(body: ReturnType<typeof html>) {
  const wrap = await fixture<HTMLDivElement>(
    html`<div>
      <header style="position: sticky; top: 0; height: ${HEADER}px; background: #333; z-index: 10"></header>
      <div style="height: 1500px"></div>
      ${body}
      <div style="height: 3000px"></div>
    </div>`,
  );
  return wrap;
}

/** Scrolls so that `control` sits under the sticky header, then focuses it as Shift+Tab would. */
function focusUnderHeader(control: HTMLElement): number {
  const top = control.getBoundingClientRect().top + window.scrollY;
  window.scrollTo(0, top - HEADER / 2);
  expect(control.getBoundingClientRect().top).to.be.lessThan(HEADER);
  control.focus();
  return control.getBoundingClientRect().top;
}

describe('scroll margin for a sticky header', function () {
  this.timeout(30000);
  afterEach(() => window.scrollTo(0, 0));

  it('<kyb-form>: a focused field scrolls below the header (--kyb-scroll-margin-top)', async () => {
    const s = await setup();
    const wrap = await page(
      html`<kyb-form
        style="--kyb-scroll-margin-top: ${HEADER + 8}px"
        .token=${s.token}
        api-base="/sandbox"
      ></kyb-form>`,
    );
    const el = wrap.querySelector<KybFormElement>('kyb-form')!;
    await ready(el);
    const controls = [
      ...root(el).querySelectorAll<HTMLElement>('input:not([type="hidden"]), select, button'),
    ];
    expect(controls.length).to.be.greaterThan(5);
    for (const c of controls) expect(getComputedStyle(c).scrollMarginTop).to.equal(`${HEADER + 8}px`);
    const field = controls[3]!;
    const top = focusUnderHeader(field);
    expect(top).to.be.at.least(HEADER);
  });

  it('<age-check>: a focused button scrolls below the header (--age-check-scroll-margin-top)', async () => {
    const { token } = await ageSession();
    const wrap = await page(
      html`<age-check-probe
        style="--age-check-scroll-margin-top: ${HEADER + 8}px"
        token=${token}
        api-base="/sandbox"
      ></age-check-probe>`,
    );
    const el = wrap.querySelector<AgeCheckProbe>('age-check-probe')!;
    await waitForState(el, 'consent');
    const start = shadow(el).querySelector<HTMLElement>('[part~="start-button"]')!;
    expect(getComputedStyle(start).scrollMarginTop).to.equal(`${HEADER + 8}px`);
    expect(focusUnderHeader(start)).to.be.at.least(HEADER);
  });
});
