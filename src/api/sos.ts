/** SOS filing documents (US company filings). */
import * as z from 'zod/mini';
import { bounded, DateOnly, DateTime, intRange } from './common.ts';

export const US_STATES = [
  'AK', 'AL', 'AR', 'AZ', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'IA', 'ID', 'IL', 'IN', 'KS', 'KY', 'LA',
  'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM', 'NV', 'NY', 'OH', 'OK',
  'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VA', 'VT', 'WA', 'WI', 'WV', 'WY',
] as const; // prettier-ignore
export const UsState = z.enum(US_STATES);
export const SosStatus = z.enum(['NOT_ORDERED', 'IN_PROGRESS', 'FINISHED', 'FAILED', 'TIMED_OUT']);
export const FormationType = z.enum([
  'CORPORATION',
  'LLC',
  'PARTNERSHIP',
  'NON_PROFIT',
  'TRUST',
  'SOLE_PROPRIETORSHIP',
]);

/** The state code's field name is not shown by the interface: `state` (ours). */
export const SosOrderRequest = z.object({
  companyName: bounded(1, 255),
  city: bounded(1, 100),
  street: bounded(1, 255),
  postalCode: bounded(1, 10).check(z.regex(/^\d{5}$/)),
  state: UsState,
});
export type SosOrderRequest = z.infer<typeof SosOrderRequest>;

/** Field names for the status, formation type and the 100-character string are ours. */
export const SosFilingDocument = z.object({
  id: z.string(),
  checkedAt: z.nullable(DateTime),
  dataFile: z.nullable(z.string().check(z.regex(/(?:json)$/))),
  reportFile: z.nullable(z.string().check(z.regex(/(?:pdf)$/))),
  companyName: z.string(),
  formationDate: z.nullable(DateOnly),
  watchlistHitsCount: intRange(-2147483648, 2147483647),
  status: SosStatus,
  formationType: z.nullable(FormationType),
  statusDescription: z.nullable(bounded(0, 100)),
});
export type SosFilingDocument = z.infer<typeof SosFilingDocument>;
