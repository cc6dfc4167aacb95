/** The company documents step against the sandbox, in a small test-only host providing `KybContext`. */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { LitElement } from 'lit';
import { KybClient } from '../../src/api/kyb-client.ts';
import { Flow, type KybDocument } from '../../src/api/kyb.ts';
import type { KybContext, SaveReport } from '../../src/kyb-form/context.ts';
import { DocumentsStep } from '../../src/kyb-form/documents/controller.ts';
import { styles } from '../../src/kyb-form/styles.ts';
import { SandboxControl } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';

class DocStepHost extends LitElement {
  static override styles = styles;
  step!: DocumentsStep;
  client!: KybClient;
  formId = '';
  flow: Flow | null = null;
  readOnly = false;
  stepChecked = false;
  reports: SaveReport[] = [];

  get ctx(): KybContext {
    return {
      client: this.client,
      formId: this.formId,
      info: {},
      flow: this.flow,
      readOnly: this.readOnly,
      locale: 'en',
      stepChecked: this.stepChecked,
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
if (!customElements.get('doc-step-host')) customElements.define('doc-step-host', DocStepHost);

const control = new SandboxControl({ baseUrl: '/sandbox' });

async function env() {
  const acc = await control.createAccount({ kyb: { info: { flow: null } } });
  const mine = control.withAccount(acc);
  const partner = new PartnerClient({ baseUrl: '/sandbox', apiKey: acc.apiKey, apiSecret: acc.apiSecret });
  const { tokenString } = await partner.createKybToken({
    clientId: `c-${Math.random().toString(36).slice(2)}`,
  });
  const client = new KybClient({ baseUrl: '/sandbox', token: tokenString, retries: 0 });
  const form = await client.createForm({ companyName: 'Test Co', country: 'DE' });
  return { mine, client, formId: form.id };
}

async function mount(
  e: { client: KybClient; formId: string },
  o: { flow?: Flow | null; documents?: KybDocument[]; readOnly?: boolean } = {},
) {
  const el = await fixture<DocStepHost>(html`<doc-step-host></doc-step-host>`);
  el.client = e.client;
  el.formId = e.formId;
  el.flow = o.flow ?? null;
  el.readOnly = o.readOnly ?? false;
  el.step = new DocumentsStep({ documents: o.documents ?? [] });
  el.requestUpdate();
  await el.updateComplete;
  return el;
}

const text = (n: Element | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();
const labelText = (l: Element) =>
  text(l)
    .replace(/\(required\)/g, '')
    .replace(/\*/g, '')
    .trim();
function byLabel<T extends HTMLElement = HTMLInputElement>(el: DocStepHost, label: string): T {
  const labels = [...el.shadowRoot!.querySelectorAll('label')];
  const l = labels.find((x) => labelText(x) === label);
  if (!l) throw new Error(`no label ${label} (have: ${labels.map(labelText).join(' | ')})`);
  return el.shadowRoot!.getElementById(l.htmlFor) as T;
}
function chooseFile(input: HTMLInputElement, file: File) {
  const dt = new DataTransfer();
  dt.items.add(file);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name, {
    type: 'image/png',
  });

const flow = Flow.parse({
  documents: [
    { docType: 'INCORPORATION_CERT', description: 'From the company register.', required: true },
    { docType: 'BANK_STATEMENT', description: 'Not older than 3 months.', required: true },
    { docType: 'INCORPORATION_ARTICLES', description: 'If you have them.', required: false },
  ],
});

describe('kyb company documents step', () => {
  it('lists the flow documents with descriptions and required flags; validate() reports missing ones', async () => {
    const e = await env();
    const el = await mount(e, { flow });
    const groups = [...el.shadowRoot!.querySelectorAll('[part="document-group"]')];
    expect(groups).to.have.length(3);
    expect(text(groups[0])).to.contain('Certificate of incorporation');
    expect(text(groups[0])).to.contain('From the company register.');
    expect(text(groups[0])).to.contain('(required)');
    expect(text(groups[1])).to.contain('Bank statement');
    expect(text(groups[2])).to.not.contain('(required)');
    const issues = el.step.validate(el.ctx);
    expect(issues.map((i) => i.label)).to.deep.equal(['Certificate of incorporation', 'Bank statement']);
    for (const i of issues) {
      expect(i.step).to.equal('documents');
      expect(el.shadowRoot!.getElementById(i.id)).to.be.instanceOf(HTMLInputElement);
    }
    // Errors show after a submit attempt, linked to the input.
    const cert = byLabel(el, 'Certificate of incorporation');
    expect(cert.getAttribute('aria-invalid')).to.equal('false');
    el.stepChecked = true;
    el.requestUpdate();
    await el.updateComplete;
    expect(cert.getAttribute('aria-invalid')).to.equal('true');
    expect(text(el.shadowRoot!.getElementById(`${cert.id}-err`))).to.equal('Upload this document.');
  });

  it('uploads into a slot (POST {type, filename, file}) with progress, lists it with a safe view link', async () => {
    const e = await env();
    const el = await mount(e, { flow });
    await e.mine.clearRequests();
    const cert = byLabel(el, 'Certificate of incorporation');
    chooseFile(cert, png('cert.png'));
    await el.updateComplete;
    // The progress element shows while uploading (or the upload already finished).
    const progress = el.shadowRoot!.querySelector('progress');
    if (progress) expect(progress.max).to.equal(100);
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="document"]'), 'no document', {
      timeout: 8000,
    });
    const posts = (await e.mine.listRequests()).filter((r) => r.method === 'POST');
    expect(posts).to.have.length(1);
    expect(posts[0]!.path).to.equal(`/kyb/forms/${e.formId}/documents/`);
    const body = posts[0]!.body as Record<string, string>;
    expect(Object.keys(body).sort()).to.deep.equal(['file', 'filename', 'type']);
    expect(body.type).to.equal('INCORPORATION_CERT');
    expect(body.filename).to.equal('cert.png');
    expect(body.file).to.equal('iVBORw0KGgoAAAAA');
    const item = el.shadowRoot!.querySelector('[part~="document"]')!;
    expect(item.closest('[part="document-group"]')).to.equal(
      el.shadowRoot!.querySelectorAll('[part="document-group"]')[0],
    );
    const link = item.querySelector('a')!;
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.contain('noopener');
    expect(new URL(link.href).origin).to.equal(location.origin);
    expect(el.step.validate(el.ctx).map((i) => i.label)).to.deep.equal(['Bank statement']);
    expect(el.reports.map((r) => r.state)).to.deep.equal(['saving', 'saved']);
    expect(text(el.shadowRoot!.querySelector('[part="upload-status"]'))).to.contain('Uploaded cert.png');
    // Adding another file to the same slot is allowed.
    expect(byLabel(el, 'Certificate of incorporation')).to.be.instanceOf(HTMLInputElement);
  });

  it('refuses a too large file and a wrong type before any request', async () => {
    const e = await env();
    const el = await mount(e, { flow });
    await e.mine.clearRequests();
    const input = byLabel(el, 'Bank statement');
    chooseFile(
      input,
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }),
    );
    await waitUntil(() => el.shadowRoot!.getElementById(`${input.id}-err`), 'no error', { timeout: 15000 });
    expect(text(el.shadowRoot!.getElementById(`${input.id}-err`))).to.contain(
      'This file is 10.1 MB; the limit is 10 MB.',
    );
    chooseFile(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await el.updateComplete;
    expect(text(el.shadowRoot!.getElementById(`${input.id}-err`))).to.contain('file type is not accepted');
    await new Promise((r) => setTimeout(r, 100));
    expect(await e.mine.listRequests()).to.deep.equal([]);
    expect(el.step.dirty).to.equal(false);
  });

  it('does not link unsafe document URLs', async () => {
    const e = await env();
    const js = ['java', 'script:alert(1)'].join('');
    const el = await mount(e, {
      flow,
      documents: [
        { id: 'd1', type: 'BANK_STATEMENT', filename: 'a.pdf', file: js },
        { id: 'd2', type: 'BANK_STATEMENT', filename: 'b.pdf', file: 'data:application/pdf;base64,AAAA' },
      ],
    });
    expect(el.shadowRoot!.querySelectorAll('[part~="document"] a')).to.have.length(0);
    expect(text(el.shadowRoot!.querySelector('[part~="document"]'))).to.contain('Cannot be opened here');
  });

  it('flow null: a generic upload with a type select', async () => {
    const e = await env();
    const el = await mount(e, { flow: null });
    await e.mine.clearRequests();
    const select = byLabel<HTMLSelectElement>(el, 'Document type');
    expect([...select.options].map((o) => o.value)).to.include('OTHER');
    select.value = 'OTHER';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await el.updateComplete;
    chooseFile(byLabel(el, 'Upload a company document'), png('misc.png'));
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="document"]'), 'no document', {
      timeout: 8000,
    });
    const [post] = (await e.mine.listRequests()).filter((r) => r.method === 'POST');
    expect((post!.body as { type: string }).type).to.equal('OTHER');
    expect(el.step.validate(el.ctx)).to.deep.equal([]);
    expect(text(el.shadowRoot!.querySelector('[part~="document"]'))).to.contain('Other document');
  });

  it('a failed upload keeps the file and offers retry; flush retries', async () => {
    const e = await env();
    const el = await mount(e, { flow });
    await e.mine.setFaults({ failRate: 1, paths: 'documents' });
    const input = byLabel(el, 'Bank statement');
    chooseFile(input, png('bank.png'));
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="retry-button"]'), 'no retry', {
      timeout: 8000,
    });
    expect(text(el.shadowRoot!.querySelector('[part~="retry-button"]'))).to.contain('bank.png');
    expect(el.step.dirty).to.equal(true);
    expect(el.reports.at(-1)!.state).to.equal('error');
    await e.mine.setFaults({});
    await el.step.flush(el.ctx);
    await el.updateComplete;
    expect(el.step.dirty).to.equal(false);
    expect((await e.client.listCompanyDocuments(e.formId)).map((d) => d.filename)).to.deep.equal([
      'bank.png',
    ]);
  });

  it('read-only shows the files without upload controls; accessible', async () => {
    const e = await env();
    const doc = await e.client.uploadCompanyDocument(e.formId, {
      type: 'INCORPORATION_CERT',
      filename: 'cert.png',
      file: 'iVBORw0KGgoAAAAA',
    });
    const ro = await mount(e, { flow, documents: [doc], readOnly: true });
    expect(ro.shadowRoot!.querySelector('input')).to.equal(null);
    expect(ro.shadowRoot!.querySelectorAll('[part~="document"]')).to.have.length(1);
    expect(ro.step.validate(ro.ctx)).to.deep.equal([]);
    await expect(ro).to.be.accessible();
    const el = await mount(e, { flow, documents: [doc] });
    el.stepChecked = true;
    el.requestUpdate();
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});
