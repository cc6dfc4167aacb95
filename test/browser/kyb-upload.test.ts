/**
 * The shared upload component (src/kyb-form/upload/) as the company documents step uses it, against the
 * sandbox over HTTP: drop zone (keyboard, drag and drop), limits stated before choosing, files refused
 * before any request, thumbnails and sizes, progress, replace, remove of a failed upload, axe.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { LitElement } from 'lit';
import { KybClient } from '../../src/api/kyb-client.ts';
import { Flow, type KybDocument } from '../../src/api/kyb.ts';
import type { KybContext, SaveReport } from '../../src/kyb-form/context.ts';
import { DocumentsStep } from '../../src/kyb-form/documents/controller.ts';
import { formatBytes } from '../../src/kyb-form/files.ts';
import { formStyles } from '../../src/kyb-form/form-styles.ts';
import { stepsAndReviewStyles } from '../../src/kyb-form/shell/review-submit.ts';
import { styles } from '../../src/kyb-form/styles.ts';
import { acceptText, orList } from '../../src/kyb-form/upload/upload.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { emulatePointer, restorePointer } from './pointer-media.ts';

class UploadHost extends LitElement {
  static override styles = [styles, formStyles, stepsAndReviewStyles];
  step!: DocumentsStep;
  client!: KybClient;
  formId = '';
  flow: Flow | null = null;
  readOnly = false;
  reports: SaveReport[] = [];

  get ctx(): KybContext {
    return {
      client: this.client,
      formId: this.formId,
      info: {},
      flow: this.flow,
      readOnly: this.readOnly,
      locale: 'en',
      stepChecked: false,
      report: (r) => this.reports.push(r),
      requestUpdate: () => this.requestUpdate(),
    };
  }

  override render() {
    return html`<div class="root">
      <h3 id="kyb-step-heading" tabindex="-1">Documents</h3>
      ${this.step ? this.step.render(this.ctx) : ''}
    </div>`;
  }
}
if (!customElements.get('upload-test-host')) customElements.define('upload-test-host', UploadHost);

const control = new SandboxControl({ baseUrl: '/sandbox' });

async function env() {
  const acc = await control.createAccount({ kyb: { info: { flow: null } } });
  const mine = control.withAccount(acc);
  const partner = new PartnerClient({ baseUrl: '/sandbox', apiKey: acc.apiKey, apiSecret: acc.apiSecret });
  const { tokenString } = await partner.createKybToken({
    clientId: `c-${Math.random().toString(36).slice(2)}`,
  });
  const client = new KybClient({ baseUrl: '/sandbox', token: tokenString, retries: 0 });
  const form = await client.createForm({ companyName: 'Upload Co', country: 'DE' });
  return { mine, client, formId: form.id };
}

const flow = Flow.parse({
  documents: [
    { docType: 'INCORPORATION_CERT', description: 'From the company register.', required: true },
    { docType: 'BANK_STATEMENT', description: null, required: false },
  ],
});

async function mount(e: { client: KybClient; formId: string }, documents: KybDocument[] = []) {
  const el = await fixture<UploadHost>(html`<upload-test-host></upload-test-host>`);
  el.client = e.client;
  el.formId = e.formId;
  el.flow = flow;
  el.step = new DocumentsStep({ documents });
  el.requestUpdate();
  await el.updateComplete;
  return el;
}

const $ = <T extends Element = HTMLElement>(el: UploadHost, sel: string) =>
  el.shadowRoot!.querySelector<T>(sel);
const $$ = (el: UploadHost, sel: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(sel)];
const text = (n: Element | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();
const certInput = (el: UploadHost) => $<HTMLInputElement>(el, '#doc-0-INCORPORATION_CERT')!;
const zoneOf = (input: HTMLInputElement) => input.closest<HTMLElement>('[part~="upload-dropzone"]')!;

function choose(input: HTMLInputElement, ...files: File[]) {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(f);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const png = (name: string) => new File([PNG], name, { type: 'image/png' });
const pdf = (name: string) => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });
const posts = async (e: Awaited<ReturnType<typeof env>>) =>
  (await e.mine.listRequests()).filter((r) => r.method === 'POST');
const docCards = (el: UploadHost) => $$(el, '[part~="document"]');

describe('upload component', function () {
  this.timeout(30000);
  // A desktop with a mouse: the drop zone offers "or drop it here" (pointer-media.ts).
  before(() => emulatePointer('mouse'));
  after(() => restorePointer());

  it('states the accepted types and the size limit before choosing, tied to the labelled input', async () => {
    const e = await env();
    const el = await mount(e);
    const input = certInput(el);
    expect(input.type).to.equal('file');
    // Named by what the user sees (WCAG 2.5.3): the field label and the zone's own words.
    const nameIds = input.getAttribute('aria-labelledby')!.split(' ');
    expect(nameIds.map((id) => text(el.shadowRoot!.getElementById(id))).join(' ')).to.equal(
      'Certificate of incorporation Choose a file or drop it here',
    );
    expect(input.accept).to.contain('application/pdf');
    expect(input.required).to.equal(true);
    const zone = zoneOf(input);
    expect(zone).to.not.equal(null);
    const hint = $(el, `#${input.id}-hint`)!;
    expect(text(hint)).to.equal('PDF, JPG, PNG, GIF, WebP, or HEIC, up to 10 MB');
    expect(zone.contains(hint)).to.equal(true);
    expect(input.getAttribute('aria-describedby')!.split(' ')).to.include.members([
      `${input.id}-desc`,
      `${input.id}-hint`,
    ]);
    // The label still names it for pointer users and tests: clicking the label targets the input.
    const label = $<HTMLLabelElement>(el, `label[for="${input.id}"]`)!;
    expect(text(label)).to.contain('Certificate of incorporation');
    // Localized list formatting, with a fallback.
    expect(orList(['A', 'B', 'C'], 'de')).to.equal('A, B oder C');
    expect(acceptText('en', 5 * 1024 * 1024)).to.equal('PDF, JPG, PNG, GIF, WebP, or HEIC, up to 5 MB');
  });

  it('is keyboard-operable: focus, then Enter or Space opens the chooser', async () => {
    const e = await env();
    const el = await mount(e);
    const input = certInput(el);
    let opened = 0;
    // The chooser opens as the click's default action: record it and keep the dialog closed.
    input.addEventListener('click', (ev) => {
      opened++;
      ev.preventDefault();
    });
    input.focus();
    expect(el.shadowRoot!.activeElement).to.equal(input);
    await sendKeys({ press: 'Enter' });
    expect(opened).to.equal(1);
    await sendKeys({ press: 'Space' });
    expect(opened).to.equal(2);
    // The focus ring shows on the zone (the input itself is transparent).
    expect(getComputedStyle(zoneOf(input)).outlineStyle).to.equal('solid');
  });

  it('takes a dropped file: highlight on dragover, uploads it on drop', async () => {
    const e = await env();
    const el = await mount(e);
    await e.mine.clearRequests();
    const zone = zoneOf(certInput(el));
    const dt = new DataTransfer();
    dt.items.add(png('dropped.png'));
    const over = new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true });
    zone.dispatchEvent(over);
    expect(over.defaultPrevented).to.equal(true);
    expect(zone.classList.contains('is-dragover')).to.equal(true);
    zone.dispatchEvent(new DragEvent('dragleave', { dataTransfer: dt, bubbles: true }));
    expect(zone.classList.contains('is-dragover')).to.equal(false);
    zone.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }));
    const drop = new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true });
    zone.dispatchEvent(drop);
    expect(drop.defaultPrevented).to.equal(true);
    expect(zone.classList.contains('is-dragover')).to.equal(false);
    await waitUntil(() => docCards(el).length === 1, 'no document', { timeout: 8000 });
    const [post] = await posts(e);
    expect((post!.body as { type: string; filename: string }).type).to.equal('INCORPORATION_CERT');
    expect((post!.body as { filename: string }).filename).to.equal('dropped.png');
  });

  it('refuses a wrong type, a too large and an empty file with the reason, and sends nothing', async () => {
    const e = await env();
    const el = await mount(e);
    await e.mine.clearRequests();
    const input = certInput(el);
    const errorText = () => text($(el, `#${input.id}-err`));
    choose(input, new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }));
    await el.updateComplete;
    expect(errorText()).to.contain('This file type is not accepted');
    const err = $(el, `#${input.id}-err`)!;
    expect(err.getAttribute('role')).to.equal('alert');
    expect(input.getAttribute('aria-describedby')!.split(' ')).to.include(`${input.id}-err`);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    choose(input, new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }));
    await el.updateComplete;
    // One decimal where it matters: a byte over 10 MB is not shown as 10 MB (it was: 'This file is 10 MB; the largest accepted size is 10 MB.').
    expect(errorText()).to.contain('This file is 10.1 MB; the limit is 10 MB.');
    choose(input, new File([], 'empty.pdf', { type: 'application/pdf' }));
    await el.updateComplete;
    expect(errorText()).to.equal('This file is empty.');
    // Dropped files are checked the same way.
    const dt = new DataTransfer();
    dt.items.add(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    zoneOf(input).dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    await el.updateComplete;
    expect(errorText()).to.contain('This file type is not accepted');
    await new Promise((r) => setTimeout(r, 100));
    expect(await e.mine.listRequests()).to.deep.equal([]);
    expect(docCards(el)).to.have.length(0);
    expect(el.step.dirty).to.equal(false);
  });

  it('shows progress while uploading, then the file card with its thumbnail, size and Uploaded', async () => {
    const e = await env();
    const el = await mount(e);
    // Hold the upload at 40 % to see the progress (the real call runs once released).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const real = e.client.uploadCompanyDocument.bind(e.client);
    e.client.uploadCompanyDocument = async (formId, doc, opts) => {
      opts?.onUploadProgress?.(0.4);
      await held;
      return real(formId, doc, opts);
    };
    choose(certInput(el), png('scan.png'));
    const progress = await waitUntil(
      () => $<HTMLProgressElement>(el, 'progress[part~="upload-progress"]'),
      'no progress',
      { timeout: 5000 },
    ).then(() => $<HTMLProgressElement>(el, 'progress[part~="upload-progress"]')!);
    await waitUntil(() => progress.value === 40, 'progress not at 40', { timeout: 5000 });
    expect(progress.max).to.equal(100);
    expect(progress.getAttribute('aria-label')).to.equal('Uploading scan.png');
    const uploading = progress.closest('[part~="upload-file"]')!;
    expect(text(uploading)).to.contain('40%');
    expect(text(uploading.querySelector('[part~="upload-file-size"]'))).to.equal(
      formatBytes(PNG.length, 'en'),
    );
    // Busy: no new file meanwhile, but the input keeps the focus (not disabled).
    expect(certInput(el).disabled).to.equal(false);
    expect(certInput(el).getAttribute('aria-disabled')).to.equal('true');
    let opened = 0;
    certInput(el).addEventListener('click', (ev) => {
      if (!ev.defaultPrevented) opened++;
      ev.preventDefault();
    });
    certInput(el).click();
    expect(opened).to.equal(0);
    release();
    await waitUntil(() => docCards(el).length === 1, 'no document', { timeout: 8000 });
    expect($(el, 'progress')).to.equal(null);
    const card = docCards(el)[0]!;
    expect(text(card.querySelector('[part~="upload-file-state"]'))).to.equal('Uploaded');
    expect(text(card.querySelector('[part~="upload-file-size"]'))).to.equal(formatBytes(PNG.length, 'en'));
    const img = card.querySelector<HTMLImageElement>('[part~="upload-thumbnail"] img')!;
    expect(img.src).to.match(/^blob:/);
    expect(img.alt).to.equal('');
    await waitUntil(() => img.complete && img.naturalWidth > 0, 'thumbnail did not load', { timeout: 5000 });
    expect(img.hidden).to.equal(false);
    expect(text($(el, '[part="upload-status"]'))).to.equal('Uploaded scan.png.');
    expect(certInput(el).hasAttribute('aria-disabled')).to.equal(false);
  });

  it('shows the document icon for a PDF and for an image that cannot be shown', async () => {
    const e = await env();
    const el = await mount(e);
    choose(certInput(el), pdf('register.pdf'));
    await waitUntil(() => docCards(el).length === 1, 'no document', { timeout: 8000 });
    const thumb = docCards(el)[0]!.querySelector('[part~="upload-thumbnail"]')!;
    expect(thumb.querySelector('img')).to.equal(null);
    const icon = thumb.querySelector('svg[part~="upload-icon"]')!;
    expect(icon.getAttribute('aria-hidden')).to.equal('true');
    expect(icon.hasAttribute('hidden')).to.equal(false);
    // Bytes that are not an image: the thumbnail falls back to the icon.
    choose(certInput(el), new File([new Uint8Array([1, 2, 3, 4])], 'broken.png', { type: 'image/png' }));
    await waitUntil(() => docCards(el).length === 2, 'no second document', { timeout: 8000 });
    const second = docCards(el)[1]!.querySelector('[part~="upload-thumbnail"]')!;
    await waitUntil(() => second.querySelector('img')?.hidden === true, 'no fallback', { timeout: 5000 });
    expect(second.querySelector('svg')!.hasAttribute('hidden')).to.equal(false);
  });

  it('replaces a document: the chooser opens for its slot, the new file is uploaded, the old one is marked', async () => {
    const e = await env();
    const el = await mount(e);
    choose(certInput(el), png('old.png'));
    await waitUntil(() => docCards(el).length === 1, 'no document', { timeout: 8000 });
    // No remove for saved documents: the interface has no delete.
    expect($(el, '[part~="document"] [part~="upload-remove"]')).to.equal(null);
    await e.mine.clearRequests();
    let opened = 0;
    certInput(el).addEventListener('click', (ev) => {
      opened++;
      ev.preventDefault();
    });
    const replace = docCards(el)[0]!.querySelector<HTMLButtonElement>('[part~="upload-replace"]')!;
    expect(text(replace)).to.equal('Replace old.png');
    replace.click();
    expect(opened).to.equal(1);
    expect(el.shadowRoot!.activeElement).to.equal(certInput(el));
    choose(certInput(el), png('new.png'));
    await waitUntil(() => docCards(el).length === 2, 'no new document', { timeout: 8000 });
    const [post] = await posts(e);
    expect(post!.body).to.include({ type: 'INCORPORATION_CERT', filename: 'new.png' });
    const [oldCard, newCard] = docCards(el);
    expect(text(oldCard)).to.contain('Replaced by new.png.');
    expect(oldCard!.querySelector('[part~="upload-replace"]')).to.equal(null);
    expect(newCard!.querySelector('[part~="upload-replace"]')).to.not.equal(null);
    // The old thumbnail stays (the old document is still attached); the new one has its own.
    expect(newCard!.querySelector('img')!.src).to.not.equal(oldCard!.querySelector('img')!.src);
  });

  it('a failed upload can be retried or removed (nothing was saved)', async () => {
    const e = await env();
    const el = await mount(e);
    await e.mine.setFaults({ failRate: 1, paths: 'documents', methods: ['POST'] });
    choose(certInput(el), png('fails.png'));
    await waitUntil(() => $(el, '[part~="retry-button"]'), 'no retry', { timeout: 8000 });
    const card = $(el, '[part~="upload-file"]')!;
    expect(text(card.querySelector('[part~="upload-file-state"]'))).to.equal('Not uploaded');
    expect(text($(el, `#${certInput(el).id}-err`))).to.not.equal('');
    expect(el.step.dirty).to.equal(true);
    await expect(el).to.be.accessible();
    const remove = card.querySelector<HTMLButtonElement>('[part~="upload-remove"]')!;
    expect(text(remove)).to.equal('Remove fails.png');
    remove.click();
    await el.updateComplete;
    expect($(el, '[part~="upload-file"]')).to.equal(null);
    expect(el.step.dirty).to.equal(false);
    await e.mine.setFaults({});
    expect(await e.client.listCompanyDocuments(e.formId)).to.deep.equal([]);
  });

  it('is accessible with files uploaded and an error shown', async () => {
    const e = await env();
    const el = await mount(e);
    await expect(el).to.be.accessible();
    choose(certInput(el), png('a.png'));
    await waitUntil(() => docCards(el).length === 1, 'no document', { timeout: 8000 });
    const bank = $<HTMLInputElement>(el, '#doc-1-BANK_STATEMENT')!;
    choose(bank, new File([], 'empty.pdf', { type: 'application/pdf' }));
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});
