import { expect, fixture, html, waitUntil, aTimeout } from '@open-wc/testing';
import { LitElement, render } from 'lit';
import { KybClient } from '../../src/api/kyb-client.ts';
import type { Answers, KybInfo, Questionnaire, QuestionnaireDefinition } from '../../src/api/kyb.ts';
import { SandboxControl, type RequestLogEntry } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import type { KybContext, SaveReport } from '../../src/kyb-form/context.ts';
import { QuestionnairesStep } from '../../src/kyb-form/questionnaire/controller.ts';
import { formatBytes } from '../../src/kyb-form/files.ts';
import { emulatePointer, restorePointer } from './pointer-media.ts';

/* ------------------------------------------------------------------ a tiny test-only host */

class QuestionnaireTestHost extends LitElement {
  step: QuestionnairesStep | null = null;
  ctx: KybContext | null = null;
  override render() {
    return this.step && this.ctx ? this.step.render(this.ctx) : html``;
  }
}
if (!customElements.get('questionnaire-test-host'))
  customElements.define('questionnaire-test-host', QuestionnaireTestHost);

interface MutableCtx extends KybContext {
  readOnly: boolean;
  stepChecked: boolean;
}

interface Env {
  control: SandboxControl;
  client: KybClient;
  formId: string;
  questionnaires: Questionnaire[];
  info: KybInfo;
}

interface Mounted {
  el: QuestionnaireTestHost;
  root: ShadowRoot;
  step: QuestionnairesStep;
  ctx: MutableCtx;
  reports: SaveReport[];
}

const getAnswers = (client: KybClient, formId: string, qid: string): Promise<Answers | null> =>
  client.getAnswers(formId, qid);

const unique = () => Math.random().toString(36).slice(2, 10);

async function createEnv(
  defs: QuestionnaireDefinition[],
  clientOpts: { retries?: number } = {},
): Promise<Env> {
  const anon = new SandboxControl({ baseUrl: '/sandbox' });
  const acc = await anon.createAccount({ kyb: { questionnaires: defs } });
  const control = anon.withAccount(acc);
  const partner = new PartnerClient({ baseUrl: '/sandbox', apiKey: acc.apiKey, apiSecret: acc.apiSecret });
  const { tokenString } = await partner.createKybToken({ clientId: `client-${unique()}` });
  const client = new KybClient({ baseUrl: '/sandbox', token: tokenString, backoffMs: 10, ...clientOpts });
  const form = await client.createForm({ companyName: 'Test Company', country: 'DE' });
  const questionnaires = await client.listQuestionnaires(form.id);
  const info = await client.info();
  return { control, client, formId: form.id, questionnaires, info };
}

async function mount(env: Env, opts: { readOnly?: boolean } = {}): Promise<Mounted> {
  const answers = new Map<string, Answers | null>();
  for (const q of env.questionnaires) answers.set(q.id, await getAnswers(env.client, env.formId, q.id));
  const step = new QuestionnairesStep({ questionnaires: env.questionnaires, answers });
  const reports: SaveReport[] = [];
  let host: QuestionnaireTestHost | null = null;
  const ctx: MutableCtx = {
    client: env.client,
    formId: env.formId,
    info: env.info,
    flow: null,
    readOnly: opts.readOnly ?? false,
    locale: 'en',
    stepChecked: false,
    report: (r) => reports.push(r),
    requestUpdate: () => host?.requestUpdate(),
  };
  const el = await fixture<QuestionnaireTestHost>(
    html`<questionnaire-test-host .step=${step} .ctx=${ctx}></questionnaire-test-host>`,
  );
  host = el;
  await el.updateComplete;
  return { el, root: el.shadowRoot!, step, ctx, reports };
}

const settle = async (m: Mounted) => {
  await m.el.updateComplete;
  await aTimeout(0);
  await m.el.updateComplete;
};

/* ------------------------------------------------------------------ finding controls by accessible names */

const labelText = (l: Element) =>
  [...l.childNodes]
    .filter((n) => n.nodeType === Node.TEXT_NODE || n.nodeType === Node.ELEMENT_NODE)
    .filter((n) => !(n instanceof Element && n.classList.contains('required-mark')))
    .filter((n) => !(n instanceof Element && n.classList.contains('visually-hidden')))
    .map((n) => n.textContent ?? '')
    .join('')
    .trim();

function byLabel<T extends HTMLElement = HTMLInputElement>(root: ShadowRoot | Element, text: string): T {
  const label = [...root.querySelectorAll('label')].find((l) => labelText(l) === text);
  if (!label) throw new Error(`no label "${text}"`);
  const id = label.htmlFor;
  const el = (root instanceof ShadowRoot ? root : (root.getRootNode() as ShadowRoot)).getElementById(id);
  if (!el) throw new Error(`label "${text}" points at missing #${id}`);
  return el as T;
}

function group(root: ShadowRoot, legend: string): HTMLFieldSetElement {
  const fs = [...root.querySelectorAll('fieldset')].find((f) => {
    const l = f.querySelector('legend');
    return l && labelText(l) === legend;
  });
  if (!fs) throw new Error(`no group "${legend}"`);
  return fs;
}

/** An option of an open country combobox, by its country name. */
function optionNamed(root: ShadowRoot, name: string): HTMLElement {
  const o = [...root.querySelectorAll<HTMLElement>('[role="option"]')].find(
    (x) => x.querySelector('.cm-option-name')?.textContent?.trim() === name,
  );
  if (!o) throw new Error(`no option "${name}"`);
  return o;
}

/** The chips (chosen countries) of a country combobox. */
const chipNames = (combobox: HTMLElement) =>
  [...combobox.closest('[part~="country-multi"]')!.querySelectorAll('.cm-chip-name')].map((c) =>
    c.textContent!.trim(),
  );

const hasLabel = (root: ShadowRoot, text: string) =>
  [...root.querySelectorAll('label, legend')].some((l) => labelText(l) === text);

function buttonNamed(root: ShadowRoot | Element, name: string): HTMLButtonElement {
  const b = [...root.querySelectorAll('button')].find(
    (x) => x.textContent?.replace(/\s+/g, ' ').trim() === name,
  );
  if (!b) throw new Error(`no button "${name}"`);
  return b;
}

/* ------------------------------------------------------------------ acting like a user */

async function type(m: Mounted, el: HTMLInputElement | HTMLTextAreaElement, text: string) {
  el.focus();
  el.value = text;
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await settle(m);
}
async function leave(m: Mounted, el: HTMLElement) {
  el.focus();
  el.blur();
  await settle(m);
}
async function choose(m: Mounted, el: HTMLSelectElement, value: string) {
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await settle(m);
}
async function click(m: Mounted, el: HTMLElement) {
  el.focus();
  el.click();
  await settle(m);
}
async function pickFiles(m: Mounted, input: HTMLInputElement, files: File[]) {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(f);
  input.files = dt.files;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  const field = input.closest('.field')!;
  const before = field.querySelectorAll('.file-item').length;
  await waitUntil(
    () => field.querySelectorAll('.file-item').length > before || field.querySelector('.field-error'),
    'file read',
    { timeout: 5000 },
  );
  await settle(m);
}
const pdf = (name: string, text = '%PDF-1.4 test') => new File([text], name, { type: 'application/pdf' });

const answerPuts = (log: RequestLogEntry[]) =>
  log.filter((r) => r.method === 'PUT' && /\/questionnaires\/[^/]+\/answers\/$/.test(r.path));

/* ------------------------------------------------------------------ definitions */

const CHOICES = [
  { key: 'alpha', title: 'Alpha' },
  { key: 'beta', title: 'Beta' },
  { key: 'gamma', title: 'Gamma' },
];

const ALL_TYPES: QuestionnaireDefinition = {
  key: 'all_types',
  name: 'All types',
  title: 'Every question type',
  description: 'One question of each type.',
  sections: [
    {
      key: 'main',
      title: 'All the types',
      description: 'Answer them all.',
      questions: [
        { key: 'text', title: 'Text question', type: 'TEXT', placeholder: 'Type here' },
        { key: 'area', title: 'Long text question', type: 'TEXT_AREA' },
        { key: 'pw', title: 'Password question', type: 'PASSWORD' },
        { key: 'mail', title: 'Email question', type: 'EMAIL' },
        { key: 'tel', title: 'Phone question', type: 'TEL' },
        { key: 'url', title: 'Website question', type: 'URL' },
        { key: 'date', title: 'Date question', type: 'DATE' },
        { key: 'dt', title: 'Date and time question', type: 'DATETIME' },
        { key: 'time', title: 'Time question', type: 'TIME' },
        { key: 'color', title: 'Colour question', type: 'COLOR' },
        { key: 'int', title: 'Whole number question', type: 'INTEGER' },
        { key: 'float', title: 'Decimal question', type: 'FLOAT' },
        { key: 'country', title: 'Country question', type: 'COUNTRY' },
        { key: 'countries', title: 'Countries question', type: 'COUNTRY_MULTI' },
        { key: 'sel', title: 'Select question', type: 'SELECT', choices: CHOICES },
        { key: 'radio', title: 'Radio question', type: 'RADIO', choices: CHOICES },
        { key: 'multi', title: 'Multi-select question', type: 'SELECT_MULTI', choices: CHOICES },
        { key: 'agree', title: 'Agree question', type: 'CHECKBOX' },
        { key: 'boxes', title: 'Boxes question', type: 'CHECKBOX', choices: CHOICES },
        { key: 'list', title: 'List question', type: 'LIST' },
        { key: 'file', title: 'File question', type: 'FILE' },
        { key: 'files', title: 'Files question', type: 'FILE_MULTI' },
      ],
    },
  ],
};

const CONDITIONAL: QuestionnaireDefinition = {
  key: 'cond',
  name: 'Conditional',
  title: 'Conditional questions',
  sections: [
    {
      key: 'gate',
      title: 'About you',
      questions: [
        {
          key: 'kind',
          title: 'Kind of applicant',
          type: 'SELECT',
          choices: [
            { key: 'company', title: 'Company' },
            { key: 'person', title: 'Person' },
          ],
        },
        { key: 'note', title: 'Anything to add', type: 'TEXT' },
      ],
    },
    {
      key: 'biz',
      title: 'Business details',
      condition: 'gate.kind == "company"',
      questions: [
        { key: 'regulated', title: 'Is the business regulated', type: 'CHECKBOX' },
        {
          key: 'regulator',
          title: 'Name of the regulator',
          type: 'TEXT',
          required: true,
          condition: 'regulated',
        },
        { key: 'staff', title: 'Number of staff', type: 'INTEGER' },
      ],
    },
    {
      key: 'deep',
      title: 'Regulator details',
      condition: 'biz.regulated && biz.regulator != null',
      questions: [{ key: 'licence', title: 'Licence number', type: 'TEXT' }],
    },
  ],
};

const VALIDATION: QuestionnaireDefinition = {
  key: 'valid',
  name: 'Validation',
  title: 'Validation',
  sections: [
    {
      key: 'v',
      title: 'Checks',
      questions: [
        { key: 'mail', title: 'Contact email', type: 'EMAIL', required: true },
        { key: 'site', title: 'Company website', type: 'URL' },
        { key: 'count', title: 'Employee count', type: 'INTEGER', required: true },
        { key: 'pick', title: 'Pick one', type: 'RADIO', required: true, choices: CHOICES },
        { key: 'hidden_req', title: 'Never shown', type: 'TEXT', required: true, condition: 'v.count == -1' },
        { key: 'doc', title: 'Supporting document', type: 'FILE' },
      ],
    },
  ],
};

/* ------------------------------------------------------------------ tests */

describe('kyb-form questionnaires step', function () {
  this.timeout(60000);

  it('round-trips every question type through save and reload', async () => {
    const env = await createEnv([ALL_TYPES]);
    const m = await mount(env);
    const r = m.root;
    expect(r.querySelector('[part~="questionnaire"] h4')?.textContent).to.equal('Every question type');
    expect(r.querySelector('[part~="section"]')).to.exist;

    // native controls of the right kinds
    expect(byLabel(r, 'Text question').type).to.equal('text');
    // The service's placeholder is a hint under the label, tied to the input, not grey text inside it.
    const text = byLabel(r, 'Text question');
    expect(text.placeholder).to.equal('');
    const hintId = text.getAttribute('aria-describedby') ?? '';
    expect(r.getElementById(hintId)?.textContent?.trim()).to.equal('Example: Type here');
    expect(byLabel(r, 'Long text question').tagName).to.equal('TEXTAREA');
    expect(byLabel(r, 'Password question').type).to.equal('password');
    expect(byLabel(r, 'Password question').autocomplete).to.equal('off');
    expect(byLabel(r, 'Email question').type).to.equal('email');
    expect(byLabel(r, 'Phone question').type).to.equal('tel');
    expect(byLabel(r, 'Website question').type).to.equal('url');
    expect(byLabel(r, 'Date question').type).to.equal('date');
    expect(byLabel(r, 'Date and time question').type).to.equal('datetime-local');
    expect(byLabel(r, 'Time question').type).to.equal('time');
    expect(byLabel(r, 'Colour question').type).to.equal('color');
    const int = byLabel(r, 'Whole number question');
    expect([int.type, int.step, int.inputMode]).to.deep.equal(['number', '1', 'numeric']);
    const float = byLabel(r, 'Decimal question');
    expect([float.type, float.step, float.inputMode]).to.deep.equal(['number', 'any', 'decimal']);
    const country = byLabel<HTMLSelectElement>(r, 'Country question');
    expect(country.tagName).to.equal('SELECT');
    expect(country.options[0]!.value).to.equal('');
    // The list follows the question's first render by a task.
    await waitUntil(() => country.options.length > 2, 'the country list did not arrive');
    const names = [...country.options].slice(1).map((o) => o.text);
    expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).to.include('Germany');
    expect(byLabel<HTMLSelectElement>(r, 'Select question').options[0]!.text).to.equal('Choose…');
    expect(byLabel(r, 'File question').type).to.equal('file');
    expect(byLabel(r, 'File question').accept).to.contain('application/pdf');
    expect(byLabel(r, 'Files question').multiple).to.equal(true);

    // answer everything like a user
    await type(m, byLabel(r, 'Text question'), 'Hello');
    await type(m, byLabel(r, 'Long text question'), 'Line one\nLine two');
    await type(m, byLabel(r, 'Password question'), 's3cret');
    await type(m, byLabel(r, 'Email question'), 'ops@example.com');
    await type(m, byLabel(r, 'Phone question'), '+44 20 7946 0958');
    await type(m, byLabel(r, 'Website question'), 'https://example.com');
    await type(m, byLabel(r, 'Date question'), '2024-02-29');
    await type(m, byLabel(r, 'Date and time question'), '2024-03-01T09:30');
    await type(m, byLabel(r, 'Time question'), '17:45');
    await type(m, byLabel(r, 'Colour question'), '#12ab34');
    expect(r.getElementById(`${byLabel(r, 'Colour question').id}-hex`)?.textContent?.trim()).to.equal(
      '#12ab34',
    );
    await type(m, byLabel(r, 'Whole number question'), '42');
    await type(m, byLabel(r, 'Decimal question'), '3.25');
    await choose(m, byLabel<HTMLSelectElement>(r, 'Country question'), 'FR');
    // COUNTRY_MULTI is a combobox labelled by the question (one Tab stop), filtered by typing
    const countries = byLabel(r, 'Countries question');
    expect(countries.getAttribute('role')).to.equal('combobox');
    await type(m, countries, 'germ');
    await click(m, optionNamed(r, 'Germany'));
    await type(m, countries, 'spa');
    expect(() => optionNamed(r, 'France')).to.throw();
    await click(m, optionNamed(r, 'Spain'));
    await type(m, countries, '');
    expect(chipNames(countries)).to.deep.equal(['Germany', 'Spain']);
    await choose(m, byLabel<HTMLSelectElement>(r, 'Select question'), 'beta');
    await click(m, byLabel(group(r, 'Radio question'), 'Gamma'));
    await click(m, byLabel(group(r, 'Multi-select question'), 'Gamma'));
    await click(m, byLabel(group(r, 'Multi-select question'), 'Alpha'));
    await click(m, byLabel(r, 'Agree question'));
    await click(m, byLabel(group(r, 'Boxes question'), 'Beta'));
    const list = group(r, 'List question');
    await type(m, byLabel(list, 'Item 1'), 'first');
    await click(m, buttonNamed(list, 'Add item'));
    const item2 = byLabel(group(r, 'List question'), 'Item 2').id;
    await waitUntil(() => r.activeElement?.id === item2, 'focus moves to the new item', { timeout: 2000 });
    await type(m, byLabel(group(r, 'List question'), 'Item 2'), 'second');
    await click(m, buttonNamed(group(r, 'List question'), 'Add item'));
    await type(m, byLabel(group(r, 'List question'), 'Item 3'), 'third');
    await click(m, buttonNamed(group(r, 'List question'), 'Remove item 2'));
    await pickFiles(m, byLabel(r, 'File question'), [pdf('single.pdf')]);
    expect(buttonNamed(r, 'Remove single.pdf')).to.exist;
    await pickFiles(m, byLabel(r, 'Files question'), [pdf('one.pdf'), pdf('two.pdf')]);
    await m.step.flush(m.ctx);
    expect(m.step.dirty).to.equal(false);
    expect(m.reports.at(-1)).to.include({ kind: 'answers', state: 'saved', id: env.questionnaires[0]!.id });

    // after the upload the step keeps the service's file URLs: later saves do not re-send the files
    expect([...r.querySelectorAll('a')].map((a) => a.textContent?.trim())).to.include('View single.pdf');
    await env.control.clearRequests();
    await type(m, byLabel(r, 'Text question'), 'Hello!');
    await m.step.flush(m.ctx);
    const resent = answerPuts(await env.control.listRequests()).at(-1)!.body as Answers;
    expect(resent.sections.main?.text?.value).to.equal('Hello!');
    expect((resent.sections.main?.file?.value as { file: string }).file).to.match(/^https?:/);
    for (const f of resent.sections.main?.files?.value as { file: string }[])
      expect(f.file).to.match(/^https?:/);
    await type(m, byLabel(r, 'Text question'), 'Hello');
    await m.step.flush(m.ctx);

    // GET answers: the stored values per the value table
    const got = (await getAnswers(env.client, env.formId, env.questionnaires[0]!.id))!;
    const v = (k: string) => got.sections.main?.[k]?.value;
    expect(v('text')).to.equal('Hello');
    expect(v('area')).to.equal('Line one\nLine two');
    expect(v('pw')).to.equal('s3cret');
    expect(v('mail')).to.equal('ops@example.com');
    expect(v('tel')).to.equal('+44 20 7946 0958');
    expect(v('url')).to.equal('https://example.com');
    expect(v('date')).to.equal('2024-02-29');
    expect(v('dt')).to.equal('2024-03-01T09:30');
    expect(v('time')).to.equal('17:45');
    expect(v('color')).to.equal('#12ab34');
    expect(v('int')).to.equal(42);
    expect(v('float')).to.equal(3.25);
    expect(v('country')).to.equal('FR');
    expect(v('countries')).to.deep.equal(['DE', 'ES']);
    expect(v('sel')).to.equal('beta');
    expect(v('radio')).to.equal('gamma');
    expect(v('multi')).to.deep.equal(['alpha', 'gamma']);
    expect(v('agree')).to.equal(true);
    expect(v('boxes')).to.deep.equal(['beta']);
    expect(v('list')).to.deep.equal(['first', 'third']);
    expect((v('file') as { filename: string }).filename).to.equal('single.pdf');
    expect((v('files') as { filename: string }[]).map((f) => f.filename)).to.deep.equal([
      'one.pdf',
      'two.pdf',
    ]);

    // a new step from GET shows the values in the controls
    m.el.remove();
    const m2 = await mount(env);
    const r2 = m2.root;
    expect(byLabel(r2, 'Text question').value).to.equal('Hello');
    expect(byLabel<HTMLTextAreaElement>(r2, 'Long text question').value).to.equal('Line one\nLine two');
    expect(byLabel(r2, 'Password question').value).to.equal('s3cret');
    expect(byLabel(r2, 'Email question').value).to.equal('ops@example.com');
    expect(byLabel(r2, 'Phone question').value).to.equal('+44 20 7946 0958');
    expect(byLabel(r2, 'Website question').value).to.equal('https://example.com');
    expect(byLabel(r2, 'Date question').value).to.equal('2024-02-29');
    expect(byLabel(r2, 'Date and time question').value).to.equal('2024-03-01T09:30');
    expect(byLabel(r2, 'Time question').value).to.equal('17:45');
    expect(byLabel(r2, 'Colour question').value).to.equal('#12ab34');
    expect(byLabel(r2, 'Whole number question').value).to.equal('42');
    expect(byLabel(r2, 'Decimal question').value).to.equal('3.25');
    expect(byLabel<HTMLSelectElement>(r2, 'Country question').value).to.equal('FR');
    const countries2 = byLabel(r2, 'Countries question');
    expect(chipNames(countries2)).to.deep.equal(['Germany', 'Spain']);
    // ONE Tab stop for the whole question (it was a filter box and 250 checkboxes)
    const tabbable = [
      ...countries2.closest('[data-q]')!.querySelectorAll<HTMLElement>('input, button, [tabindex]'),
    ];
    expect(tabbable.filter((x) => x.tabIndex >= 0 && !(x as HTMLInputElement).disabled)).to.deep.equal([
      countries2,
    ]);
    expect(byLabel<HTMLSelectElement>(r2, 'Select question').value).to.equal('beta');
    expect(byLabel(group(r2, 'Radio question'), 'Gamma').checked).to.equal(true);
    expect(byLabel(group(r2, 'Multi-select question'), 'Alpha').checked).to.equal(true);
    expect(byLabel(group(r2, 'Multi-select question'), 'Beta').checked).to.equal(false);
    expect(byLabel(r2, 'Agree question').checked).to.equal(true);
    expect(byLabel(group(r2, 'Boxes question'), 'Beta').checked).to.equal(true);
    expect(byLabel(group(r2, 'List question'), 'Item 1').value).to.equal('first');
    expect(byLabel(group(r2, 'List question'), 'Item 2').value).to.equal('third');
    const links = [...r2.querySelectorAll('a')].map((a) => a.textContent?.trim());
    expect(links).to.include.members(['View single.pdf', 'View one.pdf', 'View two.pdf']);

    // saving again keeps the service's file URLs as they are
    await type(m2, byLabel(r2, 'Text question'), 'Hello again');
    await m2.step.flush(m2.ctx);
    const again = (await getAnswers(env.client, env.formId, env.questionnaires[0]!.id))!;
    expect(again.sections.main?.text?.value).to.equal('Hello again');
    expect((again.sections.main?.file?.value as { filename: string }).filename).to.equal('single.pdf');
    expect((again.sections.main?.files?.value as unknown[]).length).to.equal(2);
  });

  it('shows and hides nested sections and questions, and never sends hidden answers', async () => {
    const env = await createEnv([CONDITIONAL]);
    const m = await mount(env);
    const r = m.root;
    expect(hasLabel(r, 'Is the business regulated')).to.equal(false);
    expect(r.textContent).not.to.contain('Business details');

    await choose(m, byLabel<HTMLSelectElement>(r, 'Kind of applicant'), 'company');
    expect(r.textContent).to.contain('Business details');
    expect(hasLabel(r, 'Is the business regulated')).to.equal(true);
    expect(hasLabel(r, 'Name of the regulator')).to.equal(false);

    await click(m, byLabel(r, 'Is the business regulated'));
    expect(hasLabel(r, 'Name of the regulator')).to.equal(true);
    expect(hasLabel(r, 'Licence number')).to.equal(false);
    await type(m, byLabel(r, 'Name of the regulator'), 'BaFin');
    expect(hasLabel(r, 'Licence number')).to.equal(true);
    await type(m, byLabel(r, 'Licence number'), 'LIC-1');
    await type(m, byLabel(r, 'Number of staff'), '12');
    await m.step.flush(m.ctx);
    let got = (await getAnswers(env.client, env.formId, env.questionnaires[0]!.id))!;
    expect(got.sections.biz?.regulator?.value).to.equal('BaFin');
    expect(got.sections.deep?.licence?.value).to.equal('LIC-1');

    // hiding the business section hides everything under it (nested conditions)
    await env.control.clearRequests();
    await choose(m, byLabel<HTMLSelectElement>(r, 'Kind of applicant'), 'person');
    expect(hasLabel(r, 'Name of the regulator')).to.equal(false);
    expect(hasLabel(r, 'Licence number')).to.equal(false);
    expect(r.textContent).not.to.contain('Regulator details');
    // hidden required questions do not block
    expect(m.step.validate(m.ctx)).to.deep.equal([]);
    await m.step.flush(m.ctx);
    const puts = answerPuts(await env.control.listRequests());
    expect(puts.length).to.be.greaterThan(0);
    const body = puts.at(-1)!.body as Answers;
    expect(body.sections.gate?.kind?.value).to.equal('person');
    expect(body.sections.biz).to.equal(undefined);
    expect(body.sections.deep).to.equal(undefined);
    got = (await getAnswers(env.client, env.formId, env.questionnaires[0]!.id))!;
    expect(got.sections.biz?.regulator).to.equal(undefined);

    // back to company: the local answers come back
    await choose(m, byLabel<HTMLSelectElement>(r, 'Kind of applicant'), 'company');
    expect(byLabel(r, 'Name of the regulator').value).to.equal('BaFin');
    expect(byLabel(r, 'Licence number').value).to.equal('LIC-1');
    expect(byLabel(r, 'Is the business regulated').checked).to.equal(true);

    // un-checking hides the question and, through it, the dependent section
    await click(m, byLabel(r, 'Is the business regulated'));
    expect(hasLabel(r, 'Name of the regulator')).to.equal(false);
    expect(hasLabel(r, 'Licence number')).to.equal(false);
    await m.step.flush(m.ctx);
    const last = answerPuts(await env.control.listRequests()).at(-1)!.body as Answers;
    expect(last.sections.biz).to.deep.equal({ regulated: { value: false }, staff: { value: 12 } });
    expect(last.sections.deep).to.equal(undefined);
  });

  it('summarizes the visible answers for the review as text (choices by title, hidden left out)', async () => {
    const env = await createEnv([CONDITIONAL]);
    const m = await mount(env);
    const r = m.root;
    const summary = () => {
      const div = document.createElement('div');
      render(m.step.summary(m.ctx), div);
      const rows = [...div.querySelectorAll('dt')].map(
        (dt) => `${dt.textContent!.trim()}: ${dt.nextElementSibling!.textContent!.trim()}`,
      );
      const headings = [...div.querySelectorAll('h5, h6')].map((h) => h.textContent!.trim());
      return { div, rows, headings };
    };
    let s = summary();
    expect(s.headings).to.deep.equal(['Conditional questions', 'About you']);
    expect(s.rows).to.deep.equal(['Kind of applicant: Not provided', 'Anything to add: Not provided']);

    await choose(m, byLabel<HTMLSelectElement>(r, 'Kind of applicant'), 'company');
    await click(m, byLabel(r, 'Is the business regulated'));
    await type(m, byLabel(r, 'Name of the regulator'), '<img src=x onerror=alert(1)>');
    await type(m, byLabel(r, 'Number of staff'), '1200');
    s = summary();
    expect(s.headings).to.deep.equal([
      'Conditional questions',
      'About you',
      'Business details',
      'Regulator details',
    ]);
    expect(s.rows).to.deep.equal([
      'Kind of applicant: Company',
      'Anything to add: Not provided',
      'Is the business regulated: Yes',
      'Name of the regulator: <img src=x onerror=alert(1)>',
      'Number of staff: 1,200',
      'Licence number: Not provided',
    ]);
    expect(s.div.querySelector('img')).to.equal(null); // service and user text stay text

    // hidden again: the business questions leave the summary (their local answers stay)
    await choose(m, byLabel<HTMLSelectElement>(r, 'Kind of applicant'), 'person');
    s = summary();
    expect(s.headings).to.deep.equal(['Conditional questions', 'About you']);
    expect(s.rows).to.deep.equal(['Kind of applicant: Person', 'Anything to add: Not provided']);
  });

  it('saves after the debounce without flush and reports pending/saving/saved', async () => {
    const env = await createEnv([CONDITIONAL]);
    const m = await mount(env);
    await env.control.clearRequests();
    const note = byLabel(m.root, 'Anything to add');
    await type(m, note, 'a');
    await type(m, note, 'ab');
    await type(m, note, 'abc');
    expect(m.step.dirty).to.equal(true);
    expect(m.reports.map((x) => x.state)).to.deep.equal(['pending']);
    await waitUntil(() => m.reports.at(-1)?.state === 'saved', 'debounced save', { timeout: 5000 });
    const puts = answerPuts(await env.control.listRequests());
    expect(puts.length).to.equal(1);
    expect((puts[0]!.body as Answers).sections.gate?.note?.value).to.equal('abc');
    expect(m.reports.map((x) => x.state)).to.deep.equal(['pending', 'saving', 'saved']);
  });

  it('saves at once when a field is left', async () => {
    const env = await createEnv([CONDITIONAL]);
    const m = await mount(env);
    const note = byLabel(m.root, 'Anything to add');
    await type(m, note, 'left now');
    note.blur();
    await waitUntil(() => m.reports.some((x) => x.state === 'saving'), 'save on leave', { timeout: 500 });
  });

  it('keeps input on a failed save, reports the error and retries (backoff and online event)', async () => {
    const env = await createEnv([CONDITIONAL], { retries: 0 });
    const m = await mount(env);
    await env.control.setFaults({ failRate: 1, paths: '/answers/' });
    const note = byLabel(m.root, 'Anything to add');
    await type(m, note, 'must survive');
    let failed: unknown = null;
    await m.step.flush(m.ctx).catch((e: unknown) => (failed = e));
    expect(failed).to.be.instanceOf(Error);
    const errReport = m.reports.find((x) => x.state === 'error');
    expect(errReport?.error?.status).to.equal(503);
    expect(m.step.dirty).to.equal(true);
    expect(note.value).to.equal('must survive');
    await env.control.setFaults({});
    window.dispatchEvent(new Event('online'));
    await waitUntil(() => m.reports.at(-1)?.state === 'saved', 'retry after online', { timeout: 5000 });
    expect(m.reports.at(-1)?.error).to.equal(undefined);
    const got = (await getAnswers(env.client, env.formId, env.questionnaires[0]!.id))!;
    expect(got.sections.gate?.note?.value).to.equal('must survive');
    expect(m.step.dirty).to.equal(false);
  });

  it('retries a failed save on its own with backoff', async () => {
    const env = await createEnv([CONDITIONAL], { retries: 0 });
    const m = await mount(env);
    await env.control.setFaults({ failRate: 1, paths: '/answers/' });
    await type(m, byLabel(m.root, 'Anything to add'), 'later');
    await m.step.flush(m.ctx).catch(() => undefined);
    expect(m.reports.at(-1)?.state).to.equal('error');
    await env.control.setFaults({});
    await waitUntil(() => m.reports.at(-1)?.state === 'saved', 'backoff retry', { timeout: 5000 });
  });

  it('shows required and invalid messages by the one rule', async () => {
    const env = await createEnv([VALIDATION]);
    const m = await mount(env);
    const r = m.root;
    const mail = byLabel(r, 'Contact email');
    expect(r.querySelector('.field-error')).to.equal(null);

    await type(m, mail, 'not-an-email');
    expect(r.querySelector('.field-error'), 'no error while typing').to.equal(null);
    await leave(m, mail);
    const err = r.getElementById(`${mail.id}-err`);
    expect(err?.textContent).to.contain('valid email address');
    expect(mail.getAttribute('aria-invalid')).to.equal('true');
    expect(mail.getAttribute('aria-describedby')).to.contain(`${mail.id}-err`);

    // leaving an untouched field shows nothing
    await leave(m, byLabel(r, 'Employee count'));
    expect(r.getElementById(`${byLabel(r, 'Employee count').id}-err`)).to.equal(null);

    const site = byLabel(r, 'Company website');
    await type(m, site, 'example.com');
    await leave(m, site);
    expect(r.getElementById(`${site.id}-err`)?.textContent).to.contain('http');

    const count = byLabel(r, 'Employee count');
    await type(m, count, '2.5');
    await leave(m, count);
    expect(r.getElementById(`${count.id}-err`)?.textContent).to.contain('whole number');

    // invalid values are not sent
    await m.step.flush(m.ctx);
    const puts = answerPuts(await env.control.listRequests());
    for (const p of puts) expect(JSON.stringify(p.body)).not.to.contain('not-an-email');

    // validate lists every blocking problem of visible questions
    const issues = m.step.validate(m.ctx);
    expect(issues.map((i) => i.label)).to.deep.equal([
      'Contact email',
      'Company website',
      'Employee count',
      'Pick one',
    ]);
    for (const i of issues) {
      expect(i.step).to.equal('questionnaires');
      expect(r.getElementById(i.id), i.id).to.exist;
    }
    expect(issues[3]!.message).to.equal('Choose an option.');

    // a submit attempt shows the untouched required error
    const pickGroup = group(r, 'Pick one');
    expect(pickGroup.querySelector('.field-error')).to.equal(null);
    m.ctx.stepChecked = true;
    m.el.requestUpdate();
    await settle(m);
    expect(group(r, 'Pick one').querySelector('.field-error')?.textContent).to.contain('Choose an option');

    // fixing a value clears its error
    await type(m, mail, 'ok@example.com');
    expect(r.getElementById(`${mail.id}-err`)).to.equal(null);
    expect(mail.hasAttribute('aria-invalid')).to.equal(false); // absent: valid
  });

  it('sends a change made while the uploaded files are read back (it is not taken as saved)', async () => {
    const env = await createEnv([ALL_TYPES]);
    const m = await mount(env);
    const r = m.root;
    // the read-back after the upload is slow: the user picks more files and types meanwhile
    await env.control.setFaults({ latencyMs: 600, paths: '/answers/', methods: ['GET'], times: 1 });
    await env.control.clearRequests();
    const input = byLabel(r, 'File question');
    const dt = new DataTransfer();
    dt.items.add(pdf('single.pdf'));
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    await waitUntil(
      async () => (await env.control.listRequests()).some((x) => x.method === 'PUT'),
      'the upload was sent',
      { timeout: 5000 },
    );
    await pickFiles(m, byLabel(r, 'Files question'), [pdf('one.pdf'), pdf('two.pdf')]);
    await type(m, byLabel(r, 'Text question'), 'typed meanwhile');
    await m.step.flush(m.ctx);
    expect(m.step.dirty).to.equal(false);
    const got = (await getAnswers(env.client, env.formId, env.questionnaires[0]!.id))!;
    expect(got.sections.main?.text?.value).to.equal('typed meanwhile');
    expect((got.sections.main?.files?.value as { filename: string }[]).map((f) => f.filename)).to.deep.equal([
      'one.pdf',
      'two.pdf',
    ]);
    // the first file was adopted once: later saves send its URL, not its bytes again
    const last = answerPuts(await env.control.listRequests()).at(-1)!.body as Answers;
    expect((last.sections.main?.file?.value as { file: string }).file).to.match(/^https?:/);
  });

  it('refuses a file over 10 MiB before upload, with a clear message', async () => {
    const env = await createEnv([VALIDATION]);
    const m = await mount(env);
    await env.control.clearRequests();
    const input = byLabel(m.root, 'Supporting document');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    const dt = new DataTransfer();
    dt.items.add(big);
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    await settle(m);
    const err = m.root.getElementById(`${input.id}-err`);
    expect(err?.textContent).to.match(/; the limit is 10 MB/);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(m.step.dirty).to.equal(false);
    await m.step.flush(m.ctx);
    expect(answerPuts(await env.control.listRequests())).to.deep.equal([]);

    // a wrong type is refused as well
    const dt2 = new DataTransfer();
    dt2.items.add(new File(['x'], 'tool.exe', { type: 'application/octet-stream' }));
    input.files = dt2.files;
    input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    await settle(m);
    expect(m.root.getElementById(`${input.id}-err`)?.textContent).to.contain('not accepted');
  });

  it('FILE / FILE_MULTI use the upload component: drop zone, dropped files, cards, remove, replace', async () => {
    // A desktop with a mouse: the drop zone offers "or drop them here" (pointer-media.ts).
    emulatePointer('mouse');
    const env = await createEnv([ALL_TYPES]);
    const m = await mount(env);
    const r = m.root;
    const input = byLabel(r, 'Files question');
    const nameIds = input.getAttribute('aria-labelledby')!.split(' ');
    expect(nameIds.map((id) => r.getElementById(id)!.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal(
      ['Files question', 'Choose files or drop them here'],
    );
    const zone = input.closest<HTMLElement>('[part~="upload-dropzone"]')!;
    expect(r.getElementById(`${input.id}-hint`)!.textContent).to.contain('up to 10 MB');
    expect(input.getAttribute('aria-describedby')?.split(' ')).to.include(`${input.id}-hint`);
    // Two files dropped on the zone: the same checks and reading as chosen ones.
    const png = new File(
      [
        Uint8Array.from(
          atob(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
          ),
          (c) => c.charCodeAt(0),
        ),
      ],
      'photo.png',
      { type: 'image/png' },
    );
    const dt = new DataTransfer();
    dt.items.add(png);
    dt.items.add(pdf('terms.pdf'));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    const field = zone.closest('.field')!;
    await waitUntil(() => field.querySelectorAll('.file-item').length === 2, 'dropped files not added', {
      timeout: 5000,
    });
    await settle(m);
    const cards = [...field.querySelectorAll<HTMLElement>('[part~="upload-file"]')];
    expect(
      cards.map((c) =>
        c
          .querySelector('[part~="upload-file-name"]')!
          .textContent!.trim()
          .replace(/^View /, ''),
      ),
    ).to.deep.equal(['photo.png', 'terms.pdf']);
    expect(cards[0]!.querySelector('[part~="upload-file-size"]')!.textContent).to.equal(
      formatBytes(png.size, 'en'),
    );
    expect(cards[0]!.querySelector<HTMLImageElement>('[part~="upload-thumbnail"] img')!.src).to.match(
      /^blob:/,
    );
    expect(cards[1]!.querySelector('[part~="upload-thumbnail"] img')).to.equal(null);
    expect(cards[1]!.querySelector('svg[part~="upload-icon"]')).to.not.equal(null);
    // Saved with the answers: then shown as uploaded, the thumbnail kept.
    await m.step.flush(m.ctx);
    await waitUntil(
      () => field.querySelector('[part~="upload-file-state"]')?.textContent?.trim() === 'Uploaded',
      'not shown as uploaded',
      { timeout: 5000 },
    );
    expect(field.querySelector<HTMLImageElement>('[part~="upload-thumbnail"] img')!.src).to.match(/^blob:/);
    // Remove (allowed: it is the answer's value) saves the list without it.
    await env.control.clearRequests();
    await click(m, buttonNamed(field as HTMLElement, 'Remove photo.png'));
    expect(field.querySelectorAll('.file-item').length).to.equal(1);
    await m.step.flush(m.ctx);
    const put = answerPuts(await env.control.listRequests()).at(-1)!.body as Answers;
    expect((put.sections.main?.files?.value as { filename: string }[]).map((f) => f.filename)).to.deep.equal([
      'terms.pdf',
    ]);
    // FILE: Replace opens the chooser of the question; a new file takes the place of the old one.
    const single = byLabel(r, 'File question');
    await pickFiles(m, single, [pdf('first.pdf')]);
    let opened = 0;
    single.addEventListener('click', (ev) => {
      opened++;
      ev.preventDefault();
    });
    const singleField = single.closest('.field') as HTMLElement;
    await click(m, buttonNamed(singleField, 'Replace first.pdf'));
    expect(opened).to.equal(1);
    const dt2 = new DataTransfer();
    dt2.items.add(pdf('second.pdf'));
    single.files = dt2.files;
    single.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    const names = () =>
      [...singleField.querySelectorAll('[part~="upload-file-name"]')].map((n) => n.textContent!.trim());
    // (once saved, the name is a "View second.pdf" link: either is the new file)
    await waitUntil(() => /second\.pdf$/.test(names()[0] ?? ''), 'not replaced', { timeout: 5000 });
    expect(names()).to.have.length(1);
    // A FILE question holding its file: its card with Replace, no empty drop zone beside it.
    expect(single.closest('[part~="upload-dropzone"]')!.classList.contains('is-filled')).to.equal(true);
    await expect(m.el).to.be.accessible();
    restorePointer();
  });

  it('names the files over the limit of 20 instead of dropping them silently', async () => {
    const env = await createEnv([ALL_TYPES]);
    const m = await mount(env);
    const input = byLabel(m.root, 'Files question');
    await pickFiles(
      m,
      input,
      Array.from({ length: 18 }, (_, i) => pdf(`doc-${i + 1}.pdf`)),
    );
    const field = input.closest('.field')!;
    expect(field.querySelectorAll('.file-item').length).to.equal(18);
    expect(m.root.getElementById(`${input.id}-err`)).to.equal(null);

    // 4 more: 2 fit, 2 are named in the error, which the input points at
    await pickFiles(m, input, [pdf('e1.pdf'), pdf('e2.pdf'), pdf('left-1.pdf'), pdf('left-2.pdf')]);
    expect(field.querySelectorAll('.file-item').length).to.equal(20);
    const err = m.root.getElementById(`${input.id}-err`)!;
    expect(err.textContent).to.contain('at most 20 files');
    expect(err.textContent).to.contain('left-1.pdf, left-2.pdf');
    expect(err.textContent).not.to.contain('e1.pdf');
    expect(input.getAttribute('aria-describedby')?.split(' ')).to.include(err.id);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.disabled).to.equal(true); // full: nothing more can be chosen

    // removing a file clears the message
    await click(m, field.querySelector<HTMLButtonElement>('.file-item button')!);
    expect(m.root.getElementById(`${input.id}-err`)).to.equal(null);
    expect(input.disabled).to.equal(false);

    // one more over the limit: named alone
    await pickFiles(m, input, [pdf('e3.pdf'), pdf('left-3.pdf')]);
    expect(m.root.getElementById(`${input.id}-err`)!.textContent).to.contain(
      'This file was not added: left-3.pdf.',
    );
  });

  it('is read-only when the context says so: disabled controls, no saving', async () => {
    const env = await createEnv([ALL_TYPES]);
    const m = await mount(env, { readOnly: true });
    const r = m.root;
    expect(byLabel(r, 'Text question').readOnly).to.equal(true);
    expect(byLabel<HTMLSelectElement>(r, 'Country question').disabled).to.equal(true);
    expect(byLabel(group(r, 'Radio question'), 'Alpha').disabled).to.equal(true);
    // A file question shows its files (none here), without a drop zone.
    expect(r.querySelector('input[type="file"]')).to.equal(null);
    expect(r.querySelector('[part~="upload-dropzone"]')).to.equal(null);
    expect(r.querySelectorAll('button').length).to.equal(0);
    await env.control.clearRequests();
    await click(m, byLabel(r, 'Agree question'));
    await m.step.flush(m.ctx);
    expect(m.step.dirty).to.equal(false);
    expect(answerPuts(await env.control.listRequests())).to.deep.equal([]);
  });

  it('is accessible (axe) with every question type, answered and with errors', async () => {
    const env = await createEnv([ALL_TYPES, VALIDATION]);
    const m = await mount(env);
    await expect(m.el).to.be.accessible();
    await type(m, byLabel(m.root, 'Contact email'), 'x');
    await leave(m, byLabel(m.root, 'Contact email'));
    await pickFiles(m, byLabel(m.root, 'Files question'), [pdf('a.pdf')]);
    m.ctx.stepChecked = true;
    m.el.requestUpdate();
    await settle(m);
    await expect(m.el).to.be.accessible();
    // every id in the shadow root is unique
    const ids = [...m.root.querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('stays accessible when questionnaires and sections repeat a title (groups, not landmarks)', async () => {
    const def = (key: string): QuestionnaireDefinition => ({
      key,
      name: key,
      title: 'General',
      type: 'KYB',
      sections: ['a', 'b'].map((s) => ({
        key: s,
        title: 'Details',
        questions: [{ key: `${s}q`, title: `Question ${key} ${s}`, type: 'TEXT' as const }],
      })),
    });
    const env = await createEnv([def('first'), def('second')]);
    const m = await mount(env);
    expect(m.root.querySelectorAll('[part~="questionnaire"][role="group"]').length).to.equal(2);
    expect(m.root.querySelectorAll('[part~="section"][role="group"]').length).to.equal(4);
    await expect(m.el).to.be.accessible();
  });
});
