/** Helpers for browser tests that need an `<age-check>`: a fresh sandbox account, an age token, a probe. */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { AgeCheckElement } from '../../src/age-check/age-check.ts';
import type { MachineState } from '../../src/age-check/machine.ts';
import { SandboxControl, type AgeScenario } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { ageRequest } from '../support/age-request.ts';
import type { AgeTokenRequest } from '../../src/api/age.ts';

export const BASE = '/sandbox';

/** An age-estimation token of a new sandbox account (default options). */
export async function newAgeToken(): Promise<string> {
  const account = await new SandboxControl({ baseUrl: BASE }).createAccount({});
  const partner = new PartnerClient({
    baseUrl: BASE,
    apiKey: account.apiKey,
    apiSecret: account.apiSecret,
  });
  return (await partner.createAgeToken(ageRequest())).token;
}

/** A new account's age session with `req` (min_age 18 and threshold 70 unless given) and `scenario`. */
export async function ageSession(req: Partial<AgeTokenRequest> = {}, scenario?: AgeScenario) {
  const anon = new SandboxControl({ baseUrl: BASE });
  const account = await anon.createAccount({});
  const control = anon.withAccount(account);
  const partner = new PartnerClient({ baseUrl: BASE, apiKey: account.apiKey, apiSecret: account.apiSecret });
  const created = await partner.createAgeToken({ min_age: 18, confidence_threshold: 70, ...req });
  if (scenario) await control.setAgeScenario(created.token, scenario);
  return { control, token: created.token, sessionUrl: created.session_url };
}

/** `<age-check>` with its machine and camera stream visible and navigation recorded instead of followed. */
export class AgeCheckProbe extends AgeCheckElement {
  navigated: string[] = [];
  protected override navigate(url: string): void {
    this.navigated.push(url);
  }
  get state(): MachineState {
    return this.machine;
  }
  get stream(): MediaStream | null {
    return this.cameraStream;
  }
}
if (!customElements.get('age-check-probe')) customElements.define('age-check-probe', AgeCheckProbe);

/** A probe that does not redirect, with the partner's next step (`exit-url`, `exit-label`) when given. */
export function mountWithExit(token: string, attrs: { exitUrl?: string; exitLabel?: string } = {}) {
  return fixture<AgeCheckProbe>(
    html`<age-check-probe
      token=${token}
      api-base=${BASE}
      redirect="none"
      exit-url=${attrs.exitUrl ?? ''}
      exit-label=${attrs.exitLabel ?? ''}
    ></age-check-probe>`,
  );
}

export const shadow = (el: HTMLElement): ShadowRoot => el.shadowRoot!;
export const headingText = (el: HTMLElement): string =>
  shadow(el).querySelector('h2')?.textContent?.trim() ?? '';

export function findButton(el: HTMLElement, name: RegExp): HTMLButtonElement {
  const b = [...shadow(el).querySelectorAll('button')].find((x) => name.test(x.textContent?.trim() ?? ''));
  if (!b) throw new Error(`no button ${name} on "${headingText(el)}"`);
  return b;
}

export async function waitForState(
  el: AgeCheckProbe,
  name: MachineState['name'] | MachineState['name'][],
  timeout = 15000,
): Promise<void> {
  const names = Array.isArray(name) ? name : [name];
  await waitUntil(() => names.includes(el.state.name), `state ${names.join('|')} (now ${el.state.name})`, {
    timeout,
  });
  await el.updateComplete;
}

/** The screens a selfie's upload can lead to. */
export const AFTER_UPLOAD: MachineState['name'][] = ['done', 'retry', 'step-up', 'locked', 'error'];

/**
 * A selfie sent as a shopper sends it: from the consent screen "Agree" (from a retry or an error screen
 * "Try again"; from the live camera nothing), then "Take photo" and, on its preview, "Use this photo".
 * Resolves once the element shows `next` (any screen after the upload unless given).
 */
export async function sendSelfie(
  el: AgeCheckProbe,
  next: MachineState['name'] | MachineState['name'][] = AFTER_UPLOAD,
): Promise<void> {
  await waitForState(el, ['consent', 'retry', 'error', 'live']);
  if (el.state.name !== 'live') {
    findButton(el, el.state.name === 'consent' ? /agree/i : /try again/i).click();
    await waitForState(el, 'live');
  }
  findButton(el, /take photo/i).click();
  // A look at the photo first: it is sent only on "Use this photo".
  await waitForState(el, 'selfie-review');
  findButton(el, /use this photo/i).click();
  await waitForState(el, next);
}

/**
 * The partner's next step as `mountWithExit` sets it (`/shop?from=age`, "Back to the shop"): the link is
 * there and the screen accessible; a click fires a bubbling, composed, cancelable `age-check-exit` with
 * `outcome` and without the token, and the page that cancels it stays where it is.
 */
export async function exitPrevented(el: HTMLElement, token: string, outcome: string | null): Promise<void> {
  const link = shadow(el).querySelector<HTMLAnchorElement>('[part~="exit-link"]')!;
  expect(link.textContent!.trim()).to.equal('Back to the shop');
  expect(link.href).to.equal(new URL('/shop?from=age', location.href).href);
  await expect(el).to.be.accessible();
  // The page routes by itself: the event is cancelable and the link is then not followed.
  const exit = oneEvent(el, 'age-check-exit');
  el.addEventListener('age-check-exit', (e) => e.preventDefault(), { once: true });
  link.click();
  const ev = await exit;
  expect(ev.detail).to.deep.equal({ outcome });
  expect(ev.bubbles && ev.composed && ev.cancelable).to.equal(true);
  expect(ev.defaultPrevented).to.equal(true);
  expect(JSON.stringify(ev.detail)).to.not.include(token);
  expect(location.pathname).to.not.equal('/shop');
}
