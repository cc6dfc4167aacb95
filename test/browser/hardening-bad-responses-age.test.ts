/**
 * Hardening: every endpoint `<age-check>` calls (session, selfie, document) answers with each of the 8
 * malformed kinds. No uncaught exception or unhandled rejection, never a blank element.
 */
import { expect, fixture, html, waitUntil, aTimeout } from '@open-wc/testing';
import '../../src/age-check/define.ts';
import { AgeCheckElement } from '../../src/age-check/age-check.ts';
import type { MachineState } from '../../src/age-check/machine.ts';
import { SandboxControl, type AgeScenario } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { MALFORMED, blankProblem, errorRecorder } from '../fixtures/hardening-support.ts';
import { ageRequest, type AgeTokenSettings } from '../support/age-request.ts';

class HardenedAgeCheck extends AgeCheckElement {
  navigated: string[] = [];
  protected override navigate(url: string): void {
    this.navigated.push(url);
  }
  get state(): MachineState {
    return this.machine;
  }
}
if (!customElements.get('hardening-age-check'))
  customElements.define('hardening-age-check', HardenedAgeCheck);

const BASE = '/sandbox';
async function setup(req: AgeTokenSettings, scenario: AgeScenario) {
  const anon = new SandboxControl({ baseUrl: BASE });
  const account = await anon.createAccount({});
  const control = anon.withAccount(account);
  const partner = new PartnerClient({ baseUrl: BASE, apiKey: account.apiKey, apiSecret: account.apiSecret });
  const created = await partner.createAgeToken(ageRequest(req));
  await control.setAgeScenario(created.token, scenario);
  return { control, token: created.token };
}

const root = (el: HTMLElement) => el.shadowRoot!;
const findButton = (el: HTMLElement, re: RegExp) =>
  [...root(el).querySelectorAll('button')].find((b) => re.test(b.textContent?.trim() ?? ''));
async function waitState(el: HardenedAgeCheck, names: MachineState['name'][], timeout = 10000) {
  await waitUntil(() => names.includes(el.state.name), `state ${names.join('|')} (now ${el.state.name})`, {
    timeout,
  });
  await el.updateComplete;
}
const SETTLED: MachineState['name'][] = [
  'done',
  'retry',
  'step-up',
  'locked',
  'error',
  'expired',
  'completed-already',
];

const stateOf = (el: HardenedAgeCheck): MachineState['name'] => el.state.name;

async function selfie(el: HardenedAgeCheck) {
  await waitState(el, ['consent', 'error', 'expired', 'locked', 'done']);
  if (el.state.name !== 'consent') return;
  findButton(el, /agree/i)!.click();
  await waitState(el, ['live', 'error', 'fallback']);
  if (stateOf(el) !== 'live') return;
  findButton(el, /take photo/i)!.click();
  await waitState(el, ['selfie-review', 'error']);
  if (stateOf(el) !== 'selfie-review') return;
  findButton(el, /use this photo/i)!.click();
  await waitState(el, SETTLED);
}

interface Endpoint {
  name: string;
  paths: string;
  method: string;
  req: AgeTokenSettings;
  scenario: AgeScenario;
  drive: (el: HardenedAgeCheck) => Promise<void>;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'session',
    paths: '^/age-estimation/session/$',
    method: 'GET',
    req: {},
    scenario: { estimates: [{ age: 35, confidence: 95 }] },
    drive: async (el) => {
      await waitUntil(() => el.state.name !== 'loading', 'still loading', { timeout: 8000 });
      await el.updateComplete;
      // If it got through, go on: the session is read again after the attempt.
      if (el.state.name === 'consent') await selfie(el);
    },
  },
  {
    name: 'selfie',
    paths: '^/age-estimation/session/selfie/$',
    method: 'POST',
    req: {},
    scenario: { estimates: [{ age: 35, confidence: 95 }] },
    drive: selfie,
  },
  {
    name: 'document',
    paths: '^/age-estimation/session/document/$',
    method: 'POST',
    req: { min_age: 18, buffer: 3, escalation: 'DOC' },
    scenario: { estimates: [{ age: 19, confidence: 95 }], documentAge: 30 },
    drive: async (el) => {
      await selfie(el);
      expect(el.state.name).to.equal('step-up');
      findButton(el, /id document/i)!.click();
      await waitState(el, ['document-live']);
      findButton(el, /take photo/i)!.click();
      await waitState(el, ['document-review']);
      findButton(el, /^use this photo$/i)!.click();
      await waitUntil(() => el.state.name !== 'document-review', 'still in review', { timeout: 10000 });
      await waitUntil(() => el.state.name !== 'uploading', 'still sending', { timeout: 10000 });
    },
  },
];

const recorder = errorRecorder();
let cases = 0;
let failures = 0;

describe('hardening: malformed answers from every age-check endpoint', function () {
  this.timeout(30000);
  let current: HTMLElement | null = null;
  afterEach(function () {
    cases++;
    if (this.currentTest?.state !== 'passed') failures++;
    current?.remove();
    current = null;
  });
  after(() => console.log(`hardening: bad responses (age): ${cases} cases, ${failures} failures`));

  for (const ep of ENDPOINTS) {
    for (const kind of MALFORMED) {
      it(`${ep.name} (${ep.method}) answered with ${kind}`, async () => {
        const { control, token } = await setup(ep.req, ep.scenario);
        await control.setFaults({ malformed: { rate: 1, kind }, paths: ep.paths });
        const before = recorder.errors.length;
        const el = await fixture<HardenedAgeCheck>(
          html`<hardening-age-check token=${token} api-base=${BASE} redirect="none"></hardening-age-check>`,
        );
        current = el;
        await ep.drive(el);
        await aTimeout(300);
        await el.updateComplete;
        const log = await control.listRequests();
        await control.setFaults({});
        expect(
          log.some((r) => r.method === ep.method && new RegExp(ep.paths).test(r.path)),
          `never called ${ep.name}`,
        ).to.equal(true);
        expect(recorder.errors.slice(before), 'uncaught errors').to.deep.equal([]);
        expect(blankProblem(el)).to.equal(null);
        expect(el.navigated).to.deep.equal([]);
      });
    }
  }
});
