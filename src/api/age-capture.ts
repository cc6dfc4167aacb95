/**
 * The age-estimation capture page's schemas (bearer age token): the session, the attempts' bodies and
 * answers. A chunk of their own in the CDN build, loaded while the first request travels; the server-side
 * schemas are in age.ts.
 */
import * as z from 'zod/mini';
import { Base64, DateTime, int, intRange } from './common.ts';

export const Escalation = z.enum(['DOC', 'NONE']);
export const SessionStatus = z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED']);
export const SessionStep = z.enum(['SELFIE', 'DOCUMENT', 'DONE']);
export const AgeOutcome = z.enum(['SUCCESS', 'UNDERAGE', 'UNCERTAIN', 'FACE_MISMATCH', 'ATTEMPTS_EXCEEDED']);
export type AgeOutcome = z.infer<typeof AgeOutcome>;
export const AttemptResult = z.enum(['DECIDED', 'RETRY', 'STEP_UP']);

/** `GET /age-estimation/session/` (capture page, bearer age token). */
export const CaptureSession = z.object({
  status: SessionStatus,
  step: SessionStep,
  outcome: z.nullable(AgeOutcome),
  min_age: intRange(1, 120),
  escalation: Escalation,
  retry_limit: intRange(1, 3),
  attempts_used: int().check(z.gte(0)),
  expires_at: DateTime,
  redirect_url: z.optional(z.nullable(z.string())),
});
export type CaptureSession = z.infer<typeof CaptureSession>;

/** Selfies are base64 JPEG or PNG of at most 5 MiB (the elements send at most 100 kB). */
export const MAX_SELFIE_BYTES = 5 * 1024 * 1024;
export const SelfieRequest = z.object({ image: Base64(MAX_SELFIE_BYTES) });
export const DocumentRequest = z.object({
  front: Base64(MAX_SELFIE_BYTES),
  back: z.optional(z.nullable(Base64(MAX_SELFIE_BYTES))),
});
export const AttemptResponse = z.object({
  ...CaptureSession.shape,
  attempt: z.object({ result: AttemptResult }),
});
export type AttemptResponse = z.infer<typeof AttemptResponse>;

export const CAPTURE_ERROR_CODES = ['session_expired', 'session_locked', 'session_completed'] as const;
