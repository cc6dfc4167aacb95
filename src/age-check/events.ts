/**
 * The events of `<age-check>` (bubbling, composed `CustomEvent`s; never the token, never an image), in the
 * global event map. Order: `age-check-ready`; per answered attempt `age-check-attempt` (then
 * `age-check-step-up` when it asks for a document); `age-check-complete` last.
 */
import type { CaptureSession } from '../api/age.ts';
import { ApiError } from '../api/http.ts';
import type { CameraFailure } from './machine-session.ts';
import type { ReportedOutcome } from './outcome.ts';

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
  /** The session's outcome (hosted mode: as the return page reported it; confirm it by the webhook). */
  outcome: ReportedOutcome;
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
export interface AgeCheckExitDetail {
  /** The outcome the user leaves from (`UNDERAGE`, `ATTEMPTS_EXCEEDED`, …); null from the expired screen. */
  outcome: ReportedOutcome | null;
}
export interface AgeCheckCameraFallbackDetail {
  reason: CameraFailure;
}

export interface AgeCheckEventMap {
  'age-check-ready': CustomEvent<AgeCheckReadyDetail>;
  'age-check-attempt': CustomEvent<AgeCheckAttemptDetail>;
  'age-check-step-up': CustomEvent<Record<string, never>>;
  'age-check-complete': CustomEvent<AgeCheckCompleteDetail>;
  'age-check-error': CustomEvent<AgeCheckErrorDetail>;
  'age-check-camera-fallback': CustomEvent<AgeCheckCameraFallbackDetail>;
  'age-check-exit': CustomEvent<AgeCheckExitDetail>;
}

/** Fires one of the element's events: bubbling, composed. */
export function emit<K extends keyof AgeCheckEventMap>(
  el: EventTarget,
  type: K,
  detail: AgeCheckEventMap[K]['detail'],
): void {
  el.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** The detail of `age-check-error` for a failed request (`ApiError`) or anything else (an unreadable image). */
export function errorDetail(err: unknown): AgeCheckErrorDetail {
  if (err instanceof ApiError)
    return {
      kind: err.kind,
      status: err.status,
      code: err.code ?? err.identifier ?? null,
      message: err.message,
    };
  return {
    kind: 'image',
    status: 0,
    code: null,
    message: err instanceof Error ? err.message : String(err),
  };
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends AgeCheckEventMap {}
}
