import '../src/age-check/define.ts';
import type { AgeCheckElement } from '../src/age-check/age-check.ts';
import {
  embedded,
  languagePicker,
  logEvent,
  params,
  phonePreview,
  postJson,
  refreshWebhooks,
  SANDBOX_BASE,
} from './shared.ts';

const host = document.querySelector<HTMLElement>('#age-host')!;
const events = document.querySelector<HTMLElement>('#events')!;
const webhooks = document.querySelector<HTMLElement>('#webhooks')!;
const status = document.querySelector<HTMLElement>('#panel-status')!;
const scenarioSelect = document.querySelector<HTMLSelectElement>('#scenario')!;
const redirectInput = document.querySelector<HTMLInputElement>('#redirect')!;
const modeSelect = document.querySelector<HTMLSelectElement>('#mode')!;
const languageSelect = document.querySelector<HTMLSelectElement>('#language')!;
const phoneToggle = document.querySelector<HTMLInputElement>('#phone')!;

/** The partner's return page for hosted mode (demo/age-return.html), one redirect per outcome. */
const RETURN_PAGE = `${location.origin}/age-return.html`;
const hostedRedirects = {
  success_redirect: `${RETURN_PAGE}?outcome=SUCCESS`,
  underage_redirect: `${RETURN_PAGE}?outcome=UNDERAGE`,
  uncertain_redirect: `${RETURN_PAGE}?outcome=UNCERTAIN`,
};
if (params.get('mode') === 'hosted') modeSelect.value = 'hosted';

type Estimate = { age: number; confidence: number } | 'no-face';
const SCENARIOS: Record<
  string,
  { settings: Record<string, unknown>; scenario: { estimates: Estimate[]; documentAge?: number } }
> = {
  adult: { settings: {}, scenario: { estimates: [{ age: 34, confidence: 96 }] } },
  minor: { settings: {}, scenario: { estimates: [{ age: 14, confidence: 93 }] } },
  'uncertain-doc': {
    settings: { escalation: 'DOC' },
    scenario: { estimates: [{ age: 19, confidence: 55 }], documentAge: 27 },
  },
  'uncertain-none': {
    settings: { escalation: 'NONE' },
    scenario: { estimates: [{ age: 30, confidence: 40 }] },
  },
  'no-face': { settings: { retry_limit: 3 }, scenario: { estimates: ['no-face'] } },
  'retry-then-adult': { settings: {}, scenario: { estimates: ['no-face', { age: 40, confidence: 95 }] } },
};
const scenarioParam = params.get('scenario');
if (scenarioParam && scenarioParam in SCENARIOS) scenarioSelect.value = scenarioParam;

// The phone preview runs its own session of the same scenario (one session cannot serve two pages).
const showPhone = phonePreview(phoneToggle, document.querySelector<HTMLElement>('#phone-host')!, () => ({
  scenario: scenarioSelect.value,
  mode: modeSelect.value,
  lang: languageSelect.value,
}));

async function start() {
  const choice = SCENARIOS[scenarioSelect.value] ?? SCENARIOS.adult!;
  const redirect = redirectInput.value.trim();
  const hosted = modeSelect.value === 'hosted';
  redirectInput.disabled = hosted;
  status.textContent = 'Creating a session on the partner backend…';
  try {
    const { token, sessionUrl } = await postJson<{ token: string; sessionUrl: string }>(
      '/partner/age-token',
      {
        settings: {
          min_age: 18,
          confidence_threshold: 70,
          ...choice.settings,
          ...(hosted ? hostedRedirects : redirect ? { success_redirect: redirect } : {}),
        },
        scenario: choice.scenario,
      },
    );
    const el = document.createElement('age-check') as AgeCheckElement;
    el.privacyUrl = 'https://www.example.com/privacy';
    if (languageSelect.value) el.locale = languageSelect.value;
    if (hosted) {
      // Hosted mode: the provider's page (here the sandbox's) runs in a frame; no token in the browser.
      el.sessionUrl = sessionUrl;
    } else {
      el.apiBase = SANDBOX_BASE;
      el.token = token;
    }
    host.replaceChildren(el);
    status.textContent = '';
    if (!embedded) showPhone();
  } catch (err) {
    status.textContent = `Could not start: ${(err as Error).message}`;
  }
}

for (const name of [
  'age-check-ready',
  'age-check-attempt',
  'age-check-step-up',
  'age-check-complete',
  'age-check-error',
  'age-check-camera-fallback',
] as const) {
  host.addEventListener(name, (e) => {
    logEvent(events, name, (e as CustomEvent).detail);
    if (name === 'age-check-complete') setTimeout(() => void refreshWebhooks(webhooks), 300);
  });
}

document.querySelector('#start')!.addEventListener('click', () => void start());
modeSelect.addEventListener('change', () => void start());
languagePicker(languageSelect, () => void start());
void start();
