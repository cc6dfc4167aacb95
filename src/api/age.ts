/** Age estimation: token creation (server side), the 402 body, the capture-page session and webhook. */
import * as z from 'zod/mini';
import { Base64, bounded, DateTime, intRange, opt } from './common.ts';

export const Escalation = z.enum(['DOC', 'NONE']);
const Redirect = bounded(0, 2048);

/** Effective values when a field is left out of the token request (ours). */
export const AGE_DEFAULTS = {
  min_age: 18,
  confidence_threshold: 70,
  buffer: 2,
  escalation: 'DOC',
  retry_limit: 3,
  save_photo: false,
  expiry_minutes: 30,
} as const;

export const AgeTokenRequest = z
  .object({
    min_age: z.optional(intRange(1, 120)),
    confidence_threshold: z.optional(intRange(0, 100)),
    buffer: z.optional(intRange(0, 20)),
    escalation: z.optional(Escalation),
    retry_limit: z.optional(intRange(1, 3)),
    save_photo: z.optional(z.boolean()),
    expiry_minutes: z.optional(intRange(5, 1440)),
    success_redirect: opt(Redirect),
    underage_redirect: opt(Redirect),
    uncertain_redirect: opt(Redirect),
    webhook_url: opt(Redirect),
    client_id: opt(bounded(0, 100)),
  })
  .check(
    z.refine((v) => (v.buffer ?? AGE_DEFAULTS.buffer) <= (v.min_age ?? AGE_DEFAULTS.min_age), {
      message: 'buffer must not exceed min_age',
      path: ['buffer'],
    }),
  );
export type AgeTokenRequest = z.infer<typeof AgeTokenRequest>;

export const AgeTokenResponse = z.object({
  token: z.string().check(z.minLength(1)),
  session_url: z.string(),
  expires_at: DateTime,
  min_age: intRange(1, 120),
  confidence_threshold: intRange(0, 100),
  buffer: intRange(0, 20),
  escalation: Escalation,
  retry_limit: intRange(1, 3),
  save_photo: z.boolean(),
  expiry_minutes: intRange(5, 1440),
  client_id: opt(bounded(0, 100)),
});
export type AgeTokenResponse = z.infer<typeof AgeTokenResponse>;

/** 402 on token creation when the account's age-estimation finances are exhausted. */
export const InsufficientFinancesBody = z.object({
  message: z.string(),
  code: z.literal('insufficient_finances'),
  detail: z.object({
    detail: z.string(),
    missing_limits: z.array(z.unknown()),
    missing_additional_step_limits: z.array(z.unknown()),
    missing_funds: z.unknown(),
    missing_pool_funds: z.array(z.object({ fund_pool: z.string(), missing: z.int() })),
    expired_expenses: z.array(z.unknown()),
  }),
});
export type InsufficientFinancesBody = z.infer<typeof InsufficientFinancesBody>;

export const SessionStatus = z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED']);
export const SessionStep = z.enum(['SELFIE', 'DOCUMENT', 'DONE']);
export const AgeOutcome = z.enum(['SUCCESS', 'UNDERAGE', 'UNCERTAIN', 'ATTEMPTS_EXCEEDED']);
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
  attempts_used: z.int().check(z.gte(0)),
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

/** Result webhook body (`X-Event-Type: AGE_ESTIMATION`, `X-Signature` hex HMAC-SHA256). */
export const AgeWebhook = z.object({
  scanRef: z.string(),
  status: SessionStatus,
  outcome: z.nullable(AgeOutcome),
  verdict: z.nullable(z.enum(['APPROVED', 'DENIED'])),
  estimatedAge: z.nullable(z.number()),
  confidence: z.nullable(z.number()),
  clientId: z.nullable(z.string()),
  occurredAt: DateTime,
});
export type AgeWebhook = z.infer<typeof AgeWebhook>;
