/**
 * Hosted mode of `<age-check>`: the provider's own capture page (the token answer's `session_url`) runs
 * inside a sized iframe, framed by the element's consent, progress and outcome screens. The page ends on
 * the partner's redirect, a return page on the partner's origin (`return-page.html`, shipped with the
 * package), which posts `{type: 'age-check-return', outcome}` to its parent. Only that message, from the
 * element's own iframe and the page's own origin, with an outcome of the published enum, is accepted.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import { emit } from './events.ts';
import { heading } from './parts.ts';
import { outcomeScreen, outcomeTexts, safeRedirect, type ReportedOutcome } from './outcome.ts';
import { consentScreen } from './shell.ts';
import { isLoopbackHost } from '../api/api-base.ts';
export { screenStyles } from './screen-styles.ts';

/** The published `AgeEstimationOutcomeEnum`. */
export const HOSTED_OUTCOMES: readonly ReportedOutcome[] = [
  'SUCCESS',
  'UNDERAGE',
  'UNCERTAIN',
  'FACE_MISMATCH',
  'ATTEMPTS_EXCEEDED',
];

/** The message type the return page posts. */
export const RETURN_MESSAGE = 'age-check-return';

/**
 * What the iframe may do: run the provider's scripts and forms with its own origin (its API calls and
 * storage need it), navigate itself to the partner's redirect; no popups, no top navigation.
 */
export const HOSTED_SANDBOX = 'allow-scripts allow-forms allow-same-origin';

export type HostedStep = 'consent' | 'frame' | 'done';

/**
 * A session URL the element may embed: `https:`, or `http:` to a loopback host (a test rig). Stricter than
 * a redirect: the page's own origin on plain `http:` is not enough, since the framed page takes the
 * user's camera and selfie.
 */
export function hostedUrl(url: string | null | undefined): string | null {
  const safe = safeRedirect(url);
  if (safe === null) return null;
  const parsed = new URL(safe);
  return parsed.protocol === 'https:' || isLoopbackHost(parsed.hostname) ? safe : null;
}

/**
 * The outcome of a return message, or null when it must be ignored: another window than `frame`'s, another
 * origin than `origin`, another shape, or an outcome outside the enum.
 */
export function returnOutcome(
  e: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  frame: HTMLIFrameElement | null,
  origin: string,
): ReportedOutcome | null {
  if (!frame || !frame.contentWindow || e.source !== frame.contentWindow) return null;
  if (e.origin !== origin) return null;
  const data: unknown = e.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, outcome } = data as { type?: unknown; outcome?: unknown };
  if (type !== RETURN_MESSAGE || typeof outcome !== 'string') return null;
  return HOSTED_OUTCOMES.find((o) => o === outcome) ?? null;
}

export interface FrameOptions {
  url: string;
  loaded: boolean;
  onLoad: () => void;
}

/** The screen around the provider's page: heading, guidance, a progress line until it loaded, the frame. */
export function frameScreen(o: FrameOptions): TemplateResult {
  return html`${heading(msg('Confirm your age'))}
    <p id="hosted-hint">
      ${msg('Follow the steps below. They run on the secure page of the age-check service.')}
    </p>
    ${
      o.loaded
        ? ''
        : html`<div class="hosted-loading">
            <div class="spinner" aria-hidden="true"></div>
            <p part="status">${msg('Opening the age check…')}</p>
          </div>`
    }
    <iframe
      part="hosted-frame"
      class="hosted-frame"
      src=${o.url}
      title=${msg('Age check by the age-check service')}
      allow="camera"
      sandbox=${HOSTED_SANDBOX}
      referrerpolicy="origin"
      aria-describedby="hosted-hint"
      @load=${o.onLoad}
    ></iframe>`;
}

export function invalidScreen(): TemplateResult {
  return html`${heading(msg('This link is not valid'))}
    <p part="error" class="error-text" role="alert">
      ${msg('The age check link is not valid. Ask for a new link.')}
    </p>`;
}

export interface HostedScreenOptions {
  url: string | null;
  step: HostedStep;
  loaded: boolean;
  outcome: ReportedOutcome | null;
  privacyUrl: string | null;
  onStart: () => void;
  onLoad: () => void;
}

/** The element's screen in hosted mode: its own consent, the framed provider page, its own outcome. */
export function hostedScreen(o: HostedScreenOptions): TemplateResult {
  const url = hostedUrl(o.url);
  if (!url) return invalidScreen();
  switch (o.step) {
    case 'consent':
      return consentScreen({
        minAge: null,
        attemptsUsed: 0,
        attemptsLeft: 0,
        privacyUrl: o.privacyUrl,
        onStart: o.onStart,
      });
    case 'frame':
      return frameScreen({ url, loaded: o.loaded, onLoad: o.onLoad });
    default:
      return outcomeScreen({ outcome: o.outcome, already: false, redirect: null });
  }
}

/** What hosted mode needs from the element. */
export interface HostedHost {
  /** The element: hosted mode while it has a session URL and no token. */
  readonly host: ReactiveControllerHost &
    EventTarget & {
      readonly renderRoot: ParentNode;
      readonly isConnected: boolean;
      readonly token: string;
      readonly sessionUrl: string | null;
      readonly privacyUrl: string | null;
    };
  /** Puts a text in the element's live region. */
  announce(text: string): void;
}

/**
 * Hosted mode's state and screens: its own consent, the framed provider page, the outcome the return page
 * posts (only from the element's own frame and the page's origin, see `returnOutcome`).
 */
export class HostedMode implements ReactiveController {
  step: HostedStep = 'consent';
  #loaded = false;
  #outcome: ReportedOutcome | null = null;

  constructor(private readonly h: HostedHost) {
    h.host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('message', this.#onMessage);
  }

  hostDisconnected(): void {
    window.removeEventListener('message', this.#onMessage);
  }

  /** Back to the consent screen (a new session URL). */
  reset(): void {
    this.#set('consent');
    this.#outcome = null;
  }

  render(): TemplateResult {
    return hostedScreen({
      url: this.h.host.sessionUrl,
      step: this.step,
      loaded: this.#loaded,
      outcome: this.#outcome,
      privacyUrl: this.h.host.privacyUrl,
      onStart: () => this.#set('frame'),
      onLoad: () => {
        this.#loaded = true;
        this.h.host.requestUpdate();
      },
    });
  }

  #set(step: HostedStep): void {
    this.step = step;
    this.#loaded = false;
    this.h.host.requestUpdate();
  }

  #onMessage = (e: MessageEvent): void => {
    const host = this.h.host;
    if (host.token || !host.sessionUrl || this.step !== 'frame') return;
    const frame = host.renderRoot.querySelector<HTMLIFrameElement>('iframe.hosted-frame');
    const outcome = returnOutcome(e, frame, location.origin);
    if (!outcome) return;
    this.#outcome = outcome;
    this.#set('done');
    const t = outcomeTexts(outcome);
    this.h.announce(`${t.title}. ${t.text}`);
    emit(host, 'age-check-complete', { outcome });
  };
}
