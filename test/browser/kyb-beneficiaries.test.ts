/**
 * The beneficiaries step (and its per-beneficiary documents) against the sandbox, rendered in a small
 * test-only host that provides the step contract (`KybContext`).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { LitElement } from 'lit';
import { KybClient } from '../../src/api/kyb-client.ts';
import { Flow, type Beneficiary, type KybInfo } from '../../src/api/kyb.ts';
import { BeneficiariesStep } from '../../src/kyb-form/beneficiaries/controller.ts';
import type { KybContext, SaveReport } from '../../src/kyb-form/context.ts';
import { styles } from '../../src/kyb-form/styles.ts';
import { SandboxControl, type RequestLogEntry } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';

class BenStepHost extends LitElement {
  static override styles = styles;
  step!: BeneficiariesStep;
  client!: KybClient;
  formId = '';
  info: KybInfo = {};
  flow: Flow | null = null;
  readOnly = false;
  stepChecked = false;
  reports: SaveReport[] = [];

  get ctx(): KybContext {
    return {
      client: this.client,
      formId: this.formId,
      info: this.info,
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
      <h3 id="kyb-step-heading" tabindex="-1">People</h3>
      ${this.step ? this.step.render(this.ctx) : ''}
    </div>`;
  }
}
if (!customElements.get('ben-step-host')) customElements.define('ben-step-host', BenStepHost);

const control = new SandboxControl({ baseUrl: '/sandbox' });

interface Env {
  mine: SandboxControl;
  client: KybClient;
  formId: string;
}

async function env(): Promise<Env> {
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
  e: Env,
  o: { flow?: Flow | null; beneficiaries?: Beneficiary[]; readOnly?: boolean } = {},
) {
  const el = await fixture<BenStepHost>(html`<ben-step-host></ben-step-host>`);
  el.client = e.client;
  el.formId = e.formId;
  el.flow = o.flow ?? null;
  el.readOnly = o.readOnly ?? false;
  el.step = new BeneficiariesStep({ beneficiaries: o.beneficiaries ?? [] });
  el.requestUpdate();
  await el.updateComplete;
  return el;
}

const $ = <T extends Element = HTMLElement>(el: BenStepHost, sel: string) =>
  el.shadowRoot!.querySelector<T>(sel);
const text = (n: Element | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();

const labelText = (l: Element) =>
  text(l)
    .replace(/\(required\)/g, '')
    .replace(/\*/g, '')
    .trim();
function byLabel<T extends HTMLElement = HTMLInputElement>(el: BenStepHost, label: string | RegExp): T {
  const labels = [...el.shadowRoot!.querySelectorAll('label')];
  const l = labels.find((x) =>
    typeof label === 'string' ? labelText(x) === label : label.test(labelText(x)),
  );
  if (!l) throw new Error(`no label ${String(label)} (have: ${labels.map(labelText).join(' | ')})`);
  const c = el.shadowRoot!.getElementById(l.htmlFor);
  if (!c) throw new Error(`label ${String(label)} points to nothing`);
  return c as T;
}
function button(el: BenStepHost, name: string | RegExp): HTMLButtonElement {
  const all = [...el.shadowRoot!.querySelectorAll('button')];
  const b = all.find((x) => (typeof name === 'string' ? text(x) === name : name.test(text(x))));
  if (!b) throw new Error(`no button ${String(name)} (have: ${all.map(text).join(' | ')})`);
  return b;
}
async function fill(el: BenStepHost, label: string | RegExp, value: string) {
  const c = byLabel<HTMLInputElement | HTMLSelectElement>(el, label);
  c.focus();
  c.value = value;
  c.dispatchEvent(
    new Event(c instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true, composed: true }),
  );
  c.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
  await el.updateComplete;
}
async function check(el: BenStepHost, label: string | RegExp, on = true) {
  const c = byLabel(el, label);
  if (c.checked !== on) c.click();
  await el.updateComplete;
}
async function click(el: BenStepHost, name: string | RegExp) {
  button(el, name).click();
  await el.updateComplete;
}
function chooseFile(input: HTMLInputElement, file: File) {
  const dt = new DataTransfer();
  dt.items.add(file);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
const kybRequests = async (mine: SandboxControl, pred: (r: RequestLogEntry) => boolean) =>
  (await mine.listRequests()).filter(pred);
const pdf = (name = 'scan.pdf', size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return new File([bytes], name, { type: 'application/pdf' });
};

describe('kyb beneficiaries step', () => {
  it('the person filling in the form: their own fields carry autocomplete tokens (WCAG 1.3.5)', async () => {
    const e = await env();
    const el = await mount(e);
    await click(el, 'Add a beneficiary');
    const tokens = () => ({
      name: byLabel(el, 'First name').getAttribute('autocomplete'),
      surname: byLabel(el, 'Last name').getAttribute('autocomplete'),
      birth: byLabel(el, 'Date of birth').getAttribute('autocomplete'),
      email: byLabel(el, 'Email address').getAttribute('autocomplete'),
    });
    // Someone else: the browser must not offer the user's own name and birth date.
    expect(tokens()).to.deep.equal({ name: 'off', surname: 'off', birth: 'off', email: 'off' });
    await check(el, 'This beneficiary is the person filling in this form');
    expect(tokens()).to.deep.equal({
      name: 'given-name',
      surname: 'family-name',
      birth: 'bday',
      email: 'email',
    });
    await check(el, 'This beneficiary is the person filling in this form', false);
    expect(tokens().name).to.equal('off');
  });
  it('adds, edits and removes a person (POST, PATCH, DELETE with the right bodies)', async () => {
    const e = await env();
    const el = await mount(e);
    await click(el, 'Add a beneficiary');
    await fill(el, 'First name', 'Ada');
    await fill(el, 'Last name', 'Lovelace');
    await fill(el, 'Date of birth', '1990-02-03');
    await fill(el, 'Nationality', 'GB');
    await fill(el, 'Email address', 'ada@example.com');
    await check(el, 'Ultimate beneficial owner (UBO)');
    await check(el, 'Chief executive officer (CEO)');
    await fill(el, 'Position 1', 'Director');
    await fill(el, 'Ownership (%)', '33,5');
    await check(el, 'This beneficiary is the person filling in this form');
    expect(el.step.dirty).to.equal(true);
    await click(el, 'Save the beneficiary');
    await waitUntil(() => $(el, '[part="beneficiary"]'), 'card did not appear', { timeout: 15000 });
    const card = $(el, '[part="beneficiary"]')!;
    expect(text(card)).to.contain('Ada Lovelace');
    expect(text(card)).to.contain('CEO, UBO');
    expect(text(card)).to.contain('33.5%');
    const posts = await kybRequests(e.mine, (r) => r.method === 'POST' && r.path.endsWith('/beneficiaries/'));
    expect(posts).to.have.length(1);
    expect(posts[0]!.path).to.equal(`/kyb/forms/${e.formId}/beneficiaries/`);
    expect(posts[0]!.body).to.deep.equal({
      info: {
        infoType: 'INDIVIDUAL',
        name: 'Ada',
        surname: 'Lovelace',
        dateOfBirth: '1990-02-03',
        nationality: 'GB',
        email: 'ada@example.com',
      },
      beneficiaryTypes: ['CEO', 'UBO'],
      formFiller: true,
      positions: ['Director'],
      ownershipPercentage: 33.5,
    });
    expect(el.reports.some((r) => r.kind === 'beneficiary' && r.state === 'saved')).to.equal(true);
    const id = el.step.beneficiaries[0]!.id;

    // Edit: cancel first loses nothing saved.
    await click(el, 'Edit Ada Lovelace');
    await fill(el, 'First name', 'Changed');
    await click(el, 'Cancel');
    expect(text($(el, '[part="beneficiary"]'))).to.contain('Ada Lovelace');
    await click(el, 'Edit Ada Lovelace');
    expect(byLabel(el, 'First name').value).to.equal('Ada');
    await fill(el, 'Ownership (%)', '40');
    await fill(el, 'Email address', '');
    await check(el, 'Chief executive officer (CEO)', false);
    await click(el, 'Save the changes');
    await waitUntil(() => text($(el, '[part="beneficiary"]')).includes('40%'), 'not updated', {
      timeout: 5000,
    });
    const patches = await kybRequests(e.mine, (r) => r.method === 'PATCH');
    expect(patches).to.have.length(1);
    expect(patches[0]!.path).to.equal(`/kyb/forms/${e.formId}/beneficiaries/${id}/`);
    expect(patches[0]!.body).to.deep.equal({
      info: {
        infoType: 'INDIVIDUAL',
        name: 'Ada',
        surname: 'Lovelace',
        dateOfBirth: '1990-02-03',
        nationality: 'GB',
        email: null,
      },
      beneficiaryTypes: ['UBO'],
      formFiller: true,
      positions: ['Director'],
      ownershipPercentage: 40,
    });

    // Remove needs a confirmation (no window.confirm).
    await click(el, 'Remove Ada Lovelace');
    expect(text($(el, '[part="confirm"]'))).to.contain('Remove Ada Lovelace?');
    await click(el, 'Keep Ada Lovelace');
    expect($(el, '[part="confirm"]')).to.equal(null);
    await click(el, 'Remove Ada Lovelace');
    await click(el, 'Yes, remove Ada Lovelace');
    await waitUntil(() => !$(el, '[part="beneficiary"]'), 'not removed', { timeout: 15000 });
    const deletes = await kybRequests(e.mine, (r) => r.method === 'DELETE');
    expect(deletes.map((r) => r.path)).to.deep.equal([`/kyb/forms/${e.formId}/beneficiaries/${id}/`]);
    expect((await e.client.listBeneficiaries(e.formId)).length).to.equal(0);
  });

  it('adds, edits and removes a company beneficiary', async () => {
    const e = await env();
    const el = await mount(e);
    await click(el, 'Add a beneficiary');
    await check(el, 'A company');
    expect(() => byLabel(el, 'First name')).to.throw();
    await fill(el, 'Company name', 'Holding AG');
    await fill(el, 'Country of registration', 'CH');
    await fill(el, 'Registration number', 'CHE-123');
    await check(el, 'Shareholder');
    await fill(el, 'Ownership (%)', '60');
    await click(el, 'Save the beneficiary');
    await waitUntil(() => $(el, '[part="beneficiary"]'), 'card did not appear', { timeout: 15000 });
    expect(text($(el, '[part="beneficiary"]'))).to.contain('Holding AG');
    expect(text($(el, '[part="beneficiary"]'))).to.contain('Switzerland');
    const [post] = await kybRequests(
      e.mine,
      (r) => r.method === 'POST' && r.path.endsWith('/beneficiaries/'),
    );
    expect(post!.body).to.deep.equal({
      info: { infoType: 'COMPANY', companyName: 'Holding AG', country: 'CH', registrationNumber: 'CHE-123' },
      beneficiaryTypes: ['SHAREHOLDER'],
      formFiller: false,
      ownershipPercentage: 60,
    });
    const id = el.step.beneficiaries[0]!.id;
    await click(el, 'Edit Holding AG');
    await fill(el, 'Registration number', 'CHE-999');
    await click(el, 'Save the changes');
    await waitUntil(() => !$(el, '[part="beneficiary-form"]'), 'form still open', { timeout: 15000 });
    const [patch] = await kybRequests(e.mine, (r) => r.method === 'PATCH');
    expect(patch!.path).to.equal(`/kyb/forms/${e.formId}/beneficiaries/${id}/`);
    expect((patch!.body as { info: unknown }).info).to.deep.equal({
      infoType: 'COMPANY',
      companyName: 'Holding AG',
      country: 'CH',
      registrationNumber: 'CHE-999',
    });
    await click(el, 'Remove Holding AG');
    await click(el, 'Yes, remove Holding AG');
    await waitUntil(() => !$(el, '[part="beneficiary"]'), 'not removed', { timeout: 15000 });
    expect((await kybRequests(e.mine, (r) => r.method === 'DELETE')).length).to.equal(1);
  });

  it('shows errors by the one rule and sends nothing while invalid', async () => {
    const e = await env();
    const el = await mount(e);
    await click(el, 'Add a beneficiary');
    const name = byLabel(el, 'First name');
    expect(name.getAttribute('aria-invalid')).to.equal('false');
    await fill(el, 'Email address', 'not-an-email');
    expect(text($(el, '#ben-f-email-err'))).to.contain('valid email');
    expect(byLabel(el, 'Email address').getAttribute('aria-describedby')).to.contain('ben-f-email-err');
    expect($(el, '#ben-f-name-err')).to.equal(null); // not left yet
    await click(el, 'Save the beneficiary');
    expect(text($(el, '#ben-f-name-err'))).to.equal('Enter the first name.');
    expect(text($(el, '#ben-f-types-err'))).to.equal('Choose at least one role.');
    const issues = el.step.validate(el.ctx);
    expect(issues.map((i) => i.id)).to.include.members(['ben-f-name', 'ben-f-surname', 'ben-f-email']);
    expect(issues.every((i) => i.step === 'beneficiaries')).to.equal(true);
    const posts = await kybRequests(e.mine, (r) => r.method === 'POST' && r.path.includes('/beneficiaries'));
    expect(posts).to.have.length(0);
  });

  it('refuses an ownership total above 100 on the field and in validate()', async () => {
    const e = await env();
    const existing = await e.client.createBeneficiary(e.formId, {
      info: { infoType: 'INDIVIDUAL', name: 'Max', surname: 'Muster' },
      beneficiaryTypes: ['SHAREHOLDER'],
      ownershipPercentage: 80,
    });
    await e.mine.clearRequests();
    const el = await mount(e, { beneficiaries: [existing] });
    await click(el, 'Add a beneficiary');
    await fill(el, 'First name', 'Eve');
    await fill(el, 'Last name', 'Doe');
    await check(el, 'Shareholder');
    await fill(el, 'Ownership (%)', '30');
    const err = text($(el, '#ben-f-ownership-err'));
    expect(err).to.contain('110%');
    expect(err).to.contain('cannot exceed 100%');
    expect(
      el.step.validate(el.ctx).some((i) => i.id === 'ben-f-ownership' && /exceed 100/.test(i.message)),
    ).to.equal(true);
    await click(el, 'Save the beneficiary');
    expect(
      (await kybRequests(e.mine, (r) => r.method === 'POST' && r.path.endsWith('/beneficiaries/'))).length,
    ).to.equal(0);
    await fill(el, 'Ownership (%)', '20');
    expect($(el, '#ben-f-ownership-err')).to.equal(null);
    await click(el, 'Save the beneficiary');
    await waitUntil(() => el.step.beneficiaries.length === 2, 'not saved', { timeout: 15000 });
    const summary = await fixture(el.step.summary(el.ctx));
    expect(text(summary)).to.contain('Eve Doe');
    expect(text(summary)).to.contain('20%');
    // Saved data over 100 (from elsewhere) is reported by validate().
    const over = await mount(e, {
      beneficiaries: [
        { ...existing, ownershipPercentage: 80 },
        { ...existing, id: 'x2', ownershipPercentage: 30 },
      ],
    });
    const total = over.step.validate(over.ctx).find((i) => /110%/.test(i.message));
    expect(total, 'total issue').to.not.equal(undefined);
    expect(over.shadowRoot!.getElementById(total!.id)).to.not.equal(null);
  });

  it('honours the flow: fields, required beneficiary, threshold rule, description', async () => {
    const e = await env();
    const flow = Flow.parse({
      beneficiaries: [
        {
          required: true,
          description: 'List every owner.',
          fields: [{ field: 'OWNERSHIP_PERCENTAGE', required: true }],
          applicants: [{ fields: [{ field: 'DATE_OF_BIRTH', required: true }, { field: 'UNKNOWN_THING' }] }],
        },
      ],
      ownershipPercentageThreshold: 25,
    });
    const el = await mount(e, { flow });
    expect(text($(el, '[part="description"]'))).to.equal('List every owner.');
    expect(text($(el, '#ben-threshold'))).to.contain('25%');
    const issues = el.step.validate(el.ctx);
    expect(issues.map((i) => [i.id, i.message])).to.deep.equal([
      ['ben-add', 'Add at least one beneficiary.'],
    ]);
    await click(el, 'Add a beneficiary');
    expect(() => byLabel(el, 'Nationality')).to.throw();
    expect(() => byLabel(el, 'Email address')).to.throw();
    expect(() => byLabel(el, 'Position 1')).to.throw();
    await fill(el, 'First name', 'Low');
    await fill(el, 'Last name', 'Owner');
    await check(el, 'Shareholder');
    await click(el, 'Save the beneficiary');
    expect(text($(el, '#ben-f-dateOfBirth-err'))).to.equal('Enter the date of birth.');
    expect(text($(el, '#ben-f-ownership-err'))).to.equal('Enter the ownership percentage.');
    await fill(el, 'Date of birth', '1980-01-01');
    await fill(el, 'Ownership (%)', '10');
    await click(el, 'Save the beneficiary');
    await waitUntil(() => el.step.beneficiaries.length === 1, 'not saved', { timeout: 15000 });
    const threshold = el.step.validate(el.ctx);
    expect(threshold).to.have.length(1);
    expect(threshold[0]!.id).to.equal('ben-add');
    expect(threshold[0]!.message).to.contain('25%');
    el.stepChecked = true;
    el.requestUpdate();
    await el.updateComplete;
    expect(text($(el, '#ben-list-err'))).to.contain('25%');
    // Making them the UBO satisfies the rule.
    await click(el, 'Edit Low Owner');
    await check(el, 'Ultimate beneficial owner (UBO)');
    await click(el, 'Save the changes');
    await waitUntil(() => !$(el, '[part="beneficiary-form"]'), 'form still open', { timeout: 15000 });
    expect(el.step.validate(el.ctx)).to.deep.equal([]);
  });

  it('uploads, views and renames beneficiary documents on the interface paths', async () => {
    const e = await env();
    const b = await e.client.createBeneficiary(e.formId, {
      info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace' },
      beneficiaryTypes: ['UBO'],
    });
    await e.mine.clearRequests();
    const flow = Flow.parse({
      beneficiaries: [
        {
          required: true,
          applicants: [
            {
              documents: [
                { docType: 'IDENTITY_DOCUMENT', description: 'Passport or ID card.', required: true },
                { docType: 'PROOF_OF_ADDRESS', description: 'A recent bill.', required: false },
              ],
            },
          ],
        },
      ],
    });
    const el = await mount(e, { flow, beneficiaries: [b] });
    const base = `/kyb/forms/${e.formId}/beneficiaries/${b.id}/documents/`;
    await waitUntil(() => $(el, '[part="document-slot"]'), 'documents did not load', { timeout: 15000 });
    expect((await kybRequests(e.mine, (r) => r.method === 'GET' && r.path === base)).length).to.equal(1);
    expect(text($(el, '[part="document-requirements"]'))).to.contain('Passport or ID card.');
    // The missing required document is reported, pointing at the upload control.
    const missing = el.step.validate(el.ctx);
    expect(missing).to.have.length(1);
    expect(el.shadowRoot!.getElementById(missing[0]!.id)).to.be.instanceOf(HTMLInputElement);
    // The type select defaults to the missing required type.
    expect(byLabel<HTMLSelectElement>(el, 'Document type').value).to.equal('IDENTITY_DOCUMENT');
    const input = byLabel(el, 'Upload a document for Ada Lovelace');
    chooseFile(input, pdf('passport scan.pdf'));
    await waitUntil(() => $(el, '[part~="document"]'), 'upload did not finish', { timeout: 8000 });
    const posts = await kybRequests(e.mine, (r) => r.method === 'POST' && r.path === base);
    expect(posts).to.have.length(1);
    const body = posts[0]!.body as { type: string; filename: string; file: string };
    expect(body.type).to.equal('IDENTITY_DOCUMENT');
    expect(body.filename).to.equal('passport scan.pdf');
    expect(body.file.startsWith('JVBERi0xLjQK')).to.equal(true); // base64 of "%PDF-1.4\n"
    expect(el.step.validate(el.ctx)).to.deep.equal([]);
    expect(el.reports.some((r) => r.kind === 'document' && r.state === 'saved')).to.equal(true);
    const docId =
      el.step.beneficiaries.length && (await e.client.listBeneficiaryDocuments(e.formId, b.id))[0]!.id;

    // View: GET endpoint 6, then open the URL in a new tab with noopener.
    const opened: unknown[][] = [];
    const original = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    try {
      await click(el, 'View passport scan.pdf');
      await waitUntil(() => opened.length === 1, 'not opened', { timeout: 15000 });
    } finally {
      window.open = original;
    }
    const gets = await kybRequests(e.mine, (r) => r.method === 'GET' && r.path === `${base}${docId}/`);
    expect(gets).to.have.length(1);
    const [url, target, features] = opened[0] as [string, string, string];
    expect(new URL(url).origin).to.equal(location.origin);
    expect(target).to.equal('_blank');
    expect(features).to.contain('noopener');
    await el.updateComplete;
    const link = $(el, '[part="document-link"]') as HTMLAnchorElement;
    expect(link.rel).to.contain('noopener');
    expect(link.target).to.equal('_blank');

    // Rename keeps the extension.
    await click(el, 'Rename passport scan.pdf');
    const field = byLabel(el, 'New name for passport scan.pdf');
    expect(field.value).to.equal('passport scan');
    await fill(el, 'New name for passport scan.pdf', '');
    expect(text($(el, `#${field.id}-err`))).to.equal('Enter a file name.');
    await fill(el, 'New name for passport scan.pdf', 'Ada passport');
    await click(el, 'Save name');
    await waitUntil(() => text($(el, '[part="document-name"]')) === 'Ada passport.pdf', 'not renamed', {
      timeout: 5000,
    });
    const patches = await kybRequests(e.mine, (r) => r.method === 'PATCH');
    expect(patches.map((r) => [r.path, r.body])).to.deep.equal([
      [`${base}${docId}/`, { filename: 'Ada passport.pdf' }],
    ]);
  });

  it('refuses a too large file and a wrong type before any request', async () => {
    const e = await env();
    const b = await e.client.createBeneficiary(e.formId, {
      info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace' },
      beneficiaryTypes: ['UBO'],
    });
    const el = await mount(e, { beneficiaries: [b] });
    await waitUntil(() => $(el, '[part="document-slot"]'), 'documents did not load', { timeout: 15000 });
    await e.mine.clearRequests();
    const input = byLabel(el, 'Upload a document for Ada Lovelace');
    chooseFile(
      input,
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }),
    );
    await waitUntil(() => $(el, `#${input.id}-err`), 'no size error', { timeout: 15000 });
    expect(text($(el, `#${input.id}-err`))).to.match(/; the limit is 10 MB/);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    chooseFile(input, new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }));
    await waitUntil(
      () => /file type is not accepted/.test(text($(el, `#${input.id}-err`))),
      'no type error',
      {
        timeout: 5000,
      },
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(await e.mine.listRequests()).to.deep.equal([]);
  });

  it('keeps input and offers retry when a save fails', async () => {
    const e = await env();
    const el = await mount(e);
    await click(el, 'Add a beneficiary');
    await fill(el, 'First name', 'Ada');
    await fill(el, 'Last name', 'Lovelace');
    await check(el, 'Shareholder');
    await e.mine.setFaults({ failRate: 1, paths: 'beneficiaries' });
    await click(el, 'Save the beneficiary');
    await waitUntil(() => $(el, '#ben-f-save-error'), 'no error', { timeout: 15000 });
    expect(byLabel(el, 'First name').value).to.equal('Ada');
    expect(el.reports.some((r) => r.kind === 'beneficiary' && r.state === 'error')).to.equal(true);
    expect(el.step.dirty).to.equal(true);
    await e.mine.setFaults({});
    await click(el, 'Try saving again');
    await waitUntil(() => el.step.beneficiaries.length === 1, 'not saved on retry', { timeout: 15000 });
    expect(el.step.dirty).to.equal(false);
  });

  it('read-only: no add, edit, remove or upload; view still works', async () => {
    const e = await env();
    const b = await e.client.createBeneficiary(e.formId, {
      info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace' },
      beneficiaryTypes: ['UBO'],
    });
    await e.client.uploadBeneficiaryDocument(e.formId, b.id, {
      type: 'OTHER',
      filename: 'a.pdf',
      file: btoa('%PDF-1.4\n'),
    });
    const el = await mount(e, { beneficiaries: [b], readOnly: true });
    await waitUntil(() => $(el, '[part~="document"]'), 'documents did not load', { timeout: 15000 });
    const names = [...el.shadowRoot!.querySelectorAll('button')].map(text);
    expect(names).to.deep.equal(['View a.pdf']);
    expect(el.shadowRoot!.querySelector('input')).to.equal(null);
    expect(el.step.validate(el.ctx)).to.deep.equal([]);
  });

  it('is accessible (list, form open, documents)', async () => {
    const e = await env();
    const b = await e.client.createBeneficiary(e.formId, {
      info: { infoType: 'COMPANY', companyName: 'Holding AG', country: 'CH' },
      beneficiaryTypes: ['SHAREHOLDER'],
      ownershipPercentage: 50,
    });
    const el = await mount(e, { beneficiaries: [b] });
    await waitUntil(() => $(el, '[part="document-slot"]'), 'documents did not load', { timeout: 15000 });
    await expect(el).to.be.accessible();
    await click(el, 'Add a beneficiary');
    await click(el, 'Save the beneficiary');
    await expect(el).to.be.accessible();
  });
});
