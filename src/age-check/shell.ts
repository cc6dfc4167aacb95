/**
 * The screens of `<age-check>` that its first download holds (loading, consent, error) and the expiry
 * countdown. Everything after the first screen is in the deferred chunk (flow.ts). Pure templates and
 * strings: every action goes through the callbacks the element passes.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { TERMINAL, type MachineError, type MachineState } from './machine-session.ts';
import { attemptsText, button, heading } from './parts.ts';
import { activeLocale, consentTexts } from '../i18n/index.ts';

export function loadingScreen(): TemplateResult {
  return html`${heading(msg('Age check'))}
    <div class="spinner" aria-hidden="true"></div>
    <p role="status" part="status">${msg('Loading…')}</p>`;
}

/** A partner's privacy notice URL, when it is an http(s) URL (relative ones resolve against the page). */
export function safePrivacyUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, typeof document === 'undefined' ? undefined : document.baseURI);
    if (parsed.username || parsed.password) return null;
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export interface ConsentOptions {
  /** The session's minimum age; null when it is not known (hosted mode: the provider's page has it). */
  minAge: number | null;
  /** Attempts already used (the "attempts left" line shows once one was used). */
  attemptsUsed: number;
  attemptsLeft: number;
  privacyUrl: string | null;
  onStart: () => void;
}

/** The partner's own consent paragraphs and links (`texts.<locale>.consent`), as text; links https only. */
function partnerConsent() {
  const c = consentTexts(activeLocale());
  if (!c) return nothing;
  return html`${c.paragraphs.map((p) => html`<p part="consent-partner"><bdi>${p}</bdi></p>`)}
  ${
    c.links.length
      ? html`<ul part="consent-links">
          ${c.links.map(
            (l) =>
              html`<li>
                <a part="consent-link" href=${l.href} target="_blank" rel="noopener"
                  ><bdi>${l.text}</bdi><span class="visually-hidden"> ${msg('(opens in a new tab)')}</span></a
                >
              </li>`,
          )}
        </ul>`
      : nothing
  }`;
}

export function consentScreen(o: ConsentOptions): TemplateResult {
  const privacy = safePrivacyUrl(o.privacyUrl);
  const minAge = o.minAge;
  return html`${heading(msg('Confirm your age with a selfie'))}
    <div part="consent" class="consent" id="consent-text">
      <p>
        ${
          minAge === null
            ? msg('We estimate your age from a photo of your face to check that you are old enough.')
            : msg(
                str`We estimate your age from one photo of your face to check that you are at least ${minAge}.`,
              )
        }
      </p>
      <p>${msg('The photo is used only for this check. It is not shown to anyone else.')}</p>
      <ul>
        <li>${msg('Find good, even light and face the camera.')}</li>
        <li>${msg('Remove sunglasses, hats and masks.')}</li>
        <li>${msg('Keep your face inside the oval.')}</li>
      </ul>
      ${partnerConsent()}
      <p class="muted">
        ${msg('By selecting “Agree and start” you agree that your photo is analysed for this age check.')}
      </p>
    </div>
    <p part="privacy" class="privacy muted">
      ${msg('Privacy: your photo goes only to the age-check service and is used for nothing else.')}
      ${
        privacy
          ? html`<a part="privacy-link" href=${privacy} target="_blank" rel="noopener"
              >${msg('Privacy notice')}<span class="visually-hidden"> ${msg('(opens in a new tab)')}</span></a
            >`
          : nothing
      }
    </p>
    ${
      o.attemptsUsed > 0
        ? html`<p part="attempts" class="attempts">${attemptsText(o.attemptsLeft)}</p>`
        : nothing
    }
    <div class="actions">
      <button
        type="button"
        part="button primary-button start-button"
        class="primary"
        aria-describedby="consent-text"
        @click=${o.onStart}
      >
        ${msg('Agree and start')}
      </button>
    </div>`;
}

/**
 * The error screen. `later` gives the texts of the errors that only happen after a photo was taken (the
 * deferred chunk's `captureErrorText`); the others are here, so a failed load can always say what happened.
 */
export function errorScreen(
  err: MachineError | null,
  /** What the recovery button sends to the machine (none on a screen without one). */
  send: ((type: 'RETRY' | 'RELOAD') => void) | null,
  later?: (reason: MachineError['reason']) => string | null,
): TemplateResult {
  let title = msg('Something went wrong');
  let text: string;
  switch (err?.reason) {
    case 'invalid-link':
      title = msg('This link is not valid');
      text = msg('The age check link is not valid. Ask for a new link.');
      break;
    case 'load-failed':
      text = msg('The age check could not be loaded. Check your connection and try again.');
      break;
    default:
      text =
        (err && later?.(err.reason)) ??
        msg('The request could not be completed. Reload the age check to continue.');
  }
  return html`${heading(title)}
    <p part="error" class="error-text" role="alert">${text}</p>
    ${
      err?.recovery === 'capture'
        ? html`<div class="actions">${button(msg('Try again'), () => send?.('RETRY'))}</div>`
        : err?.recovery === 'reload'
          ? html`<div class="actions">${button(msg('Reload'), () => send?.('RELOAD'))}</div>`
          : nothing
    }`;
}

/** The expiry countdown shows in the last five minutes. */
export const COUNTDOWN_FROM_MS = 5 * 60 * 1000;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A partner's way to a new age session before this one expires: resolves to a new token. */
export type AgeTokenProvider = () => Promise<string>;

/** What the countdown needs of the element to offer more time. */
export interface Renewable {
  token: string | null;
  tokenProvider: AgeTokenProvider | null;
  requestUpdate(): void;
}

/** An extension being asked for, or one that failed (the warning then says so). */
const renewals = new WeakMap<Renewable, 'busy' | 'failed'>();

/** Asks the partner for a new token; the element then opens the new session (from its consent screen). */
async function renew(el: Renewable): Promise<void> {
  const provider = el.tokenProvider;
  if (!provider || renewals.get(el) === 'busy') return;
  renewals.set(el, 'busy');
  el.requestUpdate();
  try {
    const token = await provider();
    if (typeof token !== 'string' || token.trim() === '') throw new Error('no token');
    renewals.delete(el);
    el.token = token.trim();
  } catch {
    renewals.set(el, 'failed');
  }
  el.requestUpdate();
}

/**
 * The expiry countdown (last five minutes of an open session; its two announcements are the runtime's:
 * `countdownNotice`), and
 * what can be done about the time limit (WCAG 2.2.1): with a `tokenProvider`, "Get more time" opens a new
 * session; without one (or when it gave none) a warning says the link cannot be extended.
 */
/**
 * What the live region says as the countdown appears (1) and in its last minute (2): twice in all, never
 * each minute or second; with what can be done about it.
 */
export function countdownNotice(phase: 1 | 2, el: Renewable): string {
  const left = phase === 2 ? msg('Less than a minute left.') : msg('Less than 5 minutes left.');
  const what =
    el.tokenProvider && renewals.get(el) !== 'failed'
      ? msg('To keep going, choose Get more time.')
      : msg('This link cannot be extended. Finish before it expires, or ask for a new link.');
  return `${left} ${what}`;
}

export function countdownLine(m: MachineState, now: number, el?: Renewable): TemplateResult | typeof nothing {
  const session = m.session;
  if (!session || TERMINAL.has(m.name)) return nothing;
  const remaining = Date.parse(session.expires_at) - now;
  if (!(remaining <= COUNTDOWN_FROM_MS) || remaining <= 0) return nothing;
  const secs = Math.ceil(remaining / 1000);
  const renewal = el ? renewals.get(el) : undefined;
  const canExtend = !!el?.tokenProvider && renewal !== 'failed';
  return html`<div part="countdown-box" class="countdown-box">
    <p part="countdown" class="countdown" role="timer" aria-label=${msg('Time left')}>
      ${msg(str`Link expires in ${Math.floor(secs / 60)}:${pad2(secs % 60)}`)}
    </p>
    ${
      canExtend
        ? html`<button
            type="button"
            part="button secondary-button extend-button"
            class="secondary"
            ?disabled=${renewal === 'busy'}
            @click=${() => void renew(el!)}
          >
            ${renewal === 'busy' ? msg('Getting more time…') : msg('Get more time')}
          </button>`
        : html`<p part="countdown-warning" class="countdown-warning">
            ${
              renewal === 'failed'
                ? msg('More time could not be added. Finish before the link expires, or ask for a new link.')
                : msg('This link cannot be extended. Finish before it expires, or ask for a new link.')
            }
          </p>`
    }
  </div>`;
}
