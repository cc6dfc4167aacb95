/**
 * `<age-check>`: the age-estimation capture, embedded in a partner's page. A thin element: its public
 * properties, the events and parts it documents, and `render`; the session's life (the machine, the
 * session load, the clock, the capture flow) is its runtime (runtime.ts).
 */
import { html, LitElement, type PropertyValues, type TemplateResult } from 'lit';
import { updateWhenLocaleChanges } from '@lit/localize';
import { activeLocale, useTexts, type Texts } from '../i18n/index.ts';
import type { MachineState } from './machine-session.ts';
import { localeDir } from './parts.ts';
import { AgeCheckRuntime } from './runtime.ts';
import { countdownLine, type AgeTokenProvider } from './shell.ts';
import { ageCheckStyles } from './styles.ts';
import { withStyleNonce } from '../theme/style-nonce.ts';

export { AUTO_CAPTURE_S, REDIRECT_DELAY_S } from './machine-session.ts';
export type * from './events.ts';
export { COUNTDOWN_FROM_MS } from './shell.ts';

/**
 * Age-estimation capture: consent, live selfie with a face guide, upload, outcome, document step-up,
 * and a file + QR fallback whenever the camera cannot be used.
 *
 * Event order: `age-check-ready` once the session is loaded; then, for each answered attempt,
 * `age-check-attempt` (followed by `age-check-step-up` when that attempt asks for a document); and
 * `age-check-complete` last: the deciding attempt's `age-check-attempt` always comes before
 * `age-check-complete`. `age-check-error` and `age-check-camera-fallback` may come in between.
 *
 * @tagname age-check
 * @attr token - the age-estimation session token (property `token`)
 * @attr api-base - base URL of the service (property `apiBase`), e.g. `/sandbox`
 * @attr allow-insecure-http - test rigs only: allow a plain `http:` `api-base` that is not loopback (refused otherwise); property `allowInsecureHttp`
 * @attr idempotency-keys - send `Idempotency-Key` on each photo upload, so a re-sent request uses one attempt (the sandbox honours it; enable for a service that does); property `idempotencyKeys`
 * @attr locale - UI language (BCP 47); otherwise the browser's languages, else English
 * @attr redirect - after an outcome with a redirect: absent, a "Continue" link the user chooses (WCAG 2.2.1);
 *   `auto` to leave by itself after a 20-second notice with "Stay on this page"; `none` never (handle `age-check-complete`)
 * @prop tokenProvider - `() => Promise<string>`: a new age token; the expiry countdown then offers "Get more time"
 * @attr auto-capture - take the photo automatically after a 3-second countdown
 * @attr session-url - the token answer's `session_url`. Without `token`: hosted mode (the provider's page in
 *   an iframe, see the README). With `token`: the URL shown as a QR code in the fallback (default `location.href`)
 * @attr privacy-url - the partner's privacy notice, linked from the consent screen (http(s) URLs only)
 * @attr exit-url - the partner's next step after an outcome that is not a success (underage, locked,
 *   uncertain) or when the check expired: a link on that screen (http(s) URLs only; property `exitUrl`)
 * @attr exit-label - that link's text (default "Back to the site"); alone, a button that only fires
 *   `age-check-exit` (property `exitLabel`)
 *
 * @fires age-check-ready - `{status, step, attemptsLeft}` once the session is loaded
 * @fires age-check-attempt - `{result, attemptsLeft}` after each answered attempt
 * @fires age-check-step-up - `{}` when the session asks for an identity document
 * @fires age-check-complete - `{outcome, redirectUrl?}` on a final outcome
 * @fires age-check-error - `{kind, status, code, message}` on a failed request or unreadable image
 * @fires age-check-camera-fallback - `{reason}` (`denied`, `no-camera`, `busy`, `insecure`, `unsupported`)
 * @fires age-check-exit - `{outcome}` when the user takes the partner's next step (`outcome` null on the
 *   expired screen; cancelable: call `preventDefault()` to route yourself instead of following `exit-url`)
 *
 * @csspart root - the outer box
 * @csspart heading - the heading of each screen
 * @csspart consent - the consent text block
 * @csspart consent-partner - a paragraph of the partner's own (`texts.<locale>.consent.paragraphs`)
 * @csspart consent-links - the list of the partner's consent links; consent-link - one of them (https only)
 * @csspart video - the live camera view
 * @csspart guide - the face / document guide overlay (decorative)
 * @csspart capture-button - the button that takes the photo
 * @csspart button - every button (primary actions also carry `primary-button`, others `secondary-button`)
 * @csspart progress - the upload progress bar
 * @csspart progress-text - the upload progress text
 * @csspart outcome - the outcome box (final screens)
 * @csspart attempts - the "attempts left" text
 * @csspart countdown - the expiry countdown (last five minutes)
 * @csspart redirect - the redirect notice; `redirect-link` the "Continue now" link
 * @csspart fallback - the camera-fallback block
 * @csspart file-input - the file input of the fallback; `file-label` its label
 * @csspart qr - the QR code of the session URL
 * @csspart error - the error message
 * @csspart status - the status line of a screen (loading, starting the camera, processing)
 * @csspart announcer - the visually hidden polite live region (attempt results and outcomes)
 * @csspart privacy - the privacy line of the consent screen; `privacy-link` its "Privacy notice" link
 * @csspart privacy-link - the link to the partner's privacy notice (`privacy-url`)
 * @csspart hosted-frame - the provider's page in hosted mode (an iframe)
 * @csspart primary-button - primary actions (also `button`)
 * @csspart start-button - the "Agree and start" button
 * @csspart redirect-link - the "Continue now" link of the redirect notice
 * @csspart file-label - the label of the fallback file input
 * @csspart photo-preview - the photo to check before it is sent ("Use this photo" or "Retake")
 * @csspart exit - the partner's next step; `exit-link` its link, `exit-button` its button
 * @csspart exit-link - the link of `exit-url`
 *
 * @cssproperty --age-check-color-primary - buttons, links, focus (default #1d4ed8)
 * @cssproperty --age-check-color-on-primary - text on primary (default #ffffff)
 * @cssproperty --age-check-color-background - background (default #ffffff)
 * @cssproperty --age-check-color-surface - boxes (default #f3f4f6)
 * @cssproperty --age-check-color-text - text (default #111827)
 * @cssproperty --age-check-color-text-muted - secondary text (default #4b5563)
 * @cssproperty --age-check-color-border - borders (default #6b7280)
 * @cssproperty --age-check-color-success - success accent (default #166534)
 * @cssproperty --age-check-color-error - error text and accent (default #b91c1c)
 * @cssproperty --age-check-color-warning - warnings, attempts, countdown (default #92400e)
 * @cssproperty --age-check-font-family - font family (default system-ui)
 * @cssproperty --age-check-font-size - base font size; every size inside derives from it (default medium:
 *   the user's own default font size; the page's root font size does not reach inside)
 * @cssproperty --age-check-scroll-margin-top - room kept above a control that takes the focus when it
 *   scrolls into view, for a sticky header (default --age-check-viewport-offset)
 * @cssproperty --age-check-radius - corner radius (default 0.5em)
 * @cssproperty --age-check-space - base spacing (default 1em)
 * @cssproperty --age-check-focus-ring - focus box-shadow (default a 3px white + 3px primary ring)
 * @cssproperty --age-check-max-width - maximum width (default 32em)
 * @cssproperty --age-check-viewport-offset - height of a partner's fixed or sticky header, kept free above
 *   the camera preview (default 0px)
 */
export class AgeCheckElement extends LitElement {
  static override styles = ageCheckStyles;
  static override properties = {
    token: {},
    apiBase: { attribute: 'api-base' },
    allowInsecureHttp: { type: Boolean, attribute: 'allow-insecure-http' },
    idempotencyKeys: { type: Boolean, attribute: 'idempotency-keys' },
    locale: {},
    redirect: {},
    autoCapture: { type: Boolean, attribute: 'auto-capture' },
    sessionUrl: { attribute: 'session-url' },
    privacyUrl: { attribute: 'privacy-url' },
    exitUrl: { attribute: 'exit-url' },
    exitLabel: { attribute: 'exit-label' },
    tokenProvider: { attribute: false },
    texts: { attribute: false },
    textsId: { attribute: 'texts-id' },
  };

  constructor() {
    super();
    // What `@localized()` does, without a decorator: renders again when the locale changes.
    updateWhenLocaleChanges(this);
  }

  /** The fallback `<style>` elements (no constructable stylesheets) carry the `nonce` attribute's value. */
  protected override createRenderRoot() {
    return withStyleNonce(this, () => super.createRenderRoot());
  }

  /** The age-estimation session token. Never placed in an event. */
  token = '';
  /** Base URL of the service (`api-base`). */
  apiBase = '';
  /** Test rigs only: allow a plain `http:` `apiBase` to a host that is not loopback. Set before `token`. */
  allowInsecureHttp = false;
  /** Send `Idempotency-Key` on photo uploads (the sandbox honours it; enable for a service that does). */
  idempotencyKeys = false;
  /** UI language; see `resolveLocale`. */
  locale: string | null = null;
  /** `none`: never navigate after the outcome. */
  redirect: string | null = null;
  /** Take the photo automatically after a short countdown. */
  autoCapture = false;
  /**
   * The session URL of the token answer (`session_url`). Without a `token`: hosted mode, the provider's
   * page runs in an iframe. With a `token`: the URL encoded in the fallback QR code (default `location.href`).
   */
  sessionUrl: string | null = null;
  /** The partner's privacy notice (`privacy-url`), linked from the consent screen; http(s) URLs only. */
  privacyUrl: string | null = null;
  /** The partner's next step after an outcome that is not a success or an expiry (`exit-url`); http(s) URLs only. */
  exitUrl: string | null = null;
  /** The text of that step (`exit-label`); alone, a button that fires `age-check-exit`. */
  exitLabel: string | null = null;
  /** The partner's wording: locale → message id → text (docs/texts.md); applies to the page's elements. */
  texts: Texts | null = null;
  /** `texts` from a `<script type="application/json" data-verify-texts>` with this id (CDN pages). */
  textsId: string | null = null;
  /** A new token before the session expires ("Get more time" on the countdown; a new session opens). */
  tokenProvider: AgeTokenProvider | null = null;

  /** The session's life: the machine, the session load, the clock and the capture flow. */
  private readonly runtime = new AgeCheckRuntime(this, (url) => this.navigate(url));

  /** The machine's current state (read-only for embedders; tests inspect it). */
  protected get machine(): MachineState {
    return this.runtime.machine;
  }

  /** The live camera stream, if any (for tests and embedders that need to inspect it). */
  protected get cameraStream(): MediaStream | null {
    return this.runtime.control?.capture.stream ?? null;
  }

  /** Leaves the page for `url` (overridable, e.g. for a SPA router or tests). */
  protected navigate(url: string): void {
    location.assign(url);
  }

  /** Also waits for a chunk the current screen is loading, and for the render after it. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this.runtime.pending) {
      await this.runtime.pending.catch(() => undefined);
      done = await super.getUpdateComplete();
    }
    return done;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('texts') || changed.has('textsId')) void useTexts(this, this.texts, this.textsId);
    this.runtime.settingsChanged(changed);
  }

  override render(): TemplateResult {
    const lang = activeLocale();
    const rt = this.runtime;
    return html`<div part="root" class="root" lang=${lang} dir=${localeDir(lang)}>
      ${countdownLine(rt.machine, rt.now, this)} ${rt.screen()}
      <div part="announcer" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        ${rt.announcement}
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'age-check': AgeCheckElement;
  }
}
