/**
 * The life of one `<age-check>`, as a Lit `ReactiveController` of the element: the client, the machine
 * (machine-session.ts; the whole machine, machine.ts, once the capture chunk is here), the session load,
 * the expiry clock, the live region, and the capture chunk (flow.ts: camera, uploads, outcome, redirect)
 * with what runs it (FlowControl), which it loads before the machine enters a state whose screen is in it.
 * The element keeps its properties and renders `screen()`; the capture part receives this runtime.
 */
import type { PropertyValues, ReactiveController, ReactiveElement, TemplateResult } from 'lit';
import { AgeClient } from '../api/age-client.ts';
import type { CaptureSession } from '../api/age.ts';
import { ApiError } from '../api/http.ts';
import { whenIdle } from '../api/load-chunk.ts';
import { activeLocale, applyLocale, resolveLocale } from '../i18n/index.ts';
import { messages as ageMessages } from '../i18n/generated/age/index.ts';
import { addStyles } from '../theme/style-nonce.ts';
import { loadFlow, type Flow } from './chunks.ts';
import { HostedLoader } from './hosted-loader.ts';
import { emit, errorDetail, type AgeCheckAttemptDetail } from './events.ts';
import type { FlowControl } from './flow-control.ts';
import {
  attemptsLeft,
  clockWanted,
  FIRST_SCREENS,
  screenKey,
  sessionTransition,
  initialState,
  TERMINAL,
  type MachineEvent,
  type MachineState,
} from './machine-session.ts';
import {
  consentScreen,
  COUNTDOWN_FROM_MS,
  countdownNotice,
  errorScreen,
  loadingScreen,
  type AgeTokenProvider,
} from './shell.ts';

/** The element's settings the runtime reads (its public properties). */
export interface AgeCheckSettings {
  readonly token: string;
  /** A new token before the session expires (what the countdown's announcement offers). */
  readonly tokenProvider: AgeTokenProvider | null;
  readonly apiBase: string;
  readonly allowInsecureHttp: boolean;
  readonly idempotencyKeys: boolean;
  readonly locale: string | null;
  readonly redirect: string | null;
  readonly autoCapture: boolean;
  readonly sessionUrl: string | null;
  readonly privacyUrl: string | null;
  readonly exitUrl: string | null;
  readonly exitLabel: string | null;
}

export class AgeCheckRuntime implements ReactiveController {
  /** The element (the capture part and hosted mode render into it and fire its events). */
  readonly host: ReactiveElement & AgeCheckSettings;
  /** The current second (the expiry countdown and a redirect notice). */
  now = Date.now();
  /** The text of the polite live region (attempt results and outcomes). */
  announcement = '';
  /** The machine's current state (set through `replace` and the machine's steps). */
  machine: MachineState = initialState;
  /** The session's client (null without a token). */
  client: AgeClient | null = null;
  /** The capture chunk (flow.ts) once loaded, and what runs the screens after consent, built from it. */
  private flow?: Flow;
  /** What runs the screens after consent (the capture chunk's), once it is here. */
  control?: FlowControl;
  /** Hosted mode (hosted.ts, loaded on demand). */
  readonly hosted: HostedLoader;
  /** A chunk being loaded for the current screen (the element's `updateComplete` waits for it). */
  pending?: Promise<unknown> | undefined;
  /** Aborted by a new token or service, and by the element's removal. */
  aborter = new AbortController();
  private loadSeq = 0;
  /** The second tick while a session runs (the expiry countdown and the expiry itself, a redirect notice). */
  private clockId: ReturnType<typeof setInterval> | undefined;
  private readyFired?: boolean;
  private lastScreen: string | null = null;
  private scrollCapture?: boolean;
  private focusHeading?: boolean;
  private disconnected?: boolean;
  private prefetching?: boolean;
  /** The `lang` the element put on its host (only when the page had set none). */
  private hostLang?: string;
  /** Leaves the page (the element's overridable `navigate`). */
  readonly leave: (url: string) => void;

  /** `navigate`: leaves the page (the element's overridable `navigate`). */
  constructor(element: ReactiveElement & AgeCheckSettings, navigate: (url: string) => void) {
    this.host = element;
    this.leave = navigate;
    this.hosted = new HostedLoader(this);
    element.addController(this);
  }

  // --- what the element and the capture part use ----------------------------------------------------

  /** Sets the machine's state without a transition (a step the machine does not model). */
  replace(state: MachineState): void {
    if (state === this.machine) return;
    this.machine = state;
    this.host.requestUpdate();
  }
  /** Hosted mode: a session URL and no token (with a token, `session-url` only feeds the QR code). */
  get isHosted(): boolean {
    return !this.host.token && !!this.host.sessionUrl;
  }

  /** Puts `text` in the live region (a repeated text changes by a space, so it is read again). */
  announce(text: string): void {
    if (!text) return;
    this.announcement = text === this.announcement ? `${text}\u00a0` : text;
    this.host.requestUpdate();
  }

  emitError(err: unknown): void {
    emit(this.host, 'age-check-error', errorDetail(err));
  }

  /** Runs `load` as the chunk the current screen waits for (see the element's `getUpdateComplete`). */
  waitFor<T>(load: Promise<T>): Promise<T> {
    const p = load.finally(() => {
      if (this.pending === p) this.pending = undefined;
    });
    this.pending = p;
    return p;
  }

  // --- the element's life ----------------------------------------------------------------------------

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
    if (this.disconnected) {
      this.disconnected = false;
      this.aborter = new AbortController();
      // Requests and the camera were stopped on disconnect: read the session again.
      if (this.host.token && !TERMINAL.has(this.machine.name)) this.loadSession();
      else this.syncTimers();
    }
  }

  hostDisconnected(): void {
    this.disconnected = true;
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.aborter.abort();
    this.control?.stop();
    this.stopClock();
  }

  /** The element's `willUpdate`: the focus follows a new screen; a new token or service starts again. */
  settingsChanged(changed: PropertyValues<AgeCheckSettings>): void {
    const el = this.host;
    const screen = screenKey(this.isHosted, this.hosted.mode?.step, this.machine.name);
    if (screen !== this.lastScreen) {
      // The focus is lost when its screen goes away: move it to the next heading if it was inside
      // (or, leaving the hosted frame, if it was in the frame and fell back to the page's body).
      const active = document.activeElement;
      const fromFrame = this.lastScreen === 'hosted:frame' && (!active || active === document.body);
      this.focusHeading = this.lastScreen !== null && (el.matches(':focus-within') || fromFrame);
      this.scrollCapture = screen === 'live' || screen === 'document-live';
      this.lastScreen = screen;
    }
    if (changed.has('sessionUrl') && this.isHosted) this.hosted.mode?.reset();
    if (changed.has('locale')) void applyLocale(resolveLocale(el.locale), ageMessages);
    if ((changed.has('token') || changed.has('apiBase')) && el.isConnected) {
      this.aborter.abort();
      this.aborter = new AbortController();
      this.control?.stop();
      this.readyFired = false;
      this.client = el.token
        ? new AgeClient({
            token: el.token,
            baseUrl: el.apiBase || '',
            allowInsecureHttp: el.allowInsecureHttp,
            idempotencyKeys: el.idempotencyKeys,
          })
        : null;
      this.machine = { ...initialState };
      if (this.client) this.loadSession();
    }
  }

  hostUpdated(): void {
    const el = this.host;
    if (this.machine.name === 'consent' && !this.flow && !this.prefetching) {
      // The first screen is up: what comes after it downloads while the person reads.
      this.prefetching = true;
      whenIdle(() => void this.loadFlow().catch(() => (this.prefetching = false)));
    }
    if (this.flow) addStyles(el, this.flow.screenStyles);
    this.control?.capture.attachStream();
    if (this.focusHeading) {
      this.focusHeading = false;
      // Keep keyboard and screen-reader users in the flow: the new screen's heading takes the focus.
      el.renderRoot.querySelector<HTMLElement>('h2')?.focus({ preventScroll: this.scrollCapture });
    }
    if (this.scrollCapture) {
      this.scrollCapture = false;
      this.control?.capture.showCapture();
    }
    // WCAG 3.1.2: the host carries the language too, unless the page set its own.
    const lang = activeLocale();
    const own = el.getAttribute('lang');
    if ((own === null || own === this.hostLang) && own !== lang) {
      el.setAttribute('lang', lang);
      this.hostLang = lang;
    }
  }

  // --- the machine and its effects ------------------------------------------------------------------

  /** The capture chunk: loaded once, then what runs the screens after consent is built from it. */
  private loadFlow(): Promise<Flow> {
    return loadFlow().then((flow) => {
      if (!this.flow) {
        this.flow = flow;
        addStyles(this.host, flow.screenStyles);
        this.control = flow.flowControl(this);
      }
      return flow;
    });
  }

  /** The whole machine once the capture chunk is here; before, its session part (machine-session.ts). */
  private transition(state: MachineState, event: MachineEvent): MachineState {
    return (this.flow?.transition ?? sessionTransition)(state, event);
  }

  /** Runs one machine step, then the effects of entering the new state. */
  send(event: MachineEvent): MachineState {
    return this.step(event, null);
  }

  /**
   * One machine step. An answered attempt (`attempt` set) fires `age-check-attempt` once the state has
   * moved and before the effects of the new state: the deciding attempt comes before
   * `age-check-complete`, a step-up attempt before `age-check-step-up`.
   */
  step(event: MachineEvent, attempt: AgeCheckAttemptDetail['result'] | null): MachineState {
    const prev = this.machine;
    const next = this.transition(prev, event);
    if (next === prev) return prev;
    if (!this.flow && !FIRST_SCREENS.has(next.name)) {
      // The new state's screen and effects are in the capture chunk: the step runs once it is here
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
    this.replace(next);
    if (attempt)
      emit(this.host, 'age-check-attempt', { result: attempt, attemptsLeft: attemptsLeft(next.session) });
    if (prev.name !== next.name) this.enter(prev, next);
    return next;
  }

  /** The effects of entering `next`: the capture part's (camera, outcome, redirect), then the session load. */
  private enter(prev: MachineState, next: MachineState): void {
    this.control?.enter(prev, next);
    if (next.name === 'loading') this.loadSession();
    this.syncTimers();
  }

  private loadSession(): void {
    const client = this.client;
    if (!client) return;
    if (this.machine.name !== 'loading') this.replace({ ...this.machine, name: 'loading', error: null });
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
            emit(this.host, 'age-check-ready', {
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

  // --- the clock -------------------------------------------------------------------------------------

  /** Ticks every second while a session runs or a redirect notice counts down (the first tick at once). */
  syncTimers(): void {
    if (!clockWanted(this.host.isConnected, this.machine, this.control?.redirectAt ?? 0)) this.stopClock();
    else if (this.clockId === undefined) {
      this.clockId = setInterval(() => this.tick(), 1000);
      this.tick();
    }
  }

  private stopClock(): void {
    clearInterval(this.clockId);
    this.clockId = undefined;
  }

  /** The session whose countdown was announced, and how far (1: it appeared, 2: its last minute). */
  private warned: { expires: string; phase: 0 | 1 | 2 } = { expires: '', phase: 0 };

  private tick(): void {
    this.now = Date.now();
    this.host.requestUpdate();
    const m = this.machine;
    if (m.session && !TERMINAL.has(m.name)) {
      // The countdown is announced twice (it appears; its last minute), never each second or minute.
      const left = Date.parse(m.session.expires_at) - this.now;
      const phase = left <= 0 ? 0 : left <= 60_000 ? 2 : left <= COUNTDOWN_FROM_MS ? 1 : 0;
      if (this.warned.expires !== m.session.expires_at)
        this.warned = { expires: m.session.expires_at, phase: 0 };
      if (phase > this.warned.phase) {
        this.warned.phase = phase;
        this.announce(countdownNotice(phase as 1 | 2, this.host));
      }
    }
    if (m.session && !TERMINAL.has(m.name) && this.now >= Date.parse(m.session.expires_at))
      this.send({ type: 'EXPIRED' });
  }

  // --- the screens -----------------------------------------------------------------------------------

  /** The screen of the machine's state (hosted mode's when hosted). */
  screen(): TemplateResult {
    if (this.isHosted) return this.hosted.render();
    const m = this.machine;
    switch (m.name) {
      case 'loading':
        return loadingScreen();
      case 'consent':
        return consentScreen({
          minAge: m.session?.min_age ?? 18,
          attemptsUsed: m.session?.attempts_used ?? 0,
          attemptsLeft: attemptsLeft(m.session),
          privacyUrl: this.host.privacyUrl,
          onStart: () => this.send({ type: 'CONSENT' }),
        });
      case 'error':
        return errorScreen(m.error, (type) => this.send({ type }), this.flow?.captureErrorText);
      default:
        // The machine enters the other states only once the capture chunk is here (see `step`).
        return this.control ? this.control.render(m, this.host.sessionUrl, this.now) : loadingScreen();
    }
  }
}
