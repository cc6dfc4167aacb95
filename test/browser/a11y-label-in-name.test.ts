/**
 * WCAG 2.5.3 Label in name: the visible label text of a control is inside its accessible name (as axe-core
 * computes it), so a speech-input user who says what they see reaches the control. Every upload control
 * (the one drop zone of <kyb-form>: company documents, beneficiary documents, FILE and FILE_MULTI
 * questions; and <age-check>'s photo file input), and every labelled control of the company step,
 * including its single checkbox, which must not be named "… Yes" by a second label.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { LitElement, type TemplateResult } from 'lit';
import { DEMO_FLOW, DEMO_THEME } from '../../src/sandbox/fixtures.ts';
import { formStyles } from '../../src/kyb-form/form-styles.ts';
import { styles } from '../../src/kyb-form/styles.ts';
import { stepsAndReviewStyles as laterStyles } from '../../src/kyb-form/shell/review-submit.ts';
import { renderDropzone, type DropzoneOptions } from '../../src/kyb-form/upload/upload.ts';
import { accessibleName, visibleText } from './a11y-helpers.ts';
import { AgeCheckProbe, ageSession, findButton, shadow, waitForState } from './age-helpers.ts';
import { mount, ready, root, setup } from './kyb-form-helpers.ts';
import { emulatePointer, restorePointer } from './pointer-media.ts';

class ZoneHost extends LitElement {
  static override styles = [styles, formStyles, laterStyles];
  zones: DropzoneOptions[] = [];
  override render(): TemplateResult {
    return html`<div class="root">${this.zones.map((z) => renderDropzone(z))}</div>`;
  }
}
if (!customElements.get('a11y-zone-host')) customElements.define('a11y-zone-host', ZoneHost);

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The visible label(s) of a file input: its field label and the drop zone's own words. */
function uploadVisibleTexts(input: HTMLInputElement): string[] {
  const r = input.getRootNode() as ShadowRoot;
  const label = r.querySelector(`label[for="${input.id}"]`);
  const zone = input.closest('[part~="upload-dropzone"]')?.querySelector('.upload-zone-text');
  return [label, zone].filter((n): n is Element => !!n).map(visibleText);
}

function expectLabelInName(control: Element, visible: string[]) {
  const name = norm(accessibleName(control));
  expect(visible.length, 'a visible label').to.be.greaterThan(0);
  for (const v of visible) {
    expect(v, 'visible label text').to.not.equal('');
    expect(name, `the name of #${control.id}`).to.contain(norm(v));
  }
}

describe('2.5.3 label in name', function () {
  this.timeout(30000);
  // A desktop with a mouse: the drop zone offers "or drop it here" (pointer-media.ts).
  before(() => emulatePointer('mouse'));
  after(() => restorePointer());

  it('every drop zone: its field label and "Choose a file or drop it here" are in the input\'s name', async () => {
    const el = await fixture<ZoneHost>(html`<a11y-zone-host></a11y-zone-host>`);
    el.zones = [
      // Company documents (a required slot), the generic company document (a name was passed),
      // a beneficiary's documents, a FILE and a FILE_MULTI question.
      { id: 'z-cert', label: 'Certificate of incorporation', required: true, missing: true, locale: 'en' },
      {
        id: 'z-generic',
        label: 'Upload a company document',
        name: 'Upload a company document',
        locale: 'en',
      },
      { id: 'z-ben', label: 'Upload a document for Ada Lovelace', locale: 'en', busy: true },
      { id: 'z-file', label: 'Supporting document', description: 'A PDF.', locale: 'en' },
      { id: 'z-files', label: 'Files question', multiple: true, locale: 'en', error: 'Too many.' },
    ];
    el.requestUpdate();
    await el.updateComplete;
    const inputs = [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="file"]')];
    expect(inputs).to.have.length(5);
    for (const input of inputs) {
      const seen = uploadVisibleTexts(input);
      expect(seen).to.have.length(2);
      expectLabelInName(input, seen);
    }
    expect(accessibleName(inputs[0]!)).to.equal('Certificate of incorporation Choose a file or drop it here');
    expect(accessibleName(inputs[4]!)).to.equal('Files question Choose files or drop them here');
  });

  it("<age-check>'s photo file input: its label is its name", async () => {
    const { token } = await ageSession();
    const gum = navigator.mediaDevices.getUserMedia;
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('', 'NotAllowedError'));
    try {
      const el = await fixture<AgeCheckProbe>(
        html`<age-check-probe token=${token} api-base="/sandbox"></age-check-probe>`,
      );
      await waitForState(el, 'consent');
      findButton(el, /agree/i).click();
      await waitForState(el, 'fallback');
      const input = shadow(el).querySelector<HTMLInputElement>('input[type="file"]')!;
      const label = shadow(el).querySelector(`label[for="${input.id}"]`)!;
      expectLabelInName(input, [visibleText(label)]);
    } finally {
      navigator.mediaDevices.getUserMedia = gum;
    }
  });

  it('the company step: every labelled control, and the single checkbox named by its one label', async () => {
    const s = await setup({
      kyb: { info: { locale: 'en', theme: DEMO_THEME, flow: DEMO_FLOW }, questionnaires: [] },
    });
    const el = await mount(s.token);
    await ready(el);
    await waitUntil(() => root(el).querySelector('input[type="checkbox"]'), 'the checkbox', {
      timeout: 10000,
    });
    const box = [...root(el).querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((b) =>
      /regulated/.test(accessibleName(b)),
    )!;
    expect(accessibleName(box)).to.equal('The company is regulated by a financial authority');
    expect(root(el).querySelectorAll(`label[for="${box.id}"]`)).to.have.length(1);
    let checked = 0;
    for (const label of root(el).querySelectorAll('label[for]')) {
      const control = root(el).getElementById((label as HTMLLabelElement).htmlFor);
      if (!control) continue;
      expectLabelInName(control, [visibleText(label)]);
      checked++;
    }
    expect(checked).to.be.greaterThan(10);
  });
});
