/**
 * Focus visible on every control in every engine (runs in Chromium, Firefox and WebKit): each control
 * reached with the Tab key shows an outline (which every engine paints, also on a native `<select>`,
 * where WebKit paints no box-shadow), at least 2px wide, solid, in a visible colour.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/age-check/define.ts';
import type { AgeCheckElement } from '../../src/age-check/age-check.ts';
import { mount, ready, setup } from './kyb-form-helpers.ts';
import { newAgeToken } from './age-helpers.ts';

interface Seen {
  tag: string;
  label: string;
  outline: string;
  ok: boolean;
}

/** Why the focused element's indicator is not visible, or '' when it is. */
function indicatorProblem(node: HTMLElement): string {
  // The country combobox's text box shows its focus on the whole box around the chips (:focus-within).
  const box = node.closest<HTMLElement>('[part~="country-multi-box"]');
  if (box) {
    if (!node.matches(':focus-visible')) return 'not :focus-visible';
    const b = getComputedStyle(box);
    return b.outlineStyle !== 'none' && parseFloat(b.outlineWidth) >= 2
      ? ''
      : `box outline ${b.outlineStyle}`;
  }
  const cs = getComputedStyle(node);
  const width = parseFloat(cs.outlineWidth);
  // A date or time field's own picker button can hold the focus without :focus-visible (Chromium); the
  // element styles those fields on :focus-within, so the outline shows there too.
  const dateLike = node.matches("input:is([type='date'], [type='time'], [type='datetime-local'])");
  if (!node.matches(':focus-visible') && !(dateLike && node.matches(':focus-within')))
    return 'not :focus-visible';
  if (cs.outlineStyle === 'none' || cs.outlineStyle === 'hidden') return `outline-style ${cs.outlineStyle}`;
  if (!(width >= 2)) return `outline-width ${cs.outlineWidth}`;
  if (/transparent|rgba\(\d+, \d+, \d+, 0\)/.test(cs.outlineColor)) return `outline-color ${cs.outlineColor}`;
  return '';
}

/** Presses Tab until focus leaves `host` (or `max` presses); checks every control it lands on. */
async function tabThrough(host: HTMLElement, max: number): Promise<{ seen: Seen[]; problems: string[] }> {
  const seen: Seen[] = [];
  const problems: string[] = [];
  // Page buttons before and after the element: Tab goes from one to the other through the element, as a
  // keyboard user's would, and never leaves the document (which would take the window's focus away).
  const start = document.createElement('button');
  const end = document.createElement('button');
  start.textContent = 'Page control before the element';
  end.textContent = 'Page control after the element';
  host.before(start);
  host.after(end);
  start.focus();
  for (let i = 0; i < max; i++) {
    await sendKeys({ press: 'Tab' });
    if (document.activeElement === end) break;
    const active = host.shadowRoot!.activeElement as HTMLElement | null;
    if (!active) {
      problems.push(`Tab ${i} left the element (${document.activeElement?.localName})`);
      break;
    }
    const label =
      active.getAttribute('aria-label') ||
      (active.id && host.shadowRoot!.querySelector(`label[for="${active.id}"]`)?.textContent?.trim()) ||
      active.textContent?.trim().slice(0, 30) ||
      active.getAttribute('part') ||
      '';
    const problem = indicatorProblem(active);
    const cs = getComputedStyle(active);
    seen.push({
      tag: active.localName,
      label: String(label),
      outline: `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`,
      ok: !problem,
    });
    if (problem) problems.push(`${active.localName} "${label}": ${problem}`);
  }
  if (document.activeElement !== end) problems.push(`Tab did not reach the end in ${max} presses`);
  start.remove();
  end.remove();
  return { seen, problems };
}

describe('focus indicator in every engine', () => {
  it('<kyb-form>: every control on the company step, native selects included, shows an outline', async () => {
    const s = await setup();
    const el = await mount(s.token);
    await ready(el);
    const { seen, problems } = await tabThrough(el, 60);
    expect(problems, JSON.stringify(seen)).to.deep.equal([]);
    expect(seen.filter((x) => x.tag === 'select').length, 'a select was reached').to.be.greaterThan(0);
    expect(seen.filter((x) => x.tag === 'input').length, 'inputs were reached').to.be.greaterThan(2);
    // Selects show the outline in the primary colour (the default theme's #1d4ed8).
    for (const x of seen.filter((x) => x.tag === 'select')) expect(x.outline).to.contain('rgb(29, 78, 216)');
  });

  it('<age-check>: the consent screen controls show an outline', async () => {
    const token = await newAgeToken();
    const el = await fixture<AgeCheckElement>(
      html`<age-check token=${token} api-base="/sandbox" redirect="none"></age-check>`,
    );
    await waitUntil(() => el.shadowRoot!.querySelector('button'), 'no consent screen', { timeout: 10000 });
    const { seen, problems } = await tabThrough(el, 20);
    expect(problems, JSON.stringify(seen)).to.deep.equal([]);
    expect(seen.filter((x) => x.tag === 'button').length, 'a button was reached').to.be.greaterThan(0);
  });
});
