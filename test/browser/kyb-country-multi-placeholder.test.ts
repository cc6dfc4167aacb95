/**
 * The company step's custom countries field draws a placeholder until the combobox's code arrives; the
 * combobox then takes exactly its box, so nothing below it moves (Continue stays under the pointer).
 *
 * Each case runs `<kyb-form>` in a fresh frame (its own module map, so the combobox's code is fetched
 * again) whose import map sends the combobox's module through a stand-in that waits for the test to
 * release it: the placeholder is measured with the step settled, then the code is let through and the
 * same boxes are measured again. At 1280 and 390 CSS px wide, empty and with stored countries (chips),
 * and with 200 % text (`--kyb-font-size` doubled).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { DEMO_FLOW } from '../../src/sandbox/fixtures.ts';
import { setup } from './kyb-form-helpers.ts';

const COMBOBOX = '/src/kyb-form/controls/country-multi.ts';
const FIELD = '#kyb-company-custom-operatingCountries';

interface HeldWindow extends Window {
  __held?: Promise<void>;
}

/** A frame of `width` CSS px whose `<kyb-form>` gets the combobox's code only when `release()` is called. */
async function heldFrame(width: number) {
  const origin = location.origin;
  // The stand-in module waits for the page's promise, then is the real module (a URL the map leaves alone).
  const standIn = `data:text/javascript,await window.__held;export * from '${origin}${COMBOBOX}?released';`;
  const frame = document.createElement('iframe');
  frame.style.cssText = `width:${width}px;height:900px;border:0;display:block`;
  frame.srcdoc = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<script type="importmap">${JSON.stringify({ imports: { [`${origin}${COMBOBOX}`]: standIn } })}</script>
<style>body{margin:0;padding:16px;font-family:system-ui,sans-serif}</style>
<script type="module" src="/src/kyb-form/define.ts"></script></head><body></body></html>`;
  const loaded = new Promise((r) => frame.addEventListener('load', r, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as HeldWindow;
  let release!: () => void;
  win.__held = new Promise<void>((r) => (release = r));
  await waitUntil(() => win.customElements.get('kyb-form'), 'the element is defined in the frame', {
    timeout: 10000,
  });
  return { frame, win, doc: frame.contentDocument!, release };
}

const box = (el: Element) => {
  const r = el.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
};

async function measureSwap(o: { width: number; countries: string[]; fontSize?: string }) {
  const s = await setup({
    kyb: { info: { locale: 'en', theme: null, flow: DEMO_FLOW }, questionnaires: [] },
  });
  if (o.countries.length)
    await new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 }).createForm({
      companyName: 'Layout Ltd',
      country: 'LT',
      additionalInfo: { operatingCountries: { value: o.countries } },
    });
  const { frame, win, doc, release } = await heldFrame(o.width);
  try {
    const el = doc.createElement('kyb-form') as KybFormElement;
    el.setAttribute('api-base', '/sandbox');
    el.setAttribute('locale', 'en');
    if (o.fontSize) el.style.setProperty('--kyb-font-size', o.fontSize);
    el.token = s.token;
    doc.body.append(el);
    const root = () => el.shadowRoot!;
    const next = () => root().querySelector('[part~="button-next"]')!;
    const label = () => root().querySelector(`label[for="${FIELD.slice(1)}"]`)!;
    const field = () => label().closest('.field')!;
    // The step settled with the placeholder: the field's box drawn, the progress of a form that exists.
    await waitUntil(
      () =>
        root()?.querySelector(`${FIELD}[aria-busy="true"]`) &&
        next() &&
        (el.formId === null || root().querySelector('nav [part~="progress-text"]')),
      'the placeholder shows',
      { timeout: 10000 },
    );
    await new Promise((r) => win.requestAnimationFrame(r));
    await new Promise((r) => setTimeout(r, 200));
    expect(root().querySelector(`${FIELD}[aria-busy="true"]`), 'the code was held').to.be.ok;
    const before = { next: box(next()), label: box(label()), field: box(field()) };
    release();
    await waitUntil(() => root().querySelector(`${FIELD}[role="combobox"]`), 'the combobox is here', {
      timeout: 10000,
    });
    await new Promise((r) => win.requestAnimationFrame(r));
    const after = { next: box(next()), label: box(label()), field: box(field()) };
    expect(root().querySelectorAll('[part~="country-multi-chip"]').length).to.equal(o.countries.length);
    return { before, after };
  } finally {
    frame.remove();
  }
}

describe('the custom countries field keeps its box when its combobox arrives', function () {
  this.timeout(60000);

  const cases = [
    { name: '1280 px, empty', width: 1280, countries: [] },
    { name: '1280 px, five countries', width: 1280, countries: ['DE', 'AT', 'CH', 'FR', 'LT'] },
    { name: '390 px, empty', width: 390, countries: [] },
    { name: '390 px, five countries', width: 390, countries: ['DE', 'AT', 'CH', 'FR', 'LT'] },
    { name: '390 px, 200 % text, two countries', width: 390, countries: ['DE', 'LT'], fontSize: '32px' },
  ];
  for (const c of cases)
    it(`${c.name}: Continue, the label and the field's box do not move`, async () => {
      const { before, after } = await measureSwap(c);
      expect(after.field, 'the field box').to.deep.equal(before.field);
      expect(after.label, 'the label').to.deep.equal(before.label);
      expect(after.next, 'Continue').to.deep.equal(before.next);
    });
});
