import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { AgeClient } from '../api/age-client.ts';
import type { AgeOutcome, CaptureSession } from '../api/age.ts';
import { ApiError } from '../api/http.ts';
import { chunkLoader } from '../api/load-chunk.ts';
import { applyLocale, resolveLocale } from '../i18n/index.ts';
import { messages as ageMessages } from '../i18n/generated/age/index.ts';
import type { CameraError } from './camera.ts';
import {
  attemptsLeft,
  CAMERA_STATES,
  initialState,
  outcomeOf,
  resultFromSession,
  safeRedirect,
  TERMINAL,
  transition,
  type CameraFailure,
  type MachineEvent,
  type MachineState,
  type StateName,
} from './machine.ts';
import { attemptsText, button, heading } from './parts.ts';
import type { CaptureHost } from './screens.ts';
import { ageCheckStyles } from './styles.ts';
import { withStyleNonce } from '../theme/style-nonce.ts';

/*
 * The camera, image compression and QR code load on first use, as chunks of their own: an embed that
 * never reaches the capture step downloads none of them.
 */
const loadCamera = () => import('./camera.ts');
const loadCapture = () => import('./capture.ts');
const loadQr = () => import('./qr.ts');

/** The screens after consent (screens.ts), loaded with the session. */
const loadScreens = chunkLoader(
  () => import('./screens.ts'),
  'Part of the age check could not be downloaded.',
);
const stopStream = (stream: MediaStream | null | undefined) => stream?.getTracks().forEach((t) => t.stop());
const isCameraError = (err: unknown): err is CameraError =>
  err instanceof Error && err.name === 'CameraError' && 'reason' in err;

export interface AgeCheckReadyDetail {
  status: CaptureSession['status'];
  step: CaptureSession['step'];
  attemptsLeft: number;
}
export interface AgeCheckAttemptDetail {
  result: 'DECIDED' | 'RETRY' | 'STEP_UP';
  attemptsLeft: number;
}
export interface AgeCheckCompleteDetail {
  outcome: AgeOutcome;
  /** Present only when the session has a redirect that is safe to follow. */
  redirectUrl?: string;
}
export interface AgeCheckErrorDetail {
  /** `ApiError` kind (`http`, `network`, `timeout`, `invalid-response`) or `image`. */
  kind: string;
  status: number;
  code: string | null;
  message: string;
}
export interface AgeCheckCameraFallbackDetail {
  reason: CameraFailure;
}

/** Seconds before a safe redirect is followed. */
export const REDIRECT_DELAY_S = 3;
/** The expiry countdown shows in the last five minutes. */
export const COUNTDOWN_FROM_MS = 5 * 60 * 1000;
/** Seconds of the automatic-capture countdown. */
export const AUTO_CAPTURE_S = 3;

const SELFIE_LONG_SIDE = 640;
const DOCUMENT_LONG_SIDE = 1024;

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Age-estimation capture: consent, live selfie with a face guide, upload, outcome, document step-up,
 * and a file + QR fallback whenever the camera cannot be used.
 *
 * @tagname age-check
 * @attr token - the age-estimation session token (property `token`)
 * @attr api-base - base URL of the service (property `apiBase`), e.g. `/sandbox`
 * @attr locale - UI language (BCP 47); otherwise the browser's languages, else English
 * @attr redirect - `none` to never navigate after the outcome (handle `age-check-complete` instead)
 * @attr auto-capture - take the photo automatically after a 3-second countdown
 * @attr session-url - URL shown as a QR code in the fallback (default: `location.href`)
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
 * @csspart status - the visually hidden live region
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
 * @cssproperty --age-check-font-size - base font size (default 1rem)
 * @cssproperty --age-check-radius - corner radius (default 0.5rem)
 * @cssproperty --age-check-space - base spacing (default 1rem)
 * @cssproperty --age-check-focus-ring - focus box-shadow (default a 3px white + 3px primary ring)
 * @cssproperty --age-check-max-width - maximum width (default 32rem)
 */
@localized()
export class AgeCheckElement extends LitElement {
  static override styles = ageCheckStyles;

  /** The fallback `<style>` elements (no constructable stylesheets) carry the `nonce` attribute's value. */
  protected override createRenderRoot() {
    return withStyleNonce(this, () => super.createRenderRoot());
  }

  /** The age-estimation session token. Never placed in an event. */
  @property() token = '';
  /** Base URL of the service (`api-base`). */
  @property({ attribute: 'api-base' }) apiBase = '';
  /** UI language; see `resolveLocale`. */
  @property() locale: string | null = null;
  /** `none`: never navigate after the outcome. */
  @property() redirect: string | null = null;
  /** Take the photo automatically after a short countdown. */
  @property({ type: Boolean, attribute: 'auto-capture' }) autoCapture = false;
  /** URL encoded in the fallback QR code (default: `location.href`). */
  @property({ attribute: 'session-url' }) sessionUrl: string | null = null;

  /** The machine's current state (read-only for embedders; tests inspect it). */
  @state() protected machine: MachineState = initialState;
  @state() protected now = Date.now();
  @state() private autoCount = 0;
  @state() private _qr: { url: string; svg: TemplateResult } | null = null;
  #qrLoading: string | null = null;
  @state() private redirectAt = 0;

  #client: AgeClient | null = null;
  #screens: typeof import('./screens.ts') | null = null;
  /** What the capture screens may do (see screens.ts). */
  readonly #actions: Omit<CaptureHost, 'autoCount' | 'sessionUrl'> = {
    send: (event) => this.send(event),
    capture: () => void this.#captureFrame(),
    chooseFile: (event) => void this.#onFile(event),
    upload: () => void this.#upload(),
    qr: (url) => this.#qr(url),
  };
  #abort = new AbortController();
  #stream: MediaStream | null = null;
  #cameraSeq = 0;
  #loadSeq = 0;
  #clock: ReturnType<typeof setInterval> | undefined;
  #autoTimer: ReturnType<typeof setInterval> | undefined;
  #redirectTimer: ReturnType<typeof setTimeout> | undefined;
  #images: { selfie?: Blob | undefined; front?: Blob | undefined; back?: Blob | undefined } = {};
  #readyFired = false;
  #lastScreen: StateName | null = null;
  #focusHeading = false;
  #disconnected = false;

  /** The live camera stream, if any (for tests and embedders that need to inspect it). */
  protected get cameraStream(): MediaStream | null {
    return this.#stream;
  }

  /** Leaves the page for `url` (overridable, e.g. for a SPA router or tests). */
  protected navigate(url: string): void {
    location.assign(url);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('visibilitychange', this.#onVisibility);
    if (this.#disconnected) {
      this.#disconnected = false;
      this.#abort = new AbortController();
      // Requests and the camera were stopped on disconnect: read the session again.
      if (this.token && !TERMINAL.has(this.machine.name)) this.#load();
      else this.#syncTimers();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#disconnected = true;
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#abort.abort();
    this.#stopCamera();
    this.#clearAuto();
    this.#clearRedirect();
    this.#stopClock();
    this.#dropImages();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.machine.name !== this.#lastScreen) {
      // The focus is lost when its screen goes away: move it to the next heading if it was inside.
      this.#focusHeading = this.#lastScreen !== null && this.matches(':focus-within');
      this.#lastScreen = this.machine.name;
    }
    if (changed.has('locale')) void applyLocale(resolveLocale(this.locale), ageMessages);
    if ((changed.has('token') || changed.has('apiBase')) && this.isConnected) {
      this.#abort.abort();
      this.#abort = new AbortController();
      this.#stopCamera();
      this.#clearAuto();
      this.#clearRedirect();
      this.#dropImages();
      this.#readyFired = false;
      this.#client = this.token ? new AgeClient({ token: this.token, baseUrl: this.apiBase || '' }) : null;
      this.machine = { ...initialState };
      if (this.#client) this.#load();
    }
  }

  protected override updated(): void {
    const video = this.renderRoot.querySelector('video');
    if (video && this.#stream && video.srcObject !== this.#stream) {
      video.srcObject = this.#stream;
      video.play().catch(() => undefined);
    }
    if (this.#focusHeading) {
      this.#focusHeading = false;
      // Keep keyboard and screen-reader users in the flow: the new screen's heading takes the focus.
      this.renderRoot.querySelector<HTMLElement>('h2')?.focus();
    }
  }

  // --- events -----------------------------------------------------------------------------------

  #emit<K extends keyof AgeCheckEventMap>(type: K, detail: AgeCheckEventMap[K]['detail']): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #emitError(err: unknown): void {
    if (err instanceof ApiError) {
      this.#emit('age-check-error', {
        kind: err.kind,
        status: err.status,
        code: err.code ?? err.identifier ?? null,
        message: err.message,
      });
    } else {
      this.#emit('age-check-error', {
        kind: 'image',
        status: 0,
        code: null,
        message: err instanceof Error ? err.message : String(err),
      });
    }
  }

  // --- the machine and its effects ------------------------------------------------------------------

  /** Runs one machine step, then the effects of entering the new state. */
  protected send(event: MachineEvent): MachineState {
    const prev = this.machine;
    const next = transition(prev, event);
    if (next === prev) return prev;
    this.machine = next;
    if (prev.name !== next.name) this.#enter(prev, next);
    return next;
  }

  #enter(prev: MachineState, next: MachineState): void {
    const cameraKept = next.name === 'camera-starting' || CAMERA_STATES.has(next.name);
    if (!cameraKept) this.#stopCamera();
    if (!CAMERA_STATES.has(next.name)) this.#clearAuto();
    switch (next.name) {
      case 'loading':
        this.#load();
        break;
      case 'camera-starting':
        void this.#startCamera();
        break;
      case 'live':
      case 'document-live':
        if (this.autoCapture) this.#startAuto();
        break;
      case 'step-up':
        if (prev.name === 'uploading') this.#emit('age-check-step-up', {});
        break;
      case 'done':
      case 'locked':
      case 'completed-already':
        this.#finish(next);
        break;
      case 'expired':
        this.#dropImages();
        break;
      default:
        break;
    }
    this.#syncTimers();
  }

  #finish(next: MachineState): void {
    this.#dropImages();
    const outcome = outcomeOf(next);
    const url = safeRedirect(next.session?.redirect_url);
    if (outcome && next.name !== 'completed-already') {
      this.#emit('age-check-complete', url ? { outcome, redirectUrl: url } : { outcome });
    }
    if (url && next.name !== 'completed-already' && this.redirect !== 'none') {
      this.redirectAt = Date.now() + REDIRECT_DELAY_S * 1000;
      this.#clearRedirect(false);
      this.#redirectTimer = setTimeout(() => {
        this.#redirectTimer = undefined;
        this.redirectAt = 0;
        this.#syncTimers();
        this.navigate(url);
      }, REDIRECT_DELAY_S * 1000);
    }
  }

  #load(): void {
    const client = this.#client;
    if (!client) return;
    if (this.machine.name !== 'loading') this.machine = { ...this.machine, name: 'loading', error: null };
    const seq = ++this.#loadSeq;
    const signal = this.#abort.signal;
    Promise.all([client.session({ signal }), loadScreens()]).then(
      ([session, loaded]) => {
        if (seq !== this.#loadSeq || signal.aborted) return;
        this.#screens = loaded;
        this.send({ type: 'SESSION_LOADED', session });
        if (!this.#readyFired) {
          this.#readyFired = true;
          this.#emit('age-check-ready', {
            status: session.status,
            step: session.step,
            attemptsLeft: attemptsLeft(session),
          });
        }
      },
      (err: unknown) => {
        if (seq !== this.#loadSeq || signal.aborted) return;
        this.#emitError(err);
        const e = err instanceof ApiError ? err : null;
        this.send({ type: 'HTTP_ERROR', status: e?.status ?? 0, code: e?.code, kind: e?.kind ?? 'network' });
      },
    );
  }

  // --- camera -------------------------------------------------------------------------------------

  async #startCamera(): Promise<void> {
    const seq = ++this.#cameraSeq;
    const facing = this.machine.target === 'document' ? 'environment' : 'user';
    try {
      const { openCamera } = await loadCamera();
      const stream = await openCamera(facing);
      if (seq !== this.#cameraSeq || this.machine.name !== 'camera-starting' || !this.isConnected) {
        stopStream(stream);
        return;
      }
      this.#stream = stream;
      // The camera may drop (unplugged, taken by another app): fall back instead of a dead end.
      // The listener goes with the element's abort signal: a stopped track keeping it would retain the
      // whole element after removal (found by test/node/hardening-leaks.test.ts).
      for (const track of stream.getVideoTracks()) {
        track.addEventListener(
          'ended',
          () => {
            if (this.#stream !== stream) return;
            this.#stream = null;
            if (CAMERA_STATES.has(this.machine.name)) {
              this.machine = { ...this.machine, name: 'camera-starting' };
              this.send({ type: 'CAMERA_FAILED', reason: 'busy' });
              this.#emit('age-check-camera-fallback', { reason: 'busy' });
            }
          },
          { signal: this.#abort.signal },
        );
      }
      this.send({ type: 'CAMERA_READY' });
    } catch (err) {
      if (seq !== this.#cameraSeq || this.machine.name !== 'camera-starting') return;
      const reason: CameraFailure = isCameraError(err) ? err.reason : 'busy';
      this.send({ type: 'CAMERA_FAILED', reason });
      this.#emit('age-check-camera-fallback', { reason });
    }
  }

  #stopCamera(): void {
    if (!this.#stream) return;
    const stream = this.#stream;
    this.#stream = null;
    stopStream(stream);
    const video = this.renderRoot?.querySelector('video');
    if (video) video.srcObject = null;
  }

  #onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.send({ type: 'PAGE_HIDDEN' });
    else this.send({ type: 'PAGE_VISIBLE' });
  };

  #startAuto(): void {
    this.#clearAuto();
    this.autoCount = AUTO_CAPTURE_S;
    this.#autoTimer = setInterval(() => {
      this.autoCount -= 1;
      if (this.autoCount <= 0) {
        this.#clearAuto();
        void this.#captureFrame();
      }
    }, 1000);
  }

  #clearAuto(): void {
    if (this.#autoTimer !== undefined) clearInterval(this.#autoTimer);
    this.#autoTimer = undefined;
    this.autoCount = 0;
  }

  // --- capture and upload -------------------------------------------------------------------------

  async #captureFrame(): Promise<void> {
    const name = this.machine.name;
    if (name !== 'live' && name !== 'document-live') return;
    this.#clearAuto();
    const video = this.renderRoot.querySelector('video');
    if (!video) return;
    const [{ videoReady }, { centreCrop, compressImage }] = await Promise.all([loadCamera(), loadCapture()]);
    await videoReady(video);
    if (this.machine.name !== name) return;
    const w = video.videoWidth;
    const h = video.videoHeight;
    const target = this.machine.target;
    // Copy the frame (the crop around the guide for selfies), then stop the camera.
    const crop = target === 'selfie' ? centreCrop(w, h, 3 / 4) : { x: 0, y: 0, width: w, height: h };
    const frame = document.createElement('canvas');
    frame.width = Math.max(0, crop.width);
    frame.height = Math.max(0, crop.height);
    frame
      .getContext('2d')
      ?.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, crop.width, crop.height);
    this.send({ type: 'CAPTURE' });
    try {
      const blob = await compressImage(frame, frame.width, frame.height, {
        maxLongSide: target === 'selfie' ? SELFIE_LONG_SIDE : DOCUMENT_LONG_SIDE,
      });
      this.#captured(blob);
    } catch (err) {
      this.#emitError(err);
      this.send({ type: 'CAPTURE_FAILED' });
    } finally {
      frame.width = 0;
      frame.height = 0;
    }
  }

  async #onFile(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file || this.machine.name !== 'fallback') return;
    const target = this.machine.target;
    this.send({ type: 'CAPTURE' });
    try {
      const { compressFile } = await loadCapture();
      const blob = await compressFile(file, {
        maxLongSide: target === 'selfie' ? SELFIE_LONG_SIDE : DOCUMENT_LONG_SIDE,
      });
      this.#captured(blob);
    } catch (err) {
      this.#emitError(err);
      this.send({ type: 'CAPTURE_FAILED' });
    }
  }

  #captured(blob: Blob): void {
    if (this.machine.name !== 'capturing') return;
    if (this.machine.target === 'selfie') this.#images = { selfie: blob };
    else if (this.machine.side === 'front') this.#images = { front: blob };
    else this.#images = { ...this.#images, back: blob };
    const next = this.send({ type: 'CAPTURED' });
    if (next.name === 'uploading') void this.#upload();
  }

  #dropImages(): void {
    this.#images = {};
  }

  /** Sends the captured image(s) once; re-sends the same image once when the request never arrived. */
  async #upload(): Promise<void> {
    const client = this.#client;
    const before = this.machine.session;
    if (!client || !before) return;
    const signal = this.#abort.signal;
    const target = this.machine.target;
    const images = this.#images;
    const onUploadProgress = (fraction: number) => {
      if (!signal.aborted) this.send({ type: 'UPLOAD_PROGRESS', fraction });
    };
    let attempt: () => ReturnType<AgeClient['selfie']>;
    try {
      const { blobToBase64 } = await loadCapture();
      if (target === 'selfie') {
        if (!images.selfie) throw new Error('No photo was taken.');
        const image = await blobToBase64(images.selfie);
        attempt = () => client.selfie(image, { signal, onUploadProgress });
      } else {
        if (!images.front) throw new Error('No photo was taken.');
        const front = await blobToBase64(images.front);
        const back = images.back ? await blobToBase64(images.back) : null;
        attempt = () => client.document(front, back, { signal, onUploadProgress });
      }
    } catch (err) {
      this.#dropImages();
      this.#emitError(err);
      this.machine = { ...this.machine, name: 'capturing' };
      this.send({ type: 'CAPTURE_FAILED' });
      return;
    }
    let resent = false;
    try {
      for (;;) {
        try {
          const response = await attempt();
          if (signal.aborted) return;
          const next = this.send({ type: 'ATTEMPT_RESULT', response });
          this.#emit('age-check-attempt', {
            result: response.attempt.result,
            attemptsLeft: attemptsLeft(next.session),
          });
          return;
        } catch (err) {
          if (signal.aborted || (err instanceof ApiError && err.kind === 'aborted')) return;
          const e = err instanceof ApiError ? err : null;
          if (!resent && (e?.kind === 'network' || e?.kind === 'timeout')) {
            resent = true;
            // Did the attempt reach the service after all? Only re-send when nothing changed.
            const now = await client.session({ signal }).catch(() => null);
            if (signal.aborted) return;
            if (
              now &&
              now.attempts_used === before.attempts_used &&
              now.step === before.step &&
              now.status === before.status
            ) {
              this.send({ type: 'UPLOAD_PROGRESS', fraction: 0 });
              continue;
            }
            if (now) {
              const next = this.send({ type: 'SESSION_LOADED', session: now });
              this.#emit('age-check-attempt', {
                result: resultFromSession(now),
                attemptsLeft: attemptsLeft(next.session),
              });
              return;
            }
          }
          this.#emitError(err);
          this.send({
            type: 'HTTP_ERROR',
            status: e?.status ?? 0,
            code: e?.code,
            kind: e?.kind ?? 'network',
          });
          return;
        }
      }
    } finally {
      // The image is sent once per attempt and then forgotten.
      this.#dropImages();
    }
  }

  // --- timers -------------------------------------------------------------------------------------

  #syncTimers(): void {
    const session = this.machine.session;
    const wanted =
      this.isConnected &&
      ((session !== null && !TERMINAL.has(this.machine.name) && this.machine.name !== 'error') ||
        this.redirectAt > 0);
    if (wanted && this.#clock === undefined) {
      this.now = Date.now();
      this.#clock = setInterval(() => this.#tick(), 1000);
      this.#tick();
    } else if (!wanted) this.#stopClock();
  }

  #tick(): void {
    this.now = Date.now();
    const session = this.machine.session;
    if (session && !TERMINAL.has(this.machine.name) && this.now >= Date.parse(session.expires_at)) {
      this.send({ type: 'EXPIRED' });
    }
  }

  #stopClock(): void {
    if (this.#clock !== undefined) clearInterval(this.#clock);
    this.#clock = undefined;
  }

  #clearRedirect(reset = true): void {
    if (this.#redirectTimer !== undefined) clearTimeout(this.#redirectTimer);
    this.#redirectTimer = undefined;
    if (reset) this.redirectAt = 0;
  }

  // --- rendering ----------------------------------------------------------------------------------

  #countdown(): TemplateResult | typeof nothing {
    const session = this.machine.session;
    if (!session || TERMINAL.has(this.machine.name)) return nothing;
    const remaining = Date.parse(session.expires_at) - this.now;
    if (!(remaining <= COUNTDOWN_FROM_MS) || remaining <= 0) return nothing;
    const secs = Math.ceil(remaining / 1000);
    const mins = Math.ceil(secs / 60);
    return html`<p part="countdown" class="countdown" role="timer" aria-label=${msg('Time left')}>
        ${msg(str`Link expires in ${Math.floor(secs / 60)}:${pad2(secs % 60)}`)}
      </p>
      <p class="visually-hidden" aria-live="polite">
        ${mins <= 1 ? msg('Less than a minute left') : msg(str`Minutes left: ${mins}`)}
      </p>`;
  }

  override render(): TemplateResult {
    return html`<div part="root" class="root">${this.#countdown()} ${this.#screen()}</div>`;
  }

  #screen(): TemplateResult {
    const m = this.machine;
    switch (m.name) {
      case 'loading':
        return this.#loadingScreen();
      case 'consent':
        return this.#consent();
      case 'camera-starting':
      case 'live':
      case 'document-live':
      case 'capturing':
      case 'uploading':
      case 'retry':
      case 'step-up':
      case 'document-review':
      case 'paused':
      case 'fallback':
        // The screens load with the session, so they are here whenever the machine reaches these states.
        return this.#screens
          ? this.#screens.captureScreen(m, {
              ...this.#actions,
              autoCount: this.autoCount,
              sessionUrl: this.sessionUrl,
            })
          : this.#loadingScreen();
      case 'done':
      case 'locked':
      case 'completed-already':
        return this.#outcome();
      case 'expired':
        return html`${heading(msg('This link has expired'))}
          <div part="outcome" class="outcome warning">
            <p>${msg('The time for this age check has run out. Ask for a new link to try again.')}</p>
          </div>`;
      case 'error':
        return this.#error();
    }
  }

  #loadingScreen(): TemplateResult {
    return html`${heading(msg('Age check'))}
      <div class="spinner" aria-hidden="true"></div>
      <p role="status" part="status">${msg('Loading…')}</p>`;
  }

  #consent(): TemplateResult {
    const left = attemptsLeft(this.machine.session);
    const minAge = this.machine.session?.min_age ?? 18;
    return html`${heading(msg('Confirm your age with a selfie'))}
      <div part="consent" class="consent" id="consent-text">
        <p>
          ${msg(str`We estimate your age from one photo of your face to check that you are at least ${minAge}.`)}
        </p>
        <p>${msg('The photo is used only for this check. It is not shown to anyone else.')}</p>
        <ul>
          <li>${msg('Find good, even light and face the camera.')}</li>
          <li>${msg('Remove sunglasses, hats and masks.')}</li>
          <li>${msg('Keep your face inside the oval.')}</li>
        </ul>
        <p class="muted">
          ${msg('By selecting “Agree and start” you agree that your photo is analysed for this age check.')}
        </p>
      </div>
      ${
        this.machine.session && this.machine.session.attempts_used > 0
          ? html`<p part="attempts" class="attempts">${attemptsText(left)}</p>`
          : nothing
      }
      <div class="actions">
        <button
          type="button"
          part="button primary-button start-button"
          class="primary"
          aria-describedby="consent-text"
          @click=${() => this.send({ type: 'CONSENT' })}
        >
          ${msg('Agree and start')}
        </button>
      </div>`;
  }

  /** The QR code of `url`, rendered once its module has loaded. */
  #qr(url: string): TemplateResult | typeof nothing {
    if (this._qr?.url === url) return this._qr.svg;
    if (this.#qrLoading !== url) {
      this.#qrLoading = url;
      loadQr()
        .then(({ qrSvg }) => {
          if (this.#qrLoading === url) this._qr = { url, svg: qrSvg(url) };
        })
        .catch(() => {
          this.#qrLoading = null; // shown without a code; the file input still works
        });
    }
    return nothing;
  }

  #outcome(): TemplateResult {
    const m = this.machine;
    const outcome = outcomeOf(m);
    let title: string;
    let text: string;
    let tone: string;
    switch (outcome) {
      case 'SUCCESS':
        title = msg('Age confirmed');
        text = msg('Thank you. Your age check is complete.');
        tone = 'success';
        break;
      case 'UNDERAGE':
        title = msg('Age requirement not met');
        text = msg('You do not meet the minimum age for this service.');
        tone = 'failure';
        break;
      case 'UNCERTAIN':
        title = msg('We could not confirm your age');
        text = msg('Your age could not be confirmed with enough certainty.');
        tone = 'warning';
        break;
      case 'ATTEMPTS_EXCEEDED':
        title = msg('Too many attempts');
        text = msg(
          'The age check is locked because all attempts were used. Ask for a new link to try again.',
        );
        tone = 'failure';
        break;
      default:
        title = msg('Age check complete');
        text = msg('This age check has already been completed.');
        tone = 'success';
    }
    const already = m.name === 'completed-already';
    const url = safeRedirect(m.session?.redirect_url);
    const showRedirect = url !== null && this.redirect !== 'none';
    const secs = this.redirectAt > 0 ? Math.max(0, Math.ceil((this.redirectAt - this.now) / 1000)) : 0;
    return html`${heading(already ? msg('Age check already completed') : title)}
      <div part="outcome" class="outcome ${tone}" data-outcome=${outcome ?? nothing}>
        ${already ? html`<p>${msg('This age check has already been completed.')}</p>` : nothing}
        <p>${already && outcome ? title : text}</p>
      </div>
      ${
        showRedirect && url
          ? html`<div part="redirect" class="redirect">
              ${
                this.redirectAt > 0
                  ? html`<p role="status">${msg(str`Continuing in ${secs} s…`)}</p>`
                  : nothing
              }
              <a part="redirect-link" class="link-button" href=${url}>${msg('Continue now')}</a>
            </div>`
          : nothing
      }`;
  }

  #error(): TemplateResult {
    const err = this.machine.error;
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
      case 'network':
        text = msg('The photo could not be sent. Check your connection and try again. No attempt was used.');
        break;
      case 'server':
        text = msg('The service is not available right now. Try again in a moment. No attempt was used.');
        break;
      case 'image':
        text = msg('The photo could not be read. Try again with another photo.');
        break;
      default:
        text = msg('The request could not be completed. Reload the age check to continue.');
    }
    return html`${heading(title)}
      <p part="error" class="error-text" role="alert">${text}</p>
      ${
        err?.recovery === 'capture'
          ? html`<div class="actions">${button(msg('Try again'), () => this.send({ type: 'RETRY' }))}</div>`
          : err?.recovery === 'reload'
            ? html`<div class="actions">${button(msg('Reload'), () => this.send({ type: 'RELOAD' }))}</div>`
            : nothing
      }`;
  }
}

export interface AgeCheckEventMap {
  'age-check-ready': CustomEvent<AgeCheckReadyDetail>;
  'age-check-attempt': CustomEvent<AgeCheckAttemptDetail>;
  'age-check-step-up': CustomEvent<Record<string, never>>;
  'age-check-complete': CustomEvent<AgeCheckCompleteDetail>;
  'age-check-error': CustomEvent<AgeCheckErrorDetail>;
  'age-check-camera-fallback': CustomEvent<AgeCheckCameraFallbackDetail>;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends AgeCheckEventMap {}
  interface HTMLElementTagNameMap {
    'age-check': AgeCheckElement;
  }
}
