/**
 * The upload component as a finished piece (issue 24), through the company documents step against the
 * sandbox over HTTP: a refused choice is cleared by the next good one and does not follow the user to
 * another step; a filled single-file slot shows its card with Replace, not an empty drop zone; "drop" is
 * offered only where dragging exists; file names are shown with bidi controls neutralised; sizes over the
 * limit are shown with one decimal; a saved document's card says why it cannot be removed.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { LitElement } from 'lit';
import { KybClient } from '../../src/api/kyb-client.ts';
import { Flow } from '../../src/api/kyb.ts';
import type { KybContext } from '../../src/kyb-form/context.ts';
import { DocumentsStep } from '../../src/kyb-form/documents/controller.ts';
import { displayName, fileProblem, overLimitSize } from '../../src/kyb-form/files.ts';
import { formStyles } from '../../src/kyb-form/form-styles.ts';
import { stepsAndReviewStyles } from '../../src/kyb-form/shell/review-submit.ts';
import { styles } from '../../src/kyb-form/styles.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { emulatePointer, restorePointer } from './pointer-media.ts';

/** The documents step in a host that can show another step instead (`away`), as the form's shell does. */
class StepHost extends LitElement {
  static override styles = [styles, formStyles, stepsAndReviewStyles];
  step!: DocumentsStep;
  client!: KybClient;
  formId = '';
  away = false;

  get ctx(): KybContext {
    return {
      client: this.client,
      formId: this.formId,
      info: {},
      flow,
      readOnly: false,
      locale: 'en',
      stepChecked: false,
      report: () => undefined,
      requestUpdate: () => this.requestUpdate(),
    };
  }

  override render() {
    return html`<div class="root">
      ${this.away ? html`<p id="other-step">Another step</p>` : this.step ? this.step.render(this.ctx) : ''}
    </div>`;
  }
}
if (!customElements.get('upload-chances-host')) customElements.define('upload-chances-host', StepHost);

const flow = Flow.parse({
  documents: [
    { docType: 'INCORPORATION_CERT', description: null, required: true },
    { docType: 'BANK_STATEMENT', description: null, required: false },
  ],
});

const control = new SandboxControl({ baseUrl: '/sandbox' });

async function mount() {
  const acc = await control.createAccount({ kyb: { info: { flow: null } } });
  const mine = control.withAccount(acc);
  const partner = new PartnerClient({ baseUrl: '/sandbox', apiKey: acc.apiKey, apiSecret: acc.apiSecret });
  const { tokenString } = await partner.createKybToken({
    clientId: `c-${Math.random().toString(36).slice(2)}`,
  });
  const client = new KybClient({ baseUrl: '/sandbox', token: tokenString, retries: 0 });
  const form = await client.createForm({ companyName: 'Chances Co', country: 'DE' });
  const el = await fixture<StepHost>(html`<upload-chances-host></upload-chances-host>`);
  el.client = client;
  el.formId = form.id;
  el.step = new DocumentsStep({ documents: [] });
  el.requestUpdate();
  await el.updateComplete;
  return { el, mine };
}

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const png = (name: string) => new File([PNG], name, { type: 'image/png' });
const big = (bytes: number) => new File([new Uint8Array(bytes)], 'scan.pdf', { type: 'application/pdf' });
const MB = 1024 * 1024;

const $ = <T extends Element = HTMLElement>(el: StepHost, sel: string) =>
  el.shadowRoot!.querySelector<T>(sel);
const text = (n: Element | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();
const CERT = '#doc-0-INCORPORATION_CERT';
const BANK = '#doc-1-BANK_STATEMENT';
const input = (el: StepHost, sel = CERT) => $<HTMLInputElement>(el, sel)!;
const errorOf = (el: StepHost, sel = CERT) => $(el, `${sel}-err`);
const cards = (el: StepHost) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="document"]')];

function choose(target: HTMLInputElement, file: File) {
  const dt = new DataTransfer();
  dt.items.add(file);
  target.files = dt.files;
  target.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}

describe('upload component: second chances', function () {
  this.timeout(30000);
  afterEach(() => restorePointer());

  it('a too large file is stated with one decimal in the locale: "This file is 10.5 MB; the limit is 10 MB."', async () => {
    const { el, mine } = await mount();
    await mine.clearRequests();
    choose(input(el), big(10.5 * MB));
    await el.updateComplete;
    expect(text(errorOf(el))).to.equal('This file is 10.5 MB; the limit is 10 MB.');
    // A byte over is never shown as the limit itself; numbers follow the locale (Intl.NumberFormat).
    expect(overLimitSize(10 * MB + 1, 10 * MB, 'en')).to.equal('10.1 MB');
    expect(overLimitSize(10.5 * MB, 10 * MB, 'de')).to.equal('10,5 MB');
    expect(fileProblem({ name: 'a.pdf', size: 10 * MB, type: 'application/pdf' }, 'en')).to.equal(null);
    expect(await mine.listRequests()).to.deep.equal([]);
  });

  it("a refused file's error is cleared by the next good choice, and does not follow to another step", async () => {
    const { el } = await mount();
    choose(input(el), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await el.updateComplete;
    expect(text(errorOf(el))).to.contain('This file type is not accepted');
    expect(input(el).getAttribute('aria-invalid')).to.equal('true');
    // The next good choice (here in another slot) clears it.
    choose(input(el, BANK), png('statement.png'));
    await waitUntil(() => cards(el).length === 1, 'no document', { timeout: 8000 });
    expect(errorOf(el)).to.equal(null);
    expect(input(el).getAttribute('aria-invalid')).to.equal('false');

    // Refused again, then the user goes to another step and comes back: no stale error.
    choose(input(el), big(11 * MB));
    await el.updateComplete;
    expect(text(errorOf(el))).to.contain('the limit is 10 MB');
    el.away = true;
    el.requestUpdate();
    await el.updateComplete;
    expect($(el, '#other-step')).to.not.equal(null);
    expect(el.shadowRoot!.querySelector('[part~="field-error"]')).to.equal(null);
    el.away = false;
    el.requestUpdate();
    await el.updateComplete;
    expect(errorOf(el)).to.equal(null);
    expect(input(el).getAttribute('aria-invalid')).to.equal('false');
  });

  it('a filled single-file slot shows its file card with Replace, not an empty drop zone', async () => {
    const { el } = await mount();
    const zone = (sel: string) => input(el, sel).closest<HTMLElement>('[part~="upload-dropzone"]')!;
    expect(zone(CERT).getBoundingClientRect().height).to.be.greaterThan(40);
    choose(input(el), png('certificate.png'));
    await waitUntil(() => cards(el).length === 1, 'no document', { timeout: 8000 });
    await el.updateComplete;
    // The zone is out of sight and out of the Tab order; the card's Replace is the action.
    expect(zone(CERT).classList.contains('is-filled')).to.equal(true);
    expect(zone(CERT).getBoundingClientRect().height).to.be.at.most(1);
    expect(input(el).tabIndex).to.equal(-1);
    const replace = cards(el)[0]!.querySelector<HTMLButtonElement>('[part~="upload-replace"]')!;
    expect(text(replace)).to.equal('Replace certificate.png');
    expect(replace.getBoundingClientRect().height).to.be.greaterThan(0);
    // The other slot, still empty, keeps its drop zone.
    expect(zone(BANK).classList.contains('is-filled')).to.equal(false);
    // Replace still opens the slot's chooser.
    let opened = 0;
    input(el).addEventListener('click', (e) => {
      opened++;
      e.preventDefault();
    });
    replace.click();
    expect(opened).to.equal(1);
    await expect(el).to.be.accessible();
  });

  it("a saved document's card says why it cannot be removed (the interface has no DELETE)", async () => {
    const { el } = await mount();
    choose(input(el), png('certificate.png'));
    await waitUntil(() => cards(el).length === 1, 'no document', { timeout: 8000 });
    const card = cards(el)[0]!;
    expect(card.querySelector('[part~="upload-remove"]')).to.equal(null);
    expect(text(card.querySelector('[part~="upload-note"]'))).to.equal(
      'This file cannot be removed: the service keeps every document sent with a form. To correct it, use Replace.',
    );
  });

  it('offers "drop" only where dragging exists: a mouse yes, a phone (no hover, coarse pointer) no', async () => {
    emulatePointer('touch');
    const { el } = await mount();
    const zoneText = () => text($(el, `${CERT}-action`));
    expect(zoneText()).to.equal('Choose a file');
    expect(text(input(el).closest('[part~="upload-dropzone"]'))).to.not.match(/drop/i);
    emulatePointer('mouse');
    el.requestUpdate();
    await el.updateComplete;
    expect(zoneText()).to.equal('Choose a file or drop it here');
  });

  it('shows a file name with its bidi controls neutralised: invoice\\u202Efdp.png does not read as invoicegnp.pdf', async () => {
    const { el, mine } = await mount();
    const tricky = 'invoice\u202Efdp.png';
    expect(displayName(tricky)).to.equal('invoicefdp.png');
    expect(displayName('a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk')).to.equal(
      'abcdefghijk',
    );
    choose(input(el), png(tricky));
    await waitUntil(() => cards(el).length === 1, 'no document', { timeout: 8000 });
    const card = cards(el)[0]!;
    const name = card.querySelector('[part~="document-name"]')!;
    // Shown as spelled, isolated from the text around it.
    expect(name.textContent).to.equal('invoicefdp.png');
    expect(name.querySelector('bdi')).to.not.equal(null);
    const shown = card.textContent ?? '';
    expect(shown).to.not.match(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
    expect(text(card.querySelector('[part~="upload-replace"]'))).to.equal('Replace invoicefdp.png');
    // The service keeps the name as sent.
    const post = (await mine.listRequests()).find(
      (r) => r.method === 'POST' && typeof (r.body as { filename?: unknown } | null)?.filename === 'string',
    );
    expect((post!.body as { filename: string }).filename).to.equal(tricky);
  });
});
