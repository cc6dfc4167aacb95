/**
 * Field clarity and the element's own sizes: read-only values look read-only, a prefilled value that
 * must be changed says so before the user acts, headings outrank labels, the beneficiary form's
 * checkbox is a normal row, the page's root font size and `* { font-size }` rules do not reach inside,
 * and a relative theme logo comes from the service (api-base), not the page.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { DEMO_FLOW } from '../../src/sandbox/fixtures.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import { button, byLabel, mount, ready, root, setup, type } from './kyb-form-helpers.ts';

const px = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
const transparent = (c: string) => c === 'transparent' || /rgba\(.*,\s*0\)$/.test(c);

/** The demo flow with its region code read-only (the demo itself leaves it editable: nothing fills it). */
const READ_ONLY_REGION = {
  ...DEMO_FLOW,
  fields: DEMO_FLOW.fields.map((f) => (f.field === 'REGION' ? { ...f, readOnly: true } : f)),
};

async function demoForm(theme: unknown = null, flow: unknown = DEMO_FLOW): Promise<KybFormElement> {
  const s = await setup({ kyb: { info: { locale: 'en', theme, flow }, questionnaires: [] } });
  const el = await mount(s.token);
  await ready(el);
  return el;
}

describe('<kyb-form> field clarity', function () {
  this.timeout(60000);

  it('a read-only field reads as text: no border or field background, aria-readonly, not in the tab order', async () => {
    const el = await demoForm(null, READ_ONLY_REGION);
    const region = byLabel(el, 'Region code');
    expect(region.readOnly).to.equal(true);
    expect(region.getAttribute('aria-readonly')).to.equal('true');
    expect(region.tabIndex).to.equal(-1);
    const cs = getComputedStyle(region);
    expect(transparent(cs.borderTopColor), cs.borderTopColor).to.equal(true);
    expect(transparent(cs.backgroundColor), cs.backgroundColor).to.equal(true);
    expect(cs.paddingLeft).to.equal('0px');
    // Empty: says so instead of an empty box; the note is tied to it.
    expect(region.value).to.equal('Not provided');
    const desc = root(el).getElementById(region.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(desc?.textContent).to.contain('This field cannot be changed.');
    // An editable input still looks like one.
    const city = getComputedStyle(byLabel(el, 'City'));
    expect(transparent(city.borderTopColor)).to.equal(false);
  });

  it('a prefilled changeFrom value carries a visible note before the user acts, and validation asks to change it', async () => {
    const el = await demoForm();
    const tin = byLabel(el, 'Tax identification number');
    expect(tin.value).to.equal('000000000');
    const ids = (tin.getAttribute('aria-describedby') ?? '').split(' ');
    const desc = root(el).getElementById(ids[0]!)!;
    const note = desc.querySelector('.field-note')!;
    expect(note.textContent).to.contain('filled in for you and must be changed');
    expect(note.getBoundingClientRect().height).to.be.greaterThan(0);
    await type(el, 'Tax identification number', '000000000');
    const err = root(el).getElementById(`${tin.id}-err`);
    expect(err?.textContent).to.contain('This value must be changed.');
    expect(tin.getAttribute('aria-describedby')).to.contain(`${tin.id}-err`);
    await type(el, 'Tax identification number', 'LT100012345');
    expect(root(el).getElementById(`${tin.id}-err`)).to.equal(null);
    expect(root(el).querySelector('.field-note')).to.equal(null);
  });

  it('headings outrank field labels: step heading > section headings > label', async () => {
    const el = await demoForm();
    const heading = px(root(el).querySelector('#kyb-step-heading')!);
    const label = root(el).querySelector('.field-label')!;
    const probe = document.createElement('div');
    probe.innerHTML = '<h4>s</h4><h5>s</h5><h6>s</h6>';
    root(el).querySelector('.step-body')!.append(probe);
    const [h4, h5, h6] = [...probe.children].map(px) as [number, number, number];
    expect(heading).to.be.greaterThan(h4);
    expect(h4).to.be.greaterThan(h5);
    expect(h5).to.be.greaterThan(h6);
    expect(h6).to.be.greaterThan(px(label));
    for (const h of probe.children) expect(Number(getComputedStyle(h).fontWeight)).to.be.at.least(700);
    probe.remove();
  });

  it("the beneficiary form's form-filler checkbox is a row: box and label side by side at the start", async () => {
    // A returning user (the form exists): the people step opens from the progress.
    const s = await setup({
      kyb: { info: { locale: 'en', theme: null, flow: DEMO_FLOW }, questionnaires: [] },
    });
    await new KybClient({ baseUrl: '/sandbox', token: s.token, retries: 0 }).createForm({
      companyName: 'Clarity Test UAB',
      country: 'LT',
    });
    const el = await mount(s.token);
    await ready(el);
    await waitUntil(() => root(el).querySelector('[part~="progress-step"]'), 'progress', { timeout: 10000 });
    [...root(el).querySelectorAll<HTMLButtonElement>('[part~="progress-step"]')]
      .find((b) => b.textContent?.includes('People'))!
      .click();
    await waitUntil(() => root(el).textContent?.includes('Add a beneficiary'), 'people step', {
      timeout: 10000,
    });
    button(el, 'Add a beneficiary').click();
    await el.updateComplete;
    const box = root(el).getElementById('ben-f-formFiller')!.getBoundingClientRect();
    const label = root(el).querySelector('label[for="ben-f-formFiller"]')!.getBoundingClientRect();
    const form = root(el).querySelector('.ben-form')!.getBoundingClientRect();
    expect(label.left).to.be.greaterThan(box.right - 1);
    expect(Math.abs(box.top + box.height / 2 - (label.top + label.height / 2))).to.be.lessThan(label.height);
    expect(box.left - form.left).to.be.lessThan(40);
  });
});

describe('<kyb-form> sizes come from the element, not the page', function () {
  this.timeout(60000);

  it("the page's root font size and `* { font-size: 31px !important }` do not reach inside; --kyb-font-size does", async () => {
    const el = await demoForm();
    const r = root(el);
    const sizes = () => ({
      label: px(r.querySelector('.field-label')!),
      input: px(byLabel(el, 'City')),
      button: px(button(el, 'Continue')),
      heading: px(r.querySelector('#kyb-step-heading')!),
      description: px(r.querySelector('.field-description')!),
      inputHeight: byLabel(el, 'City').getBoundingClientRect().height,
    });
    const before = sizes();
    expect(before.label).to.equal(16);
    expect(before.input).to.equal(16);
    const style = document.createElement('style');
    document.head.append(style);
    const inside = () => {
      const box = el.getBoundingClientRect();
      for (const b of r.querySelectorAll('button')) {
        const rect = b.getBoundingClientRect();
        if (rect.width === 0) continue;
        expect(rect.left, b.textContent ?? '').to.be.at.least(box.left - 1);
        expect(rect.right, b.textContent ?? '').to.be.at.most(box.right + 1);
      }
    };
    try {
      style.textContent = 'html { font-size: 62.5% }';
      expect(getComputedStyle(document.documentElement).fontSize).to.equal('10px');
      expect(sizes()).to.deep.equal(before);
      inside();
      style.textContent = '* { font-size: 31px !important }';
      expect(getComputedStyle(el).fontSize).to.equal('31px');
      expect(sizes()).to.deep.equal(before);
      inside();
    } finally {
      style.remove();
    }
    el.style.setProperty('--kyb-font-size', '20px');
    expect(px(byLabel(el, 'City'))).to.equal(20);
    expect(px(r.querySelector('#kyb-step-heading')!)).to.equal(30);
    el.style.removeProperty('--kyb-font-size');
  });

  it('a relative theme logo resolves against api-base, not the page', async () => {
    const el = await demoForm({ companyName: 'Relative Co', logo: './brand/logo.svg' });
    const img = root(el).querySelector<HTMLImageElement>('[part~="logo"]');
    expect(img, 'logo').to.exist;
    expect(img!.getAttribute('src')).to.equal(`${location.origin}/sandbox/brand/logo.svg`);
  });
});
