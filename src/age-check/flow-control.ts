/**
 * What `<age-check>` does after its first screen, in its deferred chunk (flow.ts): the effects of entering
 * the capture, outcome and expired states (the camera, the automatic capture, the step-up and complete
 * events, the redirect after the outcome) and the screens of those states. The element keeps the machine,
 * the session load, the first screens and the expiry clock, and hands in what this needs.
 */
import type { TemplateResult } from 'lit';
import { CaptureControl, type CaptureDeps } from './capture-control.ts';
import { emit } from './events.ts';
import {
  CAMERA_STATES,
  REDIRECT_DELAY_S,
  redirectMode,
  type MachineState,
  type RedirectMode,
} from './machine-session.ts';
import {
  announcementFor,
  autoRedirectNotice,
  expiredScreen,
  outcomeOf,
  outcomeScreen,
  safeRedirect,
  stayedText,
} from './outcome.ts';
import { captureScreen, type CaptureHost } from './screens.ts';

/** What the deferred part needs from the element. */
export interface FlowDeps extends Omit<CaptureDeps, 'fallback'> {
  /** Puts a text in the element's polite live region. */
  announce(text: string): void;
  /** Leaves the page (the element's overridable `navigate`). */
  navigate(url: string): void;
  /** The element's clock runs while a redirect notice counts down: called when that changes. */
  syncTimers(): void;
  /** `auto-capture`. */
  autoCapture(): boolean;
  /** The partner's next step after an outcome that is not a success (`exit-url`, `exit-label`). */
  exit(): { url: string | null; label: string | null };
  /**
   * The `redirect` attribute: absent, a safe redirect is offered as a "Continue" link and followed only
   * when the user chooses it; `auto`, followed after a notice of {@link REDIRECT_DELAY_S} seconds that a
   * "Stay on this page" button stops; `none`, never (the page handles `age-check-complete`).
   */
  redirect(): string | null;
}

export class FlowControl {
  readonly capture: CaptureControl;
  /** When the redirect is followed (epoch ms); 0 when none is waiting. */
  redirectAt = 0;
  private redirectId: ReturnType<typeof setInterval> | undefined;
  /** The user chose to stay on the page: the automatic redirect was turned off for this outcome. */
  private stayed = false;
  /** What the capture screens may do (see screens.ts). */
  private readonly actions: Pick<CaptureHost, 'send' | 'capture' | 'chooseFile' | 'upload'>;

  constructor(private readonly h: FlowDeps) {
    const capture = (this.capture = new CaptureControl({
      ...h,
      fallback: (reason) => emit(h.element, 'age-check-camera-fallback', { reason }),
    }));
    this.actions = {
      send: (event) => h.send(event),
      capture: () => void capture.captureFrame(),
      chooseFile: (event) => void capture.chooseFile(event),
      upload: () => void capture.upload(),
    };
  }

  /** The effects of entering `next` (any state: the camera stops when it is not needed any more). */
  enter(prev: MachineState, next: MachineState): void {
    const auto = this.mode() === 'auto' && !!safeRedirect(next.session?.redirect_url);
    const said = announcementFor(next);
    // An automatic redirect is announced once, with the outcome (the visible count is not re-read).
    this.h.announce(
      said && auto && (next.name === 'done' || next.name === 'locked')
        ? `${said} ${autoRedirectNotice()}`
        : said,
    );
    const c = this.capture;
    if (next.name !== 'camera-starting' && !CAMERA_STATES.has(next.name)) c.stopCamera();
    if (!CAMERA_STATES.has(next.name)) c.clearAuto();
    // A refused file is explained on the file choice only, never carried to another screen.
    if (next.name !== 'fallback' && next.name !== 'capturing') c.fileError = null;
    switch (next.name) {
      case 'camera-starting':
        void c.startCamera();
        break;
      case 'live':
      case 'document-live':
        if (this.h.autoCapture()) c.startAuto();
        break;
      case 'step-up':
        if (prev.name === 'uploading') emit(this.h.element, 'age-check-step-up', {});
        break;
      case 'done':
      case 'locked':
      case 'completed-already':
        this.finish(next);
        break;
      case 'expired':
        c.dropImages();
        break;
      default:
        break;
    }
  }

  private mode(): RedirectMode {
    return redirectMode(this.h.redirect());
  }

  /**
   * The outcome: `age-check-complete`; then, only with `redirect="auto"`, the safe redirect after a notice
   * of REDIRECT_DELAY_S seconds (checked each second against the clock, so a page that was asleep does
   * not leave early or late by more than a second). Otherwise the outcome screen's link waits for the user.
   */
  private finish(next: MachineState): void {
    this.capture.dropImages();
    const outcome = outcomeOf(next);
    const url = safeRedirect(next.session?.redirect_url);
    if (next.name === 'completed-already') return;
    if (outcome)
      emit(this.h.element, 'age-check-complete', url ? { outcome, redirectUrl: url } : { outcome });
    this.stopRedirect();
    this.stayed = false;
    if (url && this.mode() === 'auto') {
      this.setRedirect(Date.now() + REDIRECT_DELAY_S * 1000);
      this.redirectId = setInterval(() => {
        if (Date.now() < this.redirectAt) return;
        this.stopRedirect();
        this.h.syncTimers();
        this.h.navigate(url);
      }, 250);
    }
  }

  /**
   * The user takes the partner's next step: `age-check-exit` (cancelable: a page that routes by itself
   * calls `preventDefault()`, and the link is not followed). No image, no token.
   */
  private exitTaken(e: Event, m: MachineState): void {
    this.stopRedirect();
    const ev = new CustomEvent('age-check-exit', {
      detail: { outcome: outcomeOf(m) },
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    if (!this.h.element.dispatchEvent(ev)) e.preventDefault();
  }

  /** "Stay on this page": the automatic redirect is turned off; the "Continue" link stays. */
  private stay(): void {
    this.stayed = true;
    this.stopRedirect();
    this.h.syncTimers();
    this.h.announce(stayedText());
  }

  private setRedirect(at: number): void {
    this.redirectAt = at;
    this.h.element.requestUpdate();
  }

  private stopRedirect(): void {
    if (this.redirectId !== undefined) clearInterval(this.redirectId);
    this.redirectId = undefined;
    if (this.redirectAt) this.setRedirect(0);
  }

  /** Stops the camera, the countdown and a waiting redirect, and forgets the photos (removal, a new token). */
  stop(): void {
    this.capture.stop();
    this.stopRedirect();
  }

  /** The screen of a state after the first screen: capture, outcome or expired. */
  render(m: MachineState, sessionUrl: string | null, now: number): TemplateResult {
    switch (m.name) {
      case 'done':
      case 'locked':
      case 'completed-already': {
        const url = safeRedirect(m.session?.redirect_url);
        const at = this.redirectAt;
        const secs = at > 0 ? Math.min(REDIRECT_DELAY_S, Math.max(0, Math.ceil((at - now) / 1000))) : 0;
        const mode = this.mode();
        return outcomeScreen({
          outcome: outcomeOf(m),
          already: m.name === 'completed-already',
          redirect:
            url !== null && mode !== 'none' ? { url, secs, auto: mode === 'auto' && !this.stayed } : null,
          onStay: () => this.stay(),
          exit: m.name === 'completed-already' ? null : this.h.exit(),
          onExit: (e) => this.exitTaken(e, m),
        });
      }
      case 'expired':
        return expiredScreen({ exit: this.h.exit(), onExit: (e) => this.exitTaken(e, m) });
      default:
        return captureScreen(m, this.capture.host(this.actions, sessionUrl));
    }
  }
}
