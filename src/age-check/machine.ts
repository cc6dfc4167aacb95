/**
 * The pure state machine of `<age-check>`: `transition(state, event) -> state`, no DOM, no camera,
 * no network. The element performs the side effects (camera, uploads, timers) when a state is entered.
 * The states and the first screen's part of it are in machine-session.ts (re-exported here), which the
 * element's first download holds; this module is in its deferred chunk.
 *
 * Decision rules of the capture page (supplement, "Age estimation capture"):
 * - `attempt.result` DECIDED -> the session's outcome (SUCCESS, UNDERAGE, UNCERTAIN; ATTEMPTS_EXCEEDED locks);
 * - RETRY -> another attempt while `attempts_used < retry_limit`, else locked (ATTEMPTS_EXCEEDED);
 * - STEP_UP -> the document step (step DOCUMENT);
 * - HTTP 401 -> invalid link, 409 -> already completed, 410 -> expired, 423 -> locked;
 * - network faults, timeouts and 5xx/429 on an upload -> a retryable error that uses no attempt.
 */
import type { AttemptResponse, CaptureSession } from '../api/age-capture.ts';
import {
  attemptsLeft,
  CAMERA_STATES,
  errorState,
  sessionTransition,
  isLocked,
  loadHttpError,
  startCapture,
  type MachineEvent,
  type MachineState,
} from './machine-session.ts';

export * from './machine-session.ts';
export { outcomeOf, safeRedirect } from './outcome.ts';

/** The attempt result a session implies (when an answer was lost but the service processed the attempt). */
export function resultFromSession(session: CaptureSession): AttemptResponse['attempt']['result'] {
  if (session.status === 'COMPLETED' || session.status === 'FAILED' || session.step === 'DONE')
    return 'DECIDED';
  if (session.step === 'DOCUMENT') return 'STEP_UP';
  return 'RETRY';
}

/**
 * Maps an HTTP (or transport) failure to the next state. `uploading` tells an upload from a load: an
 * upload that failed on the way or on the service's side (5xx, 429) uses no attempt and captures again;
 * another refusal (e.g. a wrong step) reloads the session.
 */
export function applyHttpError(
  state: MachineState,
  status: number,
  code: string | null | undefined,
  kind: string | undefined,
): MachineState {
  const next = loadHttpError(state, status, code);
  if (state.name !== 'uploading' || next.error?.reason !== 'load-failed') return next;
  if (kind === 'network' || kind === 'timeout' || status === 0)
    return errorState(state, 'network', 'capture', status, code);
  if (status >= 500 || status === 429) return errorState(state, 'server', 'capture', status, code);
  return errorState(state, 'unexpected', 'reload', status, code);
}

function applyAttempt(state: MachineState, response: AttemptResponse): MachineState {
  const { attempt, ...session } = response;
  const base: MachineState = { ...state, session, progress: 0, error: null, lastResult: attempt.result };
  if (session.status === 'EXPIRED') return { ...base, name: 'expired' };
  if (isLocked(session)) return { ...base, name: 'locked' };
  switch (attempt.result) {
    case 'DECIDED':
      return { ...base, name: 'done' };
    case 'STEP_UP':
      return { ...base, name: 'step-up', target: 'document', side: 'front' };
    case 'RETRY':
      if (attemptsLeft(session) <= 0) return { ...base, name: 'locked' };
      return {
        ...base,
        name: 'retry',
        target: session.step === 'DOCUMENT' ? 'document' : 'selfie',
        side: 'front',
      };
  }
}

/** The machine: unknown (state, event) pairs leave the state unchanged. */
export function transition(state: MachineState, event: MachineEvent): MachineState {
  const name = state.name;
  switch (event.type) {
    case 'SESSION_LOADED':
      return name === 'uploading'
        ? applyAttempt(state, { ...event.session, attempt: { result: resultFromSession(event.session) } })
        : sessionTransition(state, event);
    case 'HTTP_ERROR':
      return name === 'uploading'
        ? applyHttpError(state, event.status, event.code, event.kind)
        : sessionTransition(state, event);
    case 'CAMERA_READY':
      if (name !== 'camera-starting') return state;
      return { ...state, name: state.target === 'document' ? 'document-live' : 'live' };
    case 'CAMERA_FAILED':
      if (name !== 'camera-starting') return state;
      return { ...state, name: 'fallback', cameraFailure: event.reason };
    case 'CAPTURE':
      return name === 'live' || name === 'document-live' || name === 'fallback'
        ? { ...state, name: 'capturing' }
        : state;
    case 'CAPTURED':
      if (name !== 'capturing') return state;
      // A look at the photo first: it is sent only when the user chooses "Use this photo".
      return { ...state, name: state.target === 'document' ? 'document-review' : 'selfie-review' };
    case 'CAPTURE_FAILED':
      return name === 'capturing'
        ? { ...state, name: 'error', error: { reason: 'image', recovery: 'capture', status: 0, code: null } }
        : state;
    case 'ADD_BACK':
      return name === 'document-review' && state.side === 'front'
        ? startCapture(state, 'document', 'back')
        : state;
    case 'FILE_UNREADABLE':
      return name === 'capturing' ? { ...state, name: 'fallback' } : state;
    case 'RETAKE':
      if (name === 'selfie-review') return startCapture(state, 'selfie');
      return name === 'document-review' ? startCapture(state, 'document', state.side) : state;
    case 'SUBMIT_DOCUMENT':
    case 'USE_PHOTO':
      return name === 'document-review' || name === 'selfie-review'
        ? { ...state, name: 'uploading', progress: 0 }
        : state;
    case 'UPLOAD_PROGRESS':
      return name === 'uploading' ? { ...state, progress: Math.min(1, Math.max(0, event.fraction)) } : state;
    case 'ATTEMPT_RESULT':
      return name === 'uploading' ? applyAttempt(state, event.response) : state;
    case 'RETRY':
      if (name === 'retry') return startCapture(state, state.target);
      if (name === 'error' && state.error?.recovery === 'capture')
        return startCapture(state, state.target, 'front');
      return state;
    case 'START_DOCUMENT':
      return name === 'step-up' ? startCapture(state, 'document', 'front') : state;
    case 'PAGE_HIDDEN':
      if (CAMERA_STATES.has(name) || name === 'camera-starting')
        return { ...state, name: 'paused', resumeOnVisible: true };
      return state;
    case 'PAGE_VISIBLE':
      return name === 'paused' && state.resumeOnVisible
        ? startCapture(state, state.target, state.side)
        : state;
    case 'RESUME':
      return name === 'paused' ? startCapture(state, state.target, state.side) : state;
    case 'CAMERA_RETRY':
      // The user fixed the permission or closed the other app: try the camera again.
      return name === 'fallback'
        ? startCapture({ ...state, cameraFailure: null }, state.target, state.side)
        : state;
    case 'USE_FILE':
      // The user prefers a photo file: the camera stops, the next capture tries the camera again.
      return name === 'live' || name === 'document-live' || name === 'camera-starting'
        ? { ...state, name: 'fallback', resumeOnVisible: false }
        : state;
    default:
      // Loading, consent, errors and expiry.
      return sessionTransition(state, event);
  }
}
