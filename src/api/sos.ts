/** SOS filing documents (US company filings): `kyb.SosReportParameterRequest` and `kyb.SosReportDocument`. */
import * as z from 'zod/mini';
import { bounded, DateOnly, DateTime, opt } from './common.ts';

export const US_STATES = [
  'AK', 'AL', 'AR', 'AZ', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'IA', 'ID', 'IL', 'IN', 'KS', 'KY', 'LA',
  'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM', 'NV', 'NY', 'OH', 'OK',
  'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VA', 'VT', 'WA', 'WI', 'WV', 'WY',
] as const; // prettier-ignore
export const UsState = z.enum(US_STATES);
/** Published `GovDocumentOrderStatusEnum`. */
export const SosStatus = z.enum(['NOT_ORDERED', 'IN_PROGRESS', 'FINISHED', 'FAILED', 'TIMED_OUT']);
/** Published `SosEntityTypeEnum`. */
export const SosEntityType = z.enum([
  'CORPORATION',
  'LLC',
  'PARTNERSHIP',
  'NON_PROFIT',
  'TRUST',
  'SOLE_PROPRIETORSHIP',
]);
export type SosEntityType = z.infer<typeof SosEntityType>;

/** `kyb.SosReportParameterRequest`: every member required. */
export const SosOrderRequest = z.object({
  companyName: bounded(1, 200),
  state: UsState,
  city: bounded(1, 100),
  street: bounded(1, 255),
  postalCode: bounded(1, 10).check(z.regex(/^\d{5}$/)),
});
export type SosOrderRequest = z.infer<typeof SosOrderRequest>;

/**
 * `kyb.SosReportDocument`: only `id` is always there; `null` reads as not set. A `status` or `entityType`
 * this client does not know reads as not set rather than failing the call.
 */
export const SosFilingDocument = z.object({
  id: z.string(),
  checkedAt: opt(DateTime),
  status: z.optional(z.catch(z.nullable(SosStatus), null)),
  dataFile: opt(z.string()),
  reportFile: opt(z.string()),
  companyName: opt(z.string()),
  formationDate: opt(DateOnly),
  entityType: z.optional(z.catch(z.nullable(SosEntityType), null)),
  watchlistHitsCount: opt(z.int()),
});
export type SosFilingDocument = z.infer<typeof SosFilingDocument>;
