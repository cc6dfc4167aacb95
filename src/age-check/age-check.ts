import { html, LitElement, type PropertyValues, type TemplateResult } from 'lit';
import { updateWhenLocaleChanges } from '@lit/localize';
import { AgeClient } from '../api/age-client.ts';
import { ApiError } from '../api/http.ts';
import type { CaptureSession } from '../api/age.ts';
import { activeLocale, applyLocale, resolveLocale } from '../i18n/index.ts';
import { messages as ageMessages } from '../i18n/generated/age/index.ts';
import {
  attemptsLeft,
  FIRST_SCREENS,
  firstTransition,
  initialState,
  TERMINAL,
  type MachineEvent,
  type MachineState,
} from './machine-first.ts';
import type { FlowControl } from './flow-control.ts';
import { HostedLoader, loadFlow } from './lazy.ts';
import { whenIdle } from '../api/load-chunk.ts';
import { localeDir } from './parts.ts';
import { consentScreen, countdownLine, errorScreen, loadingScreen, type AgeTokenProvider } from './shell.ts';
import { ageCheckStyles } from './styles.ts';
import { addStyles, withStyleNonce } from '../theme/style-nonce.ts';
import { emit, errorDetail, type AgeCheckAttemptDetail } from './events.ts';

export { AUTO_CAPTURE_S, REDIRECT_DELAY_S } from './machine-first.ts';
export type * from './events.ts';

type Flow = typeof import('./flow.ts');

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
 *
 * @fires age-check-ready - `{status, step, attemptsLeft}` once the session is loaded
 * @fires age-check-attempt - `{result, attemptsLeft}` after each answered attempt
 * @fires age-check-step-up - `{}` when the session asks for an identity document
 * @fires age-check-complete - `{outcome, redirectUrl?}` on a final outcome
 * @fires age-check-error - `{kind, status, code, message}` on a failed request or unreadable image
 * @fires age-check-camera-fallback - `{reason}` (`denied`, `no-camera`, `busy`, `insecure`, `unsupported`)
 *
 * @csspart root - the outer box
 * @csspart heading - the heading of each screen
 * @csspart consent - the consent text block
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
    tokenProvider: { attribute: false },
    machine: { state: true, attribute: false },
    now: { state: true, attribute: false },
    announcement: { state: true, attribute: false },
  };

  /** The fallback `<style>` elements (no constructable stylesheets) carry the `nonce` attribute's value. */
  constructor() {
    super();
    // What `@localized()` does, without a decorator: renders again when the locale changes.
    updateWhenLocaleChanges(this);
  }

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
  /** A new token before the session expires ("Get more time" on the countdown; a new session opens). */
  tokenProvider: AgeTokenProvider | null = null;

  /** The machine's current state (read-only for embedders; tests inspect it). */
  protected machine: MachineState = initialState;
  protected now = Date.now();
  /** The text of the polite live region (attempt results and outcomes). */
  private announcement = '';
  /** The `lang` the element put on its host (only when the page had set none). */
  private hostLang?: string;

  private client: AgeClient | null = null;
  /** The deferred chunk (flow.ts) once loaded, and what runs the screens after consent, built from it. */
  private flow?: Flow;
  private later?: FlowControl;
  /** Hosted mode (hosted.ts, loaded on demand). */
  private readonly hosted = new HostedLoader({
    host: this,
    announce: (text) => this.announce(text),
    wait: (load) => this.waitFor(load),
    failed: (err) => this.emitError(err),
  });
  /** A chunk being loaded for the current screen (`updateComplete` waits for it). */
  private pending?: Promise<unknown> | undefined;
  private aborter = new AbortController();
  private loadSeq = 0;
  /** The second tick while a session runs (the expiry countdown and the expiry itself, a redirect notice). */
  private clockId: ReturnType<typeof setInterval> | undefined;
  private readyFired?: boolean;
  private lastScreen: string | null = null;
  private scrollCapture?: boolean;
  private focusHeading?: boolean;
  private disconnected?: boolean;
  private prefetching?: boolean;

  /** The live camera stream, if any (for tests and embedders that need to inspect it). */
  protected get cameraStream(): MediaStream | null {
    return this.later?.capture.stream ?? null;
  }

  /** Also waits for a chunk the current screen is loading, and for the render after it. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this.pending) {
      await this.pending.catch(() => undefined);
      done = await super.getUpdateComplete();
    }
    return done;
  }

  /** Runs `load` as the chunk the current screen waits for (see `getUpdateComplete`). */
  private waitFor<T>(load: Promise<T>): Promise<T> {
    const p = load.finally(() => {
      if (this.pending === p) this.pending = undefined;
    });
    this.pending = p;
    return p;
  }

  /** The deferred chunk: loaded once, then what runs the screens after consent is built from it. */
  private loadFlow(): Promise<Flow> {
    return loadFlow().then((flow) => {
      if (!this.flow) {
        this.flow = flow;
        addStyles(this, flow.laterStyles);
        this.later = new flow.FlowControl({
          element: this,
          machine: () => this.machine,
          replace: (state) => (this.machine = state),
          send: (event) => this.send(event),
          step: (event, attempt) => this.step(event, attempt),
          client: () => this.client,
          signal: () => this.aborter.signal,
          emitError: (err) => this.emitError(err),
          announce: (text) => this.announce(text),
          navigate: (url) => this.navigate(url),
          syncTimers: () => this.syncTimers(),
          autoCapture: () => this.autoCapture,
          redirect: () => this.redirect,
        });
      }
      return flow;
    });
  }

  /** Leaves the page for `url` (overridable, e.g. for a SPA router or tests). */
  protected navigate(url: string): void {
    location.assign(url);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('visibilitychange', this.onVisibility);
    if (this.disconnected) {
      this.disconnected = false;
      this.aborter = new AbortController();
      // Requests and the camera were stopped on disconnect: read the session again.
      if (this.token && !TERMINAL.has(this.machine.name)) this.loadSession();
      else this.syncTimers();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.disconnected = true;
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.aborter.abort();
    this.later?.stop();
    this.stopClock();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const screen = this.isHosted ? `hosted:${this.hosted.mode?.step ?? 'consent'}` : this.machine.name;
    if (screen !== this.lastScreen) {
      // The focus is lost when its screen goes away: move it to the next heading if it was inside
      // (or, leaving the hosted frame, if it was in the frame and fell back to the page's body).
      const active = document.activeElement;
      const fromFrame = this.lastScreen === 'hosted:frame' && (!active || active === document.body);
      this.focusHeading = this.lastScreen !== null && (this.matches(':focus-within') || fromFrame);
      this.scrollCapture = screen === 'live' || screen === 'document-live';
      this.lastScreen = screen;
    }
    if (changed.has('sessionUrl') && this.isHosted) this.hosted.mode?.reset();
    if (changed.has('locale')) void applyLocale(resolveLocale(this.locale), ageMessages);
    if ((changed.has('token') || changed.has('apiBase')) && this.isConnected) {
      this.aborter.abort();
      this.aborter = new AbortController();
      this.later?.stop();
      this.readyFired = false;
      this.client = this.token
        ? new AgeClient({
            token: this.token,
            baseUrl: this.apiBase || '',
            allowInsecureHttp: this.allowInsecureHttp,
            idempotencyKeys: this.idempotencyKeys,
          })
        : null;
      this.machine = { ...initialState };
      if (this.client) this.loadSession();
    }
  }

  protected override updated(): void {
    if (this.machine.name === 'consent' && !this.flow && !this.prefetching) {
      // The first screen is up: what comes after it downloads while the person reads.
      this.prefetching = true;
      whenIdle(() => void this.loadFlow().catch(() => (this.prefetching = false)));
    }
    if (this.flow) addStyles(this, this.flow.laterStyles);
    this.later?.capture.attachStream();
    if (this.focusHeading) {
      this.focusHeading = false;
      // Keep keyboard and screen-reader users in the flow: the new screen's heading takes the focus.
      this.renderRoot.querySelector<HTMLElement>('h2')?.focus({ preventScroll: this.scrollCapture });
    }
    if (this.scrollCapture) {
      this.scrollCapture = false;
      this.later?.capture.showCapture();
    }
    // WCAG 3.1.2: the host carries the language too, unless the page set its own.
    const lang = activeLocale();
    const own = this.getAttribute('lang');
    if ((own === null || own === this.hostLang) && own !== lang) {
      this.setAttribute('lang', lang);
      this.hostLang = lang;
    }
  }

  /** Puts `text` in the live region (a repeated text changes by a space, so it is read again). */
  private announce(text: string): void {
    if (!text) return;
    this.announcement = text === this.announcement ? `${text}\u00a0` : text;
  }

  // --- events -----------------------------------------------------------------------------------

  private emitError(err: unknown): void {
    emit(this, 'age-check-error', errorDetail(err));
  }

  // --- the machine and its effects ------------------------------------------------------------------

  /** The whole machine once the deferred chunk is here; before, its first-screen part (machine-first.ts). */
  private transition(state: MachineState, event: MachineEvent): MachineState {
    return (this.flow?.transition ?? firstTransition)(state, event);
  }

  /** Runs one machine step, then the effects of entering the new state. */
  protected send(event: MachineEvent): MachineState {
    return this.step(event, null);
  }

  /**
   * One machine step. An answered attempt (`attempt` set) fires `age-check-attempt` once the state has
   * moved and before the effects of the new state: the deciding attempt comes before
   * `age-check-complete`, a step-up attempt before `age-check-step-up`.
   */
  private step(event: MachineEvent, attempt: AgeCheckAttemptDetail['result'] | null): MachineState {
    const prev = this.machine;
    const next = this.transition(prev, event);
    if (next === prev) return prev;
    if (!this.flow && !FIRST_SCREENS.has(next.name)) {
      // The new state's screen and effects are in the deferred chunk: the step runs once it is here
      // (again from the state then current). If it cannot be downloaded, the load-failed error offers a reload.
      const signal = this.aborter.signal;
      void this.waitFor(this.loadFlow()).then(
        () => {
          if (!signal.aborted) this.step(event, attempt);
        },
        (err: unknown) => {
          if (signal.aborted) return;
          this.emitError(err);
          this.send({ type: 'HTTP_ERROR', status: 0, kind: 'network' });
        },
      );
      return prev;
    }
    this.machine = next;
    if (attempt)
      emit(this, 'age-check-attempt', { result: attempt, attemptsLeft: attemptsLeft(next.session) });
    if (prev.name !== next.name) this.enter(prev, next);
    return next;
  }

  /** The effects of entering `next`: the deferred part's (camera, outcome, redirect), then the session load. */
  private enter(prev: MachineState, next: MachineState): void {
    this.later?.enter(prev, next);
    if (next.name === 'loading') this.loadSession();
    this.syncTimers();
  }

  private loadSession(): void {
    const client = this.client;
    if (!client) return;
    if (this.machine.name !== 'loading') this.machine = { ...this.machine, name: 'loading', error: null };
    const seq = ++this.loadSeq;
    const signal = this.aborter.signal;
    const sessionLoaded = (session: CaptureSession): MachineEvent => ({ type: 'SESSION_LOADED', session });
    client
      .session({ signal })
      .then((session) =>
        // A session whose screen is not the consent screen (step-up, outcome...) waits for its chunk.
        this.flow || FIRST_SCREENS.has(this.transition(this.machine, sessionLoaded(session)).name)
          ? session
          : this.waitFor(this.loadFlow()).then(() => session),
      )
      .then(
        (session) => {
          if (seq !== this.loadSeq || signal.aborted) return;
          this.send(sessionLoaded(session));
          if (!this.readyFired) {
            this.readyFired = true;
            emit(this, 'age-check-ready', {
              status: session.status,
              step: session.step,
              attemptsLeft: attemptsLeft(session),
            });
          }
        },
        (err: unknown) => {
          if (seq !== this.loadSeq || signal.aborted) return;
          this.emitError(err);
          const e = err instanceof ApiError ? err : null;
          this.send({
            type: 'HTTP_ERROR',
            status: e?.status ?? 0,
            code: e?.code,
            kind: e?.kind ?? 'network',
          });
        },
      );
  }

  private onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.send({ type: 'PAGE_HIDDEN' });
    else this.send({ type: 'PAGE_VISIBLE' });
  };

  // --- timers -------------------------------------------------------------------------------------

  /** Ticks every second while a session runs or a redirect notice counts down (the first tick at once). */
  private syncTimers(): void {
    const session = this.machine.session;
    const wanted =
      this.isConnected &&
      ((session !== null && !TERMINAL.has(this.machine.name) && this.machine.name !== 'error') ||
        (this.later?.redirectAt ?? 0) > 0);
    if (!wanted) this.stopClock();
    else if (this.clockId === undefined) {
      this.clockId = setInterval(() => this.tick(), 1000);
      this.tick();
    }
  }

  private stopClock(): void {
    clearInterval(this.clockId);
    this.clockId = undefined;
  }

  private tick(): void {
    this.now = Date.now();
    const session = this.machine.session;
    if (session && !TERMINAL.has(this.machine.name) && this.now >= Date.parse(session.expires_at)) {
      this.send({ type: 'EXPIRED' });
    }
  }

  // --- rendering ----------------------------------------------------------------------------------

  override render(): TemplateResult {
    const lang = activeLocale();
    return html`<div part="root" class="root" lang=${lang} dir=${localeDir(lang)}>
      ${countdownLine(this.machine, this.now, this)} ${this.isHosted ? this.hosted.render() : this.screen()}
      <div part="announcer" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        ${this.announcement}
      </div>
    </div>`;
  }

  private screen(): TemplateResult {
    const m = this.machine;
    switch (m.name) {
      case 'loading':
        return loadingScreen();
      case 'consent':
        return consentScreen({
          minAge: m.session?.min_age ?? 18,
          attemptsUsed: m.session?.attempts_used ?? 0,
          attemptsLeft: attemptsLeft(m.session),
          privacyUrl: this.privacyUrl,
          onStart: () => this.send({ type: 'CONSENT' }),
        });
      case 'error':
        return errorScreen(
          this.machine.error,
          { retry: () => this.send({ type: 'RETRY' }), reload: () => this.send({ type: 'RELOAD' }) },
          this.flow?.captureErrorText,
        );
      default:
        // The machine enters the other states only once the deferred chunk is here (see `step`).
        return this.later ? this.later.render(m, this.sessionUrl, this.now) : loadingScreen();
    }
  }

  // --- hosted mode ---------------------------------------------------------------------------------

  /** Hosted mode: a session URL and no token (with a token, `session-url` only feeds the QR code). */
  private get isHosted(): boolean {
    return !this.token && !!this.sessionUrl;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'age-check': AgeCheckElement;
  }
}
