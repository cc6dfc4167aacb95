/** Helpers for the `<kyb-form>` browser tests: fresh sandbox accounts, tokens, finding controls by label. */
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/kyb-form/define.ts';
import type { KybFormElement } from '../../src/kyb-form/kyb-form.ts';
import { SandboxControl, type CreateAccountOptions } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';

export const control = new SandboxControl({ baseUrl: '/sandbox' });

export interface Setup {
  mine: SandboxControl;
  partner: PartnerClient;
  clientId: string;
  token: string;
  newToken: () => Promise<string>;
}

/** A fresh account (optionally with its own KYB config) and a token for a new client. */
export async function setup(opts: CreateAccountOptions = {}): Promise<Setup> {
  const acc = await control.createAccount(opts);
  const mine = control.withAccount(acc);
  const partner = new PartnerClient({ baseUrl: '/sandbox', apiKey: acc.apiKey, apiSecret: acc.apiSecret });
  const clientId = `client-${Math.random().toString(36).slice(2)}`;
  const newToken = async () => (await partner.createKybToken({ clientId })).tokenString;
  return { mine, partner, clientId, token: await newToken(), newToken };
}

export const root = (el: KybFormElement) => el.shadowRoot!;

/**
 * Whether the progress shows the number of steps ("Step 1 of 4"; in any locale: two numbers before the
 * "·" and the step's name). Until the steps are known it says "Step 1" alone.
 */
export const stepsKnown = (el: KybFormElement) =>
  /\p{Nd}[^·]*\p{Nd}/u.test(root(el).querySelector('nav [part~="progress-text"]')?.textContent ?? '');

/** Waits until the progress shows the number of steps (see stepsKnown). */
export const untilStepsKnown = (el: KybFormElement, timeout = 8000) =>
  waitUntil(() => stepsKnown(el), 'no progress', { timeout });

/** Waits until the company step (or another step) is interactive. */
export async function ready(el: KybFormElement) {
  await waitUntil(() => root(el).querySelector('#kyb-step-heading'), 'form did not become ready', {
    timeout: 10000,
  });
  // A form that exists knows its number of steps soon after (its questionnaires' list): the progress.
  await waitUntil(() => el.formId === null || stepsKnown(el), 'the progress did not show', {
    timeout: 10000,
  });
  // A country list is made in a task after the render that first shows it (the chosen country alone
  // before: controls/country-options.ts); a person picks from it once it is listed.
  const country = () => root(el).querySelector<HTMLSelectElement>('select[name="country"]');
  await waitUntil(() => (country()?.options.length ?? 3) > 2, 'the country list did not arrive', {
    timeout: 10000,
  });
}

export async function mount(token: string, apiBase = '/sandbox'): Promise<KybFormElement> {
  const el = await fixture<KybFormElement>(html`<kyb-form .token=${token} api-base=${apiBase}></kyb-form>`);
  return el;
}

const labelText = (l: Element) =>
  (l.textContent ?? '')
    .replace(/\(required\)/g, '')
    .replace(/\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The control whose label text is `text` (exact, ignoring the required mark). */
export function byLabel<T extends HTMLElement = HTMLInputElement>(el: KybFormElement, text: string): T {
  const labels = [...root(el).querySelectorAll('label')];
  const label = labels.find((l) => labelText(l) === text);
  if (!label) throw new Error(`no label "${text}" (have: ${labels.map(labelText).join(' | ')})`);
  const control = root(el).getElementById(label.htmlFor);
  if (!control) throw new Error(`label "${text}" points to nothing`);
  return control as T;
}

export function labels(el: KybFormElement): string[] {
  return [...root(el).querySelectorAll('label')].map(labelText);
}

/** Types a value as a user would (input events) and leaves the field. */
export async function type(el: KybFormElement, label: string, value: string, leave = true) {
  const input = byLabel<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(el, label);
  // A person (or Playwright's selectOption) picks an option once it is listed: a country list follows
  // its step's first render by a task.
  if (input instanceof HTMLSelectElement && value)
    await waitUntil(
      () => [...input.options].some((o) => o.value === value),
      `no option ${value} in ${label}`,
    );
  input.focus();
  input.value = value;
  input.dispatchEvent(
    new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true, composed: true }),
  );
  if (leave) input.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
  await el.updateComplete;
}

export function button(el: KybFormElement, text: string | RegExp): HTMLButtonElement {
  const all = [...root(el).querySelectorAll('button')];
  const b = all.find((x) => {
    const t = (x.textContent ?? '').replace(/\s+/g, ' ').trim();
    return typeof text === 'string' ? t === text : text.test(t);
  });
  if (!b)
    throw new Error(`no button ${String(text)} (have: ${all.map((x) => x.textContent?.trim()).join(' | ')})`);
  return b;
}

export const requests = async (s: Setup, method?: string, pathPart?: string) =>
  (await s.mine.listRequests()).filter(
    (r) =>
      (!method || r.method === method) && (!pathPart || r.path.includes(pathPart)) && r.auth === 'bearer',
  );

/** A questionnaire of two questions, a whole number (that can be invalid) and a text. */
export const OPERATIONS = {
  key: 'ops',
  name: 'Operations',
  title: 'Operations',
  sections: [
    {
      key: 'o',
      title: 'Operations',
      questions: [
        { key: 'branches', title: 'Number of branches', type: 'INTEGER' as const },
        { key: 'motto', title: 'Company motto', type: 'TEXT' as const },
      ],
    },
  ],
};
