/**
 * Age estimation: token creation (server side), the 402 body and the result webhook; the capture page's
 * schemas are in age-capture.ts (re-exported here), so the element's download holds none of these.
 */
import * as z from 'zod/mini';
import { bounded, DateTime, intRange, opt } from './common.ts';
import { AgeOutcome, Escalation } from './age-capture.ts';

export * from './age-capture.ts';

function isAbsoluteUri(v: string): boolean {
  try {
    return /^[a-z][a-z0-9+.-]*:/i.test(v) && new URL(v).href.length > 0;
  } catch {
    return false;
  }
}

/** A redirect or webhook URL: an absolute URI (the published `format: uri`), at most 2048 characters. */
export const AbsoluteUri = bounded(1, 2048).check(z.refine(isAbsoluteUri, { message: 'uri' }));

/** The published defaults of the members a token request may leave out. */
export const AGE_DEFAULTS = {
  buffer: 0,
  escalation: 'DOC',
  retry_limit: 3,
  save_photo: true,
  expiry_minutes: 60,
} as const;

/**
 * `age.AgeEstimationTokenRequest`: `min_age` and `confidence_threshold` (a number, fractions allowed) are
 * required. No member may be `null` except `client_id`.
 */
export const AgeTokenRequest = z
  .object({
    min_age: intRange(1, 120),
    confidence_threshold: z.number().check(z.gte(0), z.lte(100)),
    buffer: z.optional(intRange(0, 20)),
    escalation: z.optional(Escalation),
    retry_limit: z.optional(intRange(1, 3)),
    save_photo: z.optional(z.boolean()),
    expiry_minutes: z.optional(intRange(5, 1440)),
    success_redirect: z.optional(AbsoluteUri),
    underage_redirect: z.optional(AbsoluteUri),
    uncertain_redirect: z.optional(AbsoluteUri),
    webhook_url: z.optional(AbsoluteUri),
    client_id: opt(bounded(0, 100)),
  })
  .check(
    z.refine((v) => (v.buffer ?? AGE_DEFAULTS.buffer) <= v.min_age, {
      message: 'buffer must not exceed min_age',
      path: ['buffer'],
    }),
  );
export type AgeTokenRequest = z.infer<typeof AgeTokenRequest>;

/** `age.AgeEstimationToken` (201): the settings members may be absent; `null` reads as not set. */
export const AgeTokenResponse = z.object({
  token: z.string().check(z.minLength(1)),
  session_url: z.string(),
  expires_at: DateTime,
  min_age: z.int(),
  confidence_threshold: z.number(),
  buffer: opt(z.int()),
  escalation: opt(Escalation),
  retry_limit: opt(z.int()),
  save_photo: opt(z.boolean()),
  expiry_minutes: opt(z.int()),
  client_id: opt(z.string()),
});
export type AgeTokenResponse = z.infer<typeof AgeTokenResponse>;

/** 402 on token creation when the account's age-estimation finances are exhausted. */
export const InsufficientFinancesBody = z.object({
  message: z.optional(z.string()),
  code: z.optional(z.string()),
  detail: z.optional(
    z.object({
      detail: z.optional(z.string()),
      missing_limits: z.optional(z.array(z.unknown())),
      missing_additional_step_limits: z.optional(z.array(z.unknown())),
      missing_funds: z.optional(z.unknown()),
      missing_pool_funds: z.optional(z.array(z.object({ fund_pool: z.string(), missing: z.number() }))),
      expired_expenses: z.optional(z.array(z.unknown())),
    }),
  ),
});
export type InsufficientFinancesBody = z.infer<typeof InsufficientFinancesBody>;

/** The result webhook's `status` (published `AgeEstimationWebhookStatusEnum`). */
export const AgeWebhookStatus = z.enum(['COMPLETED', 'FAILED']);
/**
 * `age.AgeEstimationWebhook`, the result webhook body (`Idenfy-Event-Type: AGE_ESTIMATION`). `verdict` is
 * the model's free text (e.g. `ADULT`); only `scanRef`, `status` and `occurredAt` are always there.
 */
export const AgeWebhook = z.object({
  scanRef: z.string(),
  status: AgeWebhookStatus,
  outcome: opt(AgeOutcome),
  verdict: opt(z.string()),
  estimatedAge: opt(z.int()),
  confidence: opt(z.number()),
  clientId: opt(z.string()),
  occurredAt: DateTime,
});
export type AgeWebhook = z.infer<typeof AgeWebhook>;
