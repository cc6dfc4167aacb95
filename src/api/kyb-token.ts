/**
 * KYB form tokens, minted server side (`POST /kyb/tokens/`, the server helper and the sandbox). Apart
 * from kyb.ts, whose schemas the element loads as one chunk: the element never mints a token.
 */
import * as z from 'zod/mini';
import { bounded, DateTime, intRange, Locale, opt, Tags, Uuid } from './common.ts';
import { QuestionnaireKey } from './kyb.ts';

/** Published `KybTokenTypeEnum`; `POST /kyb/tokens/` mints `FORM` tokens (the only mapped type). */
export const KybTokenType = z.enum(['FORM', 'GOV1', 'GOV2']);
const ScanRef = bounded(1, 40).check(z.regex(/^[^,]+$/));

/**
 * `kyb.KybTokenRequest` (its only branch, `KybFormTokenRequest`): `tokenType: FORM` and `clientId` are
 * required; nullable members may be `null`, the others are left out when empty.
 */
export const KybTokenRequest = z.object({
  tokenType: z.literal('FORM'),
  clientId: bounded(1, 100),
  lifetime: z.optional(intRange(0, 2592000)),
  externalRef: opt(bounded(0, 40)),
  locale: opt(Locale),
  flow: opt(Uuid),
  theme: opt(Uuid),
  questionnaire: opt(QuestionnaireKey),
  questionnaireRequired: z.optional(z.boolean()),
  tags: z.optional(Tags),
  scanRefs: opt(z.array(ScanRef)),
});
export type KybTokenRequest = z.infer<typeof KybTokenRequest>;

/**
 * `kyb.KybToken` (201, its `KybFormToken` branch) as read: `tokenString` and `expiration` are what the
 * partner needs; the rest may be absent or `null` (not set), and unknown members are ignored.
 */
export const KybToken = z.object({
  tokenType: opt(z.string()),
  tokenString: z.string().check(z.minLength(1)),
  expiration: DateTime,
  isActive: opt(z.boolean()),
  isValid: opt(z.boolean()),
  companyId: opt(z.string()),
  clientId: opt(z.string()),
  externalRef: opt(z.string()),
  locale: opt(z.string()),
  flow: opt(z.string()),
  theme: opt(z.string()),
  tags: z._default(z.nullable(z.array(z.string())), []),
  scanRefs: opt(z.array(z.string())),
});
export type KybToken = z.infer<typeof KybToken>;
