/** Identity-verification extras: blocklisting a finished identification, client-side auth tokens. */
import * as z from 'zod/mini';
import { bounded, DateTime } from './common.ts';

export const BlocklistSource = z.enum(['DOCUMENT', 'DOCUMENT_INFO', 'SELFIE']);
export type BlocklistSource = z.infer<typeof BlocklistSource>;
/** Whether `reason` is required is not shown: required, 1-1000 characters (ours). */
export const BlocklistRequest = z.object({ reason: bounded(1, 1000) });
export const BlocklistEntry = z.object({
  id: z.string(),
  created: DateTime,
  faceImageUrl: z.nullable(z.string()),
  reason: z.string(),
});
export type BlocklistEntry = z.infer<typeof BlocklistEntry>;

/** `POST /api/v2/token`: only `clientId` is shown; the rest is ours. */
export const ClientTokenRequest = z.object({
  clientId: bounded(1, 100),
  locale: z.optional(z.string()),
  callbackUrl: z.optional(bounded(0, 2048)),
});
export const ClientTokenResponse = z.object({
  authToken: z.string(),
  scanRef: z.string(),
  clientId: z.string(),
  expiration: DateTime,
});
export type ClientTokenResponse = z.infer<typeof ClientTokenResponse>;
