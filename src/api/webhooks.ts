/**
 * Webhook bodies, as published: `kyb.CompanySubmitWebhook`, `kyb.CompanyInfoRequestWebhook` and
 * `age.AgeEstimationWebhook`, and the headers they come with (`Idenfy-Event-Type`, `Idenfy-Signature`:
 * the hex HMAC-SHA256 of the raw body with the signing key).
 */
import * as z from 'zod/mini';
import { DateTime, opt } from './common.ts';
import { AgeWebhook } from './age.ts';

export { AgeWebhook };

export const WEBHOOK_EVENT_HEADER = 'Idenfy-Event-Type';
export const WEBHOOK_SIGNATURE_HEADER = 'Idenfy-Signature';

/**
 * The `Idenfy-Event-Type` values (the published schemas name the bodies, not the header values: these
 * names are ours, one per body).
 */
export const WEBHOOK_EVENT_TYPES = ['COMPANY_SUBMIT', 'COMPANY_INFO_REQUEST', 'AGE_ESTIMATION'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** `kyb.CompanySubmitWebhook`: a KYB form was submitted (`id` is the form's id, the `companyId`). */
export const CompanySubmitWebhook = z.object({
  id: z.string(),
  clientId: z.string(),
  submissionTime: opt(DateTime),
  soleProprietor: opt(z.boolean()),
  externalRef: opt(z.string()),
});
export type CompanySubmitWebhook = z.infer<typeof CompanySubmitWebhook>;

/** Published `CompanyInfoRequestStatusEnum`. */
export const CompanyInfoRequestStatus = z.enum(['REQUESTED', 'EXPIRED', 'CANCELED']);
/** `kyb.ManagerAccount`: the reviewer who asked. */
export const ManagerAccount = z.object({
  id: z.int(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
});
/**
 * `kyb.CompanyInfoRequestWebhook`: the reviewer asked for more information (`REQUESTED`), or such a
 * request expired or was cancelled. `token` is a KYB form token for the company's form.
 */
export const CompanyInfoRequestWebhook = z.object({
  companyId: z.string(),
  token: z.string(),
  date: DateTime,
  email: opt(z.string()),
  manager: opt(ManagerAccount),
  status: CompanyInfoRequestStatus,
});
export type CompanyInfoRequestWebhook = z.infer<typeof CompanyInfoRequestWebhook>;

/** The body schema of each event type. */
export const WEBHOOK_BODIES = {
  COMPANY_SUBMIT: CompanySubmitWebhook,
  COMPANY_INFO_REQUEST: CompanyInfoRequestWebhook,
  AGE_ESTIMATION: AgeWebhook,
} as const;

export type WebhookEvent =
  | { eventType: 'COMPANY_SUBMIT'; body: CompanySubmitWebhook }
  | { eventType: 'COMPANY_INFO_REQUEST'; body: CompanyInfoRequestWebhook }
  | { eventType: 'AGE_ESTIMATION'; body: AgeWebhook };
