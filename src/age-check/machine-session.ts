/**
 * The states of `<age-check>`'s machine and its first-screen part (loading, consent, load errors, expiry):
 * what the element's first download holds. The rest of the machine (capture, uploads, attempts) is
 * machine.ts, in the deferred chunk; it re-exports everything here. Pure: no DOM, no camera, no network.
 */
import type { AttemptResponse, CaptureSession } from '../api/age-capture.ts';

export type StateName =
  | 'loading'
  | 'consent'
  | 'camera-starting'
  | 'live'
  | 'capturing'
  | 'uploading'
  | 'retry'
  | 'step-up'
  | 'document-live'
  | 'document-review'
  | 'selfie-review'
  | 'paused'
  | 'done'
  | 'expired'
  | 'locked'
  | 'completed-already'
  | 'error'
  | 'fallback';

/** What is being captured: the selfie or the identity document. */
export type Target = 'selfie' | 'document';
export type DocumentSide = 'front' | 'back';
export type CameraFailure = 'denied' | 'no-camera' | 'busy' | 'insecure' | 'unsupported';

/**
 * Why the element shows its error screen, and how to recover:
 * `invalid-link` (401, none), `load-failed` (reload), `network` / `server` (capture again, no attempt
 * was used), `unexpected` (reload: the service refused the request, e.g. a wrong step), `image` (the
 * picture could not be read or compressed: capture again).
 */
export type ErrorReason = 'invalid-link' | 'load-failed' | 'network' | 'server' | 'unexpected' | 'image';
export type Recovery = 'reload' | 'capture' | null;

export interface MachineError {
  reason: ErrorReason;
  recovery: Recovery;
  status: number;
  code: string | null;
}

export interface MachineState {
  readonly name: StateName;
  readonly session: CaptureSession | null;
  /** What the camera or the file input captures. */
  readonly target: Target;
  /** The side of the document being captured (documents only). */
  readonly side: DocumentSide;
  /** Upload progress 0..1 while `uploading`. */
  readonly progress: number;
  /** Set once the camera failed: later captures go straight to the file fallback. */
  readonly cameraFailure: CameraFailure | null;
  readonly error: MachineError | null;
  /** Whether the camera was live when the page was hidden (it resumes on its own when visible). */
  readonly resumeOnVisible: boolean;
  /** The last attempt's result, for the retry screen. */
  readonly lastResult: AttemptResponse['attempt']['result'] | null;
}

export type MachineEvent =
  | { type: 'SESSION_LOADED'; session: CaptureSession }
  | { type: 'CONSENT' }
  | { type: 'CAMERA_READY' }
  | { type: 'CAMERA_FAILED'; reason: CameraFailure }
  | { type: 'CAPTURE' }
  | { type: 'CAPTURED' }
  | { type: 'CAPTURE_FAILED' }
  | { type: 'ADD_BACK' }
  | { type: 'RETAKE' }
  | { type: 'SUBMIT_DOCUMENT' }
  /** "Use this photo" on a review: the photo (or the document's sides) is sent. */
  | { type: 'USE_PHOTO' }
  /** The chosen file could not be read as a photo: back to the file choice, with the reason. */
  | { type: 'FILE_UNREADABLE' }
  | { type: 'UPLOAD_PROGRESS'; fraction: number }
  | { type: 'ATTEMPT_RESULT'; response: AttemptResponse }
  | { type: 'HTTP_ERROR'; status: number; code?: string | null | undefined; kind?: string | undefined }
  | { type: 'EXPIRED' }
  | { type: 'RETRY' }
  | { type: 'START_DOCUMENT' }
  | { type: 'RELOAD' }
  | { type: 'PAGE_HIDDEN' }
  | { type: 'PAGE_VISIBLE' }
  | { type: 'RESUME' }
  | { type: 'CAMERA_RETRY' }
  | { type: 'USE_FILE' };

export const initialState: MachineState = {
  name: 'loading',
  session: null,
  target: 'selfie',
  side: 'front',
  progress: 0,
  cameraFailure: null,
  error: null,
  resumeOnVisible: false,
  lastResult: null,
};

/** States after which nothing more can happen in this session. */
export const TERMINAL: ReadonlySet<StateName> = new Set(['done', 'expired', 'locked', 'completed-already']);
/**
 * States whose screen is in the element's first download (shell.ts); the others' screens and effects are
 * in its deferred chunk (flow.ts), loaded before the machine enters them.
 */
export const FIRST_SCREENS: ReadonlySet<StateName> = new Set(['loading', 'consent', 'error']);
/** States in which the camera is running. */
export const CAMERA_STATES: ReadonlySet<StateName> = new Set(['live', 'document-live']);

/** Seconds of the automatic-capture countdown. */
export const AUTO_CAPTURE_S = 3;
/**
 * Seconds before a safe redirect is followed when the partner asked for it (`redirect="auto"`), with a
 * "Stay on this page" button all along: at least 20 seconds to turn the time limit off with one simple
 * action (WCAG 2.2.1). Without `auto` nothing leaves the page before the user chooses "Continue".
 */
export const REDIRECT_DELAY_S = 20;

/** What happens after an outcome with a safe redirect: the `redirect` attribute. */
export type RedirectMode = 'manual' | 'auto' | 'none';

/** The `redirect` attribute read: `auto` and `none` as set; anything else (absent) is `manual`. */
export function redirectMode(value: string | null | undefined): RedirectMode {
  const v = (value ?? '').trim().toLowerCase();
  return v === 'auto' || v === 'none' ? v : 'manual';
}

export const attemptsLeft = (s: CaptureSession | null): number =>
  s ? Math.max(0, s.retry_limit - s.attempts_used) : 0;

export const isLocked = (s: CaptureSession) =>
  s.outcome === 'ATTEMPTS_EXCEEDED' || (s.status === 'FAILED' && s.step === 'DONE');

/** Where to start (or continue) the capture of `target`: the camera, or the file fallback once it failed. */
export function startCapture(
  state: MachineState,
  target: Target,
  side: DocumentSide = 'front',
): MachineState {
  return {
    ...state,
    name: state.cameraFailure ? 'fallback' : 'camera-starting',
    target,
    side,
    progress: 0,
    error: null,
    resumeOnVisible: false,
  };
}

/** The screen for a session as the service reports it. `initial` marks the first load of the page. */
export function stateForSession(
  state: MachineState,
  session: CaptureSession,
  initial: boolean,
): MachineState {
  const base: MachineState = { ...state, session, error: null, progress: 0 };
  if (session.status === 'EXPIRED') return { ...base, name: 'expired' };
  if (isLocked(session)) return { ...base, name: 'locked' };
  if (session.status === 'COMPLETED' || session.step === 'DONE')
    return { ...base, name: initial ? 'completed-already' : 'done' };
  if (session.step === 'DOCUMENT') return { ...base, name: 'step-up', target: 'document', side: 'front' };
  if (initial) return { ...base, name: 'consent', target: 'selfie' };
  return { ...base, name: 'retry', target: 'selfie' };
}

/** The error screen's state for `reason`. */
export function errorState(
  state: MachineState,
  reason: ErrorReason,
  recovery: Recovery,
  status: number,
  code: string | null | undefined,
): MachineState {
  return { ...state, name: 'error', progress: 0, error: { reason, recovery, status, code: code ?? null } };
}

/**
 * Maps an HTTP (or transport) failure to the next state: 401 an invalid link, 409 / 410 / 423 (or their
 * codes) the session's end, anything else a failed load. An upload's other failures are mapped by
 * `applyHttpError` (machine.ts, in the deferred chunk).
 */
export function loadHttpError(
  state: MachineState,
  status: number,
  code: string | null | undefined,
): MachineState {
  if (status === 401) return errorState(state, 'invalid-link', null, status, code);
  if (status === 409 || code === 'session_completed')
    return { ...state, name: 'completed-already', error: null };
  if (status === 410 || code === 'session_expired') return { ...state, name: 'expired', error: null };
  if (status === 423 || code === 'session_locked') return { ...state, name: 'locked', error: null };
  return errorState(state, 'load-failed', 'reload', status, code);
}

/**
 * The machine's first-screen part: loading, consent, load errors and expiry. Every other (state, event)
 * pair is left unchanged here; the whole machine is `transition` (machine.ts), which falls back on this.
 */
export function sessionTransition(state: MachineState, event: MachineEvent): MachineState {
  const name = state.name;
  // Expiry ends everything that is not already final.
  if (event.type === 'EXPIRED')
    return TERMINAL.has(name) ? state : { ...state, name: 'expired', progress: 0 };
  if (event.type === 'HTTP_ERROR') {
    if (TERMINAL.has(name)) return state;
    return loadHttpError(state, event.status, event.code);
  }
  switch (event.type) {
    case 'SESSION_LOADED':
      return name === 'loading' ? stateForSession(state, event.session, state.session === null) : state;
    case 'RELOAD':
      return name === 'error' && state.error?.recovery === 'reload'
        ? { ...state, name: 'loading', error: null }
        : state;
    case 'CONSENT':
      return name === 'consent' ? startCapture(state, 'selfie') : state;
    default:
      return state;
  }
}

/**
 * The key of the screen shown: the machine's state, or hosted mode's step. When it changes, the focus
 * moves to the new heading if it was inside the element (or in the hosted frame, now gone).
 */
export function screenKey(hosted: boolean, hostedStep: string | undefined, machine: string): string {
  return hosted ? `hosted:${hostedStep ?? 'consent'}` : machine;
}

/** Whether the expiry clock runs: while a session runs, or while a redirect notice counts down. */
export function clockWanted(connected: boolean, m: MachineState, redirectAt: number): boolean {
  if (!connected) return false;
  return (m.session !== null && !TERMINAL.has(m.name) && m.name !== 'error') || redirectAt > 0;
}
