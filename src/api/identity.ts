/** Identity-verification extras: blocklisting a finished identification, client-side auth tokens. */
import * as z from 'zod/mini';
import { bounded, DateTime, opt } from './common.ts';
import { AbsoluteUri } from './age.ts';

export const BlocklistSource = z.enum(['DOCUMENT', 'DOCUMENT_INFO', 'SELFIE']);
export type BlocklistSource = z.infer<typeof BlocklistSource>;
/**
 * `kyc.IdentificationBlacklistRequest`: `reason` is optional and may be `null`; the helper sends it only
 * when given (at most 1000 characters, ours: the published schema has no bound).
 */
export const BlocklistRequest = z.object({ reason: opt(bounded(1, 1000)) });
export type BlocklistRequest = z.infer<typeof BlocklistRequest>;

/**
 * `kyc.IdentificationBlacklistEntry` (201): one of two published shapes, read as one object. Both have
 * `id` and `created`; a face or document entry (`IdentificationBlacklist`) has `faceImageUrl` (`null` for
 * a document), a data entry (`IdentificationDataBlacklistResponse`) has the blocklisted person's data.
 */
export const BlocklistEntry = z.object({
  id: z.string(),
  created: DateTime,
  reason: opt(z.string()),
  faceImageUrl: opt(z.string()),
  fullName: opt(z.string()),
  dateOfBirth: opt(z.string()),
  personalNumber: opt(z.string()),
  documentNumber: opt(z.string()),
  nationality: opt(z.string()),
});
export type BlocklistEntry = z.infer<typeof BlocklistEntry>;

export const ClientTokenType = z.enum(['IDENTIFICATION', 'DOCUMENT']);
export type ClientTokenType = z.infer<typeof ClientTokenType>;
/** `kyc.ApiV2TokenRequest` (`POST /api/v2/token`, abridged as published): `clientId` and `tokenType`. */
export const ClientTokenRequest = z.object({
  clientId: bounded(1, 100),
  tokenType: ClientTokenType,
  externalRef: opt(bounded(0, 40)),
  locale: opt(bounded(1, 7)),
  callbackUrl: opt(AbsoluteUri),
});
export type ClientTokenRequest = z.infer<typeof ClientTokenRequest>;
/** `kyc.ApiV2TokenResponse` (201): `expiryTime` and `sessionLength` are seconds. */
export const ClientTokenResponse = z.object({
  message: opt(z.string()),
  authToken: z.string(),
  redirectUrl: opt(z.string()),
  scanRef: z.string(),
  clientId: opt(z.string()),
  locale: opt(z.string()),
  expiryTime: opt(z.int()),
  sessionLength: opt(z.int()),
  tokenType: z.string(),
  externalRef: opt(z.string()),
  digitString: opt(z.string()),
});
export type ClientTokenResponse = z.infer<typeof ClientTokenResponse>;
